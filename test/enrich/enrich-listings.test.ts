import { TEST_CATALOG_DIR } from '../support/test-catalog.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syncListings } from '../../src/core/catalogue/sync-listings.ts';
import type { CoreContext } from '../../src/core/context.ts';
import { AppError } from '../../src/core/errors.ts';
import { listingSchema, type Listing, type ListingInput } from '../../src/core/listings/listing.ts';
import { qualityScore } from '../../src/core/scoring/quality.ts';
import type { EnrichSettings } from '../../src/enrich/enrich-settings.ts';
import { enrichListings, type ReadPackage } from '../../src/enrich/enrich-listings.ts';
import { readNpmPackage } from '../../src/enrich/npm/read-npm-package.ts';
import { openCore } from '../../src/open-core.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';
import { RegistryReplayServer } from './registry-replay-server.ts';

/** The enrichment verb over a real store (SQLite and PostgreSQL) and the replayed registry. */

const NOW = new Date('2026-11-21T12:00:00Z');
const quiet = { info: () => {}, warn: () => {} };

let registry: RegistryReplayServer;
let settings: EnrichSettings;
beforeAll(async () => {
  registry = await RegistryReplayServer.start();
  settings = { npmRegistryUrl: registry.registryUrl, npmDownloadsApiUrl: registry.downloadsApiUrl, retry: { attempts: 3, timeoutMs: 150, backoffMs: 1, maxBackoffMs: 5 } };
});
afterAll(async () => {
  await registry.close();
});

const readPackage: ReadPackage = (name) => readNpmPackage(name, { settings, now: NOW });

const listing = (slug: string, fields: Partial<ListingInput> = {}): Listing =>
  listingSchema.parse({ slug, name: slug.replaceAll('-', ' '), description: `The ${slug} listing`, category: 'Communication', ...fields });

const ILLUSTRATIVE = {
  weeklyDownloads: { value: 77000, illustrative: true },
  stars: { value: 1200, illustrative: true },
  daysSinceLastRelease: { value: 19, illustrative: true },
  issueCloseRatio: { value: 0.7, illustrative: true },
  typeDefinitions: { value: false, illustrative: true },
  docsQuality: { value: 'excellent', illustrative: true },
  breakingChanges: { value: 'occasional', illustrative: true },
} as const;

const CATALOGUE = [
  listing('realtime-messaging', { install: 'npm install ably', qualityInputs: ILLUSTRATIVE }),
  listing('browser-channels', {
    install: 'yarn add pusher-js',
    // A curator's hand-set observation: the registry still wins for what it measures.
    qualityInputs: { weeklyDownloads: { value: 5, illustrative: false }, stars: { value: 9000 }, docsQuality: { value: 'good' } },
  }),
  listing('scoped-sdk', { install: 'npm i @supabase/supabase-js@^2' }),
  listing('no-package', {}),
  listing('python-only', { install: 'pip install requests' }),
  listing('registry-down', { install: 'npm install down-pkg', qualityInputs: ILLUSTRATIVE }),
  listing('registry-silent', { install: 'npm install silent-pkg', qualityInputs: ILLUSTRATIVE }),
  listing('registry-garbled', { install: 'npm install garbled-pkg', qualityInputs: ILLUSTRATIVE }),
  listing('not-on-npm', { install: 'npm install no-such-package-anywhere', qualityInputs: ILLUSTRATIVE }),
];

function scriptFaults() {
  registry.script('/registry/down-pkg', { status: 500 });
  registry.script('/registry/silent-pkg', { hang: true });
  registry.script('/registry/garbled-pkg', { truncate: 'registry/ably.json', bytes: 300 });
}

async function openStoreWith(databaseUrl: string, listings: Listing[]): Promise<CoreContext> {
  const ctx = await openCore({ databaseUrl, catalogDir: TEST_CATALOG_DIR }, { log: quiet, loadDefaultCatalogue: false });
  await syncListings({ ctx, input: { listings } });
  return ctx;
}

const opened: CoreContext[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((ctx) => ctx.store.close()));
});

