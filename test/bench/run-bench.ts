/**
 * `npm run bench`: loads a synthetic catalogue into a fresh SQLite file, starts the real
 * server in its own process, and drives it with autocannon over loopback.
 *   --sizes 1711,100000   catalogue sizes (default both)
 *   --duration 10         seconds per route
 *   --connections 32
 */
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../../src/storage/open-store.ts';
import { startServing } from '../support/processes.ts';
import { syntheticCatalogue } from './synthetic-catalogue.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1711,100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const duration = Number(values.duration);
const connections = Number(values.connections);

const QUERIES = ['weather', 'country', 'payment', 'real time', 'music lyrics', 'geocoding', 'bitcoin price', 'email', 'translate text', 'news'];

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

async function load(url: string, paths: string[]) {
  const result = await autocannon({ url, connections, duration, requests: paths.map((p) => ({ method: 'GET', path: p })) });
  const errors = result.errors + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

for (const size of sizes) {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidex-bench-'));
  const databaseUrl = `file:${path.join(dir, 'bench.db')}`;
  const listings = syntheticCatalogue(size);
  const store = await openStore(databaseUrl);
  const saveStarted = performance.now();
  await store.saveListings(listings);
  const saveMs = performance.now() - saveStarted;
  await store.close();

  const started = performance.now();
  const server = await startServing(process.execPath, ['--import', 'tsx', 'src/main.ts'], { DATABASE_URL: databaseUrl }, 120_000);
  const startMs = performance.now() - started;
  const pid = server.child.pid!;
  const idleRss = rssMb(pid);

  const slugs = listings.filter((_, i) => i % Math.max(1, Math.floor(size / 50)) === 0).map((l) => `/api/apis/${l.slug}`);
  const routes: [string, string[]][] = [
    ['/healthz', ['/healthz']],
    ['/api/apis?q=… (10 queries)', QUERIES.map((q) => `/api/apis?q=${encodeURIComponent(q)}&limit=20`)],
    ['/api/apis/{slug}', slugs],
    ['/api/apis?limit=20', ['/api/apis?limit=20']],
  ];
  await load(server.baseUrl, ['/healthz']); // warm-up
  const rows = [];
  for (const [name, paths] of routes) rows.push({ name, ...(await load(server.baseUrl, paths)) });
  const loadedRss = rssMb(pid);
  await server.stop();
  rmSync(dir, { recursive: true, force: true });

  const baseline = rows[0]!.rps;
  console.log(`\n## ${size.toLocaleString('en')} listings (SQLite, ${connections} connections, ${duration} s per route)\n`);
  console.log(`store load ${(saveMs / 1000).toFixed(2)} s; server start to first /healthz ${(startMs / 1000).toFixed(2)} s; RSS ${idleRss.toFixed(0)} MB after start, ${loadedRss.toFixed(0)} MB after load\n`);
  console.log('| route | req/s | vs /healthz | p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(`| ${row.name} | ${row.rps.toFixed(0)} | ${((row.rps / baseline) * 100).toFixed(0)}% | ${row.p50} | ${row.p99} | ${row.errors} |`);
  }
}
