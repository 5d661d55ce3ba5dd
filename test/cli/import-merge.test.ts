import { TEST_CATALOG_DIR } from '../support/test-catalog.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.ts';
import { runCli } from '../../src/cli/main.ts';
import { loadConfig } from '../../src/config.ts';
import { mergeListing } from '../../src/core/catalogue/merge-listing.ts';
import { listingSchema, type ListingInput } from '../../src/core/listings/listing.ts';
import { openStore } from '../../src/storage/open-store.ts';
import { createTestSqlitePath } from '../support/postgres.ts';

const NYT = path.resolve('..', 'shared', 'corpus', 'openapi', 'nytimes.com.article_search.openapi.yaml');
const LIST = path.resolve('..', 'shared', 'corpus', 'public-apis-README.md');
const CORPUS = path.resolve('..', 'shared', 'corpus', 'listings.json');

const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function apidex(args: string[], databaseUrl: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text), config: () => loadConfig({ DATABASE_URL: databaseUrl, APIDEX_CATALOG_DIR: TEST_CATALOG_DIR }) };
  const code = await runCli(args, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}
const report = async (args: string[], databaseUrl: string) => JSON.parse((await apidex([...args, '--json'], databaseUrl)).stdout);

const listing = (fields: Partial<ListingInput> & { slug: string }) => listingSchema.parse({ name: 'Some API', description: 'Does something', category: 'Tools', ...fields });

