import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needIndexCacheOfBuild } from '../../../src/cli/need-index-cache.ts';
import { CatalogueIndex, type NeedIndexCache } from '../../../src/core/catalogue/catalogue-index.ts';
import { openStore } from '../../../src/storage/open-store.ts';
import type { Store } from '../../../src/core/store.ts';
import { syntheticCatalogue } from '../../bench/synthetic-catalogue.ts';
import { createTestSqlitePath } from '../../support/postgres.ts';

/**
 * A one-shot CLI command builds the need index only when it ranks needs, and reads back the
 * index an earlier command kept for the same listings (issue 16). Either way it must answer
 * exactly as an index built with the listings.
 */

const CORPUS = path.resolve('..', 'shared', 'corpus', 'listings.json');
const NEEDS = ['send sms messages', 'current weather forecast for a city', 'convert currencies', 'geocode a street address', 'random jokes'];

const observe = (catalogue: CatalogueIndex) => ({
  needs: NEEDS.map((need) => catalogue.needs.search(need, { limit: 10 })),
  lookups: ['stripe', 'weather'].map((query) => catalogue.searchText(query, { combineWith: 'OR' }).map((match) => JSON.stringify(match)).sort()),
});

/** A NeedIndexCache over the CLI's file cache in a temporary folder, counting reads that found an index. */
function fileCache() {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidex-need-cache-'));
  const buildStamp = path.join(dir, 'compiled.json');
  writeFileSync(buildStamp, '{}');
  const files = needIndexCacheOfBuild({ buildStamp, dir: path.join(dir, 'cache') })!;
  const counts = { found: 0, kept: 0 };
  const cache: NeedIndexCache = {
    read: (catalogue) => {
      const state = files.read(catalogue);
      if (state) counts.found += 1;
      return state;
    },
    keep: (catalogue, state) => {
      counts.kept += 1;
      files.keep(catalogue, state);
    },
  };
  return { cache, counts };
}

let store: Store;
beforeAll(async () => {
  store = await openStore(`file:${createTestSqlitePath()}`);
  await store.saveListings(syntheticCatalogue(600, CORPUS));
});
afterAll(() => store.close());

describe('a need index built on first use', () => {
  it('answers as one built with the listings, and the next process reads it back instead of building it', async () => {
    const expected = observe(await CatalogueIndex.build(store));
    const { cache, counts } = fileCache();

    const first = await CatalogueIndex.build(store, { needIndexOnFirstUse: true, needIndexCache: cache });
    expect(counts).toEqual({ found: 0, kept: 0 });
    expect(observe(first)).toEqual(expected);
    expect(counts).toEqual({ found: 0, kept: 1 });

    const second = await CatalogueIndex.build(store, { needIndexOnFirstUse: true, needIndexCache: cache });
    expect(observe(second)).toEqual(expected);
    expect(counts).toEqual({ found: 1, kept: 1 });
  });

  it('does not read back an index of other listings: after a change it builds one again', async () => {
    const { cache, counts } = fileCache();
    observe(await CatalogueIndex.build(store, { needIndexOnFirstUse: true, needIndexCache: cache }));
    const [listing] = (await store.listListings({ limit: 1 })).items;
    await store.saveListings([{ ...listing!.listing, description: 'Sends carrier pigeons to any address on request.' }]);

    const after = await CatalogueIndex.build(store, { needIndexOnFirstUse: true, needIndexCache: cache });
    const hits = after.needs.search('carrier pigeons', { limit: 3 }).hits;
    expect(hits[0]?.slug).toBe(listing!.listing.slug);
    expect(counts).toEqual({ found: 0, kept: 2 });
    expect(observe(after)).toEqual(observe(await CatalogueIndex.build(store)));
  });

  it('keeps nothing when not running from a compiled build', () => {
    expect(needIndexCacheOfBuild({ buildStamp: path.join(tmpdir(), 'no-such-build', 'compiled.json') })).toBeUndefined();
    expect(needIndexCacheOfBuild()).toBeUndefined();
  });
});
