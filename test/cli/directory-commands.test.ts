import { TEST_CATALOG_DIR } from '../support/test-catalog.ts';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.ts';
import { runCli } from '../../src/cli/main.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const run = promisify(execFile);

/** The real `apidex` command in a child process, as `npx apidex` runs it. */
async function spawned(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/apidex.js', ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The command line parser and commands in this process, with captured output, on the given store. */
async function apidex(args: string[], databaseUrl: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text), config: () => loadConfig({ DATABASE_URL: databaseUrl, APIDEX_CATALOG_DIR: TEST_CATALOG_DIR }) };
  const code = await runCli(args, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const NEED = 'send real-time notifications to browser clients';
const COMMANDS = ['search', 'discover', 'recommend', 'compare', 'alternatives', 'show', 'categories', 'reviews', 'review', 'mcp', 'serve', 'import', 'eval', 'catalog'];

describe('apidex directory commands on a fresh local store', () => {
  it('discover prints a table for people and JSON for jq, on a store it migrates and loads itself', async () => {
    const env = { DATABASE_URL: `file:${createTestSqlitePath()}` };
    const json = await spawned(['discover', NEED, '--json'], env);
    expect(json.code).toBe(0);
    expect(json.stderr).toBe('');
    const body = JSON.parse(json.stdout);
    expect(body.items[0]).toMatchObject({ slug: 'real-time-channels-api', confidence: 'high', relevance: expect.any(Number) });

    const table = await spawned(['discover', ...NEED.split(' ')], env);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^#\s+NAME\s+SLUG\s+RELEVANCE\s+CONFIDENCE\s+CLI\s+QUALITY\s+PRICING$/);
    expect(lines[1]).toMatch(/^1\s+Real-time channels API\s+real-time-channels-api\s+1\.00\s+high\s+8\/10 excellent\s+7\/10\s+Freemium$/);
    expect(table.stdout).toMatch(/hosted-channels-service .*not scored\s+not scored\s+Freemium/);
  });

  it('show fails on an unknown slug with a clear message on stderr and exit 1, never showing another listing', async () => {
    const env = { DATABASE_URL: `file:${createTestSqlitePath()}` };
    const missing = await spawned(['show', 'no-such-listing'], env);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('apidex: No listing has the slug "no-such-listing"; look the listing up by text');
    const typo = await spawned(['show', 'real-time-channel-api'], env);
    expect(typo.code).toBe(1);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toContain('close matches: real-time-channels-api');
  });

  it('answers a bad value with exit 2 and the fix under the flag\'s name', async () => {
    const url = `file:${createTestSqlitePath()}`;
    const limit = await apidex(['search', 'country', '--limit', '0'], url);
    expect(limit.code).toBe(2);
    expect(limit.stderr).toBe('apidex: one value is not valid:\n  fix --limit: limit must be an integer from 1 to 100; got 0');
    const pricing = await apidex(['discover', 'country', 'data', '--pricing', 'gratis', '--min-cli-score', '11'], url);
    expect(pricing.code).toBe(2);
    expect(pricing.stderr).toContain('fix --pricing: pricing must be one of free, freemium, paid, usage-based, open-source, enterprise; got "gratis"');
    expect(pricing.stderr).toContain('fix --min-cli-score: minCliScore must be an integer from 0 to 10; got 11');
    const unknownFlag = await apidex(['show', 'apidex', '--colour'], url);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain("unknown option '--colour'");
    // Followed by the command's usage, not the bare error alone (issue 16).
    expect(unknownFlag.stderr).toMatch(/Usage: apidex show \[options\] <slug>/);
  });

  it('show prints both scores with every part, rates as percentages, and the FAQ itself (issue 16)', async () => {
    const shown = await apidex(['show', 'real-time-channels-api'], `file:${createTestSqlitePath()}`);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^quality 7\/10 \(from 7 of 7 inputs; illustrative inputs\) \[quality\/1\]:\n {2}1\.75\/2\.5 +Package downloads per week: 77,000 \(illustrative\)$/m);
    expect(shown.stdout).toMatch(/^ {2}0\.7\/1 +Issue close ratio: 70% \(illustrative\)$/m);
    expect(shown.stdout).toMatch(/^FAQ:\n {2}Q: Is Real-time channels API free\?\n {2}A: /m);
    expect(shown.stdout).not.toContain('answers in the structured result');
  });

  it('has --help with examples on every command', async () => {
    const url = `file:${createTestSqlitePath()}`;
    const top = await apidex(['--help'], url);
    for (const command of COMMANDS) expect(top.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    expect(top.stdout).toContain('Exit codes: 0 success');
    for (const command of COMMANDS) {
      const help = await apidex([command, '--help'], url);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(/Examples:|Commands:/);
    }
    const discover = await apidex(['discover', '--help'], url);
    // Flags come from the operation's zod schema, with its descriptions.
    expect(discover.stdout).toMatch(/--min-cli-score <number>\s+Only listings whose CLI relevance is at least this/);
    expect(discover.stdout).toMatch(/--env-var-auth\s+true: only listings that pass/);
    expect(discover.stdout).toContain('--remote <url>');
  });

  it('search, recommend, compare, alternatives and categories answer from the default catalogue', async () => {
    const url = `file:${createTestSqlitePath()}`;
    const search = await apidex(['search', 'country', '--json'], url);
    expect(JSON.parse(search.stdout).items[0].slug).toBe('country-reference-data-service');
    const page = await apidex(['search', '--limit', '2'], url);
    expect(page.stdout).toMatch(/2 of 6 listings; next page: --cursor \S+/);
    // --json names the next page as the API does: `next`, the path of the next page.
    const pageJson = JSON.parse((await apidex(['search', '--limit', '2', '--json'], url)).stdout);
    expect(Object.keys(pageJson).sort()).toEqual(['items', 'next', 'total']);
    expect(pageJson.next).toMatch(/^\/api\/apis\?limit=2&cursor=\S+$/);

    const recommend = await apidex(['recommend', 'broadcast', 'live', 'updates', '--headless'], url);
    expect(recommend.stdout).toMatch(/^Pick: Real-time channels API \[real-time-channels-api\]/);
    const none = await apidex(['recommend', 'broadcast live updates', '--pricing', 'paid', '--json'], url);
    expect(JSON.parse(none.stdout)).toMatchObject({ recommendation: null, message: expect.stringContaining('drop pricing=paid') });
    const priced = JSON.parse((await apidex(['recommend', 'broadcast live updates', '--volume', '5000', '--priority', 'scale', '--json'], url)).stdout);
    expect(priced.ranking).toMatchObject({ priority: 'scale', volume: 5000 });
    expect(priced.recommendation.cost).toMatchObject({ volume: 5000, monthlyUsd: null });
    const badVolume = await apidex(['recommend', 'broadcast live updates', '--volume', 'lots'], url);
    expect(badVolume.code).toBe(2);
    expect(badVolume.stderr).toContain('volume must be a number from 0');

    const compare = await apidex(['compare', 'real-time-channels-api', 'hosted-channels-service'], url);
    expect(compare.stdout).toMatch(/^CLI relevance\s+8\/10 excellent \(9\/11 points\)\s+not scored/m);
    expect(compare.stdout).toMatch(/^CLI tool available\s+fail\s+not assessed$/m);
    expect(compare.stdout).toContain('Verdict (open):');
    const tooFew = await apidex(['compare', 'apidex'], url);
    expect(tooFew.code).toBe(2);
    expect(tooFew.stderr).toContain('fix <slugs>: slugs must name 2 to 5 listings to compare; got 1');
    // The example is in command-line syntax, not the API's "slugs=a,b" (issue 16).
    expect(tooFew.stderr).toContain('e.g. real-time-channels-api hosted-channels-service');
    expect(tooFew.stderr).not.toContain('slugs=');

    const alternatives = await apidex(['alternatives', 'real-time-channels-api', '--json'], url);
    expect(JSON.parse(alternatives.stdout).items[0].slug).toBe('hosted-channels-service');
    const categories = await apidex(['categories'], url);
    expect(categories.stdout).toMatch(/^Developer Tools\s+developer-tools\s+1\s+API Directories \(1\)$/m);
  });

  it('review submits from flags or a JSON file with the HTTP API\'s rules, and reviews reads them back', async () => {
    const url = `file:${createTestSqlitePath()}`;
    const flags = [
      'review', 'real-time-channels-api', '--reviewer-type', 'agent', '--reviewer-name', 'cli-bot', '--rating', '4',
      '--title', 'Worked first time from CI', '--body', 'API key from an env var; the SDK did the rest.',
      '--auth-worked', '--no-worked-headless', '--time-to-first-request', '5', '--strengths', 'env var auth', 'clear errors', '--evidence-level', 'sandbox-live',
    ];
    const created = await apidex([...flags, '--json'], url);
    expect(created.code).toBe(0);
    const result = JSON.parse(created.stdout);
    expect(result).toMatchObject({ outcome: 'created', review: { rating: 4, integrationReport: { authWorked: true, workedHeadless: false, timeToFirstRequest: 5, strengths: ['env var auth', 'clear errors'], evidenceLevel: 'sandbox-live' } } });

    const file = join(inject('scratchDir'), `review-${Date.now()}.json`);
    await writeFile(file, JSON.stringify({ targetType: 'api', targetSlug: 'real-time-channels-api', reviewerType: 'agent', reviewerName: 'CLI-Bot', rating: 5, title: 'Still good', body: 'Second look.', reviewerToken: result.reviewerToken }));
    const updated = await apidex(['review', '--file', file], url);
    expect(updated.stdout).toMatch(/^Review updated and published\. Review [0-9a-f-]{36} of real-time-channels-api: updated, status published\.$/);

    const listed = await apidex(['reviews', 'real-time-channels-api', '--json'], url);
    expect(JSON.parse(listed.stdout)).toMatchObject({ stats: { count: 1, averageRating: { value: 5, sampleSize: 1 } }, items: [{ id: result.review.id, title: 'Still good' }] });

    const bad = await apidex(['review', 'real-time-channels-api', '--reviewer-type', 'robot', '--reviewer-name', 'x', '--rating', '9', '--title', 't', '--body', 'b'], url);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('fix --reviewer-type: reviewerType must be one of "agent", "human"; got "robot"');
    expect(bad.stderr).toContain('fix --rating: rating must be an integer from 1 to 5 (1 worst, 5 best); got 9');
    const unknown = await apidex(['review', 'real-time-channel-api', '--reviewer-type', 'human', '--reviewer-name', 'x', '--rating', '3', '--title', 't', '--body', 'b'], url);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('close matches: real-time-channels-api');
    const notJson = join(inject('scratchDir'), `review-${Date.now()}.txt`);
    await writeFile(notJson, 'rating: 5');
    expect((await apidex(['review', '--file', notJson], url)).stderr).toContain('is not valid JSON');
  });
});

describe('apidex commands with --remote ask a running directory and print the same', () => {
  let server: TestServer;
  let localUrl: string;

  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`);
    localUrl = `file:${createTestSqlitePath()}`;
  });
  afterAll(async () => server?.close());

  it('gives the same output as the local store, for people and for machines', async () => {
    for (const args of [
      ['show', 'real-time-channels-api'],
      ['show', 'apidex', '--json'],
      ['discover', NEED],
      ['search', '--limit', '3'],
      ['compare', 'real-time-channels-api,hosted-channels-service', '--json'],
      ['alternatives', 'real-time-channels-api'],
      ['recommend', 'broadcast live updates', '--headless', '--json'],
      ['categories', '--json'],
      ['reviews', 'apidex', '--json'],
    ]) {
      const local = await apidex(args, localUrl);
      const remote = await apidex([...args, '--remote', server.baseUrl], localUrl);
      expect(remote.code, args.join(' ')).toBe(0);
      if (args.includes('--json')) {
        // The same data; the server writes keys in its schema's order, and its own write times.
        const data = (text: string) => JSON.parse(text.replace(/"updatedAt": "[^"]+"/g, '"updatedAt": ""'));
        expect(data(remote.stdout), args.join(' ')).toEqual(data(local.stdout));
      } else {
        expect(remote.stdout, args.join(' ')).toBe(local.stdout);
      }
    }
  });

  it('maps the API\'s problems to the same messages and exit codes', async () => {
    const missing = await apidex(['show', 'real-time-channel-api', '--remote', server.baseUrl], localUrl);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('close matches: real-time-channels-api');
    const bad = await apidex(['discover', 'x', '--limit', '0', '--remote', server.baseUrl], localUrl);
    expect(bad.code).toBe(2);
    const unreachable = await apidex(['categories', '--remote', 'http://127.0.0.1:9'], localUrl);
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toMatch(/^apidex: Cannot reach the directory at http:\/\/127\.0\.0\.1:9/);
  });

  it('never opens the local store: --remote answers even where the local store could not be opened (issue 16)', async () => {
    const unusable = 'mysql://nowhere/apidex';
    expect((await apidex(['categories'], unusable)).code).toBe(3);
    for (const args of [['categories'], ['show', 'real-time-channels-api'], ['discover', NEED]]) {
      const remote = await spawned([...args, '--remote', server.baseUrl], { DATABASE_URL: unusable });
      expect(remote.code, args.join(' ')).toBe(0);
      expect(remote.stderr, args.join(' ')).toBe('');
    }
  });

  it('submits a review to the running directory, and APIDEX_URL stands in for --remote', async () => {
    const review = ['review', 'country-reference-data-service', '--reviewer-type', 'human', '--reviewer-name', 'remote-reviewer', '--rating', '3', '--title', 'Fine', '--body', 'Did the job.'];
    const sent = await spawned(review, { APIDEX_URL: server.baseUrl, DATABASE_URL: localUrl });
    expect(sent.code).toBe(0);
    expect(sent.stdout).toContain('Review published.');
    const there = await spawned(['reviews', 'country-reference-data-service', '--json'], { APIDEX_URL: server.baseUrl });
    expect(JSON.parse(there.stdout).items.map((item: { reviewerName: string }) => item.reviewerName)).toEqual(['remote-reviewer']);
    const notHere = await apidex(['reviews', 'country-reference-data-service', '--json'], localUrl);
    expect(JSON.parse(notHere.stdout).stats.count).toBe(0);
  });
});
