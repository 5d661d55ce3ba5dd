import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleOf } from '../../src/web/pages/api-reference/example.ts';
import { inlineMarkdown, markdown } from '../../src/web/pages/api-reference/markdown.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** /docs/api and its tag pages over real HTTP, against the /openapi.json the same server publishes. */

let server: TestServer;
let document: any;
const pages = new Map<string, string>();

const get = async (path: string) => {
  const response = await fetch(`${server.baseUrl}${path}`);
  return { status: response.status, text: await response.text() };
};

const decode = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&#96;', '`').replaceAll('&amp;', '&');
const textOf = (fragment: string) => decode(fragment.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();
const mainOf = (page: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(page)![1]!;
const withoutPre = (page: string) => page.replace(/<pre>[\s\S]*?<\/pre>/g, '');
const headingsOf = (page: string) => [...page.matchAll(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => textOf(m[2]!));
const idsOf = (page: string) => [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);

interface Listed {
  method: string;
  path: string;
  href: string;
}

/** The index's lines: each operation's method and path, and where it links. */
const indexLines = (page: string): Listed[] =>
  [...page.matchAll(/<li><a href="([^"]+)"><code>([A-Z]+) ([^<]+)<\/code><\/a>/g)].map((m) => ({ href: decode(m[1]!), method: m[2]!, path: decode(m[3]!) }));

/** The section of one operation on its tag page. */
const operationSection = (page: string, anchor: string) => {
  const start = page.indexOf(`<section class="card api-op" aria-labelledby="${anchor}">`);
  expect(start, anchor).toBeGreaterThan(-1);
  return page.slice(start, page.indexOf('</section>', start));
};

const examplesIn = (fragment: string, label: string) =>
  [...fragment.matchAll(/<details class="api-example"><summary>([^<]*)<\/summary>([\s\S]*?)<\/details>/g)]
    .filter((m) => decode(m[1]!).startsWith(label))
    .flatMap((m) => [...m[2]!.matchAll(/<pre><code>([\s\S]*?)<\/code><\/pre>/g)].map((pre) => JSON.parse(decode(pre[1]!))));

const operations = () =>
  Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));

beforeAll(async () => {
  server = await startTestServer(`file:${createTestSqlitePath()}`);
  document = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
  const index = await get('/docs/api');
  expect(index.status).toBe(200);
  pages.set('/docs/api', index.text);
  for (const tag of new Set(indexLines(index.text).map((line) => line.href.split('#')[0]!))) {
    const page = await get(tag);
    expect(page.status, tag).toBe(200);
    pages.set(tag, page.text);
  }
});
afterAll(async () => server?.close());

describe('the API reference index', () => {
  it('lists every operation of /openapi.json once, on one line, linking to its section on its tag page', () => {
    const lines = indexLines(mainOf(pages.get('/docs/api')!));
    expect(lines.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(operations().map(({ method, path }) => `${method} ${path}`).sort());
    for (const { method, path, href } of lines) {
      const op = document.paths[path][method.toLowerCase()];
      expect(href, `${method} ${path}`).toMatch(new RegExp(`^/docs/api/${op.tags[0]}#op-`));
      const [tagPage, anchor] = href.split('#') as [string, string];
      const section = operationSection(pages.get(tagPage)!, anchor);
      expect(textOf(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(section)![1]!)).toBe(`${method} ${path}`);
      if (op.summary) expect(textOf(section)).toContain(textOf(inlineMarkdown(op.summary).text));
    }
  });

  it('has one page per tag, each listing only its own operations', () => {
    const tags = document.tags.map((tag: any) => tag.name);
    expect([...pages.keys()].sort()).toEqual(['/docs/api', ...tags.map((tag: string) => `/docs/api/${tag}`)].sort());
    for (const tag of tags) {
      const page = pages.get(`/docs/api/${tag}`)!;
      const onPage = [...page.matchAll(/<section class="card api-op" aria-labelledby="([^"]+)">/g)].length;
      expect(onPage, tag).toBe(operations().filter(({ op }) => op.tags.includes(tag)).length);
    }
  });

  it('answers an unknown section with the 404 page', async () => {
    const response = await get('/docs/api/no-such-tag');
    expect(response.status).toBe(404);
    expect(response.text).toContain('no section no-such-tag');
  });
});

describe('every API reference page', () => {
  it('renders the Markdown of summaries and descriptions: code spans, no literal backticks', () => {
    for (const [path, page] of pages) {
      const main = withoutPre(mainOf(page));
      expect(main, path).not.toContain('`');
      expect(main, path).not.toContain('&#96;');
    }
    const detail = operationSection(pages.get('/docs/api/listings')!, 'op-get-api-apis-slug');
    expect(detail).toContain('close matches in <code>suggestions</code>');
    // A code span keeps what it holds as text, even Markdown and markup.
    expect(pages.get('/docs/api/changes')).toContain('<code>[![CLI relevance](https://HOST/badge/SLUG.svg)](https://HOST/apis/SLUG)</code>');
    expect(pages.get('/docs/api/moderation')).toContain('<code>Authorization: Bearer &lt;APIDEX_ADMIN_TOKEN&gt;</code>');
  });

  it('repeats no heading and no id', () => {
    for (const [path, page] of pages) {
      const headings = headingsOf(page);
      expect(headings.length, path).toBeGreaterThan(1);
      expect(headings.filter((h, i) => headings.indexOf(h) !== i), path).toEqual([]);
      const ids = idsOf(page);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), path).toEqual([]);
    }
  });

  it('resolves every anchor: a link within a page, and every link from one page of the reference to another', () => {
    for (const [path, page] of pages) {
      const ids = new Set(idsOf(page));
      for (const [, href] of page.matchAll(/href="([^"]*#[^"]+)"/g)) {
        const [target, anchor] = decode(href!).split('#') as [string, string];
        if (target === '') expect(ids, `${path}: #${anchor}`).toContain(anchor);
        else if (target.startsWith('/docs/api')) expect(new Set(idsOf(pages.get(target) ?? '')), `${path}: ${href}`).toContain(anchor);
      }
    }
  });
});

