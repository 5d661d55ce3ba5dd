/**
 * `npm run bench`: loads a synthetic catalogue into a fresh SQLite file, starts the real
 * server in its own process, and drives it with autocannon over loopback. Every route is
 * measured against `/healthz` of the same server in the same run (measured first and last;
 * the baseline is their mean), so the ratios hold on any machine.
 *   --sizes 1711,100000   catalogue sizes (default both)
 *   --duration 10         seconds per route
 *   --connections 32
 *   --json FILE           also write every figure to FILE
 *   --only cli            only these sections: sizes, pages, startup, imports, cli, stall (default all)
 * Exits 1 when a target is missed (targets exist for 1,711 and 100,000 listings).
 */
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CatalogueIndex } from '../../src/core/catalogue/catalogue-index.ts';
import { openStore } from '../../src/storage/open-store.ts';
import { createProgress } from '../../src/cli/output/progress.ts';
import { startServing } from '../support/processes.ts';
import { reviewPostRequest } from '../support/review-load.ts';
import { benchCli, formatCliBench } from './cli-bench.ts';
import { benchRanking, defaultCatalogue, formatRankingBench } from './ranking-bench.ts';
import { benchImports } from './import-bench.ts';
import { benchListingPages, formatListingPageBench, SEED_SLUGS, type ListingPageBench } from './listing-page-bench.ts';
import { benchStartup, formatStartupBench } from './startup-bench.ts';
import { benchStalls, formatStallBench } from './stall-bench.ts';
import { syntheticCatalogue } from './synthetic-catalogue.ts';
import { distIsFresh } from '../../bin/entry.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1711,catalog,100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    json: { type: 'string' },
    only: { type: 'string', default: 'sizes,ranking,pages,startup,imports,cli,stall' },
  },
});
const SECTIONS = ['sizes', 'ranking', 'pages', 'startup', 'imports', 'cli', 'stall'];
const only = new Set(values.only.split(','));
/** A synthetic catalogue of that many listings, or `catalog`: the default catalogue that ships (catalog/). */
type Size = number | 'catalog';
const sizes: Size[] = values.sizes.split(',').map((token) => (token === 'catalog' ? 'catalog' : Number(token)));
const sizeName = (size: Size) => (size === 'catalog' ? 'the default catalogue (catalog/)' : `${size.toLocaleString('en')} listings`);

