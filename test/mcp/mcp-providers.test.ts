import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call } from './mcp-scenarios.ts';

/** get_provider, grouped search_apis and discover_apis, and a moved slug, through a real MCP client over Streamable HTTP. */
describe('MCP: providers, grouped results and moved slugs', () => {
  let server: TestServer;
  let client: Client;

  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`, { catalogDir: 'test/fixtures/catalog-providers' });
    client = new Client({ name: 'apidex-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.baseUrl)));
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('get_provider lists a provider\'s products with what each does', async () => {
    const result = await call(client, 'get_provider', { id: 'skyline' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: 'skyline', name: 'Skyline Messaging', count: 4 });
    expect(result.structuredContent!.products.map((product: any) => product.slug)).toEqual(['skyline-sms', 'skyline-voice', 'skyline-chat', 'skyline-lookup']);
    expect(result.text.split('\n')[0]).toBe('Skyline Messaging [provider skyline] https://skyline.example/: 4 products (Communication 3, Data & Information 1).');
    expect(result.text).toContain('1. Skyline SMS [skyline-sms] Communication / SMS & Voice; CLI 10/10; quality not scored; pricing Freemium');
    expect(result.text).toContain('   does: send SMS messages; receive SMS messages by webhook; buy a phone number');
    const unknown = await call(client, 'get_provider', { id: 'skylne' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('not_found: No provider has the id "skylne"; did you mean "skyline"?');
  });

  it('search_apis shows a category\'s providers once, naming the others; group "none" gives every listing', async () => {
    const grouped = await call(client, 'search_apis', { category: 'communication', sort: 'cli-relevance', limit: 3 });
    expect(grouped.structuredContent!.items.map((item: any) => item.slug)).toEqual(['skyline-sms', 'textbeam', 'relaypost-sms']);
    expect(grouped.structuredContent!.total).toBe(3);
    // Tools answer compactly: how many more of the provider's products, and where to list them.
    expect(grouped.structuredContent!.items[0].also).toEqual({ provider: 'skyline', count: 2 });
    expect(grouped.text).toContain('   also from provider skyline: 2 more (npx apidex provider skyline)');
    const flat = await call(client, 'search_apis', { category: 'communication', sort: 'cli-relevance', limit: 3, group: 'none' });
    expect(flat.structuredContent!.items.map((item: any) => item.slug)).toEqual(['skyline-sms', 'skyline-voice', 'textbeam']);
    expect(flat.structuredContent!.total).toBe(6);
    expect(flat.text).not.toContain('also from');
  });

  it('discover_apis answers a need with one entry per provider unless group is "none"', async () => {
    const grouped = await call(client, 'discover_apis', { query: 'send sms messages', limit: 10 });
    const flat = await call(client, 'discover_apis', { query: 'send sms messages', limit: 10, group: 'none' });
    const groupedSlugs = grouped.structuredContent!.items.map((item: any) => item.slug);
    const flatSlugs = flat.structuredContent!.items.map((item: any) => item.slug);
    expect(flatSlugs.filter((slug: string) => slug.startsWith('skyline-')).length).toBeGreaterThan(1);
    expect(groupedSlugs.filter((slug: string) => slug.startsWith('skyline-'))).toHaveLength(1);
    const skyline = grouped.structuredContent!.items.find((item: any) => item.slug.startsWith('skyline-'));
    expect(skyline.also).toEqual({ provider: 'skyline', count: flatSlugs.filter((slug: string) => slug.startsWith('skyline-')).length - 1 });
    expect(grouped.text).toContain('also from provider skyline');
  });

  it('get_api says where a moved slug went, and names every listing of a split', async () => {
    const moved = await call(client, 'get_api', { slug: 'skyline-messaging' });
    expect(moved.isError).toBe(true);
    expect(moved.text).toBe(
      'not_found: The listing "skyline-messaging" moved to "skyline-sms" (renamed when Skyline\'s SMS product got a listing of its own); ask for "skyline-sms".\nMoved to (exact slug): skyline-sms',
    );
    const split = await call(client, 'get_api_quickstart', { slug: 'relaypost' });
    expect(split.isError).toBe(true);
    expect(split.text).toContain('Moved to (exact slugs): relaypost-sms, relaypost-email');
  });

  it('get_api shows the provider of a listing', async () => {
    const detail = await call(client, 'get_api', { slug: 'relaypost-sms' });
    expect(detail.structuredContent!.provider).toEqual({ id: 'relaypost', name: 'Relaypost', url: null });
    expect(detail.text).toContain('; provider Relaypost [relaypost]');
  });
});
