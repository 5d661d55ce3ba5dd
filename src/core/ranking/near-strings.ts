import { distance } from 'fastest-levenshtein';

/**
 * Near spellings in a list of strings (the index's words, the catalogue's slugs) at a bounded
 * cost, so that an unknown word costs a request the same whatever the list's size (issue 28,
 * docs/adr/0028-hardening-round-two.md).
 *
 * Candidates come from a bigram index with the q-gram count filter: two strings a and b within
 * k edits share at least max(|a|, |b|) - 1 - 2k bigrams, so only strings sharing that many with
 * the word are compared by edit distance. The lists are kept per bigram and string length, so a
 * call walks only the lists of the lengths that can be within k edits. Each call has a budget of
 * strings examined: every entry of a list walked and every edit distance taken counts one. Lists
 * are walked shortest first; a list that would overrun the budget is skipped, and the threshold
 * for its length lowered by one, which keeps the filter sound. A length left with no threshold
 * (short words, many edits) has its strings compared in order while budget remains. So a call
 * may miss a near spelling when its budget ends first; it never examines more than its budget.
 */

export interface NearString {
  text: string;
  edits: number;
}

export interface NearBudget {
  /** Strings examined at most: list entries walked plus edit distances taken. */
  examined: number;
  /** Edit distances taken at most (each costs up to |a|·|b|/32 word operations). */
  compared: number;
}

export const DEFAULT_NEAR_BUDGET: NearBudget = { examined: 6_000, compared: 64 };

/** Lengths from here up share one bucket (slugs are at most 80 characters, words shorter). */
const LENGTH_BUCKETS = 128;
const bucketOf = (length: number) => Math.min(length, LENGTH_BUCKETS - 1);

export class NearStrings {
  private readonly strings: string[] = [];
  /** Ids of the strings holding each bigram (two UTF-16 units as one number), by length bucket. */
  private readonly byBigram = new Map<number, number[][]>();
  /** Ids of the strings of each length bucket. */
  private readonly byLength: number[][] = [];
  private shared = new Uint16Array(1024);
  /** Each string's length bucket, by id. */
  private buckets = new Uint8Array(1024);
  private readonly thresholds = new Int32Array(LENGTH_BUCKETS);
  /** The strings a call has counted shared bigrams for, kept between calls. */
  private touched = new Int32Array(1024);
  /** Every string examined by every call so far: what tests read to check the budget holds. */
  examined = 0;

  constructor(strings: Iterable<string> = []) {
    for (const text of strings) this.add(text);
  }

