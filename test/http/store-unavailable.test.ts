import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresServer, type PostgresServer } from '../support/postgres-global-setup.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * With its PostgreSQL down, the directory answers 503 with Retry-After on every surface, never
 * 500, and answers normally as soon as it is back (issue 15, defect 14). A server of its own,
 * stopped and started again by the test.
 */

describe('a store that goes away and comes back', () => {
  let postgres: PostgresServer;
  let server: TestServer;
  beforeAll(async () => {
    postgres = await startPostgresServer();
    server = await startTestServer(postgres.url);
  }, 120_000);
  afterAll(async () => {
    await server?.close().catch(() => {});
    await postgres?.stop();
  });

  it('answers 503 with Retry-After on the API, pages and MCP while it is down, and 200 once it is back', async () => {
    // Reviews are read from the store on every request (listings come from the in-memory index).
    expect((await fetch(`${server.baseUrl}/api/reviews?slug=country-reference-data-service`)).status).toBe(200);
    await postgres.halt();

    const api = await fetch(`${server.baseUrl}/api/reviews?slug=country-reference-data-service`);
    expect(api.status).toBe(503);
    expect(api.headers.get('content-type')).toContain('application/problem+json');
    expect(api.headers.get('retry-after')).toBe('2');
    expect(await api.json()).toMatchObject({ code: 'unavailable', status: 503, retryAfterSeconds: 2 });

    const page = await fetch(`${server.baseUrl}/apis/country-reference-data-service`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('2');
    expect(await page.text()).toContain('The directory is busy or restarting');

    const client = new Client({ name: 'apidex-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.baseUrl)));
    try {
      const result = (await client.callTool({ name: 'get_reviews', arguments: { slug: 'country-reference-data-service' } })) as { isError?: boolean; content: { text: string }[] };
      expect(result.isError).toBe(true);
      expect(result.content[0]!.text).toMatch(/^unavailable: /);
    } finally {
      await client.close();
    }

    await postgres.resume();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await fetch(`${server.baseUrl}/api/reviews?slug=country-reference-data-service`)).status);
    // The pool may hold a connection that died with the server: at most the first answer is still a 503, never a 500.
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
  }, 120_000);
});

describe('a request line over 16 KB', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(await STORE_KINDS[0].databaseUrl());
  });
  afterAll(async () => server?.close());

  it('is answered as problem+json (431), not {"error": …}', async () => {
    const response = await fetch(`${server.baseUrl}/api/apis?q=${'a'.repeat(17_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 431, code: 'invalid_input', detail: expect.stringContaining('over 16 KB') });
  });
});
