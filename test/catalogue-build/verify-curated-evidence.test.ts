import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCuratedHead } from '../../src/catalogue-build/read-curated-head.ts';
import { statesFigure, VERIFY_USER_AGENT, verifyCuratedEvidence, type VerifyReport } from '../../src/catalogue-build/verify-curated-evidence.ts';

/**
 * `catalog verify` against a real HTTP server on loopback serving the pages the fixture providers
 * cite (test/fixtures/curated-head, their hosts rewritten to the server): one page has dropped a
 * price, one is gone (404), one never answers, the rest still state their figures.
 */

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'apidex-verify-'));
const requests: { host: string; path: string; userAgent: string | undefined; at: number }[] = [];

const PAGES: Record<string, string> = {
  '/acme/pricing': '<html><body><h1>Pricing</h1><p>Free: 3,000&nbsp;emails a month.</p><p>Pro $20/month, 50k emails, then $0.90 per 1,000.</p><p>Scale: 100,000 emails, call us.</p></body></html>',
  '/acme/docs/limits': '<p>Each key may send 10 requests per second.</p>',
  '/zeta/pricing': '<p>Basic: $15 a month for 100 000 emails.</p>',
  '/zeta/developers/limits': '<p>Up to 6,000 requests per minute.</p>',
};

let server: Server;
let base: string;
let curatedDir: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ host: request.headers.host ?? '', path, userAgent: request.headers['user-agent'], at: Date.now() });
    if (path === '/acme/docs/mcp') return; // never answers
    if (path === '/acme/docs/tools') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('gone');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end(PAGES[path] ?? '<p>A documentation page.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  curatedDir = join(scratch, 'sources', 'curated');
  mkdirSync(curatedDir, { recursive: true });
  for (const [file, host, prefix] of [
    ['acme-mail.yaml', 'https://acme-mail.example', `${base}/acme`],
    // Another name for the same server: a second host, so the per-host spacing is per host.
    ['zeta-post.yaml', 'https://zeta-post.example', `http://localhost:${port}/zeta`],
  ] as const) {
    writeFileSync(join(curatedDir, file), readFileSync(`test/fixtures/curated-head/curated/${file}`, 'utf8').replaceAll(host, prefix));
  }
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  rmSync(scratch, { recursive: true, force: true });
});

describe('figures as pages write them', () => {
  it.each([
    ['3,000 emails', '3000', true],
    ['50k emails', '50000', true],
    ['$0.90 per 1,000', '0.9', true],
    ['100 000 emails', '100000', true],
    ['$20/month', '20', true],
    ['150000 emails', '5000', false],
    ['$120', '20', false],
    ['20,000 requests', '20', false],
  ])('%j states %j: %j', (text, figure, expected) => {
    expect(statesFigure(text, figure)).toBe(expected);
  });
});

describe('verifying the pages the curated head cites', () => {
  let report: VerifyReport;
  const progress: number[] = [];
  const calls: { host: string; at: number }[] = [];
  beforeAll(async () => {
    report = await verifyCuratedEvidence(readCuratedHead(curatedDir), {
      staleDays: 30,
      concurrency: 3,
      perHostDelayMs: 120,
      timeoutMs: 400,
      now: new Date('2026-11-26T12:00:00Z'),
      onProgress: (done) => progress.push(done),
      fetch: (url, init) => {
        calls.push({ host: new URL(String(url)).host, at: performance.now() });
        return fetch(url, init);
      },
    });
  });
  const page = (path: string) => report.pages.find((item) => item.url.endsWith(path))!;

  it('records each page\'s status once, however many facts cite it, and reports progress', () => {
    expect(page('/acme/pricing')).toMatchObject({ status: 200, broken: false });
    expect(page('/acme/pricing').facts.map((fact) => fact.fact)).toEqual(
      expect.arrayContaining(['pricing.tier', 'pricing.freeAllowance', 'pricing.plans[Pro]', 'pricing.plans[Scale]', 'pricing.creditCardRequired', 'criteria.machineReadablePricing']),
    );
    expect(requests.filter((request) => request.path === '/acme/pricing')).toHaveLength(1);
    expect(progress.at(-1)).toBe(report.pages.length);
  });

  it('says whether each page still states its fact\'s figures', () => {
    const facts = page('/acme/pricing').facts;
    expect(facts.find((fact) => fact.fact === 'pricing.plans[Pro]')).toMatchObject({ figureFound: true, missingFigures: [] });
    expect(facts.find((fact) => fact.fact === 'pricing.freeAllowance')).toMatchObject({ figureFound: true });
    expect(facts.find((fact) => fact.fact === 'pricing.plans[Scale]')).toMatchObject({ figureFound: false, missingFigures: ['90'] });
    expect(facts.find((fact) => fact.fact === 'pricing.tier')).toMatchObject({ figureFound: null });
    expect(page('/acme/docs/limits').facts.find((fact) => fact.fact === 'criteria.rateLimits')).toMatchObject({ figureFound: true });
    expect(page('/zeta/developers/limits').facts[0]).toMatchObject({ figureFound: true });
    expect(page('/zeta/pricing').facts.find((fact) => fact.fact === 'pricing.plans[Basic]')).toMatchObject({ figureFound: true });
  });

  it('lists broken evidence: a 404 and a page that never answers', () => {
    expect(page('/acme/docs/tools')).toMatchObject({ status: 404, broken: true, error: 'HTTP 404' });
    expect(page('/acme/docs/mcp')).toMatchObject({ status: null, broken: true, error: 'no answer within 400 ms' });
    expect(report.summary).toMatchObject({ broken: 2, figureMissing: 1 });
  });

  it('lists facts older than the stale limit', () => {
    const zeta = report.pages.filter((item) => item.url.includes('/zeta/')).flatMap((item) => item.facts);
    expect(zeta.every((fact) => fact.stale && fact.ageDays === 56)).toBe(true);
    const acme = report.pages.filter((item) => item.url.includes('/acme/') && !item.url.endsWith('/validation')).flatMap((item) => item.facts);
    expect(acme.every((fact) => !fact.stale && fact.ageDays === 6)).toBe(true);
  });

  it('re-reads the page a capability line names, as its own fact', () => {
    expect(page('/acme/docs/validation').facts).toEqual([expect.objectContaining({ slug: 'acme-mail', fact: 'capabilities[4]', ageDays: 1, stale: false, figureFound: null })]);
  });

  it('asks politely: a User-Agent that says who asks, and requests to one host spaced out', () => {
    expect(new Set(requests.map((request) => request.userAgent))).toEqual(new Set([VERIFY_USER_AGENT]));
    expect(new Set(calls.map((call) => call.host)).size).toBe(2);
    for (const host of new Set(calls.map((call) => call.host))) {
      const times = calls.filter((call) => call.host === host).map((call) => call.at);
      expect(times.length).toBeGreaterThan(1);
      // Spaced by 120 ms: the rule is pinned on a fake clock in test/enrich/pacer.test.ts. A call is
      // recorded when its task runs again, which a busy event loop can delay; a late record shortens one
      // gap and lengthens the next, so the span of a host's calls, late only at its first, is what is held.
      expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((times.length - 1) * 120 - 60);
    }
  });
});

