import { afterEach, describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../../../src/core/catalogue/catalogue-index.ts';
import { toCompactListing } from '../../../src/core/listings/compact-listing.ts';
import { toListingSummaryOf } from '../../../src/core/listings/listing-detail.ts';
import { listingSchema } from '../../../src/core/listings/listing.ts';
import { openStore } from '../../../src/storage/open-store.ts';
import type { Store } from '../../../src/core/store.ts';
import { createTestSqlitePath } from '../../support/postgres.ts';
import { isOneByte } from '../../support/one-byte-string.ts';

const listing = (slug: string, description = 'A test listing') => listingSchema.parse({ slug, name: slug.replaceAll('-', ' '), description, category: 'Testing' });

let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

async function catalogueOf(slugs: string[], itemTextsKept?: number) {
  store = await openStore(`file:${createTestSqlitePath()}`);
  await store.saveListings(slugs.map((slug) => listing(slug)));
  return CatalogueIndex.build(store, itemTextsKept === undefined ? {} : { itemTextsKept });
}

/**
 * Discover answers are written from each listing's item text (CatalogueIndex.itemText). The
 * texts are kept for a generation up to a bound and never evicted, so that a catalogue larger
 * than the bound does not replace kept texts with every answer (ADR 21).
 */
describe('list-item texts kept by the catalogue', () => {
  it('are the item JSON without its closing brace, in either view', async () => {
    const catalogue = await catalogueOf(['alpha-api']);
    const entry = catalogue.get('alpha-api')!;
    const item = toListingSummaryOf(entry.listing, entry.updatedAt);
    expect(`${catalogue.itemText(entry, 'full').open}}`).toBe(JSON.stringify(item));
    expect(`${catalogue.itemText(entry, 'compact').open}}`).toBe(JSON.stringify(toCompactListing(item)));
    expect(catalogue.itemText(entry, 'full').digest).toMatch(/^[\w-]{27}$/);
  });

  it('write characters past ASCII as \\u escapes: the same item to a JSON reader, sent one byte a character', async () => {
    store = await openStore(`file:${createTestSqlitePath()}`);
    await store.saveListings([listing('cafe-api', 'Menus for cafés — prices in €')]);
    const catalogue = await CatalogueIndex.build(store);
    const entry = catalogue.get('cafe-api')!;
    const text = `${catalogue.itemText(entry, 'full').open}}`;
    expect(text).toMatch(/^[\x00-\x7f]*$/);
    expect(text).toContain('Menus for caf\\u00e9s \\u2014 prices in \\u20ac');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(toListingSummaryOf(entry.listing, entry.updatedAt))));
    expect(isOneByte(text)).toBe(true);
  });

  it('are kept up to the bound and never evicted: later listings are written each time', async () => {
    const catalogue = await catalogueOf(['alpha-api', 'beta-api', 'gamma-api'], 2);
    const [alpha, beta, gamma] = ['alpha-api', 'beta-api', 'gamma-api'].map((slug) => catalogue.get(slug)!);
    const alphaText = catalogue.itemText(alpha!, 'full');
    const betaText = catalogue.itemText(beta!, 'full');
    const gammaText = catalogue.itemText(gamma!, 'full');
    expect(catalogue.itemText(gamma!, 'full')).not.toBe(gammaText);
    expect(catalogue.itemText(gamma!, 'full')).toEqual(gammaText);
    expect(catalogue.itemText(alpha!, 'full')).toBe(alphaText);
    expect(catalogue.itemText(beta!, 'full')).toBe(betaText);
    // Each view has its own bound.
    const gammaCompact = catalogue.itemText(gamma!, 'compact');
    expect(catalogue.itemText(gamma!, 'compact')).toBe(gammaCompact);
  });

  it('are dropped when the catalogue changes, and a replaced listing is never kept', async () => {
    const catalogue = await catalogueOf(['alpha-api', 'beta-api']);
    const before = catalogue.get('alpha-api')!;
    const beta = catalogue.get('beta-api')!;
    const betaBefore = catalogue.itemText(beta, 'full');
    catalogue.itemText(before, 'full');

    await store!.saveListings([listing('alpha-api', 'A changed test listing')]);
    await catalogue.refresh();
    const after = catalogue.get('alpha-api')!;
    expect(after).not.toBe(before);
    expect(catalogue.itemText(after, 'full').open).toContain('"description":"A changed test listing"');
    // The unchanged listing's text is written again for the new generation, the same text.
    expect(catalogue.itemText(beta, 'full')).not.toBe(betaBefore);
    expect(catalogue.itemText(beta, 'full')).toEqual(betaBefore);
    // An answer ranked before the change may still carry the old entry: its text is written, not kept.
    const stale = catalogue.itemText(before, 'full');
    expect(stale.open).toContain('"description":"A test listing"');
    expect(catalogue.itemText(before, 'full')).not.toBe(stale);
  });
});
