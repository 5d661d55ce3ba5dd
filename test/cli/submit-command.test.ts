import { TEST_CATALOG_DIR } from '../support/test-catalog.ts';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.ts';
import { runCli } from '../../src/cli/main.ts';
import { loadConfig } from '../../src/config.ts';
import { openCore } from '../../src/open-core.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** The command line parser and commands in this process, with captured output, on the given store. */
async function apidex(args: string[], databaseUrl: string, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text), config: () => loadConfig({ DATABASE_URL: databaseUrl, APIDEX_CATALOG_DIR: TEST_CATALOG_DIR, ...env }) };
  const code = await runCli(args, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const flags = (name: string, host: string) => [
  'submit', name, '--description', `${name}: tide tables and water levels as JSON`, '--category', 'Data & Information',
  '--url', `https://${host}/docs`, '--pricing-tier', 'Free', '--capabilities', 'get tide tables', 'get water levels', '--submitted-by', 'cli-bot',
];

const OPENAPI = 'openapi: 3.1.0\ninfo: { title: Tides, version: "1" }\npaths:\n  /t:\n    get:\n      responses:\n        "200": { description: ok, content: { application/json: {} } }\n';

describe('apidex submit', () => {
  it('queues a proposal from flags, or from a YAML file with an OpenAPI document, in the local store', async () => {
    const url = `file:${createTestSqlitePath()}`;
    const sent = await apidex([...flags('Harbour tides alpha', 'alpha.tides.example.org'), '--json'], url);
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
    const result = JSON.parse(sent.stdout);
    expect(result).toMatchObject({ outcome: 'queued', submission: { status: 'pending', name: 'Harbour tides alpha', submittedBy: 'cli-bot', listing: { capabilities: ['get tide tables', 'get water levels'] } } });

    const dir = inject('scratchDir');
    const listingFile = join(dir, `submit-${Date.now()}.yaml`);
    const openapiFile = join(dir, `submit-${Date.now()}-openapi.yaml`);
    await writeFile(listingFile, 'name: Harbour tides beta\ndescription: Tide tables as JSON\ncategory: Data & Information\nurl: https://beta.tides.example.org/\ncliCriteria:\n  headless: { status: passed }\n');
    await writeFile(openapiFile, OPENAPI);
    const fromFile = await apidex(['submit', '--file', listingFile, '--openapi', openapiFile, '--pricing-tier', 'Paid'], url);
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toMatch(/^Submission [0-9a-f-]{36} of "Harbour tides beta": pending\./);
    expect(fromFile.stdout).toContain('OpenAPI assessment: assessed (evidence for jsonResponse)');
    expect(fromFile.stdout).toMatch(/Status: GET \/api\/apis\/submissions\/[0-9a-f-]{36}/);

    const core = await openCore({ databaseUrl: url, catalogDir: TEST_CATALOG_DIR }, { log: { info: () => {}, warn: () => {} } });
    try {
      const queue = await core.store.listSubmissions({ status: 'pending', limit: 10 });
      expect(queue.items.map((item) => [item.content.record.name, item.content.record.pricingTier, item.content.record.cliCriteria.headless?.status])).toEqual([
        ['Harbour tides alpha', 'Free', undefined],
        ['Harbour tides beta', 'Paid', 'passed'],
      ]);
    } finally {
      await core.store.close();
    }
  });

  it('refuses a listed or pending API with exit 1 naming it, and bad values with exit 2 under the flag', async () => {
    const url = `file:${createTestSqlitePath()}`;
    const listed = await apidex(['submit', 'Real-time channels API', '--description', 'Channels', '--category', 'Realtime'], url);
    expect(listed.code).toBe(1);
    expect(listed.stdout).toBe('');
    expect(listed.stderr).toContain('already listed');
    expect(listed.stderr).toContain('real-time-channels-api');

    expect((await apidex(flags('Harbour tides gamma', 'gamma.tides.example.org'), url)).code).toBe(0);
    const pending = await apidex(flags('Harbour tides gamma', 'gamma.tides.example.org'), url);
    expect(pending.code).toBe(1);
    expect(pending.stderr).toContain('already proposed');

    const bad = await apidex(['submit', 'Harbour tides delta', '--category', 'Data', '--pricing-tier', 'Cheap', '--url', 'ftp://x'], url);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('fix --description:');
    expect(bad.stderr).toContain('fix --pricing-tier: pricingTier must be one of Free, Freemium, Paid, Usage-based, Open source');
    expect(bad.stderr).toContain('fix --url:');
    const noName = await apidex(['submit', '--description', 'x', '--category', 'y'], url);
    expect(noName.code).toBe(2);
    expect(noName.stderr).toContain('fix [name]:');
    const notOpenApi = join(inject('scratchDir'), `not-openapi-${Date.now()}.yaml`);
    await writeFile(notOpenApi, 'title: nothing\n');
    const badDocument = await apidex([...flags('Harbour tides epsilon', 'epsilon.tides.example.org'), '--openapi', notOpenApi], url);
    expect(badDocument.code).toBe(2);
    expect(badDocument.stderr).toContain('fix --openapi: openApiDocument must be an OpenAPI 3.0 or 3.1 or a Swagger 2.0 document');
  });

  describe('with --remote', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(`file:${createTestSqlitePath()}`);
    });
    afterAll(async () => server?.close());

    it('submits to the running directory with the same output and errors as locally', async () => {
      const localUrl = `file:${createTestSqlitePath()}`;
      const remote = await apidex([...flags('Harbour tides zeta', 'zeta.tides.example.org'), '--remote', server.baseUrl], localUrl);
      expect(remote.code).toBe(0);
      const id = /^Submission ([0-9a-f-]{36}) of "Harbour tides zeta": pending\./.exec(remote.stdout)?.[1];
      expect(id).toBeDefined();
      expect((await server.ctx.store.getSubmission(id!))!.status).toBe('pending');
      // APIDEX_URL stands in for --remote; the refusal reads as it does locally.
      const again = await apidex(flags('Harbour tides zeta', 'zeta.tides.example.org'), localUrl, { APIDEX_URL: server.baseUrl });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`already proposed and waiting for a moderator (submission ${id}`);
      const listed = await apidex(['submit', 'Real-time channels API', '--description', 'Channels', '--category', 'Realtime', '--remote', server.baseUrl], localUrl);
      expect(listed.code).toBe(1);
      expect(listed.stderr).toContain('real-time-channels-api');
      const bad = await apidex(['submit', 'Harbour tides eta', '--description', 'x', '--category', 'y', '--slug', 'Bad Slug', '--remote', server.baseUrl], localUrl);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('fix --slug:');
    });
  });
});