/** The server is started exactly as `npm start` starts it (its node flags included), minus npm itself. */
const START_ARGUMENTS = (() => {
  const start: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const [command, ...args] = start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs "${start}"; the bench can only start a node command`);
  return args;
})();
const duration = Number(values.duration);
const connections = Number(values.connections);
if (sizes.some((size) => size !== 'catalog' && (!Number.isInteger(size) || size < 1)) || !(duration > 0) || !Number.isInteger(connections) || connections < 1 || [...only].some((section) => !SECTIONS.includes(section))) {
  console.error(`usage: npm run bench -- [--sizes 1711,catalog,100000] [--duration 10] [--connections 32] [--json FILE] [--only ${SECTIONS.join(',')}]`);
  process.exit(2);
}

/** Keyword lookups, as a person types them into a search box. */
const LOOKUP_QUERIES = ['weather', 'country', 'payment', 'real time', 'music lyrics', 'geocoding', 'bitcoin price', 'email', 'translate text', 'news'];

/** Needs described in words, as an agent asks discover. */
const NEEDS = [
  'send real-time notifications to browser clients',
  'current weather forecast for a city',
  'convert currencies with exchange rates',
  'geocode a street address',
  'extract text from images',
  'random jokes',
  'translate text between languages',
  'send transactional email',
  'stock market prices',
  'shorten urls',
];

interface Target {
  name: string;
  limit: string;
  check: (run: SizeRun) => { actual: string; pass: boolean };
}

const route = (run: SizeRun, name: string) => run.routes.find((row) => row.name === name)!;
const DISCOVER = '/api/discover?q=… (10 needs)';
const REVIEW_POSTS = 'POST /api/reviews (16 connections, a new review each)';
const DISCOVER_UNCACHED = '/api/discover?q=… (2,000 needs, none asked twice in a row)';
const DISCOVER_DISTINCT = '/api/discover?q=… (distinct realistic needs of 6–12 words, each once per cycle)';
const DISCOVER_DISTINCT_COMPACT = '/api/discover?q=…&view=compact (the same distinct needs, as agents ask: no target of its own)';
const FLOOR = 'reference: bare node:http spending the distinct needs\' CPU per request on each, their mean body size (busy-server.ts)';
const BUSY_SERVER = path.join(import.meta.dirname, 'busy-server.ts');

/** A distinct-needs p99, with the floor the machine allows for that CPU per request beside it. */
const distinctP99 = (run: SizeRun) => `${route(run, DISCOVER_DISTINCT).p99} ms (floor for its CPU per request: ${route(run, FLOOR).p99} ms)`;

/**
 * Needs as people and agents write them, each distinct (issue 14): every description and
 * capability of the real corpus as a need, and each again inside five agent lead-ins and run
 * contexts, keeping the sentences of 6 to 12 words the issue asks for (2,254). Cycled in a
 * shuffled order far longer than the answer cache (500), so every request is ranked afresh.
 */
const LEAD_INS = ['find me an API to', 'I want my script to', 'which service can', 'my agent needs to', 'recommend an API to'];
const CONTEXTS = ['from a GitHub Actions workflow', 'in a nightly batch job', 'with a token read from env', 'from my terminal', 'from a Python script'];
function distinctRealisticNeeds(corpusPath = '../shared/corpus/listings.json'): string[] {
  const corpus = JSON.parse(readFileSync(corpusPath, 'utf8')) as { description?: string; capabilities?: string[] }[];
  const plain = new Set<string>();
  for (const entry of corpus) {
    for (const text of [entry.description ?? '', ...(entry.capabilities ?? [])]) {
      const need = text.replace(/\([^)]*\)/g, ' ').replace(/[^\p{L}\p{N}' -]+/gu, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
      const words = need.split(' ').length;
      if (words >= 2 && words <= 12) plain.add(need);
    }
  }
  const needs = [...plain];
  // Each need also in five agent phrasings (a different lead-in and context each): about 9,000 in all.
  const phrased = needs.flatMap((need, i) => LEAD_INS.map((_, k) => `${LEAD_INS[(i + k) % LEAD_INS.length]} ${need} ${CONTEXTS[(i * 3 + k) % CONTEXTS.length]}`));
  const all = [...needs, ...phrased].filter((need) => {
    const words = need.split(' ').length;
    return words >= 6 && words <= 12;
  });
  // A fixed shuffle, so every run asks the same needs in the same order.
  let seed = 7;
  for (let i = all.length - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

/**
 * Needs that each have to be ranked afresh: every base need with one word of a listing's name
 * added, 2,000 in all, cycled in order, so the answer cache (500 answers, least recently used
 * out first) never holds the next one.
 */
const uncachedNeeds = (listings: { name: string }[]) => {
  const words = [...new Set(listings.slice(0, 3000).flatMap((listing) => listing.name.toLowerCase().split(/[^a-z]+/)))].filter((word) => word.length > 3);
  return words.slice(0, 200).flatMap((word) => NEEDS.map((need) => `${need} ${word}`));
};

/** The targets the requirements set, by catalogue size. */
const TARGETS: Record<string, Target[]> = {
  // Issue 31: discover on the catalogue that ships keeps the corpus's latency target.
  catalog: [
    {
      name: 'discover p99, distinct realistic needs',
      limit: '≤ 20 ms',
      check: (run) => ({ actual: distinctP99(run), pass: route(run, DISCOVER_DISTINCT).p99 <= 20 }),
    },
  ],
  1711: [
    {
      name: 'discover throughput vs /healthz',
      limit: '≥ 40%',
      check: (run) => {
        const ratio = route(run, DISCOVER).ratioToHealthz;
        return { actual: `${(ratio * 100).toFixed(0)}%`, pass: ratio >= 0.4 };
      },
    },
    {
      name: 'discover p99',
      limit: '≤ 20 ms',
      check: (run) => ({ actual: `${route(run, DISCOVER).p99} ms`, pass: route(run, DISCOVER).p99 <= 20 }),
    },
    {
      name: 'discover p99, every need ranked afresh',
      limit: '≤ 20 ms',
      check: (run) => ({ actual: `${route(run, DISCOVER_UNCACHED).p99} ms`, pass: route(run, DISCOVER_UNCACHED).p99 <= 20 }),
    },
    {
      name: 'discover throughput vs /healthz, distinct realistic needs',
      limit: '≥ 40%',
      check: (run) => {
        const ratio = route(run, DISCOVER_DISTINCT).ratioToHealthz;
        // The pass is on throughput, as the target says; the CPU each request costs against /healthz's own says how far it is when the machine is busy.
        const cpu = route(run, DISCOVER_DISTINCT).cpuMsPerRequest / route(run, '/healthz (mean of first and last)').cpuMsPerRequest;
        return { actual: `${(ratio * 100).toFixed(0)}% (server CPU per request ${cpu.toFixed(1)}× /healthz's)`, pass: ratio >= 0.4 };
      },
    },
    {
      name: 'discover p99, distinct realistic needs',
      limit: '≤ 20 ms',
      check: (run) => ({ actual: distinctP99(run), pass: route(run, DISCOVER_DISTINCT).p99 <= 20 }),
    },
    {
      name: 'accepted reviews per second, 16 connections, each durable when acknowledged',
      limit: '≥ 1,000/s',
      check: (run) => ({ actual: `${route(run, REVIEW_POSTS).rps.toFixed(0)}/s`, pass: route(run, REVIEW_POSTS).rps >= 1000 }),
    },
    {
      name: 'review POST p99 at 16 connections',
      limit: '≤ 50 ms',
      check: (run) => ({ actual: `${route(run, REVIEW_POSTS).p99} ms`, pass: route(run, REVIEW_POSTS).p99 <= 50 }),
    },
  ],
  100000: [
    {
      name: 'discover p99',
      limit: '≤ 50 ms',
      check: (run) => ({ actual: `${route(run, DISCOVER).p99} ms`, pass: route(run, DISCOVER).p99 <= 50 }),
    },
    {
      name: 'discover p99, distinct realistic needs',
      limit: '≤ 20 ms',
      check: (run) => ({ actual: distinctP99(run), pass: route(run, DISCOVER_DISTINCT).p99 <= 20 }),
    },
    {
      name: 'discover p99, every need ranked afresh',
      limit: '≤ 50 ms',
      check: (run) => ({ actual: `${route(run, DISCOVER_UNCACHED).p99} ms`, pass: route(run, DISCOVER_UNCACHED).p99 <= 50 }),
    },
    { name: 'start-up (spawn to first /healthz)', limit: '≤ 5 s', check: (run) => ({ actual: `${(run.startupMs / 1000).toFixed(2)} s`, pass: run.startupMs <= 5000 }) },
    { name: 'peak RSS under load', limit: '≤ 500 MB', check: (run) => ({ actual: `${run.rss.peakMb.toFixed(0)} MB`, pass: run.rss.peakMb <= 500 }) },
  ],
};

