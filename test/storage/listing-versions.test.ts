import { afterEach, describe, expect, it } from 'vitest';
import { versionChanges } from '../../src/core/catalogue/version-changes.ts';
import { listingSchema, type Listing, type ListingInput } from '../../src/core/listings/listing.ts';
import { openStore } from '../../src/storage/open-store.ts';
import type { Store } from '../../src/core/store.ts';
import { createTestDatabase, createTestSqlitePath } from '../support/postgres.ts';

/** Versions of listings, the change feed's store side (issue 17), on both adapters. */

const listing = (slug: string, changes: Partial<ListingInput> = {}): Listing =>
  listingSchema.parse({ slug, name: `Listing ${slug}`, description: 'A listing', category: 'Weather', cliCriteria: { officialSdk: { status: 'passed' }, envVarAuth: { status: 'passed' }, headless: { status: 'passed' }, cliTool: { status: 'failed' }, jsonResponse: { status: 'passed' }, curlExamples: { status: 'passed' }, rateLimits: { status: 'failed' }, machineReadablePricing: { status: 'failed' } }, ...changes });

describe('what changed between two versions of a listing', () => {
  it('names each changed field and criterion, the scores before and after, and says it in a sentence', () => {
    const before = listing('weather');
    const after = listing('weather', {
      description: 'Forecasts and alerts',
      cliCriteria: { ...before.cliCriteria, rateLimits: { status: 'passed', evidence: 'openapi:#/paths/~1forecast/get/responses/429: 429 documented', source: 'doc', pointer: '#/paths/~1forecast/get/responses/429' } },
    });
    const changes = versionChanges(before, after);
    expect(changes.fields).toEqual([
      { field: 'description', old: 'A listing', new: 'Forecasts and alerts' },
      { field: 'cliCriteria.rateLimits', old: { status: 'failed' }, new: after.cliCriteria.rateLimits },
    ]);
    expect(changes.scores).toEqual({ cliRelevance: { old: '7', new: '8' } });
    expect(changes.summary).toBe('CLI relevance changed from 7 to 8: reasonable rate limits for scripted use now passed (openapi:#/paths/~1forecast/get/responses/429); description changed.');
  });

  it('says a new listing was listed, with its score', () => {
    expect(versionChanges(undefined, listing('new-one'))).toEqual({ fields: [], scores: {}, summary: 'Listing new-one listed, CLI relevance 7.' });
  });
});

const adapters = [
  { kind: 'sqlite', createDatabaseUrl: async () => `file:${createTestSqlitePath()}` },
  { kind: 'postgres', createDatabaseUrl: createTestDatabase },
] as const;

describe.each(adapters)('listing versions on $kind', ({ createDatabaseUrl }) => {
  const opened: Store[] = [];
  const open = async (url: string) => {
    const store = await openStore(url);
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('records one version per changed listing under its revision, with the cause; an unchanged listing adds none', async () => {
    const url = await createDatabaseUrl();
    const store = await open(url);
    const [a, b] = await store.saveListings([listing('alpha'), listing('beta')], { cause: 'import' });
    await store.saveListings([listing('alpha'), listing('beta', { description: 'Changed' })]);
    const versions = await store.listingVersions({ afterRevision: 0, limit: 10 });
    expect(versions.map((version) => [version.revision, version.slug, version.kind, version.cause])).toEqual([
      [a!.revision, 'alpha', 'created', 'import'],
      [b!.revision, 'beta', 'created', 'import'],
      [b!.revision + 1, 'beta', 'updated', 'sync'],
    ]);
    expect(versions[2]!.changes.fields).toEqual([{ field: 'description', old: 'A listing', new: 'Changed' }]);
    expect((await store.getListing('beta'))!.revision).toBe(versions[2]!.revision);
  });

  it('pages by revision and by instant, gives one listing\'s newest first, and another server on the store reads the same', async () => {
    const url = await createDatabaseUrl();
    const store = await open(url);
    await store.saveListings([listing('one'), listing('two'), listing('three')]);
    const first = await store.listingVersions({ afterRevision: 0, limit: 2 });
    const rest = await store.listingVersions({ afterRevision: first.at(-1)!.revision, limit: 2 });
    expect([...first, ...rest].map((version) => version.slug)).toEqual(['one', 'two', 'three']);
    await store.saveListings([listing('two', { name: 'Two, renamed' })]);
    const other = await open(url);
    expect((await other.listingVersions({ afterRevision: rest.at(-1)!.revision, limit: 5 })).map((version) => version.slug)).toEqual(['two']);
    expect((await other.listingVersions({ slug: 'two', limit: 5 })).map((version) => version.kind)).toEqual(['updated', 'created']);
    expect((await other.listingVersions({ newestFirst: true, limit: 1 }))[0]!.slug).toBe('two');
    expect(await other.listingVersions({ changedAfter: '2999-01-01T00:00:00.000Z', limit: 5 })).toEqual([]);
    expect((await other.listingVersions({ changedAfter: '2000-01-01T00:00:00.000Z', limit: 10 })).length).toBe(4);
  });
});
