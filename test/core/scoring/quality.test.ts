import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCatalogFolder } from '../../../src/ingest/catalog-folder/read-catalog-folder.ts';
import type { QualityInputs } from '../../../src/core/listings/listing.ts';
import { QUALITY_LEVELS } from '../../../src/core/scoring/quality-inputs.ts';
import { computeQuality, QUALITY_MAX_POINTS, QUALITY_RULES, qualityScore } from '../../../src/core/scoring/quality.ts';

const full = (values: {
  weeklyDownloads: number;
  stars: number;
  daysSinceLastRelease: number;
  issueCloseRatio: number;
  typeDefinitions: boolean;
  docsQuality: (typeof QUALITY_LEVELS.docsQuality)[number];
  breakingChanges: (typeof QUALITY_LEVELS.breakingChanges)[number];
}): QualityInputs => Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value }])) as QualityInputs;

const inputsArbitrary = fc.record({
  weeklyDownloads: fc.integer({ min: 0, max: 200_000_000 }),
  stars: fc.integer({ min: 0, max: 1_000_000 }),
  daysSinceLastRelease: fc.integer({ min: 0, max: 5_000 }),
  issueCloseRatio: fc.double({ min: 0, max: 1, noNaN: true }),
  typeDefinitions: fc.boolean(),
  docsQuality: fc.constantFrom(...QUALITY_LEVELS.docsQuality),
  breakingChanges: fc.constantFrom(...QUALITY_LEVELS.breakingChanges),
});

/** Moves one input to a value at least as good. */
const better = fc.tuple(inputsArbitrary, fc.constantFrom(...QUALITY_RULES.map((r) => r.key)), fc.double({ min: 0, max: 1, noNaN: true })).map(([inputs, key, step]) => {
  const improved = { ...inputs };
  const docs = QUALITY_LEVELS.docsQuality;
  const breaking = QUALITY_LEVELS.breakingChanges;
  switch (key) {
    case 'weeklyDownloads':
      improved.weeklyDownloads = inputs.weeklyDownloads + Math.floor(step * 10_000_000);
      break;
    case 'stars':
      improved.stars = inputs.stars + Math.floor(step * 100_000);
      break;
    case 'daysSinceLastRelease':
      improved.daysSinceLastRelease = Math.floor(inputs.daysSinceLastRelease * step);
      break;
    case 'issueCloseRatio':
      improved.issueCloseRatio = inputs.issueCloseRatio + (1 - inputs.issueCloseRatio) * step;
      break;
    case 'typeDefinitions':
      improved.typeDefinitions = inputs.typeDefinitions || step > 0.5;
      break;
    case 'docsQuality':
      improved.docsQuality = docs[Math.max(docs.indexOf(inputs.docsQuality), Math.floor(step * docs.length) % docs.length)]!;
      break;
    case 'breakingChanges':
      improved.breakingChanges = breaking[Math.max(breaking.indexOf(inputs.breakingChanges), Math.floor(step * breaking.length) % breaking.length)]!;
      break;
  }
  return { inputs, improved };
});