  /** Adds a string (one not added before), at a cost of its own length. */
  add(text: string): void {
    const id = this.strings.length;
    const bucket = bucketOf(text.length);
    this.strings.push(text);
    for (let i = 0; i + 1 < text.length; i += 1) {
      const gram = text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1);
      let buckets = this.byBigram.get(gram);
      if (!buckets) this.byBigram.set(gram, (buckets = []));
      const list = buckets[bucket];
      if (!list) buckets[bucket] = [id];
      else if (list[list.length - 1] !== id) list.push(id);
    }
    (this.byLength[bucket] ??= []).push(id);
    if (id >= this.shared.length) {
      const grown = new Uint16Array(this.shared.length * 2);
      grown.set(this.shared);
      this.shared = grown;
      this.touched = new Int32Array(grown.length);
      const buckets = new Uint8Array(grown.length);
      buckets.set(this.buckets);
      this.buckets = buckets;
    }
    this.buckets[id] = bucket;
  }

  /** Strings within `maxEdits` edits of `word` (itself excluded), closest first, found within the budget. */
  near(word: string, maxEdits: number, budget: NearBudget = DEFAULT_NEAR_BUDGET): NearString[] {
    if (maxEdits < 1 || word.length === 0) return [];
    let examined = 0;
    let compared = 0;
    const found: NearString[] = [];
    const consider = (id: number) => {
      const text = this.strings[id]!;
      if (Math.abs(text.length - word.length) > maxEdits || text === word) return;
      compared += 1;
      examined += 1;
      const edits = distance(text, word);
      if (edits <= maxEdits) found.push({ text, edits });
    };

    // The word's distinct bigrams; shared distinct bigrams are at least the shared multiset less the word's repeats.
    const distinct: number[] = [];
    for (let i = 0; i + 1 < word.length; i += 1) {
      const gram = word.charCodeAt(i) * 65536 + word.charCodeAt(i + 1);
      if (!distinct.includes(gram)) distinct.push(gram);
    }
    const repeats = Math.max(0, word.length - 1) - distinct.length;
    const lowest = bucketOf(Math.max(1, word.length - maxEdits));
    const highest = bucketOf(word.length + maxEdits);
    /** The bigrams a string of each length bucket must share, less one for each of its lists skipped for the budget. */
    const threshold = this.thresholds;
    for (let bucket = lowest; bucket <= highest; bucket += 1) threshold[bucket] = Math.max(word.length, bucket) - 1 - 2 * maxEdits - repeats;
    const lists: { list: number[]; bucket: number }[] = [];
    for (const gram of distinct) {
      const buckets = this.byBigram.get(gram);
      if (!buckets) continue;
      for (let bucket = lowest; bucket <= highest; bucket += 1) {
        const list = buckets[bucket];
        if (list) lists.push({ list, bucket });
      }
    }
    lists.sort((a, b) => a.list.length - b.list.length);

    const { shared, touched } = this;
    let touchedCount = 0;
    for (const { list, bucket } of lists) {
      if (examined + list.length > budget.examined) {
        threshold[bucket] = threshold[bucket]! - 1;
        continue;
      }
      examined += list.length;
      for (let i = 0; i < list.length; i += 1) {
        const id = list[i]!;
        if (shared[id] === 0) touched[touchedCount++] = id;
        shared[id] = shared[id]! + 1;
      }
    }
    const candidates: number[] = [];
    for (let i = 0; i < touchedCount; i += 1) {
      const id = touched[i]!;
      const bucket = this.buckets[id]!;
      const needed = threshold[bucket]!;
      if (bucket >= lowest && bucket <= highest && needed > 0 && shared[id]! >= needed) candidates.push(id);
    }
    candidates.sort((a, b) => shared[b]! - shared[a]! || a - b);
    for (const id of candidates) {
      if (compared >= budget.compared || examined >= budget.examined) break;
      consider(id);
    }
    for (let i = 0; i < touchedCount; i += 1) shared[touched[i]!] = 0;
    // Lengths with no count filter left: their strings in order, nearest length first, while budget remains.
    const open: number[] = [];
    for (let bucket = lowest; bucket <= highest; bucket += 1) if (threshold[bucket]! <= 0) open.push(bucket);
    open.sort((a, b) => Math.abs(a - word.length) - Math.abs(b - word.length) || a - b);
    scan: for (const bucket of open) {
      const ids = this.byLength[bucket];
      if (!ids) continue;
      for (let i = 0; i < ids.length; i += 1) {
        if (compared >= budget.compared || examined >= budget.examined) break scan;
        consider(ids[i]!);
      }
    }
    this.examined += examined;
    return found.sort((a, b) => a.edits - b.edits || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  }
}

/**
 * A NearStrings of `strings` built a few thousand at a time, yielding to the event loop between
 * chunks; undefined when `stale()` says the strings changed meanwhile (build it on first use then).
 */
export async function nearStringsInChunks(strings: readonly string[], stale: () => boolean, chunk = 4096): Promise<NearStrings | undefined> {
  const building = new NearStrings();
  for (let i = 0; i < strings.length; i += chunk) {
    for (let j = i; j < Math.min(strings.length, i + chunk); j += 1) building.add(strings[j]!);
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (stale()) return undefined;
  }
  return building;
}
