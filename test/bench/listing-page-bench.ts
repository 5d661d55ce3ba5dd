/**
 * Listing-page throughput and p99 at 16 connections, beside /healthz of the same server
 * (issue 5: p99 ≤ 20 ms with the default catalogue).
 *
 * For run-bench.ts: `benchListingPages({ baseUrl, slugs })` against a running server.
 * On its own (default catalogue, fresh SQLite file, the real server in its own process):
 *   node --import tsx test/bench/listing-page-bench.ts [--duration 10] [--connections 16]
 * Exits 1 when the p99 target is missed.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { startServing } from '../support/processes.ts';

export const LISTING_PAGE_CONNECTIONS = 16;
export const LISTING_PAGE_P99_TARGET_MS = 20;

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Errors, timeouts and non-2xx answers. */
  errors: number;
}

export interface ListingPageBench {
  name: string;
  connections: number;
  durationSeconds: number;
  healthz: LoadFigures;
  listingPage: LoadFigures & { ratioToHealthz: number };
  target: { name: string; limit: string; actual: string; pass: boolean };
}

async function load(baseUrl: string, paths: string[], connections: number, duration: number): Promise<LoadFigures> {
  const result = await autocannon({ url: baseUrl, connections, duration, requests: paths.map((p) => ({ method: 'GET', path: p, headers: { accept: 'text/html' } })) });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

/**
 * Drives `/apis/{slug}` for the given slugs (round robin) at 16 connections, with /healthz
 * measured before and after as the baseline (their mean), after a short warm-up.
 */
export async function benchListingPages({
  baseUrl,
  slugs,
  connections = LISTING_PAGE_CONNECTIONS,
  durationSeconds = 10,
}: {
  baseUrl: string;
  slugs: string[];
  connections?: number;
  durationSeconds?: number;
}): Promise<ListingPageBench> {
  if (slugs.length === 0) throw new Error('benchListingPages needs at least one listing slug');
  const pages = slugs.map((slug) => `/apis/${encodeURIComponent(slug)}`);
  const first = await fetch(`${baseUrl}${pages[0]}`);
  if (first.status !== 200 || !first.headers.get('content-type')?.includes('text/html')) throw new Error(`${pages[0]} answered ${first.status}; is the website registered?`);
  await load(baseUrl, ['/healthz', ...pages], connections, Math.min(2, durationSeconds));
  const healthFirst = await load(baseUrl, ['/healthz'], connections, durationSeconds);
  const listingPage = await load(baseUrl, pages, connections, durationSeconds);
  const healthLast = await load(baseUrl, ['/healthz'], connections, durationSeconds);
  const healthz: LoadFigures = {
    rps: (healthFirst.rps + healthLast.rps) / 2,
    p50: (healthFirst.p50 + healthLast.p50) / 2,
    p99: Math.max(healthFirst.p99, healthLast.p99),
    errors: healthFirst.errors + healthLast.errors,
  };
  return {
    name: `/apis/{slug} page (${pages.length} listings)`,
    connections,
    durationSeconds,
    healthz,
    listingPage: { ...listingPage, ratioToHealthz: listingPage.rps / healthz.rps },
    target: {
      name: `listing page p99 at ${connections} connections`,
      limit: `≤ ${LISTING_PAGE_P99_TARGET_MS} ms`,
      actual: `${listingPage.p99} ms`,
      pass: listingPage.p99 <= LISTING_PAGE_P99_TARGET_MS && listingPage.errors === 0,
    },
  };
}

/** The figures as the markdown rows run-bench.ts prints. */
export function formatListingPageBench(run: ListingPageBench): string {
  const row = (name: string, f: LoadFigures, ratio: number) => `| ${name} | ${f.rps.toFixed(0)} | ${(ratio * 100).toFixed(0)}% | ${f.p50} | ${f.p99} | ${f.errors} |`;
  return [
    `Listing pages at ${run.connections} connections, ${run.durationSeconds} s per route:`,
    '',
    '| route | req/s | vs /healthz | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|---|',
    row('/healthz (mean of first and last)', run.healthz, 1),
    row(run.name, run.listingPage, run.listingPage.ratioToHealthz),
    '',
    `| ${run.target.name} | ${run.target.limit} | ${run.target.actual} | ${run.target.pass ? 'PASS' : 'FAIL'} |`,
  ].join('\n');
}

export const SEED_SLUGS = ['authentication-component-service', 'social-sign-in-service', 'country-reference-data-service', 'real-time-channels-api', 'hosted-channels-service'];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: String(LISTING_PAGE_CONNECTIONS) } } });
  const dir = mkdtempSync(path.join(tmpdir(), 'apidex-page-bench-'));
  const server = await startServing(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
    APIDEX_VALIDATE_RESPONSES: '0',
    APIDEX_RATE_LIMITS: 'off',
  });
  try {
    const run = await benchListingPages({ baseUrl: server.baseUrl, slugs: SEED_SLUGS, connections: Number(values.connections), durationSeconds: Number(values.duration) });
    console.log(formatListingPageBench(run));
    if (!run.target.pass) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
