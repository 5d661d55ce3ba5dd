import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../../../src/core/catalogue/catalogue-index.ts';
import { findDuplicateListing, hostKeyOf, nameKeyOf } from '../../../src/core/catalogue/find-duplicate-listing.ts';
import { listingSchema, type ListingInput } from '../../../src/core/listings/listing.ts';
import { openStore } from '../../../src/storage/open-store.ts';
import type { Store } from '../../../src/core/store.ts';
import { createTestSqlitePath } from '../../support/postgres.ts';

const listing = (fields: Partial<ListingInput> & { slug: string; name: string }) => listingSchema.parse({ description: 'A test listing', category: 'Testing', ...fields });

describe('findDuplicateListing', () => {
  let store: Store;
  let catalogue: CatalogueIndex;
  beforeAll(async () => {
    store = await openStore(`file:${createTestSqlitePath()}`);
    await store.saveListings([
      listing({ slug: 'the-cat-api', name: 'The Cat API', url: 'https://www.thecatapi.com/' }),
      listing({ slug: 'open-library', name: 'Open Library', url: 'https://openlibrary.org/developers/api' }),
      listing({ slug: 'weather', name: 'Weather', url: 'https://weather.example.com' }),
      listing({ slug: 'no-url-service', name: 'Quokka Counts Service' }),
    ]);
    catalogue = await CatalogueIndex.build(store);
  });
  afterAll(async () => store?.close());

  it('keys names without case, accents, punctuation or generic words, and hosts without www.', () => {
    expect(nameKeyOf('The Cat API')).toBe('cat');
    expect(nameKeyOf('CAT api')).toBe('cat');
    expect(nameKeyOf('Météo-France')).toBe('meteo france');
    expect(nameKeyOf('API')).toBe('api');
    expect(hostKeyOf('https://WWW.TheCatAPI.com/docs')).toBe('thecatapi.com');
    expect(hostKeyOf('not a url')).toBeNull();
  });

  it('finds the same API by name and host, or by name when a url is missing on either side', () => {
    expect(findDuplicateListing(catalogue, { name: 'Cat API', url: 'https://thecatapi.com' })).toMatchObject({ slug: 'the-cat-api', kind: 'same-api' });
    expect(findDuplicateListing(catalogue, { name: 'Cat', url: null })).toMatchObject({ slug: 'the-cat-api', kind: 'same-api' });
    expect(findDuplicateListing(catalogue, { name: 'Quokka counts', url: 'https://quokka.example' })).toMatchObject({ slug: 'no-url-service', kind: 'same-api' });
  });

  it('reports the same name at another host without calling it the same API', () => {
    const match = findDuplicateListing(catalogue, { name: 'Weather API', url: 'https://api.weather.gov' });
    expect(match).toMatchObject({ slug: 'weather', kind: 'same-name-other-host' });
    expect(match!.reason).toContain('weather.gov vs weather.example.com');
  });

  it('does not count a listing as its own duplicate, nor other names at the same host', () => {
    expect(findDuplicateListing(catalogue, { slug: 'open-library', name: 'Open Library', url: 'https://openlibrary.org' })).toBeNull();
    expect(findDuplicateListing(catalogue, { name: 'Open Library Covers', url: 'https://openlibrary.org' })).toBeNull();
  });

  it('follows a renamed listing to its new name', async () => {
    await store.saveListings([listing({ slug: 'weather', name: 'Storm Watch', url: 'https://weather.example.com' })]);
    await catalogue.refresh();
    expect(findDuplicateListing(catalogue, { name: 'Weather', url: 'https://weather.example.com' })).toBeNull();
    expect(findDuplicateListing(catalogue, { name: 'Storm Watch', url: null })).toMatchObject({ slug: 'weather' });
  });
});
