import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLI_CRITERIA, CLI_RAW_MAX } from '../../../src/core/scoring/cli-criteria.ts';
import { cliScoreBounds, computeCliRelevance, scaleCliRaw } from '../../../src/core/scoring/cli-relevance.ts';
import type { CliCriteria } from '../../../src/core/listings/listing.ts';

const KEYS = CLI_CRITERIA.map((c) => c.key);

/** Builds criteria from the seed's P/F row, in the seed's column order. */
const fromRow = (row: string): CliCriteria =>
  Object.fromEntries(row.split(' ').map((mark, i) => [KEYS[i], { status: mark === 'P' ? 'passed' : 'failed' }]));

describe('CLI relevance score', () => {
  it('has the seed\'s eight criteria and points, 11 raw points in all', () => {
    expect(CLI_CRITERIA.map((c) => [c.key, c.points])).toEqual([
      ['officialSdk', 2],
      ['envVarAuth', 2],
      ['headless', 2],
      ['cliTool', 1],
      ['jsonResponse', 1],
      ['curlExamples', 1],
      ['rateLimits', 1],
      ['machineReadablePricing', 1],
    ]);
    expect(CLI_RAW_MAX).toBe(11);
  });

  it.each([
    ['Authentication component service', 'P P P F P P P P', 10, 9, 'excellent'],
    ['Social sign-in service', 'F F F F P F P F', 2, 2, 'moderate'],
    ['Country reference data service', 'F F P F P F P F', 4, 4, 'moderate'],
    ['Real-time channels API', 'P P P F P P P F', 9, 8, 'excellent'],
  ])('reproduces the seed table for %s: raw %i/11 → %i/10', (_name, row, raw, shown, wording) => {
    const result = computeCliRelevance(fromRow(row));
    expect(result.raw).toBe(raw);
    expect(result.score).toBe(shown);
    expect(result.wording).toBe(wording);
    expect(result.status).toBe('complete');
    expect(result.criteria.reduce((sum, c) => sum + c.points, 0)).toBe(raw);
  });

  it('gives a listing with nothing assessed no score, never 0 (the hosted channels service)', () => {
    const result = computeCliRelevance({});
    expect(result.score).toBeNull();
    expect(result.raw).toBeNull();
    expect(result.wording).toBeNull();
    expect(result.status).toBe('unscored');
    expect(result.criteria.every((c) => c.status === 'not_assessed' && c.points === 0)).toBe(true);
  });

  it('scales raw to ten and rounds: round(raw × 10 / 11)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(scaleCliRaw)).toEqual([0, 1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10]);
  });

  it('reads 8 and above as excellent, below as moderate', () => {
    // raw 9 → 8 (lowest excellent), raw 8 → 7 (highest moderate)
    expect(computeCliRelevance(fromRow('P P P P P P F F'))).toMatchObject({ raw: 9, score: 8, wording: 'excellent' });
    expect(computeCliRelevance(fromRow('P P P F P P F F'))).toMatchObject({ raw: 8, score: 7, wording: 'moderate' });
  });

  it('shows a partly assessed listing as a range, with no single score', () => {
    const result = computeCliRelevance({ officialSdk: { status: 'passed' }, envVarAuth: { status: 'passed' }, headless: { status: 'failed' } });
    expect(result.status).toBe('partial');
    expect(result.assessed).toBe(3);
    expect(result.score).toBeNull();
    // earned 4 of 11 → 4; at best 4 + 5 unknown points = 9 → 8
    expect(result.range).toEqual({ min: 4, max: 8 });
    expect(result.wording).toBeNull();
  });

  it('words a partial listing only when every outcome agrees', () => {
    const strong = computeCliRelevance({
      officialSdk: { status: 'passed' },
      envVarAuth: { status: 'passed' },
      headless: { status: 'passed' },
      jsonResponse: { status: 'passed' },
      curlExamples: { status: 'passed' },
      rateLimits: { status: 'passed' },
    });
    expect(strong.range).toEqual({ min: 8, max: 10 });
    expect(strong.wording).toBe('excellent');
  });

  it('keeps evidence beside the criterion', () => {
    const result = computeCliRelevance({ jsonResponse: { status: 'passed', evidence: '#/paths/~1articles/get/responses/200/content/application~1json' } });
    expect(result.criteria.find((c) => c.key === 'jsonResponse')).toMatchObject({ status: 'passed', points: 1, maxPoints: 1, evidence: expect.stringContaining('#/paths') });
  });
});

describe('cliScoreBounds', () => {
  it('agrees with computeCliRelevance on the score and the lowest possible score, for every mix of outcomes', () => {
    const status = fc.constantFrom('passed', 'failed', 'not_assessed', undefined);
    const criteria = fc.record(Object.fromEntries(CLI_CRITERIA.map(({ key }) => [key, status])) as Record<string, typeof status>);
    fc.assert(
      fc.property(criteria, (statuses) => {
        const results = Object.fromEntries(Object.entries(statuses).flatMap(([key, value]) => (value ? [[key, { status: value }]] : []))) as CliCriteria;
        const full = computeCliRelevance(results);
        expect(cliScoreBounds(results)).toEqual({ score: full.score, floor: full.score ?? full.range?.min ?? null });
      }),
      { numRuns: 2000 },
    );
  });
});
