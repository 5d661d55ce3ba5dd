import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.ts';
import { runCli } from '../../src/cli/main.ts';
import { loadConfig } from '../../src/config.ts';
import { listingSchema, type Listing } from '../../src/core/listings/listing.ts';
import { cleanLine, cleanText } from '../../src/core/reviews/review-schema.ts';
import { submissionInputSchema } from '../../src/core/submissions/submission-schema.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { jsonProblem, xmlProblem } from '../support/strict-xml.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Issue 28, finding 4: any text the schema accepts keeps every output valid. Names (and the
 * other text of a listing) go through the schema; what it accepts is stored and the Atom feed,
 * the badge, the sitemap, JSON Feed and the JSON API are read back and parsed strictly (XML 1.0
 * well-formedness; UTF-8 that a fatal decoder takes, JSON, no lone surrogate). What it refuses
 * is refused with a message naming the field.
 */

const UNSAFE = ['\uFFFF', '\uFFFE', '\uFDD0', '\uFDEF', '\u{1FFFE}', '\u{10FFFF}', '\ud800', '\udc00', '\u0085', '\u009b', '\u0080', '\u2028', '\u2029'];
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'Z', '7', ' ', '<', '>', '&', '"', "'", ']]>', '&amp;', '&#0;', '<!--', 'é', '😀', '\u00a0', '\u200b', '\uFFFD', '\u{10000}', 'ﬀ') },
  { weight: 1, arbitrary: fc.constantFrom(...UNSAFE) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 2 }) },
);
const hostileText = fc.string({ unit, minLength: 1, maxLength: 12 }).filter((text) => text.trim().length > 0);

const aListing = (slug: string, name: string, description = 'Outputs that must stay valid'): unknown => ({
  slug,
  name,
  description,
  category: 'Testing',
  capabilities: [name.slice(0, 80)],
});

describe('the text checks', () => {
  it('refuse noncharacters, lone surrogates, C1 controls and the line separators, naming the field and the character', () => {
    for (const character of UNSAFE) {
      const result = listingSchema.safeParse(aListing('valid-slug', `Name ${character} here`));
      expect(result.success, JSON.stringify(character)).toBe(false);
      const issue = result.error!.issues.find((problem) => problem.path[0] === 'name')!;
      expect(issue.message).toMatch(/^name must not contain U\+[0-9A-F]{4,6} \((a noncharacter|a lone surrogate|a C1 control character|the line separator|the paragraph separator)/);
    }
    const url = listingSchema.safeParse({ ...(aListing('valid-slug', 'Fine') as object), url: 'https://example.com/\uFFFF' });
    expect(url.error?.issues[0]?.message).toMatch(/^url must not contain U\+FFFF \(a noncharacter\)/);
    const submission = submissionInputSchema.safeParse({ ...(aListing('valid-slug', 'Fine') as object), submittedBy: 'bot\u2028two' });
    expect(submission.error?.issues[0]?.message).toMatch(/^submittedBy must not contain U\+2028 \(the line separator\)/);
  });

  it('replace them in review text: separators become breaks or spaces, noncharacters go', () => {
    expect(cleanText('one\u2028two\u2029three\u0085four\uFFFF\u{1FFFE}\ud800')).toBe('one\ntwo\nthree\nfour\uFFFD');
    expect(cleanLine('one\u2028two\u009bthree\uFDD0')).toBe('one twothree');
  });

  it('the strict checks themselves catch what the finding found', () => {
    expect(xmlProblem('<a>\uFFFF</a>')).toMatch(/U\+FFFF/);
    expect(xmlProblem('<a>&nbsp;</a>')).toMatch(/undeclared entity/);
    expect(xmlProblem('<a><b></a></b>')).toMatch(/does not close/);
    expect(xmlProblem('<a title="x<y"/>')).toMatch(/malformed attribute/);
    expect(xmlProblem('<?xml version="1.0" encoding="utf-8"?>\n<a b="&amp;&#x1F600;">t &lt; &#233;</a>\n')).toBeUndefined();
    expect(jsonProblem(new TextEncoder().encode(JSON.stringify({ name: '\ud800' })))).toMatch(/lone surrogate/);
    expect(jsonProblem(Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]))).toMatch(/not UTF-8/);
  });
});

