import { describe, expect, it } from 'vitest';
import { readCatalogFolder } from '../../../src/ingest/catalog-folder/read-catalog-folder.ts';
import { toListingDetail, toListingSummary, toListingSummaryOf } from '../../../src/core/listings/listing-detail.ts';

/**
 * A list item is built straight from the listing (a large catalogue builds one for most listings
 * an answer holds); it must be exactly what the listing's detail gives when cut down to a list
 * item, field order included, since answers are written from its JSON.
 */
describe('a list item built straight from the listing', () => {
  it('is the detail cut down, as JSON text, for every listing of the real catalogue', async () => {
    const { listings } = await readCatalogFolder('catalog');
    expect(listings.length).toBeGreaterThan(3000);
    const updatedAt = '2026-11-25T00:00:00.000Z';
    let assessed = 0;
    for (const { listing } of listings) {
      const direct = toListingSummaryOf(listing, updatedAt);
      expect(JSON.stringify(direct), listing.slug).toBe(JSON.stringify(toListingSummary(toListingDetail(listing, updatedAt) as Parameters<typeof toListingSummary>[0])));
      if (direct.cliRelevance.assessed > 0) assessed += 1;
    }
    // The real catalogue holds assessed listings with evidence, so the criteria's cut is exercised.
    expect(assessed).toBeGreaterThan(1000);
  }, 60_000);
});
