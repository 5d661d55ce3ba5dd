import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listingSchema, type Listing, type ListingInput } from '../../src/core/listings/listing.ts';
import { submissionInputSchema } from '../../src/core/submissions/submission-schema.ts';
import { openStore } from '../../src/storage/open-store.ts';
import type { Store } from '../../src/core/store.ts';
import { createTestDatabase, createTestSqlitePath } from '../support/postgres.ts';

/** The one behaviour suite both adapters must pass, each on a real database. */

const sampleInput: ListingInput = {
  slug: 'country-reference-data-service',
  name: 'Country reference data service',
  description: 'Country data: population, languages, currencies, flags',
  pricingTier: 'Free',
  category: 'Data & Information',
  subcategory: 'Reference Data',
  capabilities: ['get country data'],
  cliCriteria: { headless: { status: 'passed' } },
  qualityInputs: { stars: { value: 300, illustrative: true } },
  faq: [],
};

function makeListing(slug: string, changes: Partial<ListingInput> = {}): Listing {
  return listingSchema.parse({ ...sampleInput, slug, name: `Listing ${slug}`, ...changes });
}

const adapters = [
  { kind: 'sqlite', createDatabaseUrl: async () => `file:${createTestSqlitePath()}` },
  { kind: 'postgres', createDatabaseUrl: createTestDatabase },
] as const;

