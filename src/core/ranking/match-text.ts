import { isGenericWord, isStopWord, stem } from './analyze-text.ts';
import type { NeedIndex } from './need-index.ts';
import { tokenize } from './text.ts';

/**
 * Text lookups (`GET /api/apis?q=`) over the need engine's index, so one index serves both:
 * each word of the text matches itself (stemmed); the last word, as typed and at least three
 * letters long, also matches the words it begins (someone still typing "weath"), never through
 * a stem shorter than that (so "sms", stemmed "sm", does not begin "smartsheet"); and only when nothing matches
 * that way, near spellings of a word ("wether").
 */

export interface TextMatch {
  slug: string;
  score: number;
}

/** A word begun counts for less than the word itself; a near spelling for less again. */
const PREFIX_WEIGHT = 0.5;
const NEAR_WEIGHT = 0.4;
const MIN_PREFIX_LENGTH = 3;
/** Near spellings only for words of 5 letters or more, at most one edit in five. */
const MIN_FUZZY_LENGTH = 5;
const MAX_WORDS = 16;
/** The closest near spellings of a word, at most: each adds its listings to the lookup's work. */
const MAX_NEAR_TERMS = 8;

type TermGroup = { term: string; weight: number }[];

function termGroup(index: NeedIndex, word: string, { fuzzy, begun }: { fuzzy: boolean; begun: boolean }): TermGroup {
  const stemmed = stem(word);
  const group = new Map<string, number>([[stemmed, 1]]);
  if (begun && word.length >= MIN_PREFIX_LENGTH) {
    // The index holds stems, so a stem of three letters or more begins words too ("notifica" → "notif").
    for (const start of new Set([word, stemmed])) {
      if (start.length < MIN_PREFIX_LENGTH) continue;
      for (const term of index.termsStartingWith(start)) if (!group.has(term)) group.set(term, PREFIX_WEIGHT);
    }
  }
  if (fuzzy && word.length >= MIN_FUZZY_LENGTH) {
    for (const { term, edits } of index.termsNear(stemmed, Math.floor(word.length / 5)).slice(0, MAX_NEAR_TERMS)) {
      if (!group.has(term)) group.set(term, NEAR_WEIGHT / edits);
    }
  }
  return [...group].map(([term, weight]) => ({ term, weight }));
}

/** The words a lookup looks for: folded, with words of grammar ("the", "for") left out. */
export const lookupWords = (text: string): string[] =>
  [...new Set(tokenize(text).filter((word) => !isStopWord(word) || isGenericWord(word)))].slice(0, MAX_WORDS);

export function matchText(index: NeedIndex, text: string, { combineWith }: { combineWith: 'AND' | 'OR' }): TextMatch[] {
  const words = lookupWords(text);
  if (words.length === 0) return [];
  const requireAll = combineWith === 'AND';
  const last = tokenize(text).at(-1);
  const exact = index.matchTermGroups(
    words.map((word) => termGroup(index, word, { fuzzy: false, begun: word === last })),
    { requireAll },
  );
  if (exact.length > 0) return exact;
  return index.matchTermGroups(
    words.map((word) => termGroup(index, word, { fuzzy: true, begun: word === last })),
    { requireAll },
  );
}
