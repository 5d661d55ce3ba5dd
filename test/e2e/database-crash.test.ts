import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresServer, type PostgresServer } from '../support/postgres-global-setup.ts';

/**
 * Issue 28, finding 5: a database crash must never take the application down. The real server,
 * in its own process, on a PostgreSQL cluster of this test's own, under concurrent review writes
 * and reads, while the cluster is stopped with `pg_ctl -m immediate` (a crash: connections cut,
 * no checkpoint) and started again, three times. The same process must stay up, answer 503 with
 * Retry-After while the database is away (MCP: `unavailable`; the CLI: exit 3), answer 2xx again
 * within seconds of its return, and every review it acknowledged must be in the database.
 */

const CYCLES = 3;
const WRITERS = 3;
const READERS = 2;
const SLUG = 'real-time-channels-api';
const runFile = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/** The real server on a port it picks itself, read from its start-up line. */
function startServer(databaseUrl: string, timeoutMs = 120_000): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      APIDEX_CATALOG_DIR: 'test/fixtures/catalog',
      APIDEX_RATE_LIMITS: 'off',
      APIDEX_REVIEW_BURST: '1000000/1',
      APIDEX_VALIDATE_RESPONSES: '0',
      // The catalogue is polled through the outage too: its failures must not end the process either.
      APIDEX_REFRESH_INTERVAL_MS: '250',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise<Server>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const check = setInterval(() => {
      const address = /apidex serves .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (!address) return;
      clearTimeout(timer);
      clearInterval(check);
      resolve({ child, baseUrl: address, output: () => output });
    }, 50);
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`the server exited with ${code} before serving:\n${output}`));
    });
  });
}

const reviewBody = (name: string) =>
  JSON.stringify({
    targetType: 'api',
    targetSlug: SLUG,
    reviewerType: 'agent',
    reviewerName: name,
    rating: 1 + (name.length % 5),
    title: `Outage review ${name}`,
    body: `Review ${name}, written while the database may crash at any moment.`,
  });

describe('the app rides out its database crashing (issue 28)', () => {
  let postgres: PostgresServer;
  let server: Server;
  beforeAll(async () => {
    postgres = await startPostgresServer();
    server = await startServer(postgres.url);
  }, 180_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      server.child.kill('SIGKILL');
    }
    await postgres?.stop();
  });

  it(`stays up through ${CYCLES} crashes under writes and reads: 503 while down, 2xx after, nothing acknowledged lost`, async () => {
    const pid = server.child.pid;
    const statuses = new Map<number, number>();
    const unexpected: string[] = [];
    const acknowledged: string[] = [];
    let running = true;
    let serial = 0;
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

    const writer = async (w: number) => {
      while (running) {
        const name = `outage-${w}-${(serial += 1)}`;
        try {
          const response = await fetch(`${server.baseUrl}/api/reviews`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: reviewBody(name) });
          const body = (await response.json()) as { review?: { id: string }; code?: string };
          count(response.status);
          if (response.status === 201) acknowledged.push(body.review!.id);
          else if (response.status === 503) {
            if (response.headers.get('retry-after') === null || body.code !== 'unavailable') unexpected.push(`a 503 without Retry-After or code unavailable: ${JSON.stringify(body)}`);
          } else unexpected.push(`POST /api/reviews answered ${response.status}: ${JSON.stringify(body)}`);
        } catch (error) {
          unexpected.push(`POST /api/reviews failed: ${(error as Error).message}`);
          await sleep(50);
        }
      }
    };
    const reader = async () => {
      while (running) {
        try {
          const response = await fetch(`${server.baseUrl}/api/reviews?slug=${SLUG}&limit=5`);
          await response.arrayBuffer();
          count(response.status);
          if (response.status !== 200 && response.status !== 503) unexpected.push(`GET /api/reviews answered ${response.status}`);
        } catch (error) {
          unexpected.push(`GET /api/reviews failed: ${(error as Error).message}`);
          await sleep(50);
        }
      }
    };
    const load = [...Array.from({ length: WRITERS }, (_, w) => writer(w)), ...Array.from({ length: READERS }, reader)];

    /** Asks until `wanted` says yes, for up to `withinMs`; returns how long it took. */
    const until = async (what: string, wanted: () => Promise<boolean>, withinMs: number) => {
      const started = performance.now();
      while (performance.now() - started < withinMs) {
        if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`the server process exited (${server.child.exitCode ?? server.child.signalCode}) waiting for ${what}:\n${server.output().slice(-3000)}`);
        if (await wanted().catch(() => false)) return performance.now() - started;
        await sleep(100);
      }
      throw new Error(`${what} did not happen within ${withinMs} ms; the server said:\n${server.output().slice(-3000)}`);
    };
    const readStatus = async () => (await fetch(`${server.baseUrl}/api/reviews?slug=${SLUG}&limit=1`)).status;

    const recoveries: number[] = [];
    try {
      for (let cycle = 0; cycle < CYCLES; cycle += 1) {
        await sleep(1000);
        const before = acknowledged.length;
        await postgres.crash();
        await until('a 503 while the database is down', async () => (await readStatus()) === 503, 10_000);

        const down = await fetch(`${server.baseUrl}/api/reviews?slug=${SLUG}`);
        expect(down.status).toBe(503);
        expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
        const mcp = new Client({ name: 'apidex-test', version: '1.0.0' });
        await mcp.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.baseUrl)));
        try {
          const result = (await mcp.callTool({ name: 'get_reviews', arguments: { slug: SLUG } })) as { isError?: boolean; content: { text: string }[] };
          expect(result.isError).toBe(true);
          expect(result.content[0]!.text).toMatch(/^unavailable: /);
        } finally {
          await mcp.close();
        }
        const cli = await runFile(process.execPath, ['bin/apidex.js', 'reviews', SLUG], { env: { ...process.env, DATABASE_URL: postgres.url } }).then(
          () => 0,
          (error: { code?: number }) => error.code,
        );
        expect(cli).toBe(3);
        await sleep(500);

        await postgres.resume();
        recoveries.push(await until('a 200 after the database returned', async () => (await readStatus()) === 200, 15_000));
        // Writes are acknowledged again too.
        await until('a review acknowledged after the database returned', async () => acknowledged.length > before, 15_000);
        expect(server.child.exitCode).toBeNull();
        expect(server.child.signalCode).toBeNull();
      }
      await sleep(500);
    } finally {
      running = false;
      await Promise.all(load);
    }

    // The same process served throughout.
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain('Unhandled');
    expect(unexpected).toEqual([]);
    expect(statuses.get(503)).toBeGreaterThan(0);
    expect(statuses.get(201)).toBeGreaterThan(0);
    for (const ms of recoveries) expect(ms).toBeLessThan(15_000);

    // Every acknowledged review is in the database.
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>('select id from reviews where id = any($1)', [acknowledged]);
      expect(new Set(rows.map((row) => row.id)).size).toBe(new Set(acknowledged).size);
    } finally {
      await client.end();
    }
  }, 300_000);
});
