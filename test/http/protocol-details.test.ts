import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Issue 28, finding 6: small protocol faults. A 304 carries no Content-Length; an instant the
 * calendar does not have is a 400 naming since; feeds and badges ignore query parameters a feed
 * reader or a README adds, while the JSON API keeps refusing unknown ones; every MCP tool
 * refuses an argument it does not take.
 */

describe('protocol details', () => {
  let server: TestServer;
  /** The raw response head, as a client sees it on the wire (fetch would hide a Content-Length of a 304). */
  const head = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const target = new URL(path, server.baseUrl);
      const req = httpRequest(target, { headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`);
  });
  afterAll(async () => server?.close());

  it('answers a matching If-None-Match with a 304 that has no Content-Length and no body', async () => {
    for (const path of ['/badge/country-reference-data-service.svg', '/api/apis/country-reference-data-service', '/feed.xml']) {
      const first = await head(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.etag as string;
      const again = await head(path, { 'if-none-match': etag });
      expect(again.status, path).toBe(304);
      expect(again.headers['content-length'], path).toBeUndefined();
      expect(again.headers.etag).toBe(etag);
      expect(again.body).toBe('');
    }
  });

  it('refuses an instant the calendar does not have with a 400 naming since', async () => {
    for (const [since, reason] of [
      ['2026-02-31T00:00:00Z', 'February 2026 has 28 days'],
      ['2026-04-31T10:00:00Z', 'April 2026 has 30 days'],
      ['2026-11-24T24:00:00Z', 'hours run from 00 to 23'],
      ['2026-13-01T00:00:00Z', 'there is no month 13'],
      ['2026-11-24T10:60:00Z', 'minutes and seconds run from 00 to 59'],
      ['2026-11-24T10:00:00+24:00', 'the offset must be'],
    ] as const) {
      const response = await fetch(`${server.baseUrl}/api/changes?since=${encodeURIComponent(since)}`);
      const body = (await response.json()) as { errors: { field: string; message: string }[] };
      expect(response.status, since).toBe(400);
      expect(body.errors[0]).toMatchObject({ field: 'since', message: expect.stringContaining(reason) });
    }
    // A leap day and an offset are real.
    expect((await fetch(`${server.baseUrl}/api/changes?since=2028-02-29T23:59:59.5%2B01:00`)).status).toBe(200);
  });

  it('ignores query parameters on feeds and badges, and the JSON API still refuses unknown ones', async () => {
    for (const path of ['/feed.xml?utm_source=x&utm_medium=rss', '/feed.json?cachebust=1', '/badge/country-reference-data-service.svg?v=2&style=flat']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
    }
    const plain = await (await fetch(`${server.baseUrl}/feed.xml`)).text();
    expect(await (await fetch(`${server.baseUrl}/feed.xml?utm_source=x`)).text()).toBe(plain);
    const refused = await fetch(`${server.baseUrl}/api/changes?utm_source=x`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/unknown parameter "utm_source"/);
  });

  it('refuses unknown arguments in every MCP tool, naming the ones it takes', async () => {
    const client = new Client({ name: 'apidex-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.baseUrl)));
    try {
      for (const name of ['get_package_info', 'get_api_quickstart', 'get_api', 'find_alternatives', 'list_changes']) {
        const args = name === 'list_changes' ? { verbose: true } : { slug: 'country-reference-data-service', verbose: true };
        const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { text: string }[] };
        expect(result.isError, name).toBe(true);
        expect(result.content[0]!.text, name).toMatch(/unknown parameter "verbose"; accepted: /);
      }
      const fine = (await client.callTool({ name: 'get_api_quickstart', arguments: { slug: 'country-reference-data-service' } })) as { isError?: boolean };
      expect(fine.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });
});
