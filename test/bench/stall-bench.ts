/**
 * Stalls within the limits (issue 28, finding 2): while clients that keep to their rate limits
 * send the most expensive requests the limits allow, /healthz of the same server is sampled, and
 * its p99 must stay under 200 ms.
 *   1. 8 clients (8 addresses, given through X-Forwarded-For with APIDEX_TRUST_PROXY=1), each
 *      sending /api/compare of five unknown 200-character slugs at its read limit (300 a minute);
 *   2. 100-message MCP batches of the worst tool (compare_apis with unknown slugs of the most
 *      characters a 64 KiB body holds), each from an address of its own (a batch counts 100 reads).
 * The server is the real one in its own process, on the default catalogue, rate limits on.
 * For run-bench.ts (`--only stall`); on its own:
 *   node --import tsx test/bench/stall-bench.ts [--duration 10]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { startServing } from '../support/processes.ts';

export const STALL_HEALTHZ_P99_TARGET_MS = 200;
const CLIENTS = 8;
/** The default read limit: 300 a minute, so one request every 200 ms keeps within it. */
const READ_INTERVAL_MS = 200;
const BATCH_MESSAGES = 100;

export interface StallRun {
  name: string;
  /** Requests (or batches) sent, answered as expected, refused by the rate limit, failed otherwise. */
  sent: number;
  answered: number;
  rateLimited: number;
  failed: number;
  /** Latency of the loading requests themselves. */
  loadP50: number;
  loadP99: number;
  /** The server's CPU time (all threads) over the run, per request sent (per message for MCP batches). */
  serverCpuMsPerRequest: number;
  healthz: { samples: number; p50: number; p99: number; max: number };
  target: { name: string; limit: string; actual: string; pass: boolean };
}

