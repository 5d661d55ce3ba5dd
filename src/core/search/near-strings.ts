import { distance } from 'fastest-levenshtein';

/**
 * Near spellings in a fixed list of strings (the index's words, the catalogue's slugs) at a
 * bounded cost, so that an unknown word costs a request the same whatever the list's size
 * (issue 28, docs/adr/0028-hardening-round-two.md).
 *
 * Candidates come from a bigram index with the q-gram count filter: two strings within k edits
 * share at least max(|a|, |b|) - 1 - 2k bigrams, so only strings sharing that many with the
 * word are compared by edit distance. Each call has a budget of strings examined: every entry
 * of a bigram's list walked and every edit distance taken counts one. Lists are walked rarest
 * first; a list that would overrun the budget is skipped and the threshold lowered by one for
 * it, which keeps the filter sound. When no threshold is left (short words, many edits) the
 * strings of a fitting length are compared in their order until the budget runs out. So a call
 * may miss a near spelling when its budget ends first; it never takes longer than its budget.
 */

export interface NearString {
  text: string;
  edits: number;
}

export interface NearBudget {
  /** Strings examined at most: bigram list entries walked plus edit distances taken. */
  examined: number;
  /** Edit distances taken at most (each costs up to |a|·|b|/32 word operations). */
  compared: number;
}

export const DEFAULT_NEAR_BUDGET: NearBudget = { examined: 4_000, compared: 64 };


export class NearStrings {
  private readonly strings: string[] = [];
  private readonly byBigram = new Map<number, number[]>();
  /** Ids of the strings of each length. */
  private readonly byLength: number[][] = [];
  private shared = new Uint16Array(1024);
  /** The strings a call has counted shared bigrams for, kept between calls (at most its budget). */
  private touched = new Int32Array(1024);
  /** Every string examined by every call so far: what tests read to check the budget holds. */
  examined = 0;

  constructor(strings: Iterable<string> = []) {
    for (const text of strings) this.add(text);
  }

  /** Adds a string (one not added before), at a cost of its own length. */
  add(text: string): void {
    const id = this.strings.length;
    this.strings.push(text);
    for (let i = 0; i + 1 < text.length; i += 1) {
      const gram = text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1);
      const list = this.byBigram.get(gram);
      if (!list) this.byBigram.set(gram, [id]);
      else if (list[list.length - 1] !== id) list.push(id);
    }
    (this.byLength[text.length] ??= []).push(id);
    if (id >= this.shared.length) {
      const grown = new Uint16Array(this.shared.length * 2);
      grown.set(this.shared);
      this.shared = grown;
      this.touched = new Int32Array(grown.length);
    }
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
    let threshold = word.length - 1 - 2 * maxEdits - (Math.max(0, word.length - 1) - distinct.length);
    const lists: number[][] = [];
    for (const gram of distinct) {
      const list = this.byBigram.get(gram);
      if (list) lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    const { shared } = this;
    const { touched } = this;
    let touchedCount = 0;
    for (const list of lists) {
      if (examined + list.length > budget.examined) {
        threshold -= 1;
        continue;
      }
      examined += list.length;
      for (let i = 0; i < list.length; i += 1) {
        const id = list[i]!;
        if (shared[id] === 0) touched[touchedCount++] = id;
        shared[id] = shared[id]! + 1;
      }
    }
    if (threshold > 0) {
      const candidates: number[] = [];
      for (let i = 0; i < touchedCount; i += 1) if (shared[touched[i]!]! >= threshold) candidates.push(touched[i]!);
      candidates.sort((a, b) => shared[b]! - shared[a]! || a - b);
      for (const id of candidates) {
        if (compared >= budget.compared || examined >= budget.examined) break;
        consider(id);
      }
    } else {
      // No count filter holds: strings of a fitting length, nearest length first.
      scan: for (let offset = 0; offset <= maxEdits; offset += 1) {
        for (const length of offset === 0 ? [word.length] : [word.length - offset, word.length + offset]) {
          const ids = this.byLength[length];
          if (!ids) continue;
          for (let i = 0; i < ids.length; i += 1) {
            if (compared >= budget.compared || examined >= budget.examined) break scan;
            consider(ids[i]!);
          }
        }
      }
    }
    for (let i = 0; i < touchedCount; i += 1) shared[touched[i]!] = 0;
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
