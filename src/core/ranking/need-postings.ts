/**
 * A need index's postings: the listings that contain a term (or name a capability), with each
 * one's weight and the fields it has the term in, and what one posting adds to a listing's score.
 * Shared by the index that builds them (need-index.ts) and the reads that add them up (need-reads.ts).
 */

export const NEED_FIELDS = ['name', 'description', 'category', 'subcategory', 'capabilities'] as const;
export type NeedField = (typeof NEED_FIELDS)[number];

export const FIELD_BIT: Record<NeedField, number> = { name: 1, description: 2, category: 4, subcategory: 8, capabilities: 16 };
/**
 * A need word that a listing has only in its category ("Tracking") names the shelf it sits on,
 * not what it does; the category lift already rewards the shelf, so such a match counts this much.
 */
const CATEGORY_ONLY_WEIGHT = 0.25;
const CATEGORY_BITS = FIELD_BIT.category | FIELD_BIT.subcategory;
/**
 * A word of the listing's name that is also its provider's name ("GitHub" in GitHub's own API)
 * says whose API it is, which the provider record bears out: not a brand standing in for what
 * the listing serves, so it covers its part whole. Not a field: never reported in matchedOn.
 */
export const PROVIDER_BIT = 32;
/**
 * A word of the listing's name that names one of its provider's product lines ("BigQuery" in
 * Google's BigQuery API, "Jira" in Atlassian's Jira Cloud platform): the provider's other
 * products share it in their names (see NeedIndex.markFamilyWords). Like the provider's name,
 * it says whose product the listing is and covers its part whole. Set by the index, not a field.
 */
export const FAMILY_BIT = 64;
const SUPPORT_BITS = FIELD_BIT.description | FIELD_BIT.capabilities | PROVIDER_BIT | FAMILY_BIT;
/** Whether a posting's fields are the name or the shelf, without the description or capabilities to bear them out. */
export const unsupported = (fieldBits: number) => (fieldBits & SUPPORT_BITS) === 0;

/**
 * The listings that contain a term. Lists grow as JS arrays and are packed into typed arrays
 * once a batch of changes is in (see NeedIndex.pack): at 100,000 listings that is 13 bytes a posting
 * instead of about 36, which also keeps the garbage collector's heap targets down.
 */
export interface Postings {
  /** Whether some listing writes the term as one word (or hyphenated), not only as two words side by side. */
  written: boolean;
  docs: number[] | Int32Array;
  weights: number[] | Float64Array;
  fields: number[] | Uint8Array;
  /** What a search needs to know of the whole list before reading it, kept until the index changes (see NeedIndex.listStats). */
  stats?: ListStats;
}

export interface ListStats {
  /** The index's version when these were counted. */
  version: number;
  /** The most one posting adds to a listing's score, before the unit's factor: the bound pruning relies on. */
  upper: number;
  /** Live listings of the list in each category that has some, as parallel arrays. */
  categories: Int32Array;
  counts: Int32Array;
  /** `upper` within each of those categories: a listing's category caps what a list can add to it. */
  uppers: Float64Array;
}

/**
 * What one posting adds to a listing's score: BM25's saturated term frequency times the unit's
 * factor, a quarter of it when the listing has the word only in its category (see
 * CATEGORY_ONLY_WEIGHT). `norm` is the listing's length normalisation (see NeedIndex.lengthNorms).
 */
export const postingScore = (factor: number, tf: number, fieldBits: number, norm: number) =>
  (((fieldBits & ~CATEGORY_BITS) === 0 ? CATEGORY_ONLY_WEIGHT : 1) * factor * tf) / (tf + norm);

/**
 * Where in a list's listings (kept in ascending order) the first at or after `doc` is, looking
 * from `from` on: galloping (1, 2, 4, … ahead), then halving, so that a look-up a few places
 * ahead costs a few reads and one far ahead a logarithm of the distance.
 */
export function seek(docs: ArrayLike<number>, from: number, doc: number): number {
  const length = docs.length;
  if (from >= length || docs[from]! >= doc) return from;
  let low = from;
  let step = 1;
  let high = from + 1;
  while (high < length && docs[high]! < doc) {
    low = high;
    step *= 2;
    high = from + step;
  }
  if (high > length) high = length;
  // docs[low] < doc, and docs[high] >= doc or high is the end.
  while (high - low > 1) {
    const middle = (low + high) >>> 1;
    if (docs[middle]! < doc) low = middle;
    else high = middle;
  }
  return high;
}
