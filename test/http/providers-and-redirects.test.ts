import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Providers, results grouped by provider and slug redirects over real HTTP, on the invented
 * catalogue of test/fixtures/catalog-providers: Skyline names itself with the { id, name, url }
 * object, Relaypost with the older domain string, TextBeam and Weatherly with nothing.
 */
export const PROVIDERS_CATALOG = 'test/fixtures/catalog-providers';

describe('providers, grouping and redirects over HTTP', () => {
  let server: TestServer;
  const databaseUrl = `file:${createTestSqlitePath()}`;
  const get = (path: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });
  const json = async (path: string) => {
    const response = await get(path);
    return { status: response.status, type: response.headers.get('content-type'), location: response.headers.get('location'), body: (await response.json()) as any };
  };
  const page = async (path: string) => {
    const response = await get(path, { headers: { accept: 'text/html' } });
    return { status: response.status, location: response.headers.get('location'), text: await response.text() };
  };
  const providerKeyOf = (item: any, flat: any[]) => flat.find((other) => other.slug === item.slug)?.provider?.id ?? `listing/${item.slug}`;

  beforeAll(async () => {
    server = await startTestServer(databaseUrl, { catalogDir: PROVIDERS_CATALOG });
  });
  afterAll(async () => server?.close());

  describe('a provider', () => {
    it('GET /api/providers/skyline lists its four products with what each does and its scores', async () => {
      const { status, body } = await json('/api/providers/skyline');
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: 'skyline', name: 'Skyline Messaging', url: 'https://skyline.example/', count: 4, links: { self: '/api/providers/skyline', page: '/providers/skyline' } });
      // Best CLI relevance first.
      expect(body.products.map((product: any) => product.slug)).toEqual(['skyline-sms', 'skyline-voice', 'skyline-chat', 'skyline-lookup']);
      expect(body.products[0]).toMatchObject({
        name: 'Skyline SMS',
        description: 'Send and receive SMS text messages worldwide from a REST API',
        category: 'Communication',
        capabilities: ['send SMS messages', 'receive SMS messages by webhook', 'buy a phone number'],
        cliRelevance: { score: 10, status: 'complete' },
        links: { page: '/apis/skyline-sms' },
      });
      expect(body.categories).toEqual([
        { name: 'Communication', slug: 'communication', count: 3 },
        { name: 'Data & Information', slug: 'data-information', count: 1 },
      ]);
    });

    it('derives a provider from the older domain string: "api.relaypost.io" and "relaypost.io" are one family, "relaypost"', async () => {
      const { status, body } = await json('/api/providers/relaypost');
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: 'relaypost', name: 'Relaypost', url: null, count: 2 });
      expect(body.products.map((product: any) => product.slug).sort()).toEqual(['relaypost-email', 'relaypost-sms']);
    });

    it('answers an unknown id with a 404 problem naming the close ids; a listing without a provider has no provider page', async () => {
      const typo = await json('/api/providers/skylin');
      expect(typo.status).toBe(404);
      expect(typo.type).toContain('application/problem+json');
      expect(typo.body).toMatchObject({ code: 'not_found', suggestions: ['skyline'] });
      expect(typo.body.detail).toContain('did you mean "skyline"?');
      const lone = await json('/api/providers/textbeam');
      expect(lone.status).toBe(404);
      expect(lone.body.detail).toContain('"textbeam" is a listing whose provider is not named');
    });

    it('shows the provider object on the listing detail, and null where none is named', async () => {
      expect((await json('/api/apis/skyline-sms')).body.provider).toEqual({ id: 'skyline', name: 'Skyline Messaging', url: 'https://skyline.example/' });
      expect((await json('/api/apis/relaypost-email')).body.provider).toEqual({ id: 'relaypost', name: 'Relaypost', url: null });
      expect((await json('/api/apis/textbeam')).body.provider).toBeNull();
    });

    it('serves /providers/skyline as a page listing every product, linked from the listing page', async () => {
      const provider = await page('/providers/skyline');
      expect(provider.status).toBe(200);
      expect(provider.text).toContain('<h1>Skyline Messaging</h1>');
      for (const slug of ['skyline-sms', 'skyline-voice', 'skyline-chat', 'skyline-lookup']) expect(provider.text).toContain(`<tr data-slug="${slug}">`);
      expect(provider.text).toContain('Look up the carrier and line type of a phone number');
      const listing = await page('/apis/skyline-voice');
      expect(listing.text).toContain('<a href="/providers/skyline">Skyline Messaging</a>');
      expect((await page('/providers/nobody-at-all')).status).toBe(404);
    });
  });

  describe('results grouped by provider', () => {
    it('discover shows each provider once, its best match at its rank, naming the others; group=none is the flat list', async () => {
      const need = 'send+sms+messages';
      const flat = (await json(`/api/discover?q=${need}&group=none&limit=20`)).body.items;
      const details = await Promise.all(flat.map(async (item: any) => (await json(`/api/apis/${item.slug}`)).body));
      const keys = flat.map((item: any) => providerKeyOf(item, details));
      // The flat list does name a provider more than once, or this test would prove nothing.
      expect(new Set(keys).size).toBeLessThan(keys.length);

      const grouped = (await json(`/api/discover?q=${need}&limit=20`)).body.items;
      const expected = [...new Set(keys)].map((key) => {
        const members = flat.filter((_: any, i: number) => keys[i] === key);
        return { slug: members[0].slug, also: members.slice(1).map((member: any) => member.slug) };
      });
      expect(grouped.map((item: any) => ({ slug: item.slug, also: item.also?.items.map((other: any) => other.slug) ?? [] }))).toEqual(expected);
      const skyline = grouped.find((item: any) => item.also?.provider.id === 'skyline');
      expect(skyline.also).toMatchObject({ provider: { id: 'skyline', name: 'Skyline Messaging' }, count: skyline.also.items.length });
      // The grouped answer keeps the flat answer's relevance for each entry it serves.
      for (const item of grouped) expect(item.relevance).toBe(flat.find((other: any) => other.slug === item.slug).relevance);
    });

    it('discover limits entries, not listings: limit=2 gives two providers', async () => {
      const { body } = await json('/api/discover?q=send+sms+messages&limit=2');
      expect(body.items).toHaveLength(2);
      expect(body.items[0].slug).not.toBe(body.items[1].slug);
      const compact = await json('/api/discover?q=send+sms+messages&limit=2&view=compact');
      expect(compact.body.items.map((item: any) => item.slug)).toEqual(body.items.map((item: any) => item.slug));
      // Compact counts the provider's other products: the full view and the provider's page name them.
      expect(compact.body.items.map((item: any) => item.also ?? null)).toEqual(body.items.map((item: any) => (item.also ? { provider: item.also.provider.id, count: item.also.count } : null)));
      expect(compact.body.items[0].cliRelevance).toBeUndefined();
    });

    it('lookup groups its matches the same way, and counts entries as served', async () => {
      const flat = await json('/api/apis?q=sms&group=none');
      const grouped = await json('/api/apis?q=sms');
      const skylineFlat = flat.body.items.filter((item: any) => item.slug.startsWith('skyline-'));
      expect(skylineFlat.length).toBeGreaterThan(1);
      const skylineGrouped = grouped.body.items.filter((item: any) => item.slug.startsWith('skyline-'));
      expect(skylineGrouped).toHaveLength(1);
      expect(skylineGrouped[0].slug).toBe(skylineFlat[0].slug);
      expect(skylineGrouped[0].also.items.map((item: any) => item.slug)).toEqual(skylineFlat.slice(1).map((item: any) => item.slug));
      expect(grouped.body.total).toBe(flat.body.total - (skylineFlat.length - 1));
    });

    it("a category's first page names each provider once; the flat list names Skyline twice in its first three", async () => {
      const flat = await json('/api/apis?category=communication&sort=cli-relevance&group=none&limit=3');
      expect(flat.body.items.map((item: any) => item.slug)).toEqual(['skyline-sms', 'skyline-voice', 'textbeam']);
      expect(flat.body.total).toBe(6);
      const grouped = await json('/api/apis?category=communication&sort=cli-relevance&limit=3');
      expect(grouped.body.items.map((item: any) => item.slug)).toEqual(['skyline-sms', 'textbeam', 'relaypost-sms']);
      expect(grouped.body.total).toBe(3);
      expect(grouped.body.next).toBeNull();
      expect(grouped.body.items[0].also).toEqual({ provider: { id: 'skyline', name: 'Skyline Messaging' }, count: 2, items: [{ slug: 'skyline-voice', name: 'Skyline Voice' }, { slug: 'skyline-chat', name: 'Skyline Chat' }] });
      expect(grouped.body.items[1].also).toBeUndefined();
      expect(grouped.body.items[2].also).toMatchObject({ provider: { id: 'relaypost', name: 'Relaypost' }, count: 1, items: [{ slug: 'relaypost-email' }] });
    });

    it('GET /api/categories/{slug} gives the category page\'s entries in numbered pages, each provider once on the first', async () => {
      const first = await json('/api/categories/communication?limit=2');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ category: { slug: 'communication', count: 6 }, group: 'provider', total: 3, listings: 6, unfiltered: 6, page: 1, pages: 2, next: '/api/categories/communication?limit=2&page=2' });
      expect(first.body.items.map((item: any) => item.slug)).toEqual(['skyline-sms', 'textbeam']);
      const second = await json(first.body.next);
      expect(second.body.items.map((item: any) => item.slug)).toEqual(['relaypost-sms']);
      expect(second.body.next).toBeNull();
      const flat = await json('/api/categories/communication?limit=2&group=none');
      expect(flat.body).toMatchObject({ group: 'none', total: 6, pages: 3 });
      expect(flat.body.items.map((item: any) => item.slug)).toEqual(['skyline-sms', 'skyline-voice']);
      const unknown = await json('/api/categories/comunication');
      expect(unknown.status).toBe(404);
      expect(unknown.body.categorySuggestions).toEqual(['communication']);
      const bad = await json('/api/categories/communication?colour=red');
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].message).toContain('unknown parameter "colour"');
    });

    it('pages grouped entries with cursors: each entry once, in order, total as served', async () => {
      for (const sort of ['cli-relevance', 'name', 'quality']) {
        const whole = (await json(`/api/apis?sort=${sort}&limit=100`)).body;
        const seen: string[] = [];
        let next: string | null = `/api/apis?sort=${sort}&limit=2`;
        while (next) {
          const { body } = await json(next);
          expect(body.total).toBe(whole.total);
          seen.push(...body.items.map((item: any) => item.slug));
          next = body.next;
        }
        expect(seen).toEqual(whole.items.map((item: any) => item.slug));
        // Eight listings: Skyline's four, Relaypost's two, and two alone: four entries.
        expect(whole.total).toBe(4);
      }
      const textPages: string[] = [];
      let next: string | null = '/api/apis?q=send&limit=1';
      while (next) {
        const { body } = await json(next);
        textPages.push(...body.items.map((item: any) => item.slug));
        next = body.next;
      }
      expect(textPages).toEqual((await json('/api/apis?q=send&limit=100')).body.items.map((item: any) => item.slug));
      expect(new Set(textPages).size).toBe(textPages.length);
    });

    it('refuses a group value it does not know, naming the choices', async () => {
      const { status, body } = await json('/api/apis?group=vendor');
      expect(status).toBe(400);
      expect(body.errors).toEqual([{ field: 'group', in: 'query', message: 'group must be one of provider, none; got "vendor"' }]);
    });

    it('category pages show each provider once with "Also from", and every listing with group=none', async () => {
      const grouped = await page('/categories/communication');
      expect(grouped.text.match(/<tr data-slug="/g)).toHaveLength(3);
      expect(grouped.text).toMatch(/6 APIs, 6 with CLI criteria assessed\. Each provider shows once, its other products under it \(3 entries\); <a href="\/categories\/communication\?group=none" data-group-toggle>list every API<\/a>\./);
      expect(grouped.text).toContain('Also from <a href="/providers/skyline">Skyline Messaging</a>: <a class="quiet" href="/apis/skyline-voice">Skyline Voice</a>, <a class="quiet" href="/apis/skyline-chat">Skyline Chat</a>');
      const flat = await page('/categories/communication?group=none');
      expect(flat.text.match(/<tr data-slug="/g)).toHaveLength(6);
      expect(flat.text).not.toContain('Also from');
      const need = await page('/search?mode=need&q=send+sms+messages');
      expect(need.text).toContain('Also from <a href="/providers/skyline">');
    });
  });

  describe('slug redirects', () => {
    it('answers a renamed slug with 301 to the new one, through a chain of renames, on the listing and its sub-routes', async () => {
      const renamed = await json('/api/apis/skyline-messaging');
      expect(renamed.status).toBe(301);
      expect(renamed.location).toBe('/api/apis/skyline-sms');
      expect(renamed.type).toContain('application/problem+json');
      expect(renamed.body).toMatchObject({ status: 301, movedFrom: 'skyline-messaging', movedTo: ['skyline-sms'], movedReason: "renamed when Skyline's SMS product got a listing of its own" });
      const chain = await json('/api/apis/skyline-texts/quickstart');
      expect(chain.status).toBe(301);
      expect(chain.location).toBe('/api/apis/skyline-sms/quickstart');
      expect((await get('/api/apis/skyline-messaging/history?limit=5')).headers.get('location')).toBe('/api/apis/skyline-sms/history?limit=5');
      expect((await get('/badge/skyline-messaging.svg')).headers.get('location')).toBe('/badge/skyline-sms.svg');
      // A client that follows redirects gets the listing under its new slug.
      const followed = await fetch(`${server.baseUrl}/api/apis/skyline-messaging`);
      expect(followed.status).toBe(200);
      expect(((await followed.json()) as any).slug).toBe('skyline-sms');
    });

    it('answers a split slug with 300 Multiple Choices naming the new slugs and their addresses', async () => {
      const split = await json('/api/apis/relaypost/package');
      expect(split.status).toBe(300);
      expect(split.location).toBeNull();
      expect(split.body).toMatchObject({ status: 300, code: 'not_found', movedTo: ['relaypost-sms', 'relaypost-email'], locations: ['/api/apis/relaypost-sms/package', '/api/apis/relaypost-email/package'] });
      expect(split.body.detail).toBe('The listing "relaypost" was split into "relaypost-sms", "relaypost-email" (split into its SMS and email APIs); ask for one of them.');
    });

    it('redirects the pages too: /apis/{old} 301, a split 300 with both listings linked', async () => {
      const renamed = await page('/apis/skyline-messaging');
      expect(renamed.status).toBe(301);
      expect(renamed.location).toBe('/apis/skyline-sms');
      const split = await page('/apis/relaypost');
      expect(split.status).toBe(300);
      expect(split.text).toContain('<a href="/apis/relaypost-sms">Relaypost SMS</a>');
      expect(split.text).toContain('<a href="/apis/relaypost-email">Relaypost Email</a>');
    });

    it('reads the map when a slug is first not found on a later start, whose store is already loaded', async () => {
      const later = await startTestServer(databaseUrl, { catalogDir: PROVIDERS_CATALOG });
      try {
        const moved = await fetch(`${later.baseUrl}/api/apis/skyline-texts`, { redirect: 'manual' });
        expect(moved.status).toBe(301);
        expect(moved.headers.get('location')).toBe('/api/apis/skyline-sms');
        expect((await fetch(`${later.baseUrl}/api/apis/relaypost`, { redirect: 'manual' })).status).toBe(300);
      } finally {
        await later.close();
      }
    });

    it('names the new slug where an old one cannot be redirected: compare, and a review of it', async () => {
      const compare = await json('/api/compare?slugs=skyline-messaging,textbeam');
      expect(compare.status).toBe(404);
      expect(compare.body.suggestions).toEqual(['skyline-sms']);
      expect(compare.body.errors[0].message).toBe('"skyline-messaging" moved to "skyline-sms" (renamed when Skyline\'s SMS product got a listing of its own)');
      const review = await get('/api/reviews', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ targetType: 'api', targetSlug: 'relaypost', reviewerType: 'agent', reviewerName: 'bot', rating: 4, title: 'Fine', body: 'Worked.' }),
      });
      expect(review.status).toBe(422);
      const problem = (await review.json()) as any;
      expect(problem.suggestions).toEqual(['relaypost-sms', 'relaypost-email']);
      expect(problem.errors[0].message).toContain('it moved to "relaypost-sms", "relaypost-email" (split into its SMS and email APIs); review one of those');
    });

    it('keeps an unknown slug a 404 with close matches, and a live slug never redirects', async () => {
      const unknown = await json('/api/apis/skyline-smss');
      expect(unknown.status).toBe(404);
      expect(unknown.body.suggestions).toContain('skyline-sms');
      expect(unknown.body.movedTo).toBeUndefined();
      expect((await json('/api/apis/skyline-sms')).status).toBe(200);
    });

    it('documents 301 and 300 on the listing routes in /openapi.json', async () => {
      const openapi = (await json('/openapi.json')).body;
      expect(Object.keys(openapi.paths['/api/apis/{slug}'].get.responses)).toEqual(expect.arrayContaining(['300', '301', '404']));
      expect(openapi.paths['/api/providers/{id}'].get.responses['200']).toBeDefined();
    });
  });
});