interface RouteRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratioToHealthz: number;
  /** The server's CPU time (all its threads, user and system) over the run, per request answered. */
  cpuMsPerRequest: number;
}

interface SizeRun {
  size: Size;
  store: 'sqlite';
  storeLoadMs: number;
  /** CatalogueIndex.build over the loaded store, timed in the bench process. */
  indexBuildMs: number;
  /** The build time the server itself logged, when it logs one (see INDEX_BUILT). */
  serverIndexBuildMs: number | null;
  startupMs: number;
  rss: { idleMb: number; peakMb: number; highWaterMb: number };
  /** How many of the needs discover answered with at least one listing. */
  needsAnswered: number;
  routes: RouteRow[];
  checks: { name: string; limit: string; actual: string; pass: boolean }[];
}

/** A start-up log line such as "… index … built in 812 ms" or "index of 1711 listings built in 812 ms". */
const INDEX_BUILT = /index\b[^\n]*?\bin (\d+(?:\.\d+)?) ?ms/i;

const readStatusMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
};

/** Samples the process's RSS every 200 ms until stopped; returns the highest sample. */
function sampleRss(pid: number) {
  let peak = readStatusMb(pid, 'VmRSS');
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, readStatusMb(pid, 'VmRSS'));
    } catch {
      // The process has gone; the last sample stands.
    }
  }, 200);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/**
 * The CPU time a process has used so far, in ms: user and system time of all its threads, from
 * /proc/PID/stat (fields 14 and 15, in Linux's clock ticks of 10 ms). On a machine shared with
 * other work, throughput moves with what else runs; the CPU a request costs the server moves
 * much less, so the bench reports both.
 */
