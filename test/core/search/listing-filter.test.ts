import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreContext } from '../../../src/core/context.ts';
import { hasListingFilter, listingFilter, type ListingFilters } from '../../../src/core/search/listing-filter.ts';
import { openCore } from '../../../src/open-core.ts';
import { createTestSqlitePath } from '../../support/postgres.ts';

/**
 * Discover skips the listing filter when none is set (hasListingFilter), so the two must agree:
 * whatever hasListingFilter calls "no filter" lets every listing through, and every value that
 * constrains is seen as a filter.
 */

let ctx: CoreContext;
beforeAll(async () => {
  ctx = await openCore({ databaseUrl: `file:${createTestSqlitePath()}`, catalogDir: 'test/fixtures/catalog-sample' }, { log: { info() {}, warn() {} } });
});
afterAll(async () => ctx?.store.close());

type Filters = ListingFilters & { auth?: 'apiKey' };

describe('hasListingFilter', () => {
  it.each<[string, Filters]>([
    ['nothing set', {}],
    ['envVarAuth=false ("no constraint", not "must fail")', { envVarAuth: false }],
    ['headless=false', { headless: false }],
    ['both false', { envVarAuth: false, headless: false }],
  ])('is false for %s, and then the filter lets every listing through', (_, filters) => {
    expect(hasListingFilter(filters)).toBe(false);
    const keep = listingFilter(filters);
    const listings = ctx.catalogue.ordered('name');
    expect(listings.length).toBeGreaterThan(5);
    expect(listings.filter((entry) => !keep(entry))).toEqual([]);
  });

  it.each<[string, Filters]>([
    ['category', { category: 'payments' }],
    ['pricing', { pricing: 'Free' }],
    ['minCliScore, 0 included', { minCliScore: 0 }],
    ['envVarAuth=true', { envVarAuth: true }],
    ['headless=true', { headless: true }],
    ['auth', { auth: 'apiKey' }],
  ])('is true for %s', (_, filters) => {
    expect(hasListingFilter(filters)).toBe(true);
  });
});
