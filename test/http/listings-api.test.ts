import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingSchema } from '../../src/core/listings/listing.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

const SEED = {
  'authentication-component-service': { cli: 9, raw: 10, quality: 4 },
  'social-sign-in-service': { cli: 2, raw: 2, quality: 3 },
  'country-reference-data-service': { cli: 4, raw: 4, quality: 3 },
  'real-time-channels-api': { cli: 8, raw: 9, quality: 7 },
  'hosted-channels-service': { cli: null, raw: null, quality: null },
} as const;

describe.each(STORE_KINDS)('listings API on $kind', ({ databaseUrl }) => {
  let server: TestServer;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });
  const json = async (path: string) => {
    const response = await get(path);
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any };
  };

  beforeAll(async () => {
    server = await startTestServer(await databaseUrl());
  });
  afterAll(async () => server?.close());

  it('answers the liveness probe', async () => {
    expect(await json('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('finds the country reference data service for q=country&limit=1', async () => {
    const { status, body } = await json('/api/apis?q=country&limit=1');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(body.items[0].slug).toBe('country-reference-data-service');
    expect(body.total).toBe(1);
    expect(body.next).toBeNull();
  });

  it('lists the five seed listings and apidex itself without q, in name order', async () => {
    const { body } = await json('/api/apis');
    expect(body.total).toBe(6);
    expect(body.items.map((item: any) => item.name)).toEqual([
      'apidex',
      'Authentication component service',
      'Country reference data service',
      'Hosted channels service',
      'Real-time channels API',
      'Social sign-in service',
    ]);
  });

  it.each(Object.entries(SEED))('shows %s with the seed\'s scores and their breakdowns', async (slug, expected) => {
    const { status, body } = await json(`/api/apis/${slug}`);
    expect(status).toBe(200);
    expect(body.cliRelevance.score).toBe(expected.cli);
    expect(body.cliRelevance.raw).toBe(expected.raw);
    expect(body.cliRelevance.max).toBe(11);
    expect(body.cliRelevance.criteria).toHaveLength(8);
    expect(body.cliRelevance.version).toBe('cli-relevance/1');
    expect(body.quality.score).toBe(expected.quality);
    expect(body.quality.breakdown).toHaveLength(7);
    expect(body.quality.version).toBe('quality/1');
    if (expected.cli !== null) {
      expect(body.cliRelevance.criteria.reduce((sum: number, c: any) => sum + c.points, 0)).toBe(expected.raw);
      expect(body.cliRelevance.wording).toBe(expected.cli >= 8 ? 'excellent' : 'moderate');
    }
  });

  it('shows what the seed does not show as null, never invented', async () => {
    const { body } = await json('/api/apis/hosted-channels-service');
    expect(body).toMatchObject({ url: null, install: null, weeklyDownloads: null, weeklyDownloadsCompact: null });
    expect(body.cliRelevance).toMatchObject({ score: null, raw: null, wording: null, status: 'unscored' });
    expect(body.cliRelevance.criteria.every((c: any) => c.status === 'not_assessed')).toBe(true);
    expect(body.quality.score).toBeNull();
    expect(JSON.stringify(body)).not.toContain('undefined');
    // Questions the data cannot answer are left out, never answered "not shown" (issue 13).
    expect(body.faq.map((entry: any) => entry.question)).toEqual(['Is Hosted channels service free?', 'What can Hosted channels service do?', 'What are the alternatives to Hosted channels service?']);
    expect(JSON.stringify(body.faq)).not.toMatch(/not shown|not scored yet/i);
  });

  it('gives weekly downloads as an integer and in the compact form', async () => {
    const { body } = await json('/api/apis/real-time-channels-api');
    expect(body.weeklyDownloads).toBe(77000);
    expect(body.weeklyDownloadsCompact).toBe('77k');
    expect(body.illustrativeValues).toContain('weeklyDownloads');
    expect(body.capabilities).toEqual(['send real-time messages', 'broadcast events', 'manage channels', 'detect presence']);
  });

  it('answers "What are the alternatives to X?" in the FAQ, from the alternatives ranking', async () => {
    const { body } = await json('/api/apis/real-time-channels-api');
    const entry = body.faq.find((e: any) => e.question === 'What are the alternatives to Real-time channels API?');
    expect(entry.generated).toBe(true);
    expect(entry.answer).toContain('Hosted channels service');
  });

  it('words the FAQ by the seed\'s rules', async () => {
    const faqOf = async (slug: string) => (await json(`/api/apis/${slug}`)).body.faq as { question: string; answer: string }[];
    const auth = await faqOf('authentication-component-service');
    expect(auth.find((e) => e.question.startsWith('Is') && e.question.endsWith('free?'))!.answer).toContain('a free tier with paid plans for additional usage');
    expect(auth.find((e) => e.question.includes('automated'))!.answer).toContain('excellent');
    const country = await faqOf('country-reference-data-service');
    expect(country.find((e) => e.question.endsWith('free?'))!.answer).toContain('completely free to use');
    expect(country.find((e) => e.question.includes('automated'))!.answer).toContain('moderate');
  });

  it('puts an exact name or slug match first', async () => {
    const { body } = await json(`/api/apis?q=${encodeURIComponent('Hosted channels service')}`);
    expect(body.items[0].slug).toBe('hosted-channels-service');
    const bySlug = await json('/api/apis?q=real-time-channels-api');
    expect(bySlug.body.items[0].slug).toBe('real-time-channels-api');
  });

  it('finds a word still being typed, and a misspelled one', async () => {
    const slugsFor = async (q: string) => (await json(`/api/apis?q=${encodeURIComponent(q)}`)).body.items.map((item: any) => item.slug);
    expect(await slugsFor('countr')).toEqual(['country-reference-data-service']);
    expect(await slugsFor('contry')).toEqual(['country-reference-data-service']);
    expect(await slugsFor('authenticat')).toEqual(['authentication-component-service']);
  });

  it('looks up words too generic for needs ("service"), and names made of them', async () => {
    const { body } = await json('/api/apis?q=service');
    expect(body.items.map((item: any) => item.slug)).toEqual(
      expect.arrayContaining(['authentication-component-service', 'country-reference-data-service', 'hosted-channels-service', 'social-sign-in-service']),
    );
    expect((await json('/api/apis?q=the')).body).toMatchObject({ items: [], total: 0 });
  });

  it('folds accents and case in the text', async () => {
    const { body } = await json(`/api/apis?q=${encodeURIComponent('COUNTRŸ')}`);
    expect(body.items[0]?.slug).toBe('country-reference-data-service');
  });

  it('filters by category (name or slug), pricing tier and minimum CLI score', async () => {
    expect((await json('/api/apis?category=authentication-identity')).body.total).toBe(2);
    expect((await json(`/api/apis?category=${encodeURIComponent('Authentication & Identity')}`)).body.total).toBe(2);
    const free = await json('/api/apis?pricing=free');
    expect(free.body.items.map((i: any) => i.slug).sort()).toEqual(['country-reference-data-service', 'social-sign-in-service']);
    const strong = await json('/api/apis?minCliScore=8&sort=cli-relevance');
    expect(strong.body.items.map((i: any) => i.slug)).toEqual(['authentication-component-service', 'apidex', 'real-time-channels-api']);
  });

  it('sorts by CLI relevance and quality, unscored last', async () => {
    const cli = await json('/api/apis?sort=cli-relevance');
    expect(cli.body.items.map((i: any) => i.cliRelevance.score)).toEqual([9, 8, 8, 4, 2, null]);
    const quality = await json('/api/apis?sort=quality');
    expect(quality.body.items.map((i: any) => i.quality.score)).toEqual([7, 4, 3, 3, null, null]);
  });

  it('pages with a next link until every listing is seen once', async () => {
    const seen: string[] = [];
    let path: string | null = '/api/apis?limit=2';
    let pages = 0;
    while (path) {
      const { status, body } = await json(path);
      expect(status).toBe(200);
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((i: any) => i.slug));
      path = body.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
  });

  it.each([
    ['limit=0', 'limit', 'from 1 to 100'],
    ['limit=100000', 'limit', 'from 1 to 100'],
    ['limit=abc', 'limit', 'from 1 to 100'],
    ['sort=popularity', 'sort', 'relevance, name, cli-relevance, quality'],
    ['pricing=gratis', 'pricing', 'free, freemium, paid, usage-based, open-source'],
    ['minCliScore=11', 'minCliScore', 'from 0 to 10'],
    ['cursor=bm90LWEtY3Vyc29y', 'cursor', 'next'],
    ['catgory=communication', 'catgory', 'accepted: q, limit, category, pricing, minCliScore, sort, cursor'],
    ['category=%26', 'category', 'see /api/categories'],
    ['q=a&q=b', 'q', 'given 2 times; give it once'],
    ['limit=1&limit=2', 'limit', 'given 2 times; give it once'],
  ])('answers %s with a 400 problem naming the field and what it accepts', async (query, field, allowed) => {
    const { status, type, body } = await json(`/api/apis?${query}`);
    expect(status).toBe(400);
    expect(type).toContain('application/problem+json');
    expect(body).toMatchObject({ type: '/problems/invalid-input', status: 400, code: 'invalid_input' });
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, in: 'query' })]));
    expect(body.errors.find((e: any) => e.field === field).message).toContain(allowed);
  });

  it('rejects a cursor replayed on another query', async () => {
    const first = await json('/api/apis?limit=2');
    const cursor = new URL(first.body.next, 'http://x').searchParams.get('cursor');
    const replayed = await json(`/api/apis?limit=2&sort=quality&cursor=${cursor}`);
    expect(replayed.status).toBe(400);
    expect(replayed.body.errors[0].field).toBe('cursor');
  });

  it('answers an unknown slug with 404 and close matches, never another listing', async () => {
    const { status, type, body } = await json('/api/apis/country-reference-data');
    expect(status).toBe(404);
    expect(type).toContain('application/problem+json');
    expect(body.code).toBe('not_found');
    expect(body.suggestions).toContain('country-reference-data-service');
    expect(body.slug).toBeUndefined();
  });

  it.each([
    ['/api/apis/%ZZ', 400],
    [`/api/apis/${'a'.repeat(201)}`, 400],
    [`/api/apis/${'a'.repeat(300)}`, 414],
    ['/api/categories?x=1', 400],
    ['/api/apis/hosted-channels-service?verbose=1', 400],
  ])('answers the malformed request %s with a problem, never plain JSON', async (path, status) => {
    const response = await json(path);
    expect(response.status).toBe(status);
    expect(response.type).toContain('application/problem+json');
    expect(response.body.type).toMatch(/^\/problems\//);
  });

  it('suggests the exact slug for a slug written in capitals', async () => {
    const { status, body } = await json('/api/apis/Country-Reference-Data-Service');
    expect(status).toBe(404);
    expect(body.suggestions).toEqual(['country-reference-data-service']);
  });

  it('serves a path with a trailing slash like the path without it', async () => {
    expect((await json('/api/apis/real-time-channels-api/')).body.slug).toBe('real-time-channels-api');
  });

  it('answers a method a path does not serve with 405 and Allow', async () => {
    const response = await fetch(`${server.baseUrl}/api/apis`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });

  it('answers a forged cursor with 400, not 500', async () => {
    const first = await json('/api/apis?limit=2');
    const issued = JSON.parse(Buffer.from(new URL(first.body.next, 'http://x').searchParams.get('cursor')!, 'base64url').toString());
    for (const key of [[{ toString: 1 }, 'x'], ['zzz'], 'not-an-array']) {
      const forged = Buffer.from(JSON.stringify({ ...issued, k: key })).toString('base64url');
      const response = await json(`/api/apis?limit=2&cursor=${forged}`);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe('cursor');
    }
  });

  it('answers an unknown route with a 404 problem', async () => {
    const { status, body } = await json('/api/nothing-here');
    expect(status).toBe(404);
    expect(body.type).toBe('/problems/not-found');
  });

  it('serves problem type documentation behind each type URI', async () => {
    const { status, body } = await json('/problems/invalid-input');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 'invalid_input', status: 400 });
  });

  it('lists categories with counts', async () => {
    const { body } = await json('/api/categories');
    expect(body.items).toContainEqual({
      name: 'Authentication & Identity',
      slug: 'authentication-identity',
      count: 2,
      subcategories: [
        { name: 'Identity Platform', count: 1 },
        { name: 'OAuth Providers', count: 1 },
      ],
    });
    expect(body.items.reduce((sum: number, c: any) => sum + c.count, 0)).toBe(6);
  });

  it('sends an ETag and answers If-None-Match with 304, for one tag, a list, a weak tag or *', async () => {
    for (const path of ['/api/apis/social-sign-in-service', '/api/apis?q=country', '/api/categories']) {
      const first = await get(path);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[^"]+"$/);
      for (const ifNoneMatch of [etag!, `"other", ${etag}`, `W/${etag}`, '*']) {
        const again = await get(path, { 'if-none-match': ifNoneMatch });
        expect(again.status).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(await again.text()).toBe('');
      }
      expect((await get(path, { 'if-none-match': '"other"' })).status).toBe(200);
    }
  });

  it('never sends an ETag with an error, so an error cannot become a 304', async () => {
    for (const path of ['/api/apis?limit=0', '/api/apis/nope']) {
      const first = await get(path);
      expect(first.status).toBeGreaterThanOrEqual(400);
      expect(first.headers.get('etag')).toBeNull();
      expect((await get(path, { 'if-none-match': '*' })).status).toBe(first.status);
    }
  });

  it('sees a listing changed in the store once the catalogue is refreshed', async () => {
    const listing = listingSchema.parse({
      slug: 'country-reference-data-service',
      name: 'Country reference data service',
      description: 'Country data: population, languages, currencies, flags and borders',
      pricingTier: 'Free',
      category: 'Data & Information',
      subcategory: 'Reference Data',
      capabilities: ['get country data', 'search countries', 'filter by region'],
    });
    const before = await get('/api/apis/country-reference-data-service');
    const [result] = await server.ctx.store.saveListings([listing]);
    expect(result!.outcome).toBe('updated');
    await server.ctx.catalogue.refresh();
    const after = await get('/api/apis/country-reference-data-service', { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(((await after.json()) as any).description).toContain('borders');
  });
});