/** A store holding the given listings, imported from a listings JSON file (their slugs are their own). */
async function storeWith(listings: ListingInput[]) {
  const databaseUrl = `file:${createTestSqlitePath()}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'apidex-import-merge-'));
  scratch.push(dir);
  const file = path.join(dir, 'existing.json');
  await writeFile(file, JSON.stringify(listings.map((fields) => listingSchema.parse(fields))));
  expect((await apidex(['import', file], databaseUrl)).code).toBe(0);
  return databaseUrl;
}
const stored = async (databaseUrl: string, slug: string) => {
  const store = await openStore(databaseUrl);
  try {
    return (await store.getListing(slug))?.listing;
  } finally {
    await store.close();
  }
};
const count = async (databaseUrl: string) => {
  const store = await openStore(databaseUrl);
  try {
    return await store.countListings();
  } finally {
    await store.close();
  }
};

describe('mergeListing', () => {
  const existing = listing({
    slug: 'kept',
    description: 'The stored description',
    cliCriteria: { envVarAuth: { status: 'failed', evidence: 'tried it' }, jsonResponse: { status: 'passed' }, headless: { status: 'not_assessed' } },
    qualityInputs: { stars: { value: 10 } },
  });
  const incoming = listing({
    slug: 'other',
    description: 'A new description',
    url: 'https://example.com',
    capabilities: ['do things'],
    cliCriteria: { envVarAuth: { status: 'passed', evidence: 'openapi:#/x' }, headless: { status: 'passed' }, rateLimits: { status: 'not_assessed' } },
    qualityInputs: { stars: { value: 99 }, typeDefinitions: { value: true } },
  });

  it('from another source fills only what is missing and keeps every assessed criterion', () => {
    const { listing: merged, changed } = mergeListing(existing, incoming, 'existing');
    expect(merged).toMatchObject({ slug: 'kept', description: 'The stored description', url: 'https://example.com', capabilities: ['do things'] });
    expect(merged.cliCriteria).toEqual({ envVarAuth: { status: 'failed', evidence: 'tried it' }, jsonResponse: { status: 'passed' }, headless: { status: 'passed' }, rateLimits: { status: 'not_assessed' } });
    expect(merged.qualityInputs).toEqual({ stars: { value: 10 }, typeDefinitions: { value: true } });
    expect(changed.sort()).toEqual(['capabilities', 'cliCriteria.headless', 'cliCriteria.rateLimits', 'qualityInputs.typeDefinitions', 'url']);
  });

  it('from its own source replaces what the source gives, but never an assessed criterion with a not-assessed one, and keeps what it leaves out', () => {
    const { listing: merged } = mergeListing(existing, listing({ slug: 'kept', description: 'Re-imported', cliCriteria: { jsonResponse: { status: 'not_assessed' } } }), 'incoming');
    expect(merged.description).toBe('Re-imported');
    expect(merged.cliCriteria.jsonResponse).toEqual({ status: 'passed' });
    expect(merged.cliCriteria.envVarAuth).toEqual({ status: 'failed', evidence: 'tried it' });
    expect(merged.qualityInputs).toEqual({ stars: { value: 10 } });
  });
});

describe('apidex import: the same API from two sources', () => {
  it('merges an OpenAPI document into the listing of the same API (same name, same host), filling only what it lacks; a re-run adds nothing', async () => {
    const databaseUrl = await storeWith([
      { slug: 'nyt-articles', name: 'Article Search', description: 'Search New York Times articles', category: 'News', url: 'https://developer.nytimes.com/docs/articlesearch-product/1/overview', cliCriteria: { envVarAuth: { status: 'failed', evidence: 'a reviewer needed a browser' } } },
    ]);
    const first = await report(['import', NYT], databaseUrl);
    expect(first.items).toEqual([
      expect.objectContaining({ slug: 'nyt-articles', outcome: 'updated', duplicateOf: { slug: 'nyt-articles', kind: 'same-api' }, reason: expect.stringMatching(/^merged into nyt-articles: "Article Search API" is listed as nyt-articles .* at developer\.nytimes\.com.*; filled capabilities, cliCriteria\.headless, cliCriteria\.jsonResponse$/) }),
    ]);
    const merged = (await stored(databaseUrl, 'nyt-articles'))!;
    expect(merged).toMatchObject({ description: 'Search New York Times articles', category: 'News', capabilities: ['Article Search'] });
    // The stored, assessed envVarAuth is not overwritten by the document's.
    expect(merged.cliCriteria.envVarAuth).toEqual({ status: 'failed', evidence: 'a reviewer needed a browser' });
    expect(merged.cliCriteria.jsonResponse?.status).toBe('passed');
    expect(await count(databaseUrl)).toBe(1);

    const second = await report(['import', NYT], databaseUrl);
    expect(second.items[0]).toMatchObject({ slug: 'nyt-articles', outcome: 'skipped', reason: expect.stringMatching(/nothing new to add$/) });
  });

  it('imports a namesake at another host under its own slug and reports it; the slug of another API is never taken', async () => {
    const databaseUrl = await storeWith([{ slug: 'article-search-api', name: 'Article Search API', description: 'Searches articles of a blog', category: 'Blogs', url: 'https://search.blog.example' }]);
    const first = await apidex(['import', NYT], databaseUrl);
    expect(first.code).toBe(0);
    // Listed without --verbose: a namesake is worth a look.
    expect(first.stdout).toMatch(/^created  #0 article-search-api-nytimes-com \(.*\): the slug article-search-api belongs to another API \(Article Search API at search\.blog\.example\), so it is article-search-api-nytimes-com; "Article Search API" has the name of article-search-api .* but another host \(developer\.nytimes\.com vs search\.blog\.example\); imported under its own slug$/m);
    expect((await stored(databaseUrl, 'article-search-api'))!.description).toBe('Searches articles of a blog');
    // The same slug again on the next run: stable.
    const second = await report(['import', NYT], databaseUrl);
    expect(second.items[0]).toMatchObject({ slug: 'article-search-api-nytimes-com', outcome: 'skipped', reason: 'unchanged' });
    expect(await count(databaseUrl)).toBe(2);
  });

  it('after the corpus JSON, the Markdown list it came from lands on the same slugs instead of duplicating them', async () => {
    const databaseUrl = `file:${createTestSqlitePath()}`;
    const corpus = await report(['import', CORPUS], databaseUrl);
    expect(corpus.summary).toEqual({ created: 1711, updated: 0, skipped: 0, failed: 0 });
    // Same API twice under slugs the file gives: kept (the slugs are the file's), and reported.
    expect(corpus.items.find((item: { slug: string }) => item.slug === 'ipstack-geocoding')).toMatchObject({ duplicateOf: { slug: 'ipstack', kind: 'same-api' }, reason: expect.stringContaining('possibly a duplicate') });
    const list = await report(['import', LIST], databaseUrl);
    expect(list.summary.created).toBe(0);
    expect(list.summary.failed).toBe(0);
    expect(await count(databaseUrl)).toBe(1711);
  });
});