describe('an operation on its tag page', () => {
  it('documents GET /api/apis/{slug}: its parameter, its 200 body with every field, and an example', async () => {
    const page = pages.get('/docs/api/listings')!;
    const section = operationSection(page, 'op-get-api-apis-slug');
    expect(textOf(section)).toMatch(/slug required path string The listing's exact slug, e\.g\. "country-reference-data-service"\. 1 to 200 characters/);
    expect(section).toMatch(/<tr><th scope="row">200<\/th><td>OK: a ListingDetail\.<\/td><td><code>application\/json<\/code> <a href="#schema-ListingDetail">ListingDetail<\/a>/);
    const schema = page.slice(page.indexOf('id="schema-ListingDetail"'));
    for (const field of Object.keys(document.components.schemas.ListingDetail.properties)) expect(schema, field).toContain(`<code>${field}</code>`);
    expect(schema).toContain('<code>links.self</code>');
    const [example] = examplesIn(section, 'Example 200 response');
    expect(Object.keys(example)).toEqual(Object.keys(document.components.schemas.ListingDetail.properties));
    // The real answer has the example's shape.
    const real = await (await fetch(`${server.baseUrl}/api/apis/country-reference-data-service`)).json();
    expect(Object.keys(real).filter((key) => !(key in example))).toEqual([]);
  });

  it('documents the problem+json errors: each status with its meaning, the Problem schema, an example of each', () => {
    const page = pages.get('/docs/api/listings')!;
    const section = operationSection(page, 'op-get-api-apis-slug');
    for (const status of ['400', '404', '500']) {
      expect(section).toMatch(new RegExp(`<tr><th scope="row">${status}</th><td>[^<]+.*?</td><td><code>application/problem\\+json</code> <a href="#schema-Problem">Problem</a>`));
    }
    const problems = examplesIn(section, 'Example error responses');
    expect(problems.map((p) => [p.status, p.type, p.code])).toEqual([
      [300, '/problems/not-found', 'not_found'],
      [301, '/problems/not-found', 'not_found'],
      [400, '/problems/invalid-input', 'invalid_input'],
      [404, '/problems/not-found', 'not_found'],
      [500, '/problems/internal', 'internal'],
    ]);
    expect(problems[2].errors).toEqual([{ field: 'slug', in: 'path', message: 'is not valid' }]);
    expect(problems[1]).toMatchObject({ title: 'Moved Permanently', movedTo: ['country-reference-data-service'] });
    expect(page.slice(page.indexOf('id="schema-Problem"'))).toContain('<code>errors[].field</code>');
  });

  it('documents a request body field by field, with its constraints and an example', () => {
    const section = operationSection(pages.get('/docs/api/reviews')!, 'op-post-api-reviews');
    expect(textOf(section)).toContain('Request body application/json , required');
    expect(textOf(section)).toMatch(/rating required integer Integer 1\.\.5: 1 worst, 5 best\. 1\.\.5/);
    expect(section).toContain('<code>integrationReport.timeToFirstRequest</code>');
    const [example] = examplesIn(section, 'Example request body');
    expect(example).toMatchObject({ targetType: 'api', targetSlug: 'real-time-channels-api', rating: 1 });
  });

  it('gives every JSON body an example that its own schema accepts', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    let checked = 0;
    for (const { method, path, op } of operations()) {
      const bodies = [
        ...Object.entries<any>(op.requestBody?.content ?? {}),
        ...Object.values<any>(op.responses).flatMap((response) => Object.entries<any>(response.content ?? {})),
      ].filter(([mediaType]) => mediaType === 'application/json');
      for (const [, { schema }] of bodies) {
        const validate = ajv.compile({ ...schema, components: document.components });
        expect(validate(exampleOf(schema, document)) ? [] : validate.errors, `${method} ${path}`).toEqual([]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(25);
  });
});

describe('the Markdown of descriptions', () => {
  it('renders code, bold, links, paragraphs and lists, and escapes everything else', () => {
    expect(markdown('Use `a<b>` and **c**.\n\n- one\n- [two](https://example.com/x)').text).toBe(
      '<p>Use <code>a&lt;b&gt;</code> and <strong>c</strong>.</p><ul><li>one</li><li><a href="https://example.com/x">two</a></li></ul>',
    );
    expect(inlineMarkdown('[x](javascript:alert) <script>').text).toBe('x &lt;script&gt;');
    expect(inlineMarkdown('[here](/docs/api) "quoted"').text).toBe('<a href="/docs/api">here</a> &quot;quoted&quot;');
  });
});