describe('npx apidex catalog verify', () => {
  it('prints the report as JSON and exits 1 while evidence is broken or changed', async () => {
    const result = await run(process.execPath, ['bin/apidex.js', 'catalog', 'verify', '--sources', join(scratch, 'sources'), '--json', '--delay-ms', '0', '--timeout-ms', '400', '--stale-days', '3650'], { encoding: 'utf8' }).then(
      (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout);
    expect(json.summary).toMatchObject({ broken: 2, figureMissing: 1, stale: 0 });
  });

  it('exits 3 and says why when no page answers at all (no network), rather than calling every fact broken', async () => {
    const offline = join(scratch, 'offline', 'curated');
    mkdirSync(offline, { recursive: true });
    writeFileSync(join(offline, 'acme-mail.yaml'), readFileSync('test/fixtures/curated-head/curated/acme-mail.yaml', 'utf8').replaceAll('https://acme-mail.example', 'http://127.0.0.1:1/acme'));
    const result = await run(process.execPath, ['bin/apidex.js', 'catalog', 'verify', '--sources', join(scratch, 'offline'), '--delay-ms', '0', '--timeout-ms', '400'], { encoding: 'utf8' }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('No cited page answered at all');
  });

  it('says what it found in words', async () => {
    const result = await run(process.execPath, ['bin/apidex.js', 'catalog', 'verify', '--sources', join(scratch, 'sources'), '--delay-ms', '0', '--timeout-ms', '400', '--stale-days', '30'], { encoding: 'utf8' }).catch(
      (error: { stdout: string }) => error,
    );
    expect(result.stdout).toMatch(/^broken +http:\/\/127\.0\.0\.1:\d+\/acme\/docs\/tools: HTTP 404 \(cited by acme-mail criteria\.cliTool\)$/m);
    expect(result.stdout).toMatch(/^changed +.*\/acme\/pricing: no longer states 90 \(acme-mail pricing\.plans\[Scale\], read 2026-11-20\)$/m);
    expect(result.stdout).toMatch(/^stale +http:\/\/localhost:\d+\/zeta\/pricing: \d+ days old/m);
    expect(result.stdout).toMatch(/pages re-read for \d+ facts: 2 broken, 1 of \d+ figures no longer stated/);
  });
});

describe('npx apidex catalog verify, on the pages list rows are described from (ADR 33)', () => {
  it('re-reads each row\'s page beside the curated head\'s, and lists one that is gone', async () => {
    const sources = join(scratch, 'rows');
    mkdirSync(join(sources, 'curation'), { recursive: true });
    const row = (name: string, path: string) => `- row: "public-apis:${name}"\n  description: Facts about cats, one at a time, as JSON.\n  capabilities: [get a random cat fact]\n  page: { url: "${base}${path}", asOf: 2026-11-27, dated: read }\n`;
    writeFileSync(join(sources, 'curation', 'rows.yaml'), row('Cat Facts', '/cats/docs') + row('Dog Facts', '/acme/docs/tools'));
    const result = await run(process.execPath, ['bin/apidex.js', 'catalog', 'verify', '--sources', sources, '--json', '--delay-ms', '0', '--timeout-ms', '400', '--stale-days', '3650'], { encoding: 'utf8' }).then(
      (ok) => ({ code: 0, stdout: ok.stdout }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as VerifyReport;
    expect(json.summary).toMatchObject({ pages: 2, facts: 2, broken: 1 });
    expect(json.pages.find((page) => page.url.endsWith('/cats/docs'))).toMatchObject({ status: 200, broken: false, facts: [{ file: 'curation', slug: 'public-apis:Cat Facts', fact: 'description' }] });
    expect(json.pages.find((page) => page.url.endsWith('/acme/docs/tools'))).toMatchObject({ status: 404, broken: true });
  });
});
