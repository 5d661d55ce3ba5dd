import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingSchema, type ListingInput } from '../../src/core/listings/listing.ts';
import { buildHttpApp, type App } from '../../src/http/app.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

const listing = (fields: Partial<ListingInput> & { slug: string }) =>
  listingSchema.parse({ name: fields.slug.replaceAll('-', ' '), description: 'A test listing', category: 'Testing', ...fields });

describe.each(STORE_KINDS)('discover on $kind', ({ databaseUrl }) => {
  let server: TestServer;
  const json = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any };
  };
  const slugs = (body: any) => body.items.map((item: any) => item.slug);

  beforeAll(async () => {
    server = await startTestServer(await databaseUrl());
  });
  afterAll(async () => server?.close());

  it('ranks a need asked by an agent as the need itself, and says which words it ranked when a trailing phrase matched nothing (issue 14)', async () => {
    const plain = await json('/api/discover?q=send+real-time+notifications+to+browser+clients');
    const asked = await json(`/api/discover?q=${encodeURIComponent('I want my script to send real-time notifications to browser clients from a GitHub Actions workflow with a token read from env')}`);
    expect(slugs(asked.body)).toEqual(slugs(plain.body));
    expect(asked.body.readAs).toBeUndefined();
    const unknownPlace = await json(`/api/discover?q=${encodeURIComponent('send real-time notifications to browser clients from inside a zorblat quuxify frobnicator wibblewobble snorfle blarg')}`);
    expect(unknownPlace.body.readAs).toBe('send real time notifications to browser clients');
    expect(slugs(unknownPlace.body).slice(0, 2)).toEqual(['real-time-channels-api', 'hosted-channels-service']);
  });

  it("ranks the two channel services first for the seed's need, each with its reasons", async () => {
    const { status, body } = await json('/api/discover?q=send+real-time+notifications+to+browser+clients');
    expect(status).toBe(200);
    expect(body.noGoodMatch).toBeUndefined();
    expect(slugs(body).slice(0, 2)).toEqual(['real-time-channels-api', 'hosted-channels-service']);
    const [first, second] = body.items;
    expect(first.relevance).toBe(1);
    expect(first.confidence).toBe('high');
    expect(first.matchedOn.capabilities).toEqual(expect.arrayContaining(['real-time messaging', 'push notifications']));
    expect(first.matchedOn.terms).toEqual(expect.arrayContaining(['real-time', 'notifications']));
    expect(first.matchedOn.fields).toEqual(expect.arrayContaining(['name', 'description']));
    expect(second.matchedOn.capabilities).toContain('real-time messaging');
    expect(second.relevance).toBeGreaterThan(0);
    expect(second.relevance).toBeLessThan(first.relevance);
    // Items are listing summaries: both scores travel with them.
    expect(first).toMatchObject({ name: 'Real-time channels API', pricingTier: 'Freemium', category: 'Communication' });
  });

  it('answers a nonsense need with an empty list and says why, suggesting categories', async () => {
    const { status, body } = await json('/api/discover?q=florp+zibble+quantum+wug');
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
    expect(body.noGoodMatch.reason).toMatch(/No listing mentions any word of "florp zibble quantum wug"/);
    expect(body.noGoodMatch.suggestedCategories.length).toBeGreaterThan(0);
    expect(body.noGoodMatch.suggestedCategories[0]).toEqual({ name: expect.any(String), slug: expect.any(String), count: expect.any(Number) });
  });

  it('does not pad a weak match with filler: one known word in a long unrelated need is not enough', async () => {
    const { body } = await json('/api/discover?q=' + encodeURIComponent('book a table at an italian restaurant for friday evening with parking and a country view'));
    expect(body.items).toEqual([]);
    expect(body.noGoodMatch.reason).toMatch(/less than 40% of it/);
  });

  it('says when the filters, not the need, leave nothing', async () => {
    const { body } = await json('/api/discover?q=real-time+messaging&minCliScore=10');
    expect(body.items).toEqual([]);
    expect(body.noGoodMatch.reason).toMatch(/2 listings serve "real-time messaging", but the filters leave out every one/);
    expect(body.noGoodMatch.suggestedCategories.map((category: any) => category.slug)).toContain('communication');
  });

  it('applies each filter: category, pricing, minimum CLI score, env-var auth, headless', async () => {
    const need = '/api/discover?q=real-time+channels';
    expect(slugs((await json(need)).body).sort()).toEqual(['hosted-channels-service', 'real-time-channels-api']);
    expect(slugs((await json(`${need}&category=communication`)).body)).toEqual(['real-time-channels-api']);
    expect(slugs((await json(`${need}&category=Realtime%20%26%20WebSockets`)).body)).toEqual(['hosted-channels-service']);
    expect(slugs((await json(`${need}&pricing=freemium`)).body).sort()).toEqual(['hosted-channels-service', 'real-time-channels-api']);
    expect((await json(`${need}&pricing=paid`)).body.items).toEqual([]);
    // The hosted channels service is not assessed: a criterion filter never counts unknown as passed.
    expect(slugs((await json(`${need}&minCliScore=8`)).body)).toEqual(['real-time-channels-api']);
    expect(slugs((await json(`${need}&headless=true`)).body)).toEqual(['real-time-channels-api']);
    expect(slugs((await json(`${need}&envVarAuth=1`)).body)).toEqual(['real-time-channels-api']);
    // false means "no constraint", not "must fail headless".
    expect(slugs((await json(`${need}&headless=false`)).body).sort()).toEqual(['hosted-channels-service', 'real-time-channels-api']);
  });

  it('treats "real-time", "realtime" and "real time" alike, in the need and in listings', async () => {
    await server.ctx.store.saveListings([
      listing({ slug: 'hyphen-spelling-feed', description: 'A real-time feed of zephyr readings' }),
      listing({ slug: 'joined-spelling-feed', description: 'A realtime feed of zephyr readings' }),
      listing({ slug: 'apart-spelling-feed', description: 'A real time feed of zephyr readings' }),
    ]);
    await server.ctx.catalogue.refresh();
    for (const need of ['real-time zephyr feed', 'realtime zephyr feed', 'real time zephyr feed']) {
      const found = slugs((await json(`/api/discover?q=${encodeURIComponent(need)}`)).body);
      expect(found.slice(0, 3).sort(), need).toEqual(['apart-spelling-feed', 'hyphen-spelling-feed', 'joined-spelling-feed']);
    }
  });

  it('folds accents and stems words: "météo forecasts" finds a "Meteo forecast" listing', async () => {
    await server.ctx.store.saveListings([listing({ slug: 'meteo-forecast-service', name: 'Meteo forecast service', description: 'Daily forecast for any town', category: 'Weather' })]);
    await server.ctx.catalogue.refresh();
    const { body } = await json(`/api/discover?q=${encodeURIComponent('météo forecasts')}`);
    expect(slugs(body)[0]).toBe('meteo-forecast-service');
    expect(body.items[0].matchedOn.terms).toEqual(expect.arrayContaining(['meteo', 'forecasts']));
  });

  it('names the words of the need that matched as the need wrote them, never their stems', async () => {
    await server.ctx.store.saveListings([listing({ slug: 'gossamer-texting', name: 'Gossamer texting', description: 'Send SMS to customers from a real-time queue', category: 'Communication' })]);
    await server.ctx.catalogue.refresh();
    const { body } = await json(`/api/discover?q=${encodeURIComponent('send SMS to my customers from a realtime gossamer queue')}`);
    const item = body.items.find((found: { slug: string }) => found.slug === 'gossamer-texting');
    // Stems would read "sm", "custom" and "realtim".
    expect(item.matchedOn.terms).toEqual(expect.arrayContaining(['sms', 'customers', 'realtime', 'gossamer']));
    for (const term of item.matchedOn.terms) expect('send sms to my customers from a realtime gossamer queue', term).toContain(term);
  });

  it('never answers from before a catalogue change: the same need asked again sees the new listing', async () => {
    const need = '/api/discover?q=quokka+census+counts';
    expect((await json(need)).body.items).toEqual([]);
    await server.ctx.store.saveListings([listing({ slug: 'quokka-census', description: 'Quokka census counts by island' })]);
    await server.ctx.catalogue.refresh();
    expect(slugs((await json(need)).body)).toEqual(['quokka-census']);
  });

  it('respects limit, keeping the best', async () => {
    const all = slugs((await json('/api/discover?q=real-time+channels')).body);
    expect(all.length).toBeGreaterThan(1);
    expect(slugs((await json('/api/discover?q=real-time+channels&limit=1')).body)).toEqual(all.slice(0, 1));
  });

  it.each([
    ['/api/discover', 'q', /q is required/],
    ['/api/discover?q=', 'q', /q must not be empty/],
    ['/api/discover?q=%20%20', 'q', /q must not be empty/],
    ['/api/discover?q=x&limit=0', 'limit', /limit must be an integer from 1 to 50; got "0"/],
    ['/api/discover?q=x&limit=51', 'limit', /limit must be an integer from 1 to 50/],
    ['/api/discover?q=x&headless=maybe', 'headless', /headless must be true or false; got "maybe"/],
    ['/api/discover?q=x&minCliScore=11', 'minCliScore', /minCliScore must be an integer from 0 to 10/],
    ['/api/discover?q=x&pricing=cheap', 'pricing', /pricing must be one of free, freemium, paid, usage-based, open-source/],
    ['/api/discover?q=x&sort=name', 'sort', /unknown parameter "sort"/],
    [`/api/discover?q=${'x'.repeat(301)}`, 'q', /q must be at most 300 characters/],
  ])('rejects %s with problem+json naming %s', async (path, field, message) => {
    const { status, type, body } = await json(path);
    expect(status).toBe(400);
    expect(type).toMatch(/^application\/problem\+json/);
    expect(body.type).toBe('/problems/invalid-input');
    expect(body.errors.map((error: any) => error.field)).toContain(field);
    expect(body.detail).toMatch(message);
  });
});