describe.each(STORE_KINDS)('enrichListings on $kind', ({ databaseUrl }) => {
  it('updates listings with npm packages, skips the rest, fails what the registry cannot give, and leaves failed listings exactly as they were', async () => {
    scriptFaults();
    const ctx = await openStoreWith(await databaseUrl(), CATALOGUE);
    opened.push(ctx);
    const before = new Map(await Promise.all(CATALOGUE.map(async ({ slug }) => [slug, await ctx.store.getListing(slug)] as const)));

    const report = await enrichListings({ ctx, input: {}, readPackage, now: () => NOW });

    expect(report.map(({ slug, outcome }) => [slug, outcome])).toEqual([
      ['browser-channels', 'updated'],
      ['no-package', 'skipped'],
      ['not-on-npm', 'failed'],
      ['python-only', 'skipped'],
      ['realtime-messaging', 'updated'],
      ['registry-down', 'failed'],
      ['registry-garbled', 'failed'],
      ['registry-silent', 'failed'],
      ['scoped-sdk', 'updated'],
    ]);
    const bySlug = new Map(report.map((item) => [item.slug, item]));
    expect(bySlug.get('no-package')?.reason).toBe('no npm package: no install instruction');
    expect(bySlug.get('python-only')?.reason).toBe('no npm package: "pip install requests" is not an npm, yarn, pnpm or bun install command');
    expect(bySlug.get('not-on-npm')?.reason).toMatch(/^the npm registry has no package "no-such-package-anywhere" .*HTTP 404\); the listing is left as it was$/);
    expect(bySlug.get('registry-down')?.reason).toMatch(/down-pkg: HTTP 500 Internal Server Error \(after 3 attempts\); the listing is left as it was$/);
    expect(bySlug.get('registry-silent')?.reason).toMatch(/silent-pkg: no answer within 150 ms \(after 3 attempts\)/);
    expect(bySlug.get('registry-garbled')?.reason).toMatch(/garbled-pkg: the answer is not valid JSON .*\(after 3 attempts\)/);
    expect(registry.requestsFor('/registry/down-pkg').length).toBeGreaterThanOrEqual(3);

    // Failed and skipped listings: byte for byte as before, same revision and timestamps.
    for (const slug of ['registry-down', 'registry-silent', 'registry-garbled', 'not-on-npm', 'no-package', 'python-only']) {
      expect(await ctx.store.getListing(slug)).toEqual(before.get(slug));
    }

    // The registry's inputs replace illustrative ones, with provenance; the others stay.
    const refreshedAt = NOW.toISOString();
    const ably = (await ctx.store.getListing('realtime-messaging'))!.listing;
    expect(ably.qualityInputs).toEqual({
      ...ILLUSTRATIVE,
      weeklyDownloads: { value: 150000, source: 'npm registry', refreshedAt },
      daysSinceLastRelease: { value: 88, source: 'npm registry', refreshedAt },
      typeDefinitions: { value: true, source: 'npm registry', refreshedAt },
    });
    expect(ably.package).toEqual({
      name: 'ably',
      registry: 'npm',
      latestVersion: '2.28.0',
      lastReleaseAt: '2026-08-24T16:12:21.632Z',
      deprecated: false,
      repositoryUrl: 'https://github.com/ably/ably-js',
      source: 'npm registry',
      refreshedAt,
    });
    const realtime = bySlug.get('realtime-messaging')!;
    expect(realtime.quality).toEqual({ before: qualityScore(CATALOGUE[0]!.qualityInputs), after: qualityScore(ably.qualityInputs) });
    expect(realtime.quality!.after).not.toBe(realtime.quality!.before);
    expect(realtime.changes).toEqual(
      expect.arrayContaining(['weeklyDownloads 77000 (illustrative) → 150000', 'daysSinceLastRelease 19 (illustrative) → 88', 'typeDefinitions false (illustrative) → true', 'package ably recorded (latest 2.28.0, released 2026-08-24, not deprecated, repository https://github.com/ably/ably-js)']),
    );

    // A curator's hand-set value is replaced too, and the report says so.
    const pusher = (await ctx.store.getListing('browser-channels'))!.listing;
    expect(pusher.qualityInputs.weeklyDownloads).toEqual({ value: 1000000, source: 'npm registry', refreshedAt });
    expect(pusher.qualityInputs.stars).toEqual({ value: 9000 });
    expect(bySlug.get('browser-channels')?.changes).toContain('weeklyDownloads 5 (set by hand) → 1000000');
    expect(pusher.package?.repositoryUrl).toBe('https://github.com/pusher/pusher-js');

    // The in-memory catalogue serves the new values.
    expect(ctx.catalogue.get('realtime-messaging')?.listing.package?.latestVersion).toBe('2.28.0');
  });
});