function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * One route under load, with the server's CPU per request when its process is given. Several
 * paths are asked in turn across all connections (one shared counter, see inTurn), so each is
 * asked once per cycle: autocannon's own list of requests is walked by every connection from its
 * start, which asks each path 32 times in a row, and then all but the first are answered from
 * the answer cache.
 */
async function load(url: string, paths: string[], seconds = duration, requests: autocannon.Request[] = inTurn(paths), connectionCount = connections, serverPid?: number) {
  const cpuBefore = serverPid === undefined ? 0 : readCpuMs(serverPid);
  const result = await autocannon({ url, connections: connectionCount, duration: seconds, requests });
  const cpuMsPerRequest = serverPid === undefined || result.requests.total === 0 ? Number.NaN : (readCpuMs(serverPid) - cpuBefore) / result.requests.total;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, cpuMsPerRequest };
}

function inTurn(paths: string[]): autocannon.Request[] {
  if (paths.length <= 1) return paths.map((p) => ({ method: 'GET', path: p }));
  let next = 0;
  return [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }];
}

/**
 * Writes the synthetic catalogue into a fresh database and times CatalogueIndex.build over it;
 * returns only what the run needs later, so the listings are garbage before the server starts.
 */
async function prepareCatalogue(size: Size, databaseUrl: string) {
  const listings = size === 'catalog' ? await defaultCatalogue() : syntheticCatalogue(size);
  const store = await openStore(databaseUrl);
  const saveStarted = performance.now();
  await store.saveListings(listings);
  const storeLoadMs = performance.now() - saveStarted;
  const buildStarted = performance.now();
  await CatalogueIndex.build(store);
  const indexBuildMs = performance.now() - buildStarted;
  await store.close();
  return {
    storeLoadMs,
    indexBuildMs,
    pagePaths: listings.filter((_, i) => i % Math.max(1, Math.floor(listings.length / 50)) === 0).map((l) => `/api/apis/${l.slug}`),
    uncachedPaths: uncachedNeeds(listings).map((q) => `/api/discover?q=${encodeURIComponent(q)}`),
    reviewedSlug: listings[0]!.slug,
  };
}