describe('discover answers sent from their kept JSON text (as in production, responses unchecked)', () => {
  let server: TestServer;
  let unchecked: App;
  let uncheckedUrl: string;

  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`);
    unchecked = await buildHttpApp({ ctx: server.ctx, validateResponses: false });
    uncheckedUrl = await unchecked.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await unchecked?.close();
    await server?.close();
  });

  it.each(['', '&view=compact'])('sends the same answer as the checked path, the same text and ETag every time, then 304 for that ETag (%s)', async (view) => {
    const path = `/api/discover?q=real-time+channels${view}`;
    const checked = await fetch(`${server.baseUrl}${path}`);
    const first = await fetch(`${uncheckedUrl}${path}`);
    const again = await fetch(`${uncheckedUrl}${path}`);
    const body = await first.text();
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The schema check rebuilds the object in schema order, so only the parsed answers can match.
    expect(JSON.parse(body)).toEqual(await checked.json());
    expect(await again.text()).toBe(body);
    expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const revalidated = await fetch(`${uncheckedUrl}${path}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
  });

  it('sends a list page from its kept text too, characters past ASCII escaped: the same page to a JSON reader, no byte past ASCII on the wire', async () => {
    await server.ctx.store.saveListings([listing({ slug: 'cafe-menus', name: 'Café Menüs', description: 'Menus of cafés, as “JSON”' })]);
    await server.ctx.catalogue.refresh();
    const path = '/api/apis?q=cafe+menus';
    const checked = await (await fetch(`${server.baseUrl}${path}`)).json();
    const sent = new Uint8Array(await (await fetch(`${uncheckedUrl}${path}`)).arrayBuffer());
    expect(sent.some((byte) => byte > 0x7f)).toBe(false);
    const page = JSON.parse(new TextDecoder().decode(sent));
    expect(page).toEqual(checked);
    expect(page.items[0].name).toBe('Café Menüs');
  });

  it('answers afresh once the catalogue changes', async () => {
    const path = '/api/discover?q=quokka+census+counts';
    expect((await (await fetch(`${uncheckedUrl}${path}`)).json()).items).toEqual([]);
    await server.ctx.store.saveListings([listing({ slug: 'quokka-census', description: 'Quokka census counts by island, as JSON' })]);
    await server.ctx.catalogue.refresh();
    const after = (await (await fetch(`${uncheckedUrl}${path}`)).json()) as any;
    expect(after.items.map((item: any) => item.slug)).toEqual(['quokka-census']);
  });
});