describe('quality score', () => {
  it('keeps every quality input of a built listing to what its registry document showed, with the source and date', async () => {
    const { listings } = await readCatalogFolder('catalog');
    const built = listings.filter(({ listing }) => listing.sources);
    expect(built.length).toBeGreaterThan(2500);
    for (const { listing } of built) {
      for (const measured of Object.values(listing.qualityInputs)) expect(measured).toMatchObject({ source: 'npm registry', refreshedAt: expect.any(String) });
      expect(Object.values(listing.qualityInputs).some((measured) => measured?.illustrative)).toBe(false);
    }
  });

  it('turns the default catalogue\'s inputs into the seed\'s published scores 4, 3, 3, 7 and none', async () => {
    const { listings, problems } = await readCatalogFolder('catalog');
    expect(problems).toEqual([]);
    const scores = Object.fromEntries(listings.map(({ listing }) => [listing.slug, computeQuality(listing.qualityInputs).score]));
    expect(scores).toMatchObject({
      'authentication-component-service': 4,
      'social-sign-in-service': 3,
      'country-reference-data-service': 3,
      'real-time-channels-api': 7,
      'hosted-channels-service': null,
    });
  });

  it('records the seed listings\' inputs inside the seed\'s observed ranges, marked illustrative', async () => {
    const { listings } = await readCatalogFolder('catalog');
    // apidex's own listing (dogfooding) and the built ones record observed values with their sources, not the seed's illustrative ones.
    const seed = listings.filter(({ listing }) => !listing.sources && listing.slug !== 'apidex');
    expect(seed.map(({ listing }) => listing.slug).sort()).toEqual(['authentication-component-service', 'country-reference-data-service', 'hosted-channels-service', 'real-time-channels-api', 'social-sign-in-service']);
    for (const { listing } of seed) {
      const inputs = listing.qualityInputs;
      for (const measured of Object.values(inputs)) expect(measured?.illustrative).toBe(true);
      if (inputs.daysSinceLastRelease) expect(inputs.daysSinceLastRelease.value).toBeGreaterThanOrEqual(19);
      if (inputs.daysSinceLastRelease) expect(inputs.daysSinceLastRelease.value).toBeLessThanOrEqual(75);
      if (inputs.issueCloseRatio) expect(inputs.issueCloseRatio.value).toBeGreaterThanOrEqual(0.55);
      if (inputs.issueCloseRatio) expect(inputs.issueCloseRatio.value).toBeLessThanOrEqual(0.7);
      if (inputs.docsQuality) expect(['basic', 'excellent']).toContain(inputs.docsQuality.value);
      if (inputs.breakingChanges) expect(inputs.breakingChanges.value).toBe('occasional');
      if (inputs.stars) expect(inputs.stars.value).toBeGreaterThanOrEqual(10);
      if (inputs.stars) expect(inputs.stars.value).toBeLessThan(10_000);
      if (inputs.weeklyDownloads) expect(inputs.weeklyDownloads.value).toBeLessThan(1_000_000);
    }
  });

  it('explains every point: the breakdown sums to what the score is made of', () => {
    const quality = computeQuality(full({ weeklyDownloads: 77_000, stars: 1200, daysSinceLastRelease: 19, issueCloseRatio: 0.7, typeDefinitions: true, docsQuality: 'excellent', breakingChanges: 'occasional' }));
    expect(quality.breakdown).toHaveLength(7);
    expect(quality.possible).toBe(QUALITY_MAX_POINTS);
    expect(Math.round(quality.breakdown.reduce((sum, entry) => sum + entry.points, 0) * 100) / 100).toBe(quality.earned);
    expect(quality.score).toBe(Math.round(quality.earned));
    expect(quality.version).toBe('quality/1');
    expect(quality.missingInputs).toEqual([]);
  });

  it('says which inputs it used and scores on the known ones when at least half the weight is known', () => {
    const quality = computeQuality({ stars: { value: 100_000 }, daysSinceLastRelease: { value: 0 }, issueCloseRatio: { value: 1 }, typeDefinitions: { value: true } });
    expect(quality.usedInputs).toEqual(['stars', 'daysSinceLastRelease', 'issueCloseRatio', 'typeDefinitions']);
    expect(quality.missingInputs).toEqual(['weeklyDownloads', 'docsQuality', 'breakingChanges']);
    expect(quality.possible).toBe(5.5);
    expect(quality.score).toBe(10);
    expect(quality.inputs.weeklyDownloads).toBeNull();
  });

  it('has no score, never 0, with nothing or too little known', () => {
    expect(computeQuality({}).score).toBeNull();
    expect(computeQuality({ stars: { value: 50_000 }, typeDefinitions: { value: true } }).score).toBeNull();
  });

  it('gives the same score through qualityScore, which skips the breakdown, with any inputs missing (property)', () => {
    const someInputs = fc.tuple(inputsArbitrary, fc.subarray(QUALITY_RULES.map((rule) => rule.key))).map(([inputs, kept]) => {
      const all = full(inputs);
      return Object.fromEntries(kept.map((key) => [key, all[key]])) as QualityInputs;
    });
    fc.assert(
      fc.property(someInputs, (inputs) => {
        expect(qualityScore(inputs)).toBe(computeQuality(inputs).score);
      }),
      { numRuns: 2000 },
    );
  });

  it('is an integer from 0 to 10 whatever the inputs (property)', () => {
    fc.assert(
      fc.property(inputsArbitrary, (inputs) => {
        const { score } = computeQuality(full(inputs));
        return score !== null && Number.isInteger(score) && score >= 0 && score <= 10;
      }),
      { numRuns: 2000 },
    );
  });

  it('is monotone: a better input never lowers the score (property)', () => {
    fc.assert(
      fc.property(better, ({ inputs, improved }) => computeQuality(full(improved)).score! >= computeQuality(full(inputs)).score!),
      { numRuns: 5000 },
    );
  });

  it('saturates: popularity stops counting past its ceiling', () => {
    const base = { stars: 10, daysSinceLastRelease: 30, issueCloseRatio: 0.6, typeDefinitions: true, docsQuality: 'good', breakingChanges: 'rare' } as const;
    const at = (weeklyDownloads: number) => computeQuality(full({ ...base, weeklyDownloads })).breakdown[0]!.points;
    expect(at(10_000_000)).toBe(2.5);
    expect(at(100_000_000)).toBe(2.5);
    expect(at(1_000) - at(0)).toBeGreaterThan(at(1_001_000) - at(1_000_000));
  });
});
