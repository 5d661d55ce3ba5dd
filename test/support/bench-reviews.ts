/**
 * Review POST throughput at 16 connections, until the benchmark reports it:
 *   node --import tsx test/support/bench-reviews.ts [DATABASE_URL] [SECONDS]
 * Starts the real server in its own process on a fresh SQLite file (or the given store) and
 * drives it with autocannon over loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServing } from './processes.ts';
import { reviewPostRequest } from './review-load.ts';

const scratch = mkdtempSync(join(tmpdir(), 'apidex-bench-reviews-'));
const databaseUrl = process.argv[2] ?? `file:${join(scratch, 'apidex.db')}`;
const duration = Number(process.argv[3] ?? 10);
const server = await startServing(
  process.execPath,
  ['--import', 'tsx', 'src/main.ts'],
  { DATABASE_URL: databaseUrl, APIDEX_RATE_LIMITS: 'off', APIDEX_REVIEW_BURST: '1000000/1', APIDEX_VALIDATE_RESPONSES: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  120_000,
);
try {
  const result = await autocannon({ url: server.baseUrl, connections: 16, duration, requests: [reviewPostRequest()] });
  console.log(
    JSON.stringify({ store: databaseUrl.split(':')[0], connections: 16, seconds: duration, requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, total: result.requests.total, non2xx: result.non2xx, errors: result.errors }),
  );
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
