import { TEST_CATALOG_DIR } from '../support/test-catalog.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.ts';
import { runCli } from '../../src/cli/main.ts';
import { loadConfig } from '../../src/config.ts';
import { syncListings } from '../../src/core/catalogue/sync-listings.ts';
import { listingSchema } from '../../src/core/listings/listing.ts';
import { openCore } from '../../src/open-core.ts';
import { openStore } from '../../src/storage/open-store.ts';
import { RegistryReplayServer } from '../enrich/registry-replay-server.ts';
import { createTestSqlitePath } from '../support/postgres.ts';

/** `apidex enrich` through the real command line, on a real SQLite file, against the replayed registry. */

let registry: RegistryReplayServer;
beforeAll(async () => {
  registry = await RegistryReplayServer.start();
});
afterAll(async () => {
  await registry.close();
});

const quiet = { info: () => {}, warn: () => {} };

const LISTINGS = [
  listingSchema.parse({
    slug: 'realtime-messaging',
    name: 'Realtime messaging',
    description: 'Pub/sub channels',
    category: 'Communication',
    install: 'npm install ably',
    // Less than half the weight known: not scored until the registry fills in more.
    qualityInputs: { weeklyDownloads: { value: 77000, illustrative: true }, stars: { value: 1200, illustrative: true } },
  }),
  listingSchema.parse({ slug: 'broken-sdk', name: 'Broken SDK', description: 'Its registry is down', category: 'Communication', install: 'npm i broken-sdk' }),
];

/** A SQLite file holding the default catalogue and LISTINGS. */
async function preparedStore(listings = LISTINGS): Promise<string> {
  const databaseUrl = `file:${createTestSqlitePath()}`;
  const ctx = await openCore({ databaseUrl, catalogDir: TEST_CATALOG_DIR }, { log: quiet });
  try {
    await syncListings({ ctx, input: { listings } });
  } finally {
    await ctx.store.close();
  }
  return databaseUrl;
}

async function apidex(args: string[], databaseUrl: string, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    config: () =>
      loadConfig({
        DATABASE_URL: databaseUrl,
        APIDEX_NPM_REGISTRY: registry.registryUrl,
        APIDEX_NPM_DOWNLOADS_API: registry.downloadsApiUrl,
        APIDEX_ENRICH_TIMEOUT_MS: '200',
        APIDEX_ENRICH_ATTEMPTS: '2',
        APIDEX_ENRICH_BACKOFF_MS: '0',
        ...env,
      }),
  };
  const code = await runCli(args, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

async function stored(databaseUrl: string, slug: string) {
  const store = await openStore(databaseUrl);
  try {
    return await store.getListing(slug);
  } finally {
    await store.close();
  }
}

const daysSince = (iso: string) => Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);

describe('apidex enrich', () => {
  it('lists updated and failed listings with what changed and why, exits 1 when one failed, and leaves the failed one as it was', async () => {
    registry.script('/registry/broken-sdk', { status: 500 });
    const databaseUrl = await preparedStore();
    const brokenBefore = await stored(databaseUrl, 'broken-sdk');

    const result = await apidex(['enrich'], databaseUrl);
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    const days = daysSince('2026-08-24T16:12:21.632Z');
    expect(lines[0]).toBe('failed    broken-sdk (broken-sdk): ' + `GET ${registry.registryUrl}/broken-sdk: HTTP 500 Internal Server Error (after 2 attempts); the listing is left as it was`);
    expect(lines[1]).toMatch(/^updated   realtime-messaging \(ably\): weeklyDownloads 77000 \(illustrative\) → 150000, daysSinceLastRelease unknown → \d+, typeDefinitions unknown → true, package ably recorded \(latest 2\.28\.0, released 2026-08-24, not deprecated, repository https:\/\/github\.com\/ably\/ably-js\); quality not scored → \d+$/);
    expect(lines[1]).toContain(`daysSinceLastRelease unknown → ${days}`);
    // The default catalogue's listings have no install instruction: skipped, counted, not listed.
    expect(lines[2]).toBe('updated 1, unchanged 0, skipped 6, failed 1');
    expect(lines[3]).toMatch(/^\(8 listings, registry http:\/\/127\.0\.0\.1:\d+\/registry, store .*; unchanged and skipped listings are not listed \(--verbose lists them\)\)$/);

    expect(await stored(databaseUrl, 'broken-sdk')).toEqual(brokenBefore);
    const enriched = (await stored(databaseUrl, 'realtime-messaging'))!.listing;
    expect(enriched.qualityInputs.weeklyDownloads).toEqual({ value: 150000, source: 'npm registry', refreshedAt: expect.any(String) });
    expect(enriched.qualityInputs.stars).toEqual({ value: 1200, illustrative: true });
    expect(Date.now() - Date.parse(enriched.package!.refreshedAt!)).toBeLessThan(60_000);
  });

  it('--json reports every listing with its outcome; a second run reports unchanged and exits 0', async () => {
    const databaseUrl = await preparedStore([LISTINGS[0]!]);
    const first = await apidex(['enrich', '--json'], databaseUrl);
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report.summary).toEqual({ updated: 1, unchanged: 0, skipped: 6, failed: 0 });
    expect(report.items).toHaveLength(7);
    expect(report.items.find((item: any) => item.slug === 'apidex')).toEqual({ slug: 'apidex', outcome: 'skipped', reason: 'no npm package: no install instruction' });
    expect(report.items.find((item: any) => item.slug === 'realtime-messaging')).toMatchObject({ outcome: 'updated', package: 'ably', quality: { before: null, after: expect.any(Number) } });

    const second = await apidex(['enrich', '--json', '--slug', 'realtime-messaging'], databaseUrl);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout).items).toEqual([{ slug: 'realtime-messaging', package: 'ably', outcome: 'unchanged' }]);
  });

  it('--dry-run saves nothing', async () => {
    const databaseUrl = await preparedStore([LISTINGS[0]!]);
    const before = await stored(databaseUrl, 'realtime-messaging');
    const result = await apidex(['enrich', '--dry-run', '--slug', 'realtime-messaging'], databaseUrl);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('updated 1, unchanged 0, skipped 0, failed 0');
    expect(result.stdout).toContain('dry run: nothing was saved');
    expect(await stored(databaseUrl, 'realtime-messaging')).toEqual(before);
  });

  it('--verbose lists skipped listings with their reason', async () => {
    const databaseUrl = await preparedStore([LISTINGS[0]!]);
    const result = await apidex(['enrich', '--verbose', '--dry-run'], databaseUrl);
    expect(result.stdout.split('\n')).toContain('skipped   apidex: no npm package: no install instruction');
  });

  it('answers an unknown --slug with close matches (exit 1), another --source with exit 2, a bad registry URL with exit 3', async () => {
    const databaseUrl = await preparedStore([LISTINGS[0]!]);
    const unknown = await apidex(['enrich', '--slug', 'realtime-messagin'], databaseUrl);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No listing has the slug "realtime-messagin"');
    expect(unknown.stderr).toContain('close matches: realtime-messaging');

    const source = await apidex(['enrich', '--source', 'pypi'], databaseUrl);
    expect(source.code).toBe(2);
    expect(source.stderr).toContain("argument 'pypi' is invalid. Allowed choices are npm.");

    const badRegistry = await apidex(['enrich'], databaseUrl, { APIDEX_NPM_REGISTRY: 'registry.npmjs.org' });
    expect(badRegistry.code).toBe(3);
    expect(badRegistry.stderr).toContain('APIDEX_NPM_REGISTRY must be an http(s) base URL');
  });
});
