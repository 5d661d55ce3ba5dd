import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestSqlitePath } from '../support/postgres.ts';
import { startServing, type StartedProcess } from '../support/processes.ts';

/**
 * The requirement: with several servers on one database, a listing changed through one is
 * found by every other's discover within 2 seconds. Real server processes, real databases;
 * the write comes from yet another process (`apidex catalog sync`, as there is no HTTP write
 * API for listings yet), so a server can only learn of it through the shared database.
 */

const FRESHNESS_MS = 2000;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A catalogue folder holding one listing; words no default listing uses, so a match is this one. */
function catalogueFolder(slug: string, description: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidex-freshness-'));
  folders.push(dir);
  const yaml = [`slug: ${slug}`, 'name: Zephyrine Parcel Telemetry', `description: ${description}`, 'category: Logistics', ''].join('\n');
  writeFileSync(path.join(dir, `${slug}.yaml`), yaml);
  return dir;
}

/**
 * Runs `apidex catalog sync` against the store and resolves with the moment the write was
 * acknowledged: when the command prints its summary, which it does after the commit.
 */
function syncFolder(databaseUrl: string, dir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/apidex.js', 'catalog', 'sync', '--dir', dir], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let acknowledgedAt: number | undefined;
    const read = (chunk: Buffer) => {
      output += chunk;
      if (acknowledgedAt === undefined && /\d+ created, \d+ updated, \d+ unchanged/.test(output)) acknowledgedAt = performance.now();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0 && acknowledgedAt !== undefined) resolve(acknowledgedAt);
      else reject(new Error(`apidex catalog sync exited with ${code}:\n${output}`));
    });
  });
}

async function discover(server: StartedProcess, q: string): Promise<any[]> {
  const response = await fetch(`${server.baseUrl}/api/discover?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: any[] }).items;
}

/** Asks discover every 25 ms until the listing shows with the wanted description; returns when, or throws. */
async function waitUntilDiscovered(server: StartedProcess, q: string, slug: string, description: string): Promise<number> {
  const deadline = performance.now() + FRESHNESS_MS * 3;
  for (;;) {
    const found = (await discover(server, q)).find((item) => item.slug === slug);
    if (found?.description === description) return performance.now();
    if (performance.now() > deadline) throw new Error(`${server.baseUrl} did not discover ${slug} for "${q}" with description "${description}"`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Polling at the default interval: the variable is set empty, which means the default. */
const serverEnv = (databaseUrl: string) => ({ DATABASE_URL: databaseUrl, APIDEX_REFRESH_INTERVAL_MS: '' });
const startServer = (databaseUrl: string) => startServing(process.execPath, ['--import', 'tsx', 'src/main.ts'], serverEnv(databaseUrl));

describe.each([
  { kind: 'postgres', serverCount: 2, databaseUrl: createTestDatabase },
  { kind: 'sqlite', serverCount: 1, databaseUrl: async () => `file:${createTestSqlitePath()}` },
])('freshness: $serverCount server(s) on one $kind database', ({ serverCount, databaseUrl }) => {
  let url: string;
  let servers: StartedProcess[] = [];

  beforeAll(async () => {
    url = await databaseUrl();
    // The first start migrates the store and loads the default catalogue; the others find it loaded.
    servers.push(await startServer(url));
    for (let i = 1; i < serverCount; i += 1) servers.push(await startServer(url));
  });
  afterAll(async () => {
    // Each stops cleanly, the poll under way (if any) finished before its store closed.
    const exitCodes = await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    expect(exitCodes).toEqual(exitCodes.map(() => 0));
  });

  const slug = 'zephyrine-parcel-telemetry';

  it(`finds a new listing on every server within ${FRESHNESS_MS} ms of the write`, async () => {
    const description = 'Track quokka-shaped parcels across zephyrine depots';
    const q = 'zephyrine parcel telemetry quokka';
    for (const server of servers) expect((await discover(server, q)).map((item) => item.slug)).not.toContain(slug);

    const acknowledgedAt = await syncFolder(url, catalogueFolder(slug, description));
    const foundAt = await Promise.all(servers.map((server) => waitUntilDiscovered(server, q, slug, description)));
    for (const at of foundAt) expect(at - acknowledgedAt).toBeLessThan(FRESHNESS_MS);
  });

  it(`shows a changed description on every server within ${FRESHNESS_MS} ms of the write`, async () => {
    const description = 'Track parcels across zephyrine depots, now with xylophonic customs manifests';
    const acknowledgedAt = await syncFolder(url, catalogueFolder(slug, description));
    // Found by a word only the new description has, and shown with the new text.
    const foundAt = await Promise.all(servers.map((server) => waitUntilDiscovered(server, 'xylophonic customs manifests', slug, description)));
    for (const at of foundAt) expect(at - acknowledgedAt).toBeLessThan(FRESHNESS_MS);
  });
});
