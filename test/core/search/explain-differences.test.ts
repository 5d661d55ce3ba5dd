import { describe, expect, it } from 'vitest';
import { listingSchema, type ListingInput } from '../../../src/core/listings/listing.ts';
import { toListingDetail } from '../../../src/core/listings/listing-detail.ts';
import { judge } from '../../../src/core/search/compare-listings.ts';
import {
  capabilityKeys,
  cliInterval,
  explainDifferences,
  matchCapabilities,
  qualityInterval,
  relate,
} from '../../../src/core/search/explain-differences.ts';

const ALL_PASSED = Object.fromEntries(
  ['officialSdk', 'envVarAuth', 'headless', 'cliTool', 'jsonResponse', 'curlExamples', 'rateLimits', 'machineReadablePricing'].map((key) => [key, { status: 'passed' }]),
);
const STRONG_QUALITY = {
  weeklyDownloads: { value: 500_000 },
  stars: { value: 20_000 },
  daysSinceLastRelease: { value: 10 },
  issueCloseRatio: { value: 0.9 },
  typeDefinitions: { value: true },
  docsQuality: { value: 'excellent' as const },
  breakingChanges: { value: 'rare' as const },
};
const WEAK_QUALITY = {
  weeklyDownloads: { value: 0 },
  stars: { value: 0 },
  daysSinceLastRelease: { value: 400 },
  issueCloseRatio: { value: 0.1 },
  typeDefinitions: { value: false },
  docsQuality: { value: 'none' as const },
  breakingChanges: { value: 'frequent' as const },
};

const detail = (slug: string, extra: Partial<ListingInput> = {}) =>
  toListingDetail(
    listingSchema.parse({ slug, name: slug.replaceAll('-', ' '), description: 'A test listing', category: 'Testing', capabilities: ['send messages'], ...extra }),
    '2026-01-01T00:00:00.000Z',
  );

describe('scores as intervals', () => {
  it('reads an unscored listing as 0 to 10, never as 0', () => {
    const unscored = detail('unscored');
    expect(cliInterval(unscored.cliRelevance)).toEqual({ min: 0, max: 10, exact: false });
    expect(qualityInterval(unscored.quality)).toEqual({ min: 0, max: 10, exact: false });
  });

  it('decides a relation only when it holds whatever the unknown parts are', () => {
    const exact = (value: number) => ({ min: value, max: value, exact: true });
    expect(relate(exact(9), exact(4))).toBe('>');
    expect(relate(exact(4), exact(9))).toBe('<');
    expect(relate(exact(4), exact(4))).toBe('=');
    expect(relate(exact(10), { min: 0, max: 10, exact: false })).toBe('?');
    expect(relate(exact(0), { min: 0, max: 10, exact: false })).toBe('?');
    expect(relate(exact(8), { min: 2, max: 6, exact: false })).toBe('>');
  });
});

describe('capability overlap', () => {
  it('meets on content words, not on generic verbs', () => {
    expect(capabilityKeys('send real-time messages')).toEqual(['realtime', 'message']);
    expect(capabilityKeys('search countries')).toEqual(['country']);
    const { shared, onlyOwn } = matchCapabilities(
      ['send real-time messages', 'broadcast events', 'manage channels', 'detect presence'],
      ['publish messages', 'subscribe channels', 'presence tracking', 'webhooks'],
    );
    expect(shared).toEqual([
      { capability: 'send real-time messages', counterparts: ['publish messages'] },
      { capability: 'manage channels', counterparts: ['subscribe channels'] },
      { capability: 'detect presence', counterparts: ['presence tracking'] },
    ]);
    expect(onlyOwn).toEqual(['broadcast events']);
    expect(matchCapabilities(['manage channels'], ['manage user accounts']).shared).toEqual([]);
  });
});

