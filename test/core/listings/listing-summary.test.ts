import { describe, expect, it } from 'vitest';
import { readCatalogFolder } from '../../../src/ingest/catalog-folder/read-catalog-folder.ts';
import { toListingDetail, toListingSummary, toListingSummaryOf } from '../../../src/core/listings/listing-detail.ts';
import { listingSummaryJson } from '../../../src/core/listings/listing-summary-json.ts';
import { compactListingJson, toCompactListing } from '../../../src/core/listings/compact-listing.ts';
import type { Listing } from '../../../src/core/listings/listing.ts';

// Read once for the whole file: the catalogue folder takes several seconds to read.
const catalog = readCatalogFolder('catalog');

/**
 * A list item is built straight from the listing (a large catalogue builds one for most listings
 * an answer holds); it must be exactly what the listing's detail gives when cut down to a list
 * item, field order included, since answers are written from its JSON.
 */
describe('a list item built straight from the listing', () => {
  it('is the detail cut down, as JSON text, for every listing of the real catalogue', async () => {
    const { listings } = await catalog;
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

/**
 * Discover answers are written from item texts that are written straight from the listing
 * (listing-summary-json.ts, compact-listing.ts); each must be, byte for byte, what
 * JSON.stringify makes of the item object.
 */
describe('list-item JSON written straight from the listing', () => {
  const updatedAt = '2026-11-25T00:00:00.000Z';
  const expectSameText = (listing: Listing) => {
    const item = toListingSummaryOf(listing, updatedAt);
    expect(listingSummaryJson(listing, updatedAt), listing.slug).toBe(JSON.stringify(item));
    expect(compactListingJson(listing), listing.slug).toBe(JSON.stringify(toCompactListing(item)));
  };

  it('is JSON.stringify of the item, in both views, for every listing of the real catalogue', async () => {
    const { listings } = await catalog;
    expect(listings.length).toBeGreaterThan(3000);
    for (const { listing } of listings) expectSameText(listing);
  }, 60_000);

  it('escapes what JSON.stringify escapes and writes measured and illustrative inputs as it does', async () => {
    const { listings } = await catalog;
    const assessed = listings.find(({ listing }) => Object.values(listing.cliCriteria).some((result) => result?.evidence))!.listing;
    const awkward = 'Quotes " and \\ backslash, a\nnew line, \u2028, a lone \ud800 surrogate, tab\t and \u0001';
    const listing: Listing = {
      ...assessed,
      name: `Awkward ${awkward}`,
      description: `${awkward} `.repeat(6),
      category: 'Développement & Outils',
      cliCriteria: Object.fromEntries(Object.entries(assessed.cliCriteria).map(([key, result]) => [key, result && { ...result, evidence: `${result.evidence ?? ''} ${awkward}` }])),
      qualityInputs: {
        ...assessed.qualityInputs,
        weeklyDownloads: { value: 1_534_221, illustrative: true },
        stars: { value: 812 },
        typeDefinitions: { value: true, illustrative: false },
      },
    } as Listing;
    expectSameText(listing);
    expect(listingSummaryJson(listing, updatedAt)).toContain('"weeklyDownloadsCompact":"1.5M"');
    expect(listingSummaryJson(listing, updatedAt)).toContain('"illustrativeValues":["weeklyDownloads"]');
  });
});
