import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NEAR_BUDGET, NearStrings, nearStringsInChunks } from '../../../src/core/ranking/near-strings.ts';

/** What near() must find when its budget is no limit: every string within the edits, by a full scan. */
const scan = (strings: string[], word: string, maxEdits: number) =>
  [...new Set(strings)]
    .filter((text) => text !== word && Math.abs(text.length - word.length) <= maxEdits)
    .map((text) => ({ text, edits: distance(text, word) }))
    .filter((near) => near.edits <= maxEdits)
    .sort((a, b) => a.edits - b.edits || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));

const UNLIMITED = { examined: Number.MAX_SAFE_INTEGER, compared: Number.MAX_SAFE_INTEGER };
const word = fc.string({ unit: fc.constantFrom(...'abcdeilnorst'), minLength: 1, maxLength: 14 });

describe('NearStrings: near spellings from a bigram index, within a budget (issue 28)', () => {
  it('finds exactly what a full scan finds when the budget allows (the count filter drops no near spelling)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 300 }), word, fc.integer({ min: 1, max: 4 }), (strings, wanted, maxEdits) => {
        expect(new NearStrings(strings).near(wanted, maxEdits, UNLIMITED)).toEqual(scan(strings, wanted, maxEdits));
      }),
      { numRuns: 300 },
    );
  });

  it('is the same built in chunks between turns of the event loop, and is not kept when the strings change meanwhile', async () => {
    const strings = Array.from({ length: 10_000 }, (_, i) => `term${i.toString(36)}x`);
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const built = await nearStringsInChunks(strings, () => false, 1000);
    counting = false;
    // Another callback ran between the chunks: the loop turned at least once per chunk.
    expect(turns).toBeGreaterThanOrEqual(9);
    expect(built!.near('term1zx', 1)).toEqual(new NearStrings(strings).near('term1zx', 1));
    expect(await nearStringsInChunks(strings, () => true, 1000)).toBeUndefined();
  });

  it('finds near spellings of strings added after it was built', () => {
    const near = new NearStrings(['weather', 'payments']);
    near.add('geocoding');
    expect(near.near('geocodng', 1).map((found) => found.text)).toEqual(['geocoding']);
  });

  it('examines at most its budget per call, however large the list and however long or short the word', () => {
    // 60,000 strings sharing most bigrams: a full scan would compare the word with all of them.
    const strings = Array.from({ length: 60_000 }, (_, i) => `service${i.toString(36)}data`);
    const near = new NearStrings(strings);
    for (const [wanted, maxEdits] of [['servicezzdata', 2], ['service', 3], ['s', 2], ['x'.repeat(96), 28], ['servicexdatta', 2]] as const) {
      const before = near.examined;
      near.near(wanted, maxEdits);
      expect(near.examined - before).toBeLessThanOrEqual(DEFAULT_NEAR_BUDGET.examined);
    }
    // Within the budget it still finds what is there.
    expect(near.near('servic1data', 1).map((found) => found.text)).toContain('service1data');
  });
});
