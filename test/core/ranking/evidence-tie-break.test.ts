import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importListings } from '../../../src/core/catalogue/import-listings.ts';
import { listingSchema, type ListingInput } from '../../../src/core/listings/listing.ts';
import { breakNearTies, evidenceOf, HEAD_FIRST_RANKS, SAME_MATCH_MARGIN, TIE_MARGIN } from '../../../src/core/ranking/evidence-tie-break.ts';
import { discoverListings } from '../../../src/core/search/discover-listings.ts';
import { openCore } from '../../../src/open-core.ts';

const scratch: string[] = [];
afterAll(async () => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('evidence breaks near ties, never relevance (ADR 32)', () => {
  it('keeps the margins the halves of the real-needs set chose', () => {
    expect(TIE_MARGIN).toBe(0.08);
    expect(SAME_MATCH_MARGIN).toBe(0.15);
  });

  it('holds hits that match the need alike in a run within the wider margin, and only those', () => {
    const hits = [
      { slug: 'one-liner', score: 10, evidence: 0, match: 'sms' },
      // 13% below the first: beyond the score margin, within the wider one, and matching alike.
      { slug: 'thorough', score: 8.7, evidence: 3, match: 'sms' },
      // As far below, as well supported, but matching other words: not a tie.
      { slug: 'other-words', score: 8.6, evidence: 3, match: 'voice' },
      // Matching alike, but 20% below the first: beyond the wider margin too.
      { slug: 'far-below', score: 8, evidence: 3, match: 'sms' },
    ];
    const rule = { margin: TIE_MARGIN, sameMatch: { margin: SAME_MATCH_MARGIN, alike: (a: { match: string }, b: { match: string }) => a.match === b.match } };
    expect(breakNearTies(hits, (hit) => hit.score, (hit) => hit.evidence, rule).map((hit) => hit.slug)).toEqual(['thorough', 'one-liner', 'other-words', 'far-below']);
    // Without the wider margin each stands alone.
    expect(breakNearTies(hits, (hit) => hit.score, (hit) => hit.evidence).map((hit) => hit.slug)).toEqual(['one-liner', 'thorough', 'other-words', 'far-below']);
  });

  it('reorders only within a run of scores within the margin of its first, and never lifts a hit from a lower run', () => {
    const hits = [
      { slug: 'a', score: 10, evidence: 0 },
      { slug: 'b', score: 9.6, evidence: 1 },
      { slug: 'c', score: 9.5, evidence: 0 },
      // 9.1 is more than 8% below 10: a run of its own, however well supported.
      { slug: 'd', score: 9.1, evidence: 2 },
      { slug: 'e', score: 8.8, evidence: 1 },
    ];
    const order = breakNearTies(hits, (hit) => hit.score, (hit) => hit.evidence).map((hit) => hit.slug);
    expect(order).toEqual(['b', 'a', 'c', 'd', 'e']);
    // Equal evidence keeps the score order; no margin keeps every order.
    expect(breakNearTies(hits, (hit) => hit.score, () => 0).map((hit) => hit.slug)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(breakNearTies(hits, (hit) => hit.score, (hit) => hit.evidence, { margin: 0 }).map((hit) => hit.slug)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('counts the curated head and an official SDK, and nothing else', () => {
    const bare = { slug: 'x', name: 'X', description: 'x', category: 'Communication', capabilities: [], cliCriteria: {}, qualityInputs: {}, faq: [] } as never;
    expect(evidenceOf({ listing: bare })).toBe(0);
    expect(evidenceOf({ listing: { ...(bare as object), head: { provider: 'x' } } as never })).toBe(1);
    expect(evidenceOf({ listing: { ...(bare as object), head: { provider: 'x' }, cliCriteria: { officialSdk: { status: 'passed' } } } as never })).toBe(2);
    // Among the head list's first ranks counts once more; a rank further down does not.
    expect(evidenceOf({ listing: { ...(bare as object), head: { provider: 'x', rank: HEAD_FIRST_RANKS } } as never })).toBe(2);
    expect(evidenceOf({ listing: { ...(bare as object), head: { provider: 'x', rank: HEAD_FIRST_RANKS + 1 } } as never })).toBe(1);
  });

  it('puts the better-supported of two equally relevant listings first in discover', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apidex-tie-'));
    scratch.push(dir);
    const ctx = await openCore({ databaseUrl: `file:${join(dir, 'tie.db')}`, catalogDir: dir }, { loadDefaultCatalogue: false, log: { info: () => {}, warn: () => {} } });
    try {
      const listing = (slug: string, name: string, extra: Partial<ListingInput> = {}): ListingInput => ({
        slug,
        name,
        description: 'Send SMS text messages to phones worldwide',
        category: 'Communication',
        subcategory: 'SMS & Voice',
        capabilities: ['send SMS messages'],
        ...extra,
      });
      await importListings({
        ctx,
        input: {
          listings: [
            listing('alpha-texts', 'Alpha Texts'),
            listing('omega-texts', 'Omega Texts', { head: { provider: 'omega' }, cliCriteria: { officialSdk: { status: 'passed', evidence: 'npm:omega-texts' } } } as Partial<ListingInput>),
          ].map((input) => listingSchema.parse(input)),
        },
      });
      const { items } = await discoverListings({ ctx, input: { q: 'send sms text messages', limit: 10, group: 'none' } });
      expect(items.map((item) => item.slug)).toEqual(['omega-texts', 'alpha-texts']);
    } finally {
      await ctx.store.close();
    }
  });

  it('puts a thorough, better-supported listing before a terse one that matches the need alike', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apidex-tie-'));
    scratch.push(dir);
    const ctx = await openCore({ databaseUrl: `file:${join(dir, 'tie.db')}`, catalogDir: dir }, { loadDefaultCatalogue: false, log: { info: () => {}, warn: () => {} } });
    try {
      const sms = { description: 'Send SMS messages to phones', category: 'Communication', subcategory: 'SMS & Voice' };
      await importListings({
        ctx,
        input: {
          listings: [
            { slug: 'terse-sms', name: 'Terse Telecom', ...sms, capabilities: ['send SMS messages'] },
            {
              slug: 'thorough-sms',
              name: 'Thorough Telecom',
              ...sms,
              // The same words and capability, among many other lines: BM25 scores it lower for saying more.
              capabilities: ['send SMS messages', 'place outbound phone calls', 'record calls', 'buy phone numbers'],
              head: { provider: 'thorough' },
              cliCriteria: { officialSdk: { status: 'passed', evidence: 'npm:thorough' } },
            },
          ].map((input) => listingSchema.parse(input)),
        },
      });
      const { items } = await discoverListings({ ctx, input: { q: 'send sms messages', limit: 10, group: 'none' } });
      expect(items.map((item) => item.slug)).toEqual(['thorough-sms', 'terse-sms']);
    } finally {
      await ctx.store.close();
    }
  });

  it('reads at least as deep as the default answer, so that a short answer begins as the default one does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apidex-tie-'));
    scratch.push(dir);
    const ctx = await openCore({ databaseUrl: `file:${join(dir, 'tie.db')}`, catalogDir: dir }, { loadDefaultCatalogue: false, log: { info: () => {}, warn: () => {} } });
    try {
      const geocoder = (slug: string): ListingInput => ({ slug, name: 'Geocoder', description: 'Turn addresses into coordinates', category: 'Geolocation & Maps', capabilities: ['geocode an address'] });
      // Twenty listings scoring alike; the one the data supports sorts last among equal scores (by slug), past a ten-deep read, within forty.
      const alike = Array.from({ length: 19 }, (_, i) => geocoder(`geo-${String(i).padStart(2, '0')}`));
      const supported = { ...geocoder('zeta-geo'), head: { provider: 'zeta' }, cliCriteria: { officialSdk: { status: 'passed', evidence: 'npm:zeta-geo' } } } as ListingInput;
      await importListings({ ctx, input: { listings: [...alike, supported].map((input) => listingSchema.parse(input)) } });
      const slugs = async (limit: number) => (await discoverListings({ ctx, input: { q: 'geocode an address', limit, group: 'none' } })).items.map((item) => item.slug);
      const long = await slugs(40);
      expect(long[0]).toBe('zeta-geo');
      expect(await slugs(3)).toEqual(long.slice(0, 3));
      expect(await slugs(10)).toEqual(long.slice(0, 10));
    } finally {
      await ctx.store.close();
    }
  });
});