describe('outputs for any accepted name', () => {
  let server: TestServer;
  let counter = 0;
  const bytes = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    expect(response.status, path).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };
  const text = async (path: string) => new TextDecoder('utf-8', { fatal: true }).decode(await bytes(path));
  const checkOutputs = async (slug: string) => {
    for (const path of ['/feed.xml', `/badge/${slug}.svg`, '/sitemap.xml']) expect(xmlProblem(await text(path)), path).toBeUndefined();
    for (const path of ['/feed.json', `/api/apis/${slug}`, '/api/changes?limit=500', `/api/apis?q=${slug}`]) expect(jsonProblem(await bytes(path)), path).toBeUndefined();
  };

  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`);
  });
  afterAll(async () => server?.close());

  it('keeps Atom, the badge, the sitemap, JSON Feed and the JSON API valid, and refuses the rest naming the field', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, async (name, description) => {
        counter += 1;
        const slug = `output-check-${counter}`;
        const parsed = listingSchema.safeParse(aListing(slug, name, description));
        if (!parsed.success) {
          for (const issue of parsed.error.issues) expect(issue.message).toMatch(/^(name|description|capability) must /);
          return;
        }
        accepted += 1;
        await server.ctx.store.saveListings([parsed.data]);
        await server.ctx.catalogue.refresh();
        await checkOutputs(slug);
      }),
      // Random hostile text is mostly refused; these accepted-but-awkward pairs always run first, so
      // the outputs are checked on stored text in every run rather than only when the draw allows.
      { numRuns: 30, examples: [['<a> & "b" ]]>', '&amp; &#0; <!--'], ['é😀\u00a0\u200b', '\uFFFD\u{10000}ﬀ'], ["'7' Z", ' > < '], ['&#0;]]>', 'a']] },
    );
    expect(accepted).toBeGreaterThanOrEqual(4);
  });

  it('writes well-formed XML even for a name stored before the schema refused such characters', async () => {
    const slug = 'stored-before-the-checks';
    // Saved without the schema, as an older version let it in.
    await server.ctx.store.saveListings([{ ...(listingSchema.parse(aListing(slug, 'Old name')) as Listing), name: 'Old \uFFFF\ud800\u0001\u009b name' }]);
    await server.ctx.catalogue.refresh();
    for (const path of ['/feed.xml', `/badge/${slug}.svg`]) expect(xmlProblem(await text(path)), path).toBeUndefined();
    // The CLI and MCP text show such a character as a visible escape, never raw to a terminal or an agent.
    const out: string[] = [];
    const io: CliIo = { out: (line) => out.push(line), err: (line) => out.push(line), config: () => loadConfig({ APIDEX_URL: server.baseUrl }) };
    expect(await runCli(['show', slug], io)).toBe(0);
    expect(out.join('\n')).toContain('Old \\uffff\\ud800\\u0001\\u009b name');
    expect(out.join('\n')).not.toMatch(/[\u0001\u009b\uffff]/);
    const client = new Client({ name: 'apidex-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.baseUrl)));
    try {
      const answer = (await client.callTool({ name: 'get_api', arguments: { slug } })) as { content: { text: string }[] };
      expect(answer.content[0]!.text).toContain('\\u009b');
      expect(answer.content[0]!.text).not.toMatch(/[\u0001\u009b\uffff]/);
    } finally {
      await client.close();
    }
  });

  it('gives the Atom feed an author (RFC 4287 §4.1.1)', async () => {
    expect(await text('/feed.xml')).toMatch(/^<\?xml[^>]*\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">.*<author><name>apidex<\/name><uri>http:\/\/127\.0\.0\.1:\d+\/<\/uri><\/author>/s);
  });
});