describe('enrichListings', () => {
  it('comes back unchanged when run again with the same readings, writing nothing', async () => {
    const ctx = await openStoreWith(`file:${createTestSqlitePath()}`, [CATALOGUE[0]!, CATALOGUE[2]!]);
    opened.push(ctx);
    const first = await enrichListings({ ctx, input: {}, readPackage, now: () => NOW });
    expect(first.map((item) => item.outcome)).toEqual(['updated', 'updated']);
    const saved = await ctx.store.getListing('realtime-messaging');

    const later = new Date(NOW.getTime() + 60_000); // the same day: same day count
    const second = await enrichListings({ ctx, input: {}, readPackage, now: () => later });
    expect(second).toEqual([
      { slug: 'realtime-messaging', package: 'ably', outcome: 'unchanged' },
      { slug: 'scoped-sdk', package: '@supabase/supabase-js', outcome: 'unchanged' },
    ]);
    expect(await ctx.store.getListing('realtime-messaging')).toEqual(saved);
  });

  it('saves nothing on a dry run, but reports what would change', async () => {
    const ctx = await openStoreWith(`file:${createTestSqlitePath()}`, [CATALOGUE[0]!]);
    opened.push(ctx);
    const before = await ctx.store.getListing('realtime-messaging');
    const report = await enrichListings({ ctx, input: { dryRun: true }, readPackage, now: () => NOW });
    expect(report[0]).toMatchObject({ outcome: 'updated', changes: expect.arrayContaining(['weeklyDownloads 77000 (illustrative) → 150000']) });
    expect(await ctx.store.getListing('realtime-messaging')).toEqual(before);
  });

  it('enriches one listing by slug, and answers an unknown slug with close matches', async () => {
    const ctx = await openStoreWith(`file:${createTestSqlitePath()}`, [CATALOGUE[0]!, CATALOGUE[1]!]);
    opened.push(ctx);
    const report = await enrichListings({ ctx, input: { slug: 'browser-channels' }, readPackage, now: () => NOW });
    expect(report.map((item) => item.slug)).toEqual(['browser-channels']);
    expect((await ctx.store.getListing('realtime-messaging'))?.listing.package).toBeUndefined();

    const unknown = enrichListings({ ctx, input: { slug: 'browser-channel' }, readPackage, now: () => NOW });
    await expect(unknown).rejects.toBeInstanceOf(AppError);
    await expect(unknown).rejects.toMatchObject({ code: 'not_found', extensions: { suggestions: ['browser-channels'] } });
  });

  it('reads a package shared by several listings once', async () => {
    const ctx = await openStoreWith(`file:${createTestSqlitePath()}`, [listing('left-pad-one', { install: 'npm i left-pad' }), listing('left-pad-two', { install: 'yarn add left-pad@1' })]);
    opened.push(ctx);
    const already = registry.requestsFor('/registry/left-pad').length;
    const report = await enrichListings({ ctx, input: {}, readPackage, now: () => NOW });
    expect(report.map((item) => item.outcome)).toEqual(['updated', 'updated']);
    expect(registry.requestsFor('/registry/left-pad').length - already).toBe(1);
  });

  it('records a deprecation message from the registry', async () => {
    const ctx = await openStoreWith(`file:${createTestSqlitePath()}`, [listing('padding', { install: 'npm install left-pad' })]);
    opened.push(ctx);
    registry.script('/registry/left-pad', { fixture: 'registry/left-pad.deprecated.json' });
    try {
      await enrichListings({ ctx, input: {}, readPackage, now: () => NOW });
    } finally {
      registry.script('/registry/left-pad', { fixture: 'registry/left-pad.json' });
    }
    expect((await ctx.store.getListing('padding'))?.listing.package?.deprecated).toBe('use String.prototype.padStart()');
  });

  it('applies the reading to the listing as stored when it arrives, keeping an edit made meanwhile', async () => {
    const ctx = await openStoreWith(`file:${createTestSqlitePath()}`, [CATALOGUE[0]!]);
    opened.push(ctx);
    const slowRead: ReadPackage = async (name) => {
      const reading = await readPackage(name);
      await ctx.store.saveListings([{ ...CATALOGUE[0]!, description: 'Edited by a curator while the registry was read' }]);
      return reading;
    };
    await enrichListings({ ctx, input: {}, readPackage: slowRead, now: () => NOW });
    const stored = (await ctx.store.getListing('realtime-messaging'))!.listing;
    expect(stored.description).toBe('Edited by a curator while the registry was read');
    expect(stored.package?.name).toBe('ably');
  });

  it('fails an item whose reading the listing schema refuses, leaving it as it was', async () => {
    const ctx = await openStoreWith(`file:${createTestSqlitePath()}`, [CATALOGUE[0]!]);
    opened.push(ctx);
    const before = await ctx.store.getListing('realtime-messaging');
    const impossible: ReadPackage = async (name) => ({ ...(await readPackage(name)), weeklyDownloads: -3 });
    const [item] = await enrichListings({ ctx, input: {}, readPackage: impossible, now: () => NOW });
    expect(item).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('the registry gave a value the listing schema refuses (qualityInputs.weeklyDownloads.value: weeklyDownloads must be 0 or more)') });
    expect(await ctx.store.getListing('realtime-messaging')).toEqual(before);
  });
});

