import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { syntheticCatalogue } from './synthetic-catalogue.ts';

/**
 * Import throughput at the sizes issue 7 sets: the 1,711-listing corpus in under 10 s and a
 * synthetic 100,000-listing JSON file in under 60 s, each into a fresh SQLite store, through
 * the real command (`node --import tsx bin/apidex.js import FILE`) in its own process, with the
 * process's peak RSS sampled from /proc/PID/status. The figures are measured, not asserted.
 *
 *   node --import tsx test/bench/import-bench.ts            # both sizes
 *   node --import tsx test/bench/import-bench.ts --json out.json
 */

export interface ImportBenchResult {
  name: string;
  listings: number;
  seconds: number;
  targetSeconds: number;
  peakRssMb: number | null;
  /** The command's own summary line ("created 1711, updated 0, skipped 0, failed 0"). */
  summary: string;
  exitCode: number | null;
  met: boolean;
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const CORPUS = path.resolve(ROOT, '..', 'shared', 'corpus', 'listings.json');

async function rssOf(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return kb ? Number(kb[1]) / 1024 : null;
  } catch {
    return null; // exited between samples, or no /proc (not Linux)
  }
}

/** Runs one import in a child process against a fresh SQLite file, timing it and sampling its RSS every 25 ms. */
async function timeImport(name: string, file: string, listings: number, targetSeconds: number, dir: string): Promise<ImportBenchResult> {
  const database = path.join(dir, `${name}.db`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bin', 'apidex.js'), 'import', file], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `file:${database}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let peak: number | null = null;
  const sampler = setInterval(() => {
    void rssOf(child.pid!).then((rss) => {
      if (rss !== null && (peak === null || rss > peak)) peak = rss;
    });
  }, 25);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const summary = stdout.split('\n').find((line) => /^created \d+, updated \d+, skipped \d+, failed \d+$/.test(line)) ?? `no summary (exit ${exitCode}): ${stderr.slice(-500)}`;
  return { name, listings, seconds: Math.round(seconds * 100) / 100, targetSeconds, peakRssMb: peak === null ? null : Math.round(peak), summary, exitCode, met: exitCode === 0 && seconds < targetSeconds };
}

export async function benchImports({ syntheticSize = 100_000, log = (line: string) => console.log(line) }: { syntheticSize?: number; log?: (line: string) => void } = {}): Promise<ImportBenchResult[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'apidex-import-bench-'));
  try {
    const results: ImportBenchResult[] = [];
    log(`importing the corpus (${CORPUS}) into a fresh SQLite store…`);
    results.push(await timeImport('corpus-1711', CORPUS, 1711, 10, dir));
    log(`writing a synthetic catalogue of ${syntheticSize} listings…`);
    const synthetic = path.join(dir, `synthetic-${syntheticSize}.json`);
    await writeFile(synthetic, JSON.stringify(syntheticCatalogue(syntheticSize, CORPUS)));
    log(`importing it into a fresh SQLite store…`);
    results.push(await timeImport(`synthetic-${syntheticSize}`, synthetic, syntheticSize, 60, dir));
    for (const result of results) {
      log(
        `${result.name.padEnd(18)} ${String(result.listings).padStart(7)} listings  ${result.seconds.toFixed(2).padStart(7)} s (target < ${result.targetSeconds} s: ${result.met ? 'pass' : 'FAIL'})  peak RSS ${result.peakRssMb ?? '?'} MB  ${result.summary}`,
      );
    }
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const jsonAt = process.argv.indexOf('--json');
  const results = await benchImports();
  if (jsonAt > 0 && process.argv[jsonAt + 1]) await writeFile(process.argv[jsonAt + 1]!, JSON.stringify(results, null, 2));
  process.exitCode = results.every((result) => result.met) ? 0 : 1;
}
