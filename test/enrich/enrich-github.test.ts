import { TEST_CATALOG_DIR } from '../support/test-catalog.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.ts';
import { runCli } from '../../src/cli/main.ts';
import { loadConfig } from '../../src/config.ts';
import { syncListings } from '../../src/core/catalogue/sync-listings.ts';
import { listingSchema } from '../../src/core/listings/listing.ts';
import { computeQuality } from '../../src/core/scoring/quality.ts';
import { githubRepositoryOf } from '../../src/enrich/github/read-github-repository.ts';
import { openCore } from '../../src/open-core.ts';
import { openStore } from '../../src/storage/open-store.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { GithubReplayServer } from './github-replay-server.ts';
import { RegistryReplayServer } from './registry-replay-server.ts';

/**
 * `apidex enrich` with GITHUB_TOKEN (issue 30): npm from the replayed registry, the SDK
 * repository's stars and issue close ratio from a replayed GitHub REST API, through the real
 * command line on a real SQLite file.
 */

let registry: RegistryReplayServer;
let github: GithubReplayServer;
beforeAll(async () => {
  [registry, github] = await Promise.all([RegistryReplayServer.start(), GithubReplayServer.start()]);
});
afterAll(async () => {
  await Promise.all([registry.close(), github.close()]);
});

const quiet = { info: () => {}, warn: () => {} };
const ABLY = listingSchema.parse({ slug: 'realtime-messaging', name: 'Realtime messaging', description: 'Pub/sub channels', category: 'Communication', install: 'npm install ably' });
const PUSHER = listingSchema.parse({ slug: 'browser-channels', name: 'Browser channels', description: 'Channels for browsers', category: 'Communication', install: 'npm install pusher-js' });

async function preparedStore(): Promise<string> {
  const databaseUrl = `file:${createTestSqlitePath()}`;
  const ctx = await openCore({ databaseUrl, catalogDir: TEST_CATALOG_DIR }, { log: quiet, loadDefaultCatalogue: false });
  try {
    await syncListings({ ctx, input: { listings: [ABLY, PUSHER] } });
  } finally {
    await ctx.store.close();
  }
  return databaseUrl;
}

async function apidex(args: string[], databaseUrl: string, env: Record<string, string>) {
  const out: string[] = [];
  const io: CliIo = {
    out: (text) => out.push(text),
    err: () => {},
    config: () =>
      loadConfig({
        DATABASE_URL: databaseUrl,
        APIDEX_NPM_REGISTRY: registry.registryUrl,
        APIDEX_NPM_DOWNLOADS_API: registry.downloadsApiUrl,
        APIDEX_ENRICH_TIMEOUT_MS: '500',
        APIDEX_ENRICH_ATTEMPTS: '1',
        APIDEX_GITHUB_API: github.apiUrl,
        ...env,
      }),
  };
  const code = await runCli(args, io);
  return { code, stdout: out.join('\n') };
}

async function stored(databaseUrl: string, slug: string) {
  const store = await openStore(databaseUrl);
  try {
    return (await store.getListing(slug))!.listing;
  } finally {
    await store.close();
  }
}

