import { analyzeText, isStopWord } from './analyze-text.ts';
import { parseVocabulary, type Capability } from './capability-vocabulary.ts';
import { insideLongerPhrase, type PhraseSpan } from './longest-phrases.ts';

/** Words that join two things of a need: a phrase does not run across them. */
const CONJUNCTIONS = new Set(['and', 'or', 'nor', 'but', 'then']);

/** Words after which a value is what the need starts from, not what it asks for: "near these coordinates", "times for coordinates". */
const GIVEN_MARKS = new Set(['near', 'nearby', 'around', 'for', 'at', 'from', 'within', 'by']);
/** Words after which it is what the need asks for: "an address into coordinates". */
const ASKED_MARKS = new Set(['into', 'to', 'as']);
/** How far back from a value its mark may stand ("near the user's current coordinates"). */
const MARK_REACH = 4;

/**
 * Whether every occurrence of a need's value (a phrase of needs only, which names what a
 * capability returns) is one the need starts from: a need for places near some coordinates
 * does not ask for coordinates, so it does not ask for geocoding.
 */
function givenOnly(term: string, sequence: string[]): boolean {
  let seen = false;
  for (let i = 0; i < sequence.length; i += 1) {
    if (sequence[i] !== term) continue;
    seen = true;
    let given = false;
    for (let k = 1; k <= MARK_REACH && i - k >= 0; k += 1) {
      const word = sequence[i - k]!;
      if (ASKED_MARKS.has(word)) break;
      if (GIVEN_MARKS.has(word)) {
        given = true;
        break;
      }
    }
    if (!given) return false;
  }
  return seen;
}

/**
 * The capability vocabulary's phrases, matched in analysed text: which capabilities a need or a
 * listing's field names, and by which words. The need index reads listings and needs through it.
 */
export class VocabularyPhrases {
  readonly vocabulary: Capability[];
  /** Capabilities by the first stem of each of their phrases. */
  private readonly phrasesByFirstStem = new Map<string, { capability: number; phrase: string[]; needOnly: boolean }[]>();

  constructor(vocabularyText: string) {
    this.vocabulary = parseVocabulary(vocabularyText, (phrase) => analyzeText(phrase).sequence);
    this.vocabulary.forEach((capability, index) => {
      const add = (phrase: string[], needOnly: boolean) => {
        const list = this.phrasesByFirstStem.get(phrase[0]!) ?? [];
        list.push({ capability: index, phrase, needOnly });
        this.phrasesByFirstStem.set(phrase[0]!, list);
      };
      for (const phrase of capability.phrases) add(phrase, false);
      for (const phrase of capability.needPhrases) add(phrase, true);
    });
  }

  /**
   * Capability indexes a text names, with the stems that named each.
   */
  capabilitiesIn(text: { terms: string[]; sequence: string[] }): Map<number, Set<string>> {
    const found = new Map<number, Set<string>>();
    for (const { capability, phrase } of this.phrasesIn(text)) {
      let stems = found.get(capability);
      if (!stems) found.set(capability, (stems = new Set<string>()));
      for (const stem of phrase) if (!isStopWord(stem)) stems.add(stem);
    }
    return found;
  }

  /**
   * The capability phrases a text contains. With `ofListing` (a listing's fields), phrases of
   * needs only are left out, and so is one inside a longer phrase of another capability (see
   * longest-phrases.ts). (Loops, not callbacks: this runs for every field of every listing.)
   */
  phrasesIn(text: { terms: string[]; sequence: string[] }, ofListing = false): { capability: number; phrase: string[] }[] {
    const found: { capability: number; phrase: string[] }[] = [];
    const spans: PhraseSpan[] = [];
    const { sequence } = text;
    for (let i = 0; i < sequence.length; i += 1) {
      const candidates = this.phrasesByFirstStem.get(sequence[i]!);
      if (!candidates) continue;
      for (const candidate of candidates) {
        const { phrase } = candidate;
        if (phrase.length < 2 || (ofListing && candidate.needOnly)) continue;
        let k = 1;
        while (k < phrase.length && sequence[i + k] === phrase[k]) k += 1;
        if (k === phrase.length) found.push(candidate), spans.push({ start: i, end: i + k, capability: candidate.capability });
        // A need may put one word inside a two-word phrase ("pay marketplace sellers" names paying sellers); a listing's text, longer and looser, may not.
        // A conjunction joins two things rather than describing one: "… to one place and search them" names no place search.
        else if (!ofListing && phrase.length === 2 && k === 1 && sequence[i + 2] === phrase[1] && !CONJUNCTIONS.has(sequence[i + 1]!)) found.push(candidate);
      }
    }
    const kept = ofListing ? found.filter((candidate, f) => !insideLongerPhrase(spans, spans[f]!.start, spans[f]!.end, candidate.capability)) : found;
    // Joined words ("realtime" from "real-time") are terms but not in the sequence.
    for (const term of new Set(text.terms)) {
      const candidates = this.phrasesByFirstStem.get(term);
      if (!candidates) continue;
      for (const candidate of candidates) {
        if (candidate.phrase.length !== 1 || (ofListing && candidate.needOnly)) continue;
        if (ofListing && spans.length > 0 && !this.standsAlone(term, sequence, spans, candidate.capability)) continue;
        if (!ofListing && candidate.needOnly && givenOnly(term, sequence)) continue;
        kept.push(candidate);
      }
    }
    return kept;
  }

  /** Whether a one-word phrase occurs somewhere in a sequence outside longer phrases of other capabilities (or is a joined word, not in it). */
  private standsAlone(term: string, sequence: string[], spans: PhraseSpan[], capability: number): boolean {
    let inSequence = false;
    for (let i = 0; i < sequence.length; i += 1) {
      if (sequence[i] !== term) continue;
      if (!insideLongerPhrase(spans, i, i + 1, capability)) return true;
      inSequence = true;
    }
    return !inSequence;
  }
}
