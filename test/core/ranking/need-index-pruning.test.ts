import { describe, expect, it } from 'vitest';
import { toNeedDocument } from '../../../src/core/catalogue/catalogue-index.ts';
import { CAPABILITY_VOCABULARY_TEXT } from '../../../src/core/ranking/capability-vocabulary.ts';
import { NeedIndex, type NeedDocument } from '../../../src/core/ranking/need-index.ts';
import { syntheticCatalogue } from '../../bench/synthetic-catalogue.ts';

/**
 * Max-score pruning (issue 14: every need fast at 100,000 listings) may skip listings only when
 * they cannot enter the answer: the same needs, limits and filters must give the same hits,
 * scores and categories as reading every list whole. The pruned read goes a listing at a time
 * (see need-reads.ts readPruned); the whole read a list at a time, with nothing skipped.
 */

/** The bench's synthetic catalogue (the corpus and numbered copies of it), large enough that common words have lists long enough to prune. */
const listings = syntheticCatalogue(5_000);
const documents: NeedDocument[] = listings.map((listing) => toNeedDocument({ listing }));

const build = (pruneFrom: number) => {
  const index = new NeedIndex(CAPABILITY_VOCABULARY_TEXT, pruneFrom);
  for (const document of documents) index.add(document);
  // A few removed listings leave dead slots, which searches must step over.
  for (const listing of listings.slice(2_000, 2_040)) index.remove(listing.slug);
  index.pack();
  return index;
};

const needs = [
  ...listings.slice(0, 1_711).filter((_, i) => i % 7 === 0).map((listing) => listing.description),
  'open data from the government in a nightly batch job',
  'find me an API to get weather data from my terminal',
  'cryptocurrency prices and market data for a trading bot',
  'send sms messages from a GitHub Actions workflow',
  'free public data about anything',
  'make me a sandwich',
];

describe('need search with max-score pruning', () => {
  const pruned = build(1);
  const whole = build(Infinity);

  it('answers every need as reading every list whole does, at several limits and with a filter', () => {
    const everyThird = (slug: string) => slug.length % 3 !== 0;
    let compared = 0;
    for (const need of needs) {
      for (const options of [{ limit: 1 }, { limit: 10 }, { limit: 50 }, { limit: 10, keep: everyThird }, { limit: 3, keep: (slug: string) => slug.startsWith('s') }]) {
        expect(pruned.search(need, options), `${need} ${JSON.stringify(options)}`).toEqual(whole.search(need, options));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(1250);
    // The comparison means something only if pruning did happen, and often.
    expect(pruned.prunedSearches).toBeGreaterThan(compared / 4);
    expect(whole.prunedSearches).toBe(0);
    // And it spared work: fewer listings had a score added up than reading whole does (about 56%
    // here, at 5,000 listings and limits up to 50; ~1,400 of ~13,600 postings a need at 100,000 and limit 10).
    expect(pruned.listingsScored).toBeLessThan(whole.listingsScored * 0.7);
  });

  it('answers as the whole read does after listings are removed and added again (stale list bounds, dead slots)', () => {
    const prunedAgain = build(1);
    const wholeAgain = build(Infinity);
    const before = prunedAgain.prunedSearches;
    for (const need of needs.slice(0, 60)) prunedAgain.search(need, { limit: 10 });
    for (const index of [prunedAgain, wholeAgain]) {
      for (const listing of listings.slice(100, 400)) index.remove(listing.slug);
      for (const document of documents.slice(100, 250)) index.add(document);
    }
    for (const need of needs.slice(0, 120)) {
      for (const options of [{ limit: 10 }, { limit: 2 }]) {
        expect(prunedAgain.search(need, options), `${need} ${JSON.stringify(options)}`).toEqual(wholeAgain.search(need, options));
      }
    }
    expect(prunedAgain.prunedSearches - before).toBeGreaterThan(60);
  });

  it('gives a need the coverages a fresh index gives it, after searches of other needs with as many units, fewer and more than the kept coverage table holds', () => {
    const many = 'weather forecast rain snow wind temperature humidity pressure sunrise sunset air quality pollen tides moon phases ocean waves marine alerts visibility flood warnings earthquakes volcano';
    const sixteen = 'cryptocurrency prices market data exchange rates stock quotes trading volume order book candles';
    const fewer = 'exchange rates stock quotes trading volume order book';
    const searched = build(1);
    for (const need of [many, sixteen, fewer, ...needs.slice(0, 80)]) searched.search(need, { limit: 10 });
    const unitCounts: number[] = [];
    for (const need of [sixteen, fewer, many, 'send sms messages from a GitHub Actions workflow']) {
      const answer = searched.search(need, { limit: 20 });
      unitCounts.push(answer.units.length);
      expect(answer, need).toEqual(build(1).search(need, { limit: 20 }));
    }
    // The table's bound (16 units) and either side of it: at it, within it above the old bound of 10, past it (a map).
    expect(unitCounts[0]).toBe(16);
    expect(unitCounts[1]).toBeGreaterThan(10);
    expect(unitCounts[1]).toBeLessThan(16);
    expect(unitCounts[2]).toBeGreaterThan(16);
  });

  it('renews the kept coverages for each search, the stamp wrapping included: the same units, other coverages', () => {
    // Words no listing has count against coverage: the same matched units cover less with each.
    const base = 'open data from the government in a nightly batch job';
    const once = `${base} qzxvbn`;
    const twice = `${base} qzxvbn wqpzrt`;
    const renewed = build(1);
    renewed.search(once, { limit: 10 });
    expect(renewed.search(twice, { limit: 20 })).toEqual(build(1).search(twice, { limit: 20 }));
    const wrapping = build(1);
    wrapping.search(once, { limit: 10 });
    (wrapping as unknown as { coverageStamp: number }).coverageStamp = 0xffffffff;
    // The next search's stamp wraps to the one the first search wrote with.
    expect(wrapping.search(twice, { limit: 20 })).toEqual(build(1).search(twice, { limit: 20 }));
  });

  it('refuses a limit that is not a whole number of at least 1, and leaves no trace of a filter that throws', () => {
    const index = build(1);
    for (const limit of [0, -1, 2.5, Number.NaN]) expect(() => index.search('send sms messages', { limit })).toThrow(RangeError);
    const boom = () => {
      throw new Error('filter failed');
    };
    // Both reads: this index prunes every list, `whole` reads every list whole.
    for (const need of ['open data from the government in a nightly batch job', 'cryptocurrency prices and market data for a trading bot']) {
      expect(() => index.search(need, { limit: 10, keep: boom })).toThrow('filter failed');
      expect(() => whole.search(need, { limit: 10, keep: boom })).toThrow('filter failed');
    }
    const [untouched, untouchedWhole] = [build(1), build(Infinity)];
    for (const need of needs.slice(0, 40)) {
      expect(index.search(need, { limit: 10 }), need).toEqual(untouched.search(need, { limit: 10 }));
      expect(whole.search(need, { limit: 10 }), need).toEqual(untouchedWhole.search(need, { limit: 10 }));
    }
  });

  it('has lists long enough to prune and answers with hits', () => {
    expect(pruned.size).toBe(listings.length - 40);
    const hits = pruned.search('open data from the government in a nightly batch job', { limit: 10 }).hits;
    expect(hits).toHaveLength(10);
  });
});
