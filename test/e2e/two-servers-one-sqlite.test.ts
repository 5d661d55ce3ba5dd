import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startServing, type StartedProcess } from '../support/processes.ts';

/**
 * Two server processes on one SQLite file, writing reviews at once without Idempotency-Keys.
 * A deferred transaction that reads first could not take the write lock while the other process
 * wrote and failed with "database is locked" (a 500); every write now takes the lock first and
 * waits for it, and a store still busy after that answers 503, never 500 (issue 15, defect 6).
 */

const ENV = { APIDEX_RATE_LIMITS: 'off', APIDEX_REVIEW_BURST: '1000000/1', APIDEX_VALIDATE_RESPONSES: '0', LOG_LEVEL: 'error' };

describe('two servers on one SQLite file', () => {
  const servers: StartedProcess[] = [];
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = `file:${createTestSqlitePath()}`;
    servers.push(await startServing(process.execPath, ['--import', 'tsx', 'src/main.ts'], { DATABASE_URL: databaseUrl, ...ENV }));
    servers.push(await startServing(process.execPath, ['--import', 'tsx', 'src/main.ts'], { DATABASE_URL: databaseUrl, ...ENV }));
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('answers every concurrent unkeyed review write with 201 (or 503 when still busy), never 500', async () => {
    const run = Date.now().toString(36);
    const post = (server: StartedProcess, n: number) =>
      fetch(`${server.baseUrl}/api/reviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ targetType: 'api', targetSlug: 'country-reference-data-service', reviewerType: 'agent', reviewerName: `two-${run}-${n}`, rating: 1 + (n % 5), title: `Review ${n}`, body: `Concurrent review ${n} of run ${run}: ${(n * 7919).toString(36)} ${(n * 104729).toString(36)}.` }),
      }).then((response) => response.status);
    const statuses: number[] = [];
    // Waves of 40 at a time, alternating servers, 400 in all.
    for (let wave = 0; wave < 10; wave += 1) {
      statuses.push(...(await Promise.all(Array.from({ length: 40 }, (_, i) => post(servers[i % 2]!, wave * 40 + i)))));
    }
    const counts = statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});
    console.log(`statuses of 400 concurrent review writes over two servers: ${JSON.stringify(counts)}`);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(counts[201] ?? 0).toBeGreaterThan(300);
  }, 120_000);
});
