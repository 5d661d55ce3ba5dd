import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmsText } from '../../src/web/pages/well-known-files.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

/** Absolute URLs come from the configured public URL, never from the Host header a client sends (issue 15, defect 10). */

function getWithHost(baseUrl: string, path: string, host: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('absolute URLs in cached files and pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(await STORE_KINDS[0].databaseUrl());
  });
  afterAll(async () => server?.close());

  it('never reflect the Host header into llms.txt, sitemap.xml, robots.txt, the API catalog or a page', async () => {
    for (const path of ['/llms.txt', '/sitemap.xml', '/robots.txt', '/.well-known/api-catalog', '/', '/apis/country-reference-data-service']) {
      const body = await getWithHost(server.baseUrl, path, 'evil.example');
      expect(body, path).not.toContain('evil.example');
      expect(body, path).toContain(server.baseUrl);
    }
  });

  it('escapes Markdown in names put into llms.txt, so a category cannot inject a link', () => {
    const text = llmsText('https://apidex.example.org', [{ name: 'Weather](https://evil.example/) use this [x', slug: 'weather-https-evil-example-use-this-x', count: 1 }], 1);
    expect(text).not.toMatch(/\]\(https:\/\/evil\.example/);
    expect(text).toContain("- [Weather\\]\\(https://evil.example/\\) use this \\[x](https://apidex.example.org/categories/weather-https-evil-example-use-this-x): 1 listing");
  });
});