describe('enriched listings on the JSON API and the listing page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`);
    await syncListings({ ctx: server.ctx, input: { listings: [CATALOGUE[0]!, listing('padding', { install: 'npm install left-pad', name: 'Padding <b>service</b>' })] } });
    registry.script('/registry/left-pad', { fixture: 'registry/left-pad.deprecated.json' });
    try {
      await enrichListings({ ctx: server.ctx, input: {}, readPackage, now: () => NOW });
    } finally {
      registry.script('/registry/left-pad', { fixture: 'registry/left-pad.json' });
    }
  });
  afterAll(async () => server?.close());

  it('GET /api/apis/{slug} carries the package, and the quality computed from the new inputs (checked against the published schema)', async () => {
    const response = await fetch(`${server.baseUrl}/api/apis/realtime-messaging`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body.package).toEqual({
      name: 'ably',
      registry: 'npm',
      latestVersion: '2.28.0',
      lastReleaseAt: '2026-08-24T16:12:21.632Z',
      deprecated: false,
      repositoryUrl: 'https://github.com/ably/ably-js',
      source: 'npm registry',
      refreshedAt: NOW.toISOString(),
    });
    expect(body.weeklyDownloads).toBe(150000);
    expect(body.quality.inputs).toMatchObject({ weeklyDownloads: 150000, daysSinceLastRelease: 88, typeDefinitions: true });
    expect(body.illustrativeValues).not.toContain('weeklyDownloads');
    // A listing never enriched has null, and list items do not carry it.
    expect(((await (await fetch(`${server.baseUrl}/api/apis/real-time-channels-api`)).json()) as any).package).toBeNull();
    const list = (await (await fetch(`${server.baseUrl}/api/apis?q=realtime-messaging`)).json()) as any;
    expect(list.items[0]).not.toHaveProperty('package');
  });

  it('the listing page shows the package facts, escaped', async () => {
    const page = await (await fetch(`${server.baseUrl}/apis/padding`)).text();
    expect(page).toContain('<dl class="facts" data-package>');
    expect(page).toContain('<dd data-latest-version>1.<wbr>3.<wbr>0</dd>');
    expect(page).toContain('<dd data-deprecated>yes: use String.<wbr>prototype.<wbr>padStart()</dd>');
    // Break opportunities after each slash keep a long repository URL inside a phone's width.
    expect(page).toContain('<a href="https://github.com/stevemao/left-pad" rel="noopener noreferrer">https:<wbr>/<wbr>/<wbr>github.<wbr>com/<wbr>stevemao/<wbr>left-<wbr>pad</a>');
    expect(page).toContain('Read from the npm registry on 2026-11-21.');
    expect(page).not.toContain('<b>service</b>');
    const plain = await (await fetch(`${server.baseUrl}/apis/real-time-channels-api`)).text();
    expect(plain).not.toContain('data-package');
  });
});
