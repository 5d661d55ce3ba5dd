import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueIndex, toNeedDocument } from '../../../src/core/catalogue/catalogue-index.ts';
import { listingSchema, type Listing } from '../../../src/core/listings/listing.ts';
import { buildNeedIndexInWorker } from '../../../src/core/ranking/build-need-index-in-worker.ts';
import { NeedIndex } from '../../../src/core/ranking/need-index.ts';
import { openStore } from '../../../src/storage/open-store.ts';
import type { Store } from '../../../src/core/store.ts';
import { syntheticCatalogue } from '../../bench/synthetic-catalogue.ts';
import { createTestSqlitePath } from '../../support/postgres.ts';

/**
 * A large catalogue's first load builds the need index on a worker thread. Whichever thread
 * built it, the index must rank, look up and change exactly as one built here would.
 */

const CORPUS = path.resolve('..', 'shared', 'corpus', 'listings.json');
const DEV_QUERIES = (JSON.parse(readFileSync(path.resolve('..', 'shared', 'corpus', 'eval', 'dev.json'), 'utf8')) as { queries: { query: string }[] }).queries.map(
  (entry) => entry.query,
);
const LOOKUPS = ['stripe', 'weather', 'dog', 'real-time chat', 'pdf generation', 'payments api', 'email verification'];

/** Everything a need or a lookup can observe of an index, for the given queries. */
function observe(catalogue: CatalogueIndex) {
  return {
    size: catalogue.size,
    needs: DEV_QUERIES.map((query) => catalogue.needs.search(query, { limit: 10 })),
    lookups: LOOKUPS.map((query) =>
      catalogue
        .searchText(query, { combineWith: 'OR' })
        .map((match) => JSON.stringify(match))
        .sort(),
    ),
    prefixes: ['pay', 'weat', 'zz'].map((prefix) => catalogue.needs.termsStartingWith(prefix, 20)),
    nearSpellings: catalogue.needs.termsNear('wether', 2),
  };
}

let store: Store;
let listings: Listing[];
beforeAll(async () => {
  // The corpus and a copy of part of it: 2,500 listings, names and slugs all distinct.
  listings = syntheticCatalogue(2_500, CORPUS);
  store = await openStore(`file:${createTestSqlitePath()}`);
  await store.saveListings(listings);
});
afterAll(() => store.close());

describe('a need index built on a worker thread', () => {
  it('ranks needs, looks text up and suggests words exactly as one built on this thread', async () => {
    const here = await CatalogueIndex.build(store, { needIndexInWorkerFrom: 0 });
    const failures: Error[] = [];
    const inWorker = await CatalogueIndex.build(store, { needIndexInWorkerFrom: 1, onWorkerFailure: (error) => failures.push(error) });

    expect(failures).toEqual([]);
    const expected = observe(here);
    expect(expected.needs.every((result) => result.hits.length > 0)).toBe(true);
    expect(observe(inWorker)).toEqual(expected);
  });

  it('takes later changes as one built here does: a renamed listing is found by its new words only', async () => {
    const inWorker = await CatalogueIndex.build(store, { needIndexInWorkerFrom: 1 });
    const here = await CatalogueIndex.build(store, { needIndexInWorkerFrom: 0 });
    const renamed = listingSchema.parse({ ...listings[0]!, name: 'Quetzalcoatl Telemetry', description: 'Streams quetzal sensor telemetry' });
    expect(inWorker.needs.search(listings[0]!.name, { limit: 5 }).hits.map((hit) => hit.slug)).toContain(renamed.slug);

    await store.saveListings([renamed]);
    await inWorker.refresh();
    await here.refresh();

    expect(inWorker.needs.search('quetzal', { limit: 5 }).hits.map((hit) => hit.slug)).toEqual([renamed.slug]);
    expect(inWorker.needs.search(listings[0]!.name, { limit: 5 }).hits.map((hit) => hit.slug)).not.toContain(renamed.slug);
    expect(observe(inWorker)).toEqual(observe(here));
    // Restore, for the other tests.
    await store.saveListings([listings[0]!]);
  });

  it('is built on this thread instead when the worker fails, and the failure is told', async () => {
    const failures: Error[] = [];
    const catalogue = await CatalogueIndex.build(store, {
      needIndexInWorkerFrom: 1,
      onWorkerFailure: (error) => failures.push(error),
      startWorkerBuild: () => buildNeedIndexInWorker(new URL('./no-such-worker-module.ts', import.meta.url)),
    });

    expect(failures).toHaveLength(1);
    expect(failures[0]!.message).toMatch(/need-index worker failed.*no-such-worker-module/s);
    expect(observe(catalogue)).toEqual(observe(await CatalogueIndex.build(store, { needIndexInWorkerFrom: 0 })));
  });

  it('is not used below the threshold: the default catalogue stays on this thread', async () => {
    let started = 0;
    await CatalogueIndex.build(store, {
      needIndexInWorkerFrom: listings.length + 1,
      startWorkerBuild: () => {
        started += 1;
        return buildNeedIndexInWorker();
      },
    });
    expect(started).toBe(0);
  });
});

/** A packed need index of the first `count` listings, and the documents it was built from. */
function indexOfFirst(count: number) {
  const documents = listings.slice(0, count).map((listing) => toNeedDocument({ listing }));
  const index = new NeedIndex();
  for (const document of documents) index.add(document);
  index.pack();
  return { documents, index };
}

describe('NeedIndex state', () => {
  it('round-trips through flat arrays, dead slots of replaced listings compacted away', () => {
    const { documents, index } = indexOfFirst(300);
    // Replaced documents leave dead slots behind until the index compacts.
    for (const document of documents.slice(0, 40)) index.add({ ...document, fields: { ...document.fields, description: `${document.fields.description} with zorblax` } });

    const restored = NeedIndex.fromState(index.toState());

    expect(restored.size).toBe(300);
    for (const query of [...DEV_QUERIES.slice(0, 15), 'zorblax']) {
      expect(restored.search(query, { limit: 10 })).toEqual(index.search(query, { limit: 10 }));
    }
    expect(restored.search('zorblax', { limit: 50 }).hits).toHaveLength(40);
  });

  it('restored with every postings list a view (a CLI command), ranks the same and still takes changes', () => {
    const { documents, index } = indexOfFirst(300);

    // A copy, as the CLI's cache reads it back: toState shares the slugs array with the index.
    const restored = NeedIndex.fromState(structuredClone(index.toState()), undefined, { allViews: true });
    for (const query of DEV_QUERIES.slice(0, 15)) expect(restored.search(query, { limit: 10 })).toEqual(index.search(query, { limit: 10 }));

    const changed = { ...documents[0]!, fields: { ...documents[0]!.fields, description: `${documents[0]!.fields.description} with zorblax` } };
    for (const target of [index, restored]) {
      target.add(changed);
      target.pack();
    }
    for (const query of [...DEV_QUERIES.slice(0, 15), 'zorblax']) expect(restored.search(query, { limit: 10 })).toEqual(index.search(query, { limit: 10 }));
    expect(restored.search('zorblax', { limit: 50 }).hits).toHaveLength(1);
  });
});
