import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingSchema, type ListingInput } from '../../src/core/listings/listing.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

const listing = (fields: Partial<ListingInput> & { slug: string }) =>
  listingSchema.parse({ name: fields.slug.replaceAll('-', ' '), description: 'A test listing', category: 'Testing', ...fields });

describe.each(STORE_KINDS)('lookups while the catalogue changes, on $kind', ({ databaseUrl }) => {
  let server: TestServer;
  const json = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    return { status: response.status, body: (await response.json()) as any };
  };
  const save = async (...listings: ReturnType<typeof listing>[]) => {
    await server.ctx.store.saveListings(listings);
    await server.ctx.catalogue.refresh();
  };

  beforeAll(async () => {
    server = await startTestServer(await databaseUrl());
  });
  afterAll(async () => server?.close());

  it('ranks a partly assessed listing by the score it is sure to have, in the filter and the sort alike', async () => {
    // 6 criteria passed (9 of 11 points) and two 1-point criteria unknown: range 8..10.
    await save(
      listing({
        slug: 'partly-assessed-service',
        cliCriteria: {
          officialSdk: { status: 'passed' },
          envVarAuth: { status: 'passed' },
          headless: { status: 'passed' },
          jsonResponse: { status: 'passed' },
          curlExamples: { status: 'passed' },
          rateLimits: { status: 'passed' },
        },
      }),
    );
    const detail = (await json('/api/apis/partly-assessed-service')).body;
    expect(detail.cliRelevance).toMatchObject({ status: 'partial', score: null, range: { min: 8, max: 10 }, wording: 'excellent' });
    const strong = (await json('/api/apis?minCliScore=8&sort=cli-relevance')).body.items.map((i: any) => i.slug);
    expect(strong).toEqual(['authentication-component-service', 'apidex', 'partly-assessed-service', 'real-time-channels-api']);
    const sorted = (await json('/api/apis?sort=cli-relevance')).body.items.map((i: any) => i.slug);
    expect(sorted.indexOf('partly-assessed-service')).toBeLessThan(sorted.indexOf('country-reference-data-service'));
    expect(sorted.at(-1)).toBe('hosted-channels-service');
  });

  it('keeps name-ordered pages exact across inserts: nothing skipped, nothing repeated', async () => {
    const first = await json('/api/apis?limit=3');
    const before = first.body.items.map((i: any) => i.slug);
    await save(listing({ slug: 'aaa-first-service' }), listing({ slug: 'zzz-last-service' }));
    const seen = [...before];
    let next = first.body.next;
    while (next) {
      const page = await json(next);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((i: any) => i.slug));
      next = page.body.next;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain('zzz-last-service');
    expect(seen).not.toContain('aaa-first-service');
    const all = (await json('/api/apis?limit=100')).body.items.map((i: any) => i.slug);
    expect(all.filter((slug: string) => !seen.includes(slug))).toEqual(['aaa-first-service']);
  });

  it('expires a relevance cursor when the catalogue changes, instead of skipping results', async () => {
    const first = await json('/api/apis?q=service&limit=2');
    expect(first.body.next).toBeTruthy();
    await save(listing({ slug: 'another-service', description: 'Yet another service' }));
    const next = await json(first.body.next);
    expect(next.status).toBe(400);
    expect(next.body.errors[0]).toMatchObject({ field: 'cursor', message: expect.stringContaining('start again') });
  });
});
