/**
 * Start-up of the default catalogue as a fresh clone meets it: `npm start`'s node command on a
 * new SQLite file (first start: migrate, read catalog/, load the store, build the index), then
 * again on the same file (later start: the store is loaded). Spawn to first /healthz, each three
 * times; the reference is node starting an empty module through the same loader in the same run,
 * the floor no start-up goes under.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServing } from '../support/processes.ts';

export interface StartupBench {
  listings: number;
  firstMs: number[];
  laterMs: number[];
  referenceMs: number[];
  targets: { name: string; limit: string; actual: string; pass: boolean }[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchStartup(startArguments: string[], rounds = 3): Promise<StartupBench> {
  const firstMs: number[] = [];
  const laterMs: number[] = [];
  const referenceMs: number[] = [];
  let listings = 0;
  for (let round = 0; round < rounds; round += 1) {
    const referenceStarted = performance.now();
    spawnSync(process.execPath, ['--import', 'tsx', '-e', ''], { stdio: 'ignore' });
    referenceMs.push(performance.now() - referenceStarted);

    const dir = mkdtempSync(path.join(tmpdir(), 'apidex-startup-'));
    const env = { DATABASE_URL: `file:${path.join(dir, 'apidex.db')}`, APIDEX_VALIDATE_RESPONSES: '0', APIDEX_CATALOG_DIR: 'catalog', LOG_LEVEL: 'warn' };
    try {
      (globalThis as { gc?: () => void }).gc?.();
      let started = performance.now();
      const first = await startServing(process.execPath, startArguments, env, 120_000);
      firstMs.push(performance.now() - started);
      listings = ((await (await fetch(`${first.baseUrl}/api/apis?limit=1&group=none`)).json()) as { total: number }).total;
      await first.stop();
      started = performance.now();
      const later = await startServing(process.execPath, startArguments, env, 120_000);
      laterMs.push(performance.now() - started);
      await later.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const first = median(firstMs);
  const later = median(laterMs);
  return {
    listings,
    firstMs,
    laterMs,
    referenceMs,
    targets: [
      { name: 'first start of a fresh clone (median)', limit: '≤ 10 s', actual: seconds(first), pass: first <= 10_000 },
      { name: 'later start (median)', limit: '≤ 3 s', actual: seconds(later), pass: later <= 3000 },
    ],
  };
}

export function formatStartupBench(run: StartupBench): string {
  const reference = median(run.referenceMs);
  const row = (name: string, values: number[]) => `| ${name} | ${values.map(seconds).join(', ')} | ${seconds(median(values))} | ${(median(values) / reference).toFixed(1)}× |`;
  return [
    `Default catalogue: ${run.listings.toLocaleString('en')} listings, SQLite, spawn to first /healthz.`,
    '',
    '| start | runs | median | × reference |',
    '|---|---|---|---|',
    row('first (fresh store: migrate and load catalog/)', run.firstMs),
    row('later (store already loaded)', run.laterMs),
    row('reference: node --import tsx of an empty module', run.referenceMs),
    '',
    ...run.targets.map((target) => `- ${target.pass ? 'met' : 'MISSED'}: ${target.name} ${target.actual} (target ${target.limit})`),
  ].join('\n');
}