async function benchSize(size: Size): Promise<SizeRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidex-bench-'));
  try {
    const databaseUrl = `file:${path.join(dir, 'bench.db')}`;
    const { storeLoadMs, indexBuildMs, pagePaths, uncachedPaths, reviewedSlug } = await prepareCatalogue(size, databaseUrl);
    const distinctPaths = distinctRealisticNeeds().map((q) => `/api/discover?q=${encodeURIComponent(q)}`);
    // Collect this process's garbage now (npm run bench passes --expose-gc), so that its
    // collector does not take one of the machine's cores while the server's start-up is timed.
    (globalThis as { gc?: () => void }).gc?.();

    const started = performance.now();
    // As in production (responses not checked against their schema, the default refresh interval),
    // except that rate limits and the burst hold on reviews are off: one client address sends every request here.
    const serverEnv = { DATABASE_URL: databaseUrl, APIDEX_VALIDATE_RESPONSES: '0', APIDEX_REFRESH_INTERVAL_MS: '', APIDEX_RATE_LIMITS: 'off', APIDEX_REVIEW_BURST: '1000000/1' };
    const server = await startServing(process.execPath, START_ARGUMENTS, serverEnv, 120_000);
    const startupMs = performance.now() - started;
    try {
      const pid = server.child.pid!;
      const reported = INDEX_BUILT.exec(server.output());
      const serverIndexBuildMs = reported ? Number(reported[1]) : null;
      await new Promise((resolve) => setTimeout(resolve, 1000)); // let start-up garbage settle
      const idleMb = readStatusMb(pid, 'VmRSS');

      let needsAnswered = 0;
      for (const need of NEEDS) {
        const response = await fetch(`${server.baseUrl}/api/discover?q=${encodeURIComponent(need)}`);
        if (!response.ok) throw new Error(`/api/discover answered ${response.status} for "${need}": ${await response.text()}`);
        if (((await response.json()) as { items: unknown[] }).items.length > 0) needsAnswered += 1;
      }

      let distinctBytes = 0;
      const sampled = distinctPaths.slice(0, 100);
      for (const path of sampled) distinctBytes += (await (await fetch(`${server.baseUrl}${path}`)).arrayBuffer()).byteLength / sampled.length;

      const routes: [string, string[]][] = [
        [DISCOVER, NEEDS.map((q) => `/api/discover?q=${encodeURIComponent(q)}`)],
        [DISCOVER_UNCACHED, uncachedPaths],
        [DISCOVER_DISTINCT, distinctPaths],
        [DISCOVER_DISTINCT_COMPACT, distinctPaths.map((path) => `${path}&view=compact`)],
        ['/api/apis?q=… (10 queries)', LOOKUP_QUERIES.map((q) => `/api/apis?q=${encodeURIComponent(q)}&limit=20`)],
        ['/api/apis/{slug}', pagePaths],
        ['/api/apis?limit=20', ['/api/apis?limit=20']],
      ];

      const stopSampling = sampleRss(pid);
      // Warm-up: every route once briefly, so the JIT and caches are past their first requests.
      await load(server.baseUrl, ['/healthz', ...routes.flatMap(([, paths]) => paths)], Math.min(2, duration));
      const healthFirst = await load(server.baseUrl, ['/healthz'], duration, undefined, connections, pid);
      const measured = [];
      const steps = routes.length + 3;
      const progress = createProgress(`Measuring ${sizeName(size)}`);
      progress.update(1, steps);
      for (const [name, paths] of routes) {
        measured.push({ name, ...(await load(server.baseUrl, paths, duration, undefined, connections, pid)) });
        progress.update(measured.length + 1, steps);
      }
      const healthLast = await load(server.baseUrl, ['/healthz'], duration, undefined, connections, pid);
      progress.update(steps - 1, steps);
      // Writes last, so the reads above ran on an unchanged catalogue: every POST is a new review.
      measured.push({ name: REVIEW_POSTS, ...(await load(server.baseUrl, [], duration, [reviewPostRequest(reviewedSlug)], 16, pid)) });
      progress.update(steps, steps);
      progress.finish();
      const peakMb = stopSampling();
      if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode} during the run:\n${server.output()}`);
      const highWaterMb = readStatusMb(pid, 'VmHWM');

      // The mean of the two /healthz runs, so drift over the run (other work on the machine) evens out.
      const baseline = (healthFirst.rps + healthLast.rps) / 2;
      const health = {
        name: '/healthz (mean of first and last)',
        rps: baseline,
        p50: (healthFirst.p50 + healthLast.p50) / 2,
        p99: Math.max(healthFirst.p99, healthLast.p99),
        errors: healthFirst.errors + healthLast.errors,
        cpuMsPerRequest: (healthFirst.cpuMsPerRequest + healthLast.cpuMsPerRequest) / 2,
      };
      const floor = await measureFloor(measured.find((row) => row.name === DISCOVER_DISTINCT)!.cpuMsPerRequest, Math.round(distinctBytes));
      const rows: RouteRow[] = [health, ...measured, floor].map((row) => ({ ...row, ratioToHealthz: row.rps / baseline }));

      const run: SizeRun = {
        size,
        store: 'sqlite',
        storeLoadMs,
        indexBuildMs,
        serverIndexBuildMs,
        startupMs,
        rss: { idleMb, peakMb, highWaterMb },
        needsAnswered,
        routes: rows,
        checks: [],
      };
      run.checks = (TARGETS[String(size)] ?? []).map((target) => ({ name: target.name, limit: target.limit, ...target.check(run) }));
      return run;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * busy-server.ts under the same load, spending `cpuMsPerRequest` in all (its own HTTP work
 * plus a spin for the rest) and answering `bytes` per request: p99 at 32
 * connections is mostly queueing, so this is the least a Node server of that cost gets here.
 * Measured while the server under test sits idle, after its own runs.
 */
async function measureFloor(cpuMsPerRequest: number, bytes: number) {
  const server = await startServing(process.execPath, ['--import', 'tsx', BUSY_SERVER], {});
  try {
    const pid = server.child.pid!;
    // HTTP's own cost per request depends on the rate, so the spin is set from a bare run and corrected twice at about the rate measured.
    const bare = await load(server.baseUrl, [`/?bytes=${bytes}`], Math.min(2, duration), undefined, connections, pid);
    let busyUs = Math.max(0, Math.round((cpuMsPerRequest - bare.cpuMsPerRequest) * 1000));
    for (let correction = 0; correction < 2; correction += 1) {
      const trial = await load(server.baseUrl, [`/?busyUs=${busyUs}&bytes=${bytes}`], Math.min(2, duration), undefined, connections, pid);
      busyUs = Math.max(0, Math.round(busyUs + (cpuMsPerRequest - trial.cpuMsPerRequest) * 1000));
    }
    return { name: FLOOR, ...(await load(server.baseUrl, [`/?busyUs=${busyUs}&bytes=${bytes}`], duration, undefined, connections, pid)) };
  } finally {
    await server.stop();
  }
}

function print(run: SizeRun): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\n## ${sizeName(run.size)} (SQLite, ${connections} connections, ${duration} s per route)\n`);
  console.log(`- store load: ${seconds(run.storeLoadMs)}`);
  console.log(
    `- index build: ${Math.round(run.indexBuildMs)} ms (CatalogueIndex.build in the bench process); ` +
      (run.serverIndexBuildMs === null ? 'the server does not log its own build time' : `${run.serverIndexBuildMs} ms as the server logged it`),
  );
  console.log(`- start-up, spawn to first /healthz: ${seconds(run.startupMs)}`);
  console.log(`- RSS: ${run.rss.idleMb.toFixed(0)} MB idle after start, ${run.rss.peakMb.toFixed(0)} MB peak under load (sampled every 200 ms; kernel high-water mark ${run.rss.highWaterMb.toFixed(0)} MB)`);
  console.log(`- discover found listings for ${run.needsAnswered} of ${NEEDS.length} needs\n`);
  console.log('| route | req/s | vs /healthz | p50 ms | p99 ms | errors | server CPU ms/request |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of run.routes) {
    console.log(`| ${row.name} | ${row.rps.toFixed(0)} | ${(row.ratioToHealthz * 100).toFixed(0)}% | ${row.p50} | ${row.p99} | ${row.errors} | ${row.cpuMsPerRequest.toFixed(3)} |`);
  }
  if (run.checks.length === 0) {
    console.log(`\nNo targets are set for ${sizeName(run.size)} (they are for 1,711, the default catalogue and 100,000).`);
    return;
  }
  console.log('\n| target | limit | measured | result |');
  console.log('|---|---|---|---|');
  for (const check of run.checks) console.log(`| ${check.name} | ${check.limit} | ${check.actual} | ${check.pass ? 'PASS' : 'FAIL'} |`);
}