describe('explainDifferences', () => {
  it('names higher and lower scores with both values, and criteria that came out differently', () => {
    const strong = detail('strong', { cliCriteria: ALL_PASSED, qualityInputs: STRONG_QUALITY, pricingTier: 'Freemium' });
    const weak = detail('weak', {
      cliCriteria: { ...ALL_PASSED, officialSdk: { status: 'failed' }, headless: { status: 'failed' } },
      qualityInputs: WEAK_QUALITY,
      pricingTier: 'Paid',
    });
    const differences = explainDifferences(strong, weak);
    expect(differences.better).toEqual([
      'higher CLI relevance (10 vs 6)',
      'passes official SDK (weak fails it)',
      'passes headless/CI use (weak fails it)',
      `higher quality (${strong.quality.score} vs ${weak.quality.score})`,
      'free tier vs paid',
    ]);
    expect(differences.worse).toEqual([]);
    expect(differences.unknown).toEqual([]);
    expect(explainDifferences(weak, strong).worse).toContain('lower CLI relevance (6 vs 10)');
  });

  it('puts a missing score under unknown, never under worse', () => {
    const scored = detail('scored', { cliCriteria: ALL_PASSED, qualityInputs: STRONG_QUALITY, pricingTier: 'Free' });
    const unscored = detail('unscored', { capabilities: ['send messages', 'webhooks'] });
    const fromUnscored = explainDifferences(unscored, scored);
    expect(fromUnscored.unknown).toEqual(['CLI relevance not scored', 'quality not scored', 'pricing tier not shown']);
    expect(fromUnscored.worse).toEqual([]);
    expect(fromUnscored.better).toEqual(['also lists webhooks']);
    const fromScored = explainDifferences(scored, unscored);
    expect(fromScored.unknown).toEqual([
      'CLI relevance of unscored not scored, so 10 cannot be compared',
      `quality of unscored not scored, so ${scored.quality.score} cannot be compared`,
      'pricing tier of unscored not shown',
    ]);
    expect(fromScored.better).toEqual([]);
    expect(fromScored.worse).toEqual(['does not list webhooks']);
  });

  it('compares a partly assessed score by its range', () => {
    const partial = detail('partial', { cliCriteria: { officialSdk: { status: 'failed' }, envVarAuth: { status: 'failed' }, headless: { status: 'failed' } } });
    const full = detail('full', { cliCriteria: ALL_PASSED });
    expect(explainDifferences(partial, full).worse).toContain('lower CLI relevance (0 to 5 vs 10)');
  });
});

describe('the comparison verdict', () => {
  const strong = detail('strong', { cliCriteria: ALL_PASSED, qualityInputs: STRONG_QUALITY });
  const weak = detail('weak', { cliCriteria: { ...ALL_PASSED, officialSdk: { status: 'failed' } }, qualityInputs: WEAK_QUALITY });
  const unscored = detail('unscored');
  const cliOnly = detail('cli-only', { cliCriteria: { ...ALL_PASSED, headless: { status: 'failed' }, cliTool: { status: 'failed' } } });

  it('is settled when one listing is ahead on every score', () => {
    const verdict = judge([weak, strong]);
    expect(verdict).toMatchObject({ status: 'settled', leader: 'strong', missingScores: [] });
    expect(verdict.summary).toContain('CLI relevance 10 vs 8');
  });

  it('is open, with no leader, when the other listing has no score at all', () => {
    const verdict = judge([strong, unscored]);
    expect(verdict.status).toBe('open');
    expect(verdict.leader).toBeNull();
    expect(verdict.summary).toContain('unscored has no CLI relevance score and no quality score (unknown, not 0)');
    expect(verdict.missingScores).toEqual([
      { slug: 'unscored', scores: ['cliRelevance', 'quality'], detail: expect.stringContaining('CLI relevance not scored') },
    ]);
  });

  it('is provisional when the leader is ahead only where scores are known', () => {
    const verdict = judge([strong, cliOnly]);
    expect(verdict).toMatchObject({ status: 'provisional', leader: 'strong' });
    expect(verdict.summary).toContain('cli only has no quality score (unknown, not 0)');
  });

  it('is split when the known scores disagree', () => {
    const fastButWeak = detail('fast-but-weak', { cliCriteria: ALL_PASSED, qualityInputs: WEAK_QUALITY });
    const slowButStrong = detail('slow-but-strong', { cliCriteria: { ...ALL_PASSED, envVarAuth: { status: 'failed' } }, qualityInputs: STRONG_QUALITY });
    const verdict = judge([fastButWeak, slowButStrong]);
    expect(verdict).toMatchObject({ status: 'split', leader: null });
    expect(verdict.summary).toMatch(/fast but weak leads on CLI relevance \(10 vs 8\), slow but strong on quality/);
  });

  it('is tied when the listings are level on every score', () => {
    const twin = detail('twin', { cliCriteria: ALL_PASSED, qualityInputs: STRONG_QUALITY });
    expect(judge([strong, twin])).toMatchObject({ status: 'tied', leader: null });
  });
});