describe.each(adapters)('$kind store', ({ kind, createDatabaseUrl }) => {
  let databaseUrl: string;
  let store: Store;
  const openStores = new Set<Store>();

  async function open(): Promise<Store> {
    const opened = await openStore(databaseUrl);
    openStores.add(opened);
    return opened;
  }

  async function close(opened: Store): Promise<void> {
    openStores.delete(opened);
    await opened.close();
  }

  beforeEach(async () => {
    databaseUrl = await createDatabaseUrl();
    store = await open();
  });

  afterEach(async () => {
    await Promise.all([...openStores].map(close));
  });

  it('opens the adapter DATABASE_URL names', () => {
    expect(store.kind).toBe(kind);
  });

  it('migrates idempotently: running the migrations again changes nothing', async () => {
    await store.saveListings([makeListing('kept-across-migrations')]);
    await store.migrate();
    await store.migrate();
    const reopened = await open();

    expect(await reopened.countListings()).toBe(1);
    const [result] = await reopened.saveListings([makeListing('saved-after-migrations')]);
    expect(result).toMatchObject({ outcome: 'created', revision: 2 });
  });

  it('reports created, then unchanged for an identical listing, then updated for a changed one', async () => {
    const original = makeListing('weather-api');
    const [created] = await store.saveListings([original]);
    expect(created).toEqual({ slug: 'weather-api', outcome: 'created', revision: expect.any(Number) });

    const [unchanged] = await store.saveListings([makeListing('weather-api')]);
    expect(unchanged).toEqual({ slug: 'weather-api', outcome: 'unchanged', revision: created!.revision });
    const afterUnchanged = await store.getListing('weather-api');
    expect(afterUnchanged?.revision).toBe(created!.revision);

    const changed = makeListing('weather-api', { description: 'Forecasts and history for any place' });
    const [updated] = await store.saveListings([changed]);
    expect(updated).toMatchObject({ slug: 'weather-api', outcome: 'updated' });
    expect(updated!.revision).toBeGreaterThan(created!.revision);

    const stored = await store.getListing('weather-api');
    expect(stored?.listing).toStrictEqual(changed);
    expect(stored?.revision).toBe(updated!.revision);
    expect(stored?.createdAt).toBe(afterUnchanged?.createdAt);
    expect(Date.parse(stored!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(stored!.createdAt));
  });

  it('treats a listing whose keys come in another order as unchanged', async () => {
    const listing = makeListing('key-order');
    const [first] = await store.saveListings([listing]);
    const reordered = Object.fromEntries(Object.entries(listing).reverse()) as Listing;
    reordered.qualityInputs = { stars: { illustrative: true, value: 300 } };

    const [second] = await store.saveListings([reordered]);
    expect(second).toEqual({ slug: 'key-order', outcome: 'unchanged', revision: first!.revision });
  });

  it('gives each written row its own revision, increasing in batch order; unchanged rows keep theirs and reserve none', async () => {
    const first = await store.saveListings(['charlie', 'alpha', 'bravo'].map((slug) => makeListing(slug)));
    expect(first.map((result) => result.slug)).toEqual(['charlie', 'alpha', 'bravo']);
    expect(first.map((result) => result.outcome)).toEqual(['created', 'created', 'created']);
    const [charlie, alpha, bravo] = first.map((result) => result.revision) as [number, number, number];
    expect(alpha).toBeGreaterThan(charlie);
    expect(bravo).toBeGreaterThan(alpha);

    const second = await store.saveListings([
      makeListing('alpha'),
      makeListing('delta'),
      makeListing('charlie', { pricingTier: 'Paid' }),
      makeListing('bravo'),
    ]);
    expect(second).toEqual([
      { slug: 'alpha', outcome: 'unchanged', revision: alpha },
      { slug: 'delta', outcome: 'created', revision: bravo + 1 },
      { slug: 'charlie', outcome: 'updated', revision: bravo + 2 },
      { slug: 'bravo', outcome: 'unchanged', revision: bravo },
    ]);

    const allUnchanged = await store.saveListings([makeListing('alpha'), makeListing('delta')]);
    expect(allUnchanged.map((result) => result.outcome)).toEqual(['unchanged', 'unchanged']);
    const [echo] = await store.saveListings([makeListing('echo')]);
    expect(echo!.revision).toBe(bravo + 3);
    expect((await store.getListing('alpha'))?.revision).toBe(alpha);
  });

  it('rejects a batch holding the same slug twice, naming the slug, and writes nothing', async () => {
    const [existing] = await store.saveListings([makeListing('existing')]);

    const batch = [makeListing('fresh'), makeListing('existing', { pricingTier: 'Paid' }), makeListing('fresh', { name: 'Fresh again' })];
    await expect(store.saveListings(batch)).rejects.toThrow(/"fresh"/);

    expect(await store.countListings()).toBe(1);
    expect(await store.getListing('fresh')).toBeUndefined();
    expect((await store.getListing('existing'))?.listing.pricingTier).toBe('Free');
    const [next] = await store.saveListings([makeListing('after-rejection')]);
    expect(next!.revision).toBe(existing!.revision + 1);
  });

  it('saves an empty batch as a no-op', async () => {
    expect(await store.saveListings([])).toEqual([]);
    expect(await store.countListings()).toBe(0);
  });

  it('pages through listings ordered by slug (byte order, hyphen before digits before letters)', async () => {
    const slugs = ['ab', 'a-c', 'b', 'a0', 'a-b'];
    await store.saveListings(slugs.map((slug) => makeListing(slug)));

    const pages: string[][] = [];
    let after: string | undefined;
    for (;;) {
      const page = await store.listListings({ ...(after === undefined ? {} : { after }), limit: 2 });
      pages.push(page.items.map((item) => item.listing.slug));
      if (page.next === null) break;
      expect(page.next).toBe(page.items[page.items.length - 1]!.listing.slug);
      after = page.next;
    }
    expect(pages).toEqual([['a-b', 'a-c'], ['a0', 'ab'], ['b']]);

    const whole = await store.listListings({ limit: 5 });
    expect(whole.items).toHaveLength(5);
    expect(whole.next).toBeNull();
    expect(await store.listListings({ after: 'b', limit: 5 })).toEqual({ items: [], next: null });
  });

  it('returns only rows written after the given revision, oldest first, at most limit', async () => {
    const [x, , z] = await store.saveListings(['x-ray', 'yankee', 'zulu'].map((slug) => makeListing(slug)));
    const [yUpdated] = await store.saveListings([makeListing('yankee', { pricingTier: 'Paid' })]);

    const all = await store.listingChangesSince(0, 10);
    expect(all.items.map((item) => item.listing.slug)).toEqual(['x-ray', 'zulu', 'yankee']);
    expect(all.revision).toBe(yUpdated!.revision);
    expect(all.items.map((item) => item.revision)).toEqual([x!.revision, z!.revision, yUpdated!.revision]);

    const newer = await store.listingChangesSince(z!.revision, 10);
    expect(newer.items.map((item) => item.listing.slug)).toEqual(['yankee']);
    expect(newer.items[0]!.listing.pricingTier).toBe('Paid');

    const limited = await store.listingChangesSince(0, 2);
    expect(limited.items.map((item) => item.listing.slug)).toEqual(['x-ray', 'zulu']);
    expect(limited.revision).toBe(z!.revision);

    expect(await store.listingChangesSince(yUpdated!.revision, 10)).toEqual({ items: [], revision: yUpdated!.revision });
  });

  it('pages through one big batch in the change feed without gaps or repeats', async () => {
    const slugs = Array.from({ length: 25 }, (_, index) => `feed-${String(25 - index).padStart(2, '0')}`);
    await store.saveListings(slugs.map((slug) => makeListing(slug)));

    const seen: string[] = [];
    const pageSizes: number[] = [];
    let revision = 0;
    for (;;) {
      const changes = await store.listingChangesSince(revision, 10);
      if (changes.items.length === 0) {
        expect(changes.revision).toBe(revision);
        break;
      }
      pageSizes.push(changes.items.length);
      seen.push(...changes.items.map((item) => item.listing.slug));
      revision = changes.revision;
    }
    expect(pageSizes).toEqual([10, 10, 5]);
    expect(seen).toEqual(slugs);
  });

  it('returns undefined for an unknown slug', async () => {
    await store.saveListings([makeListing('known')]);
    expect(await store.getListing('unknown')).toBeUndefined();
  });

  it('round-trips listings exactly: values kept, left-out fields stay left out', async () => {
    const minimal = listingSchema.parse({ slug: 'minimal', name: 'Minimal', description: 'Only what is required', category: 'Tools' });
    const full = listingSchema.parse({
      ...sampleInput,
      slug: 'full',
      url: 'https://example.com/docs',
      install: 'npm install example-sdk',
      description: 'Ünïcode, “quotes”, emoji 🌍 and a backslash \\',
      cliCriteria: { headless: { status: 'passed', evidence: 'https://example.com/cli' } },
      qualityInputs: {
        issueCloseRatio: { value: 0.62, source: 'GitHub', refreshedAt: '2025-01-02T03:04:05.678+02:00' },
        typeDefinitions: { value: false },
        weeklyDownloads: { value: 0 },
      },
      faq: [{ question: 'Is there a free tier?', answer: 'Yes.\nUp to 1,000 calls a day.' }],
    });
    await store.saveListings([minimal, full]);

    const storedMinimal = await store.getListing('minimal');
    expect(storedMinimal?.listing).toStrictEqual(minimal);
    expect(Object.keys(storedMinimal!.listing).sort()).toEqual(Object.keys(minimal).sort());
    expect(storedMinimal!.listing).not.toHaveProperty('url');
    expect(storedMinimal!.listing).not.toHaveProperty('pricingTier');
    expect((await store.getListing('full'))?.listing).toStrictEqual(full);

    const [listed] = (await store.listListings({ after: 'full', limit: 1 })).items;
    expect(listed?.listing).toStrictEqual(minimal);
  });

  it('returns timestamps as ISO 8601 strings and revisions as numbers', async () => {
    const before = Date.now();
    await store.saveListings([makeListing('timed')]);
    const stored = await store.getListing('timed');

    expect(typeof stored?.revision).toBe('number');
    expect(stored?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(stored?.updatedAt).toBe(stored?.createdAt);
    expect(Date.parse(stored!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('counts listings', async () => {
    expect(await store.countListings()).toBe(0);
    await store.saveListings(['one', 'two', 'three'].map((slug) => makeListing(slug)));
    await store.saveListings([makeListing('two', { pricingTier: 'Paid' }), makeListing('four')]);
    expect(await store.countListings()).toBe(4);
  });

  it('keeps data and the revision counter after the store is closed and reopened', async () => {
    const listing = makeListing('durable');
    const [saved] = await store.saveListings([listing]);
    await close(store);

    const reopened = await open();
    expect(await reopened.countListings()).toBe(1);
    expect(await reopened.getListing('durable')).toMatchObject({ listing, revision: saved!.revision });
    const [next] = await reopened.saveListings([makeListing('after-reopen')]);
    expect(next!.revision).toBe(saved!.revision + 1);
  });

  it('rejects a limit that is not a whole number of 1 or more', async () => {
    await expect(store.listListings({ limit: 0 })).rejects.toThrow(/limit/);
    await expect(store.listingChangesSince(0, 1.5)).rejects.toThrow(/limit/);
  });

  describe('submissions', () => {
    const proposal = (name: string, url?: string) => ({
      record: submissionInputSchema.parse({ name, description: `${name} as JSON`, category: 'Data & Information', ...(url ? { url } : {}) }),
      assessment: { openApi: 'no-document' as const, documentVersion: null, criteria: {}, notes: [] },
      possibleDuplicates: [],
    });
    let clock = Date.parse('2026-01-01T00:00:00.000Z');
    const write = (id: string, name: string, keys: { host?: string | null; slug?: string | null } = {}) => {
      clock += 1000;
      return store.saveSubmission({
        id,
        content: proposal(name),
        nameKey: name.toLowerCase(),
        hostKey: keys.host ?? null,
        requestedSlug: keys.slug ?? null,
        clientHash: 'client',
        now: new Date(clock).toISOString(),
        reasons: ['openapi:no-document'],
      });
    };

    it('queues a proposal as pending and logs it; a pending one of the same name key and compatible host, or the same slug, is a duplicate and logged, not queued', async () => {
      expect(await write('s1', 'tides', { host: 'a.example' })).toMatchObject({ kind: 'saved', submission: { id: 's1', status: 'pending', listingSlug: null, decision: null } });
      expect(await store.getSubmission('s1')).toMatchObject({ id: 's1', status: 'pending', content: { record: { name: 'tides' } } });
      expect(await write('s2', 'tides', { host: 'a.example' })).toMatchObject({ kind: 'duplicate-pending', submission: { id: 's1' } });
      expect(await write('s3', 'tides')).toMatchObject({ kind: 'duplicate-pending', submission: { id: 's1' } });
      // Another host is maybe another API: queued.
      expect((await write('s4', 'tides', { host: 'b.example', slug: 'tides-b' })).kind).toBe('saved');
      expect(await write('s5', 'waves', { slug: 'tides-b' })).toMatchObject({ kind: 'duplicate-pending', submission: { id: 's4' } });
      expect(await store.countSubmissions()).toBe(2);
      expect(await store.getSubmission('s2')).toBeUndefined();
      expect((await store.submissionLog({ submissionId: 's1', limit: 10 })).map((entry) => [entry.decision, entry.actor])).toEqual([['pending', 'intake']]);
      expect((await store.submissionLog({ submissionId: null, limit: 10 })).map((entry) => [entry.decision, entry.reasons[1]])).toEqual([
        ['duplicate', 'submission:s4'],
        ['duplicate', 'submission:s1'],
        ['duplicate', 'submission:s1'],
      ]);
    });

    it('pages through a state oldest first', async () => {
      for (const [index, name] of ['a', 'b', 'c'].entries()) await write(`p${index}`, name);
      const first = await store.listSubmissions({ status: 'pending', limit: 2 });
      expect(first.items.map((item) => item.id)).toEqual(['p0', 'p1']);
      const second = await store.listSubmissions({ status: 'pending', limit: 2, after: first.next! });
      expect(second).toMatchObject({ items: [{ id: 'p2' }], next: null });
      expect((await store.listSubmissions({ status: 'approved', limit: 5 })).items).toEqual([]);
    });

    it('approves into the catalogue with the first free slug in one transaction, once; rejects once, with the reason', async () => {
      await store.saveListings([makeListing('tides'), makeListing('tides-2'), makeListing('submit')]);
      const { revision } = await store.listingChangesSince(0, 100);
      await write('a1', 'tides');
      await write('a2', 'submit');
      await write('r1', 'other');
      const listingFor = (slug: string) => makeListing(slug, { name: `Approved ${slug}` });
      const approved = await store.approveSubmission({ id: 'a1', baseSlug: 'tides', reservedSlugs: [], listingFor, actor: 'admin', reason: 'fine', now: new Date().toISOString() });
      expect(approved).toMatchObject({ kind: 'approved', slug: 'tides-3', submission: { status: 'approved', listingSlug: 'tides-3', decision: { status: 'approved', actor: 'admin', reason: 'fine' } } });
      expect(await store.getListing('tides-3')).toMatchObject({ listing: { slug: 'tides-3', name: 'Approved tides-3' }, revision: revision + 1 });
      expect((await store.listingChangesSince(revision, 10)).items.map((item) => item.listing.slug)).toEqual(['tides-3']);
      expect(await store.getSubmission('a1')).toMatchObject({ status: 'approved', listingSlug: 'tides-3' });
      const reserved = await store.approveSubmission({ id: 'a2', baseSlug: 'submissions', reservedSlugs: ['submissions'], listingFor, actor: 'admin', reason: null, now: new Date().toISOString() });
      expect(reserved).toMatchObject({ slug: 'submissions-2' });

      expect(await store.approveSubmission({ id: 'a1', baseSlug: 'tides', reservedSlugs: [], listingFor, actor: 'admin', reason: null, now: new Date().toISOString() })).toMatchObject({ kind: 'not-pending' });
      expect(await store.countListings()).toBe(5);
      expect(await store.approveSubmission({ id: 'missing', baseSlug: 'x', reservedSlugs: [], listingFor, actor: 'admin', reason: null, now: new Date().toISOString() })).toBeUndefined();

      expect(await store.rejectSubmission({ id: 'r1', actor: 'admin', reason: 'spam', now: new Date().toISOString() })).toMatchObject({ kind: 'rejected', submission: { status: 'rejected', decision: { reason: 'spam' } } });
      expect(await store.rejectSubmission({ id: 'r1', actor: 'admin', reason: 'again', now: new Date().toISOString() })).toMatchObject({ kind: 'not-pending' });
      expect(await store.rejectSubmission({ id: 'a1', actor: 'admin', reason: 'late', now: new Date().toISOString() })).toMatchObject({ kind: 'not-pending', submission: { status: 'approved' } });
      expect(await store.rejectSubmission({ id: 'missing', actor: 'admin', reason: 'x', now: new Date().toISOString() })).toBeUndefined();
      expect((await store.submissionLog({ submissionId: 'r1', limit: 10 })).map((entry) => [entry.decision, entry.reasons])).toEqual([
        ['rejected', ['reject', 'spam']],
        ['pending', ['openapi:no-document']],
      ]);
    });

    it('approves a submission once when two moderators approve it at the same time', async (context) => {
      // Two SQLite connections in one process block each other's thread (busy_timeout waits
      // synchronously); there, one process is one connection and transactions take turns anyway.
      if (kind === 'sqlite') context.skip();
      await write('c1', 'concurrent');
      const other = await open();
      const listingFor = (slug: string) => makeListing(slug);
      const results = await Promise.all(
        [store, other].map((each) => each.approveSubmission({ id: 'c1', baseSlug: 'concurrent', reservedSlugs: [], listingFor, actor: 'admin', reason: null, now: new Date().toISOString() })),
      );
      expect(results.map((result) => result?.kind).sort()).toEqual(['approved', 'not-pending']);
      expect(await store.countListings()).toBe(1);
    });
  });
});
