import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, mcpScenarios } from './mcp-scenarios.ts';

const connectTo = async (baseUrl: string) => {
  const client = new Client({ name: 'apidex-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl)));
  return client;
};

/** The HTTP server answers MCP at /mcp (Streamable HTTP, stateless); here on PostgreSQL, where stdio runs on SQLite. */
describe('MCP over Streamable HTTP at /mcp', () => {
  let server: TestServer;
  let client: Client;

  beforeAll(async () => {
    server = await startTestServer(await createTestDatabase());
    client = await connectTo(server.baseUrl);
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  mcpScenarios(() => client, { reviewer: 'http-bot' });

  it('answers GET and DELETE with 405: the server keeps no sessions', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${server.baseUrl}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('leaves /mcp out of the OpenAPI document of the JSON API', async () => {
    const openapi = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
    expect(Object.keys(openapi.paths)).not.toContain('/mcp');
  });
});

describe('MCP over HTTP keeps the write limit of POST /api/reviews', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`, {
      rateLimits: { writes: { limit: 1, windowSeconds: 60 }, reads: { limit: 1000, windowSeconds: 60 } },
    });
  });
  afterAll(async () => server?.close());

  it('refuses the second review within the window with rate_limited, while reads go on', async () => {
    const client = await connectTo(server.baseUrl);
    try {
      const body = { targetType: 'api', targetSlug: 'country-reference-data-service', reviewerType: 'agent', rating: 3, title: 'Fine', body: 'Worked.' };
      expect((await call(client, 'submit_review', { ...body, reviewerName: 'first' })).isError).toBeFalsy();
      const second = await call(client, 'submit_review', { ...body, reviewerName: 'second' });
      expect(second.isError).toBe(true);
      expect(second.text).toMatch(/^rate_limited: This address may make 1 write requests every 60 seconds; retry in \d+ seconds\.$/);
      expect((await call(client, 'get_api', { slug: 'country-reference-data-service' })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it('shares one write quota with POST /api/reviews: the HTTP write above leaves MCP none (issue 15)', async () => {
    const shared = await startTestServer(`file:${createTestSqlitePath()}`, { rateLimits: { writes: { limit: 1, windowSeconds: 60 }, reads: { limit: 1000, windowSeconds: 60 } } });
    const client = await connectTo(shared.baseUrl);
    try {
      const http = await fetch(`${shared.baseUrl}/api/reviews`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(http.status).toBe(422);
      const body = { targetType: 'api', targetSlug: 'country-reference-data-service', reviewerType: 'agent', reviewerName: 'mcp', rating: 3, title: 'Fine', body: 'Worked.' };
      expect((await call(client, 'submit_review', body)).text).toMatch(/^rate_limited: /);
    } finally {
      await client.close();
      await shared.close();
    }
  });

  it('counts each JSON-RPC message of a batch as a read: 100 tools/list in one POST are 100 reads (issue 15)', async () => {
    const limited = await startTestServer(`file:${createTestSqlitePath()}`, { rateLimits: { writes: { limit: 10, windowSeconds: 60 }, reads: { limit: 50, windowSeconds: 60 } } });
    try {
      const batch = Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' }));
      const response = await fetch(`${limited.baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(batch) });
      expect(response.status).toBe(429);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await response.text()).length).toBeLessThan(2000);
    } finally {
      await limited.close();
    }
  });
});