const WORDS = ['weathersh', 'paymentso', 'notificationsv', 'geocodingc', 'translationj', 'messagingq', 'calendarx', 'currencye', 'streamingz', 'webhooksy'];
/** An unknown slug of `length` characters made of near misses of indexed words, different for each `k`. */
export function unknownSlug(k: number, length = 200): string {
  const parts: string[] = [];
  for (let i = k; parts.join('-').length < length; i += 1) parts.push(`${WORDS[i % WORDS.length]}${String.fromCharCode(97 + ((i * 7 + k) % 26))}`);
  return `${parts.join('-').slice(0, length - 4).replace(/-$/, 'x')}${(k % 10_000).toString().padStart(4, '0')}`;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's CPU time so far in ms (user + system, all threads), from /proc/PID/stat. */
function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Samples /healthz one request after another (10 ms apart) until stopped; returns the latencies. */
function sampleHealthz(baseUrl: string) {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/healthz`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      await sleep(10);
    }
  })();
  return async () => {
    running = false;
    await done;
    return { samples: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.round(Math.max(...latencies)) };
  };
}

function judged(name: string, healthz: StallRun['healthz']): StallRun['target'] {
  return { name, limit: `< ${STALL_HEALTHZ_P99_TARGET_MS} ms`, actual: `${healthz.p99} ms (max ${healthz.max} ms, ${healthz.samples} samples)`, pass: healthz.p99 < STALL_HEALTHZ_P99_TARGET_MS };
}

async function comparesAtTheLimit(baseUrl: string, durationSeconds: number, pid: number): Promise<StallRun> {
  const cpuBefore = readCpuMs(pid);
  const stop = sampleHealthz(baseUrl);
  const latencies: number[] = [];
  const counts = { sent: 0, answered: 0, rateLimited: 0, failed: 0 };
  const until = performance.now() + durationSeconds * 1000;
  let serial = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < until) {
        const next = performance.now() + READ_INTERVAL_MS;
        const slugs = Array.from({ length: 5 }, () => unknownSlug((serial += 1))).join(',');
        const started = performance.now();
        const response = await fetch(`${baseUrl}/api/compare?slugs=${slugs}`, { headers: { 'x-forwarded-for': `10.28.0.${client + 1}` } });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        counts.sent += 1;
        if (response.status === 404) counts.answered += 1;
        else if (response.status === 429) counts.rateLimited += 1;
        else counts.failed += 1;
        await sleep(Math.max(0, next - performance.now()));
      }
    }),
  );
  const healthz = await stop();
  const serverCpuMsPerRequest = Math.round(((readCpuMs(pid) - cpuBefore) / Math.max(1, counts.sent + healthz.samples)) * 100) / 100;
  return { name: `/api/compare, five unknown 200-character slugs, ${CLIENTS} clients at 300 reads a minute each`, ...counts, loadP50: percentile(latencies, 50), loadP99: percentile(latencies, 99), serverCpuMsPerRequest, healthz, target: judged('/healthz p99 while 8 clients compare unknown long slugs', healthz) };
}

/** The body of a batch of the worst tool: compare_apis with three unknown slugs as long as 64 KiB allows. */
export function worstBatch(messages = BATCH_MESSAGES, serial = 0): string {
  const body = Array.from({ length: messages }, (_, id) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'compare_apis', arguments: { slugs: [1, 2, 3].map((k) => unknownSlug(serial * 1000 + id * 3 + k, 180)).join(',') } },
  }));
  return JSON.stringify(body);
}

async function mcpBatches(baseUrl: string, durationSeconds: number, pid: number): Promise<StallRun> {
  const cpuBefore = readCpuMs(pid);
  const stop = sampleHealthz(baseUrl);
  const latencies: number[] = [];
  const counts = { sent: 0, answered: 0, rateLimited: 0, failed: 0 };
  const until = performance.now() + durationSeconds * 1000;
  for (let batch = 0; batch === 0 || performance.now() < until; batch += 1) {
    const body = worstBatch(BATCH_MESSAGES, batch);
    if (Buffer.byteLength(body) > 64 * 1024) throw new Error(`the batch is ${Buffer.byteLength(body)} bytes, over the 64 KiB body limit`);
    const started = performance.now();
    const response = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-forwarded-for': `10.28.1.${(batch % 250) + 1}` },
      body,
    });
    const text = await response.text();
    latencies.push(performance.now() - started);
    counts.sent += 1;
    if (response.status === 429) counts.rateLimited += 1;
    else if (response.status === 200 && (JSON.parse(text) as unknown[]).length === BATCH_MESSAGES) counts.answered += 1;
    else counts.failed += 1;
  }
  const healthz = await stop();
  const serverCpuMsPerRequest = Math.round(((readCpuMs(pid) - cpuBefore) / Math.max(1, counts.sent * BATCH_MESSAGES + healthz.samples)) * 100) / 100;
  return { name: `/mcp, batches of ${BATCH_MESSAGES} compare_apis calls with unknown slugs (under 64 KiB), one after another`, ...counts, loadP50: percentile(latencies, 50), loadP99: percentile(latencies, 99), serverCpuMsPerRequest, healthz, target: judged('/healthz p99 during 100-message MCP batches of the worst tool', healthz) };
}

export interface StallBench {
  /** The first unknown slug's request, which builds the near-spelling indexes (once per process). */
  firstUnknownMs: number;
  runs: StallRun[];
}

export async function benchStalls({ startArguments, durationSeconds }: { startArguments: string[]; durationSeconds: number }): Promise<StallBench> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidex-stall-bench-'));
  const server = await startServing(
    process.execPath,
    startArguments,
    { DATABASE_URL: `file:${path.join(dir, 'bench.db')}`, APIDEX_VALIDATE_RESPONSES: '0', APIDEX_REFRESH_INTERVAL_MS: '', APIDEX_TRUST_PROXY: '1' },
    120_000,
  );
  try {
    const started = performance.now();
    const first = await fetch(`${server.baseUrl}/api/compare?slugs=${unknownSlug(0)},${unknownSlug(1)}`, { headers: { 'x-forwarded-for': '10.28.2.1' } });
    await first.arrayBuffer();
    const firstUnknownMs = Math.round(performance.now() - started);
    const pid = server.child.pid!;
    const runs = [await comparesAtTheLimit(server.baseUrl, durationSeconds, pid), await mcpBatches(server.baseUrl, durationSeconds, pid)];
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode} during the run:\n${server.output()}`);
    return { firstUnknownMs, runs };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatStallBench(bench: StallBench): string {
  const lines = [
    `- first unknown slug right after start-up (the near-spelling indexes are built between requests after start-up): ${bench.firstUnknownMs} ms`,
    '',
    '| load | sent | answered | 429 | failed | load p50 ms | load p99 ms | server CPU ms per request (per message for MCP; /healthz samples counted too) | /healthz samples | /healthz p50 ms | /healthz p99 ms | /healthz max ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...bench.runs.map((run) => `| ${run.name} | ${run.sent} | ${run.answered} | ${run.rateLimited} | ${run.failed} | ${run.loadP50} | ${run.loadP99} | ${run.serverCpuMsPerRequest} | ${run.healthz.samples} | ${run.healthz.p50} | ${run.healthz.p99} | ${run.healthz.max} |`),
    '',
    '| target | limit | measured | result |',
    '|---|---|---|---|',
    ...bench.runs.map(({ target }) => `| ${target.name} | ${target.limit} | ${target.actual} | ${target.pass ? 'PASS' : 'FAIL'} |`),
  ];
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' } } });
  const bench = await benchStalls({ startArguments: ['bin/start.js'], durationSeconds: Number(values.duration) });
  console.log(formatStallBench(bench));
  process.exit(bench.runs.every((run) => run.target.pass) ? 0 : 1);
}