describe('apidex enrich with GitHub', () => {
  it('reads stars and issue close ratio of the repository the npm document names, and the quality score shows', async () => {
    const databaseUrl = await preparedStore();
    github.requests.length = 0;
    const result = await apidex(['enrich', '--json'], databaseUrl, { GITHUB_TOKEN: 'test-token-not-real', APIDEX_GITHUB_MIN_INTERVAL_MS: '100' });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.github).toBe(github.apiUrl);
    const ably = report.items.find((item: any) => item.slug === 'realtime-messaging');
    expect(ably.changes).toEqual(expect.arrayContaining(['stars unknown → 345 (ably/ably-js)', 'issueCloseRatio unknown → 0.8 (600 closed of 750 issues)']));
    const listing = await stored(databaseUrl, 'realtime-messaging');
    expect(listing.qualityInputs.stars).toEqual({ value: 345, source: 'GitHub REST API', refreshedAt: expect.any(String) });
    expect(listing.qualityInputs.issueCloseRatio).toMatchObject({ value: 0.8, source: 'GitHub REST API' });
    const quality = computeQuality(listing.qualityInputs);
    expect(quality.score).not.toBeNull();
    expect(quality.usedInputs).toEqual(expect.arrayContaining(['weeklyDownloads', 'stars', 'daysSinceLastRelease', 'issueCloseRatio', 'typeDefinitions']));

    // pusher-js's repository (pusher/pusher-js) is not among the replayed answers: a 404, a warning, npm kept.
    const pusher = report.items.find((item: any) => item.slug === 'browser-channels');
    expect(pusher).toMatchObject({ outcome: 'updated', warnings: [expect.stringMatching(/^GitHub not read: GitHub has no repository pusher\/pusher-js \(HTTP 404\)$/)] });
    expect((await stored(databaseUrl, 'browser-channels')).qualityInputs.stars).toBeUndefined();
  });

  it('asks GitHub with the token, for issues only, one request at a time, paced by APIDEX_GITHUB_MIN_INTERVAL_MS', async () => {
    const ably = github.requests.filter((request) => request.path.includes('ably') || request.query?.includes('ably'));
    expect(ably.map((request) => request.query ?? request.path)).toEqual(['/repos/ably/ably-js', 'repo:ably/ably-js type:issue state:closed', 'repo:ably/ably-js type:issue state:open']);
    expect(new Set(github.requests.map((request) => request.authorization))).toEqual(new Set(['Bearer test-token-not-real']));
    const requests = [...github.requests].sort((a, b) => a.at - b.at);
    expect(requests.length).toBeGreaterThanOrEqual(4);
    // One at a time: each request arrives after the one before it was answered.
    for (let i = 1; i < requests.length; i += 1) expect(requests[i]!.at).toBeGreaterThanOrEqual(requests[i - 1]!.answeredAt!);
    // Paced by the setting (100 ms here): the spacing rule itself is pinned on a fake clock in
    // pacer.test.ts; arrival times in another process jitter by tens of milliseconds on a loaded
    // machine (one gap read 58.6 ms), so only the whole run's span is held to half the paced total.
    expect(requests.at(-1)!.at - requests[0]!.at).toBeGreaterThanOrEqual(((requests.length - 1) * 100) / 2);
  });

  it('--resume skips what was read in the last 24 hours, so a stopped run picks up where it stopped', async () => {
    const databaseUrl = await preparedStore();
    await apidex(['enrich', '--slug', 'realtime-messaging'], databaseUrl, { GITHUB_TOKEN: 'test-token-not-real', APIDEX_GITHUB_MIN_INTERVAL_MS: '0' });
    github.requests.length = 0;
    const result = await apidex(['enrich', '--resume', '--json'], databaseUrl, { GITHUB_TOKEN: 'test-token-not-real', APIDEX_GITHUB_MIN_INTERVAL_MS: '0' });
    const items = JSON.parse(result.stdout).items;
    expect(items.find((item: any) => item.slug === 'realtime-messaging')).toMatchObject({ outcome: 'skipped', reason: expect.stringContaining('within the last 24 hours (--resume)') });
    // The other listing had not been read: this run reads it.
    expect(items.find((item: any) => item.slug === 'browser-channels')).toMatchObject({ outcome: 'updated' });
    expect(github.requests.some((request) => request.path.includes('ably'))).toBe(false);
  });

  it('without GITHUB_TOKEN asks GitHub nothing and says so', async () => {
    const databaseUrl = await preparedStore();
    github.requests.length = 0;
    const result = await apidex(['enrich'], databaseUrl, {});
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('GitHub not read (no GITHUB_TOKEN): stars and issue close ratio stay unknown');
    expect(github.requests).toEqual([]);
  });

  it.each([
    ['https://github.com/ably/ably-js', 'ably/ably-js'],
    ['https://github.com/getsentry/sentry-javascript/tree/master/packages/node', 'getsentry/sentry-javascript'],
    ['https://github.com/stripe/stripe-node.git', 'stripe/stripe-node'],
    ['https://gitlab.com/a/b', null],
  ])('%s names the repository %s', (url, repository) => {
    expect(githubRepositoryOf(url)).toBe(repository);
  });
});