/** Listing pages on the default catalogue (the seed's listings), where their target is set. */
async function benchPages(): Promise<ListingPageBench> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidex-page-bench-'));
  const server = await startServing(process.execPath, START_ARGUMENTS, {
    DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
    APIDEX_VALIDATE_RESPONSES: '0',
    APIDEX_RATE_LIMITS: 'off',
    APIDEX_REFRESH_INTERVAL_MS: '',
  });
  try {
    return await benchListingPages({ baseUrl: server.baseUrl, slugs: SEED_SLUGS, durationSeconds: duration });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npm start` runs src/ through tsx when dist/ is older than src/ (bin/entry.js): a bench after an
// edit without `npm run build` would measure that path, not the one users run.
if (!distIsFresh()) {
  console.error('dist/ is older than src/, so the server would run src/ through tsx: run `npm run build` first.');
  process.exit(2);
}

const runs: SizeRun[] = [];
for (const size of only.has('sizes') ? sizes : []) {
  const run = await benchSize(size);
  print(run);
  runs.push(run);
}
let ranking: Awaited<ReturnType<typeof benchRanking>> | undefined;
if (only.has('ranking')) {
  console.log('\n## Ranking time per need, in process (distinct realistic needs, each asked once per pass)\n');
  ranking = await benchRanking({ needs: distinctRealisticNeeds() });
  console.log(formatRankingBench(ranking));
}

let pages: ListingPageBench | undefined;
if (only.has('pages')) {
  console.log('\n## Listing pages, default catalogue (SQLite)\n');
  pages = await benchPages();
  console.log(formatListingPageBench(pages));
}

let startup: Awaited<ReturnType<typeof benchStartup>> | undefined;
if (only.has('startup')) {
  console.log('\n## Start-up of the default catalogue\n');
  startup = await benchStartup(START_ARGUMENTS);
  console.log(formatStartupBench(startup));
}

let imports: Awaited<ReturnType<typeof benchImports>> = [];
if (only.has('imports')) {
  console.log('\n## Imports (npx apidex import FILE into a fresh SQLite file, in its own process)\n');
  imports = await benchImports({ syntheticSize: Math.max(...sizes.filter((size): size is number => size !== 'catalog'), 1711) });
}

let cli: Awaited<ReturnType<typeof benchCli>> | undefined;
if (only.has('cli')) {
  console.log('\n## CLI read commands, local and --remote (issue 16)\n');
  cli = await benchCli();
  console.log(formatCliBench(cli));
}

let stalls: Awaited<ReturnType<typeof benchStalls>> | undefined;
if (only.has('stall')) {
  console.log('\n## Stalls within the limits: /healthz while clients send the costliest requests their limits allow (issue 28)\n');
  stalls = await benchStalls({ startArguments: START_ARGUMENTS, durationSeconds: duration });
  console.log(formatStallBench(stalls));
}

const failed = [
  ...runs.flatMap((run) => run.checks.filter((check) => !check.pass).map((check) => `${run.size}: ${check.name}`)),
  ...(ranking && !ranking.target.pass ? [`ranking: ${ranking.target.name}`] : []),
  ...(pages && !pages.target.pass ? [`default catalogue: ${pages.target.name}`] : []),
  ...(startup?.targets ?? []).filter((target) => !target.pass).map((target) => `default catalogue: ${target.name}`),
  ...imports.filter((run) => !run.met).map((run) => `import: ${run.name}`),
  ...(cli?.targets ?? []).filter((target) => !target.pass).map((target) => `cli: ${target.name}`),
  ...(stalls?.runs ?? []).filter((run) => !run.target.pass).map((run) => `stall: ${run.target.name}`),
];
if (values.json) {
  const report = { at: new Date().toISOString(), node: process.version, cpus: cpus().length, connections, durationSeconds: duration, runs, listingPages: pages, startup, imports, cli, stalls, failed };
  writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nFigures written to ${values.json}.`);
}
if (failed.length > 0) {
  console.log(`\nMissed ${failed.length} target(s): ${failed.join('; ')}.`);
  process.exitCode = 1;
}
