/**
 * The sentence of an OpenAPI document's description that says what the API does, for a
 * listing's one-line description. Many documents open with a heading ("Introduction",
 * "Overview"), their own title, or a sentence about the document itself ("Welcome to the Amazon
 * AppFlow API reference.", "This section provides documentation for the … API operations.",
 * "Run in Postman"): shown as a listing's description, those tell a reader nothing.
 */

export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Markdown and HTML to plain text, enough for a one-line description. */
export function plainText(markdown: string): string {
  return collapse(
    markdown
      .replace(/<[^>]+>/g, ' ')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^#{1,6}\s+/gm, '')
      .replace(/[*_`]{1,3}([^*_`]+)[*_`]{1,3}/g, '$1')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  );
}

/** Where a sentence ends: ".", "!" or "?" before a space and a capital letter (or a quote or bracket), or the end. */
const SENTENCE_END = /[.!?](?=\s+[A-Z"“(]|$)/;
/** Abbreviations whose full stop ends no sentence ("Govt. Certain", "Dr. B.R. Ambedkar", "e.g. Income"). */
const ABBREVIATION = /(?:\b(?:Inc|Ltd|Co|Corp|Dr|Mr|Mrs|Ms|Prof|St|Jr|Sr|Govt|Dept|No|Nos|Vol|Fig|approx|etc|vs|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)|\b[A-Za-z]|\be\.g|\bi\.e)\.$/;

/** The sentences of one paragraph of plain text, in order. */
function sentencesOf(paragraph: string): string[] {
  const sentences: string[] = [];
  let rest = paragraph;
  let start = 0;
  while (rest.length > 0) {
    const end = SENTENCE_END.exec(rest.slice(start));
    if (!end) break;
    const at = start + end.index + 1;
    if (ABBREVIATION.test(rest.slice(0, at)) && at < rest.length) {
      start = at;
      continue;
    }
    sentences.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
    start = 0;
  }
  if (rest.trim()) sentences.push(rest.trim());
  return sentences;
}

/**
 * The paragraphs of a description, headings left out: blank lines part them, and a Markdown or
 * HTML heading is a paragraph of its own ("# Introduction\nThe API …" is a heading, then a sentence).
 */
function paragraphsOf(text: string): string[] {
  const marked = text.replace(/^#{1,6}[ \t]+([^\n]*)$/gm, '\n\n\u0000$1\n\n').replace(/<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/gi, '\n\n\u0000$1\n\n');
  return marked
    .split(/\n\s*\n/)
    .filter((paragraph) => !paragraph.trimStart().startsWith('\u0000'))
    .map(plainText)
    .filter(Boolean);
}

/**
 * The first sentence: up to a ".", "!" or "?" followed by a space and a capital letter or the
 * end, so "from Sept. 18, 1851" does not end it; a paragraph break ends it too.
 */
export function firstSentence(text: string): string {
  const paragraph = text.split(/\n\s*\n/).map(plainText).find(Boolean) ?? '';
  const end = SENTENCE_END.exec(paragraph);
  if (!end) return paragraph;
  const candidate = paragraph.slice(0, end.index + 1);
  // An abbreviation of a capitalised short word ("Inc.", "Dr.") or a single letter is not an end.
  if (/(?:\b[A-Z][a-z]{0,3}|\b[A-Za-z])\.$/.test(candidate) && end.index + 1 < paragraph.length) {
    const rest = paragraph.slice(end.index + 1);
    const next = SENTENCE_END.exec(rest);
    return next ? paragraph.slice(0, end.index + 1 + next.index + 1) : paragraph;
  }
  return candidate;
}

/** Words that head a section rather than describe anything, when a capitalised word or nothing follows them. */
const HEADING = /^(?:introduction|overview|description|about(?: this api)?|summary|getting started|api documentation|documentation|api reference|reference|readme)(?:\s*[.:])?/i;
const STARTS_A_SENTENCE = /^(?:\s+["“(]?[A-Z]|\s*$)/;
/** A sentence about the document, not the API: where its reader is, what it documents, where to read more. */
const ABOUT_THE_DOCUMENT = [
  /^(?:welcome to|this is|these are|here is|here you(?:'ll| will)? find|you(?:'ll| will)? find|this site|dig into|explore)\b.*\b(?:api|apis|reference|documentation|docs|guide|specification|spec|operations|endpoints|collection)\s*[.!]?$/i,
  /^(?:this|the following|these) (?:api )?(?:document|guide|reference|documentation|section|page|pages|docs)\b/i,
  /^this is (?:the |an? )?(?:interface |api )?(?:documentation|reference)\b/i,
  /^(?:it|this|this reference) (?:provides|contains|includes|describes|lists) (?:descriptions|information|details|reference|documentation)\b/i,
  /^for (?:more|further|additional|detailed|an?) ?(?:information|details|introduction|overview|list|tutorial)\b/i,
  /^(?:see|please see|refer to|read more|learn more|note)\b/i,
  /^(?:to (?:learn|find out|get started|read)|check out|visit)\b/i,
  /^you can use (?:this|the)\b.*\bapi to (?:access|work with|call)\b/i,
  /^we (?:also )?(?:offer|provide|publish)\b.*\b(?:api|apis|sdk|sdks|specification|openapi|swagger)\b/i,
  /^version \d/i,
  /^(?:run in postman|view postman docs|open in postman)\b/i,
];
/** A line of one or two words with no full stop heads a section ("Getting Started", "Access"). */
const isHeadingLine = (sentence: string) => !/[.!?]$/.test(sentence) && sentence.split(' ').length < 3;

const isAboutTheDocument = (sentence: string) => ABOUT_THE_DOCUMENT.some((pattern) => pattern.test(sentence));

/** A text with leading heading words ("Introduction", "Overview:") taken off when a sentence follows them; else the text as it is. */
function withoutHeading(text: string): string {
  const heading = HEADING.exec(text);
  return heading && STARTS_A_SENTENCE.test(text.slice(heading[0].length)) ? text.slice(heading[0].length).trim() : text;
}

/**
 * A sentence with its leading heading words taken off ("Introduction The API …"), and a leading
 * copy of the document's title where the title only heads the text: repeated ("Amazon DynamoDB
 * Amazon DynamoDB is …") or followed by a heading or a sentence about the document.
 */
function withoutPreamble(sentence: string, title: string): string {
  let text = sentence;
  for (let pass = 0; pass < 3; pass += 1) {
    const before = text;
    text = withoutHeading(text);
    if (title && text.toLowerCase().startsWith(title.toLowerCase()) && /^\s+[A-Z]/.test(text.slice(title.length))) {
      const rest = text.slice(title.length).trim();
      if (rest.toLowerCase().startsWith(title.toLowerCase()) || withoutHeading(rest) !== rest || isAboutTheDocument(rest)) text = rest;
    }
    if (text === before) break;
  }
  return text;
}

/**
 * A sentence that says what something is or does ("… is a fully managed service", "… enables
 * you to …"). Once a sentence about the document has been passed over, the next must read so:
 * what follows an introduction is as often a base URL or a list of operations.
 */
const DEFINES = /\b(?:is|are) (?:a|an|the)\b|\b(?:enables?|allows?|lets|helps?|provides?|offers?|gives|delivers?|makes it)\b/i;

/** How many sentences are read for one that says what the API does. */
const SENTENCES_READ = 4;

/**
 * The first sentence of `text` that says what the API does: headings, a leading copy of the
 * title and sentences about the document itself are passed over; '' when none of the first few
 * sentences is left.
 */
export function describingSentence(text: string, title = ''): { sentence: string; skipped: number } {
  const cleanTitle = collapse(title);
  let skipped = 0;
  for (const paragraph of paragraphsOf(text)) {
    for (const raw of sentencesOf(paragraph)) {
      if (skipped >= SENTENCES_READ) return { sentence: '', skipped };
      const sentence = withoutPreamble(raw, cleanTitle);
      if (sentence.length < 3 || isHeadingLine(sentence) || isAboutTheDocument(sentence) || (skipped > 0 && !DEFINES.test(sentence))) {
        skipped += 1;
        continue;
      }
      return { sentence, skipped };
    }
  }
  return { sentence: '', skipped };
}
