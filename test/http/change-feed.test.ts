import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { runCli } from '../../src/cli/main.ts';
import type { CliIo } from '../../src/cli/io.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

/** The change feed on every surface (issue 17): /api/changes, a listing's history, Atom and JSON Feed, MCP, CLI, the listing page. */

describe.each(STORE_KINDS)('the change feed on $kind', ({ databaseUrl }) => {
  let server: TestServer;
  const json = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any };
  };

  beforeAll(async () => {
    server = await startTestServer(await databaseUrl());
    // The country service's official SDK is confirmed: its CLI score moves up.
    const stored = (await server.ctx.store.getListing('country-reference-data-service'))!.listing;
    await server.ctx.store.saveListings([
      { ...stored, cliCriteria: { ...stored.cliCriteria, officialSdk: { status: 'passed', evidence: 'npm:countries-sdk#/versions/1.0.0/repository: names its repository' } } },
    ]);
    await server.ctx.catalogue.refresh();
  });
  afterAll(async () => server?.close());

  it('pages through every change oldest first with a next cursor, and ends with the update', async () => {
    const first = await json('/api/changes?limit=4');
    expect(first.status).toBe(200);
    expect(first.body.items.map((item: any) => item.kind)).toEqual(['created', 'created', 'created', 'created']);
    const seen = [...first.body.items];
    let next = first.body.next;
    for (let page = 0; page < 5; page += 1) {
      const more = await json(`/api/changes?since=${next}&limit=4`);
      if (more.body.items.length === 0) break;
      seen.push(...more.body.items);
      next = more.body.next;
    }
    expect(new Set(seen.map((item) => item.revision)).size).toBe(seen.length);
    const last = seen.at(-1);
    expect(last).toMatchObject({ slug: 'country-reference-data-service', kind: 'updated', cause: 'sync', links: { history: '/api/apis/country-reference-data-service/history' } });
    expect(last.fields).toEqual([{ field: 'cliCriteria.officialSdk', old: { status: 'failed' }, new: expect.objectContaining({ status: 'passed' }) }]);
    expect(last.scores.cliRelevance).toEqual({ old: '4', new: '5' });
    expect(last.summary).toBe('CLI relevance changed from 4 to 5: official SDK on a public package registry now passed (npm:countries-sdk#/versions/1.0.0/repository).');
    // A poller at the end keeps its place.
    expect((await json(`/api/changes?since=${next}`)).body).toEqual({ items: [], next });
    // Asked by an instant with nothing after it, the answer's next is the newest change, not the first.
    expect((await json('/api/changes?since=2999-01-01T00:00:00Z')).body).toEqual({ items: [], next });
  });

  it('refuses a cursor it never gave with a 400 naming since', async () => {
    const { status, type, body } = await json('/api/changes?since=yesterday');
    expect(status).toBe(400);
    expect(type).toMatch(/^application\/problem\+json/);
    expect(body.errors[0]).toMatchObject({ field: 'since', message: expect.stringContaining('RFC 3339') });
  });

  it("lists a listing's versions newest first; an unknown slug is a 404 with close matches", async () => {
    const { body } = await json('/api/apis/country-reference-data-service/history');
    expect(body.items.map((item: any) => item.kind)).toEqual(['updated', 'created']);
    const missing = await json('/api/apis/country-reference-data-servic/history');
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.body.suggestions)).toContain('country-reference-data-service');
  });

  it('serves the latest changes as Atom and JSON Feed, newest first, each linking to its listing page', async () => {
    const atom = await fetch(`${server.baseUrl}/feed.xml`);
    expect(atom.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const xml = await atom.text();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/);
    expect(xml.indexOf('country-reference-data-service: updated')).toBeGreaterThan(-1);
    expect(xml.indexOf('country-reference-data-service: updated')).toBeLessThan(xml.indexOf(': listed</title>'));
    const feed = await json('/feed.json');
    expect(feed.type).toMatch(/^application\/feed\+json/);
    expect(feed.body).toMatchObject({ version: 'https://jsonfeed.org/version/1.1', title: 'apidex: catalogue changes' });
    expect(feed.body.items[0]).toMatchObject({ title: 'country-reference-data-service: updated', url: expect.stringMatching(/\/apis\/country-reference-data-service$/) });
  });

  it('says on the listing page when and why its CLI score changed', async () => {
    const page = await (await fetch(`${server.baseUrl}/apis/country-reference-data-service`)).text();
    expect(page).toMatch(/<p class="small section" data-score-change>On \d{4}-\d{2}-\d{2}: CLI relevance changed from 4 to 5: official SDK on a public package registry now passed/);
  });

  it('answers through MCP list_changes and the CLI changes command', async () => {
    const client = new Client({ name: 'apidex-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.baseUrl)));
    try {
      const result = (await client.callTool({ name: 'list_changes', arguments: { limit: 500 } })) as { structuredContent: any; content: { text: string }[] };
      expect(result.structuredContent.items.at(-1).slug).toBe('country-reference-data-service');
      expect(result.content[0]!.text).toMatch(/country-reference-data-service \(updated, sync, r\d+\): CLI relevance changed/);
    } finally {
      await client.close();
    }
    const out: string[] = [];
    const io: CliIo = { out: (text) => out.push(text), err: (text) => out.push(text), config: () => loadConfig({ APIDEX_URL: server.baseUrl }) };
    expect(await runCli(['changes', '--since', '2000-01-01T00:00:00Z', '--json'], io)).toBe(0);
    expect(JSON.parse(out.join('\n')).items.at(-1).kind).toBe('updated');
  });
});
