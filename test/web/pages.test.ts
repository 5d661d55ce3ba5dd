import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_POLICY } from '../../src/core/reviews/review-policy.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** The website over real HTTP on a real SQLite store with the default catalogue. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(`file:${createTestSqlitePath()}`, { reviewPolicy: { ...DEFAULT_REVIEW_POLICY, burst: { max: 1000, windowMs: 60_000 } } });
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.baseUrl}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

const jsonLdOf = (page: string): any[] => [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const textOf = (fragment: string) => fragment.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
const decode = (text: string) => text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');

const SEED = [
  { slug: 'authentication-component-service', name: 'Authentication component service', pricing: 'Freemium', category: 'Authentication & Identity', sub: 'Identity Platform', raw: 10, shown: 9, quality: 4, statuses: 'PPPFPPPP' },
  { slug: 'social-sign-in-service', name: 'Social sign-in service', pricing: 'Free', category: 'Authentication & Identity', sub: 'OAuth Providers', raw: 2, shown: 2, quality: 3, statuses: 'FFFFPFPF' },
  { slug: 'country-reference-data-service', name: 'Country reference data service', pricing: 'Free', category: 'Data & Information', sub: 'Reference Data', raw: 4, shown: 4, quality: 3, statuses: 'FFPFPFPF' },
  { slug: 'real-time-channels-api', name: 'Real-time channels API', pricing: 'Freemium', category: 'Communication', sub: 'Real-time & WebSockets', raw: 9, shown: 8, quality: 7, statuses: 'PPPFPPPF' },
  { slug: 'hosted-channels-service', name: 'Hosted channels service', pricing: 'Freemium', category: 'Realtime & WebSockets', sub: 'Realtime Messaging', raw: null, shown: null, quality: null, statuses: '????????' },
];
const STATUS = { P: 'Passed', F: 'Failed', '?': 'Not assessed' } as const;

describe('listing pages', () => {
  it.each(SEED)('$slug shows every element of the seed, each score with its parts', async (seed) => {
    const { status, text } = await get(`/apis/${seed.slug}`);
    expect(status).toBe(200);
    const api = (await (await fetch(`${server.baseUrl}/api/apis/${seed.slug}`)).json()) as any;
    expect(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(text)![1]!)).toBe(seed.name);
    expect(decode(text)).toContain(api.description);
    expect(text).toContain(`<span class="chip price">${seed.pricing}</span>`);
    expect(decode(text)).toContain(`href="/categories/${api.categorySlug}" data-category>${seed.category}</a>`);
    expect(decode(text)).toMatch(new RegExp(`href="/categories/${api.categorySlug}\\?subcategory=[^"]+" data-subcategory>${seed.sub.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a>`));
    // "Visit API": the seed shows no url for any listing, so the page says so instead of inventing a link.
    expect(text).toContain('data-visit="not-shown"');
    expect(text).not.toMatch(/>Visit API</);

    // Assessed criteria get a row with their result and points; the unassessed ones share one line (issue 16).
    const rows = [...text.matchAll(/<tr data-criterion="(\w+)">([\s\S]*?)<\/tr>/g)];
    const pendingKeys = [...text.matchAll(/data-criterion-pending="(\w+)"/g)].map((m) => m[1]);
    const criteria = api.cliRelevance.criteria as { key: string; status: string; points: number; maxPoints: number }[];
    expect(rows.map((r) => r[1])).toEqual(criteria.filter((c) => c.status !== 'not_assessed').map((c) => c.key));
    expect(pendingKeys).toEqual(criteria.filter((c) => c.status === 'not_assessed').map((c) => c.key));
    rows.forEach(([, key, row]) => {
      const i = criteria.findIndex((c) => c.key === key);
      expect(textOf(row!), key).toContain(STATUS[seed.statuses[i] as keyof typeof STATUS]);
      expect(textOf(row!)).toContain(`${criteria[i]!.points} / ${criteria[i]!.maxPoints}`);
    });
    if (seed.raw === null) {
      expect(rows).toHaveLength(0);
      expect(textOf(/<details class="not-assessed"[\s\S]*?<\/summary>/.exec(text)![0])).toContain('No source shows any of the eight criteria yet');
      expect(text).toContain('Not scored');
      expect(text).not.toMatch(/>0 of 10</);
    } else {
      const raw = textOf(/data-raw>([\s\S]*?)<\/td>/.exec(text)![1]!);
      const shown = textOf(/data-shown>([\s\S]*?)<\/td>/.exec(text)![1]!);
      expect(raw).toBe(`${seed.raw} / 11`);
      expect(shown).toBe(`${seed.shown} / 10`);
      expect(text).toContain(`${seed.shown} of 10 · ${seed.shown! >= 8 ? 'excellent' : 'moderate'} for automated workflows`);
    }
    // Quality: every known input with its value and points; the unknown ones named in one line.
    expect([...text.matchAll(/<tr data-input="(\w+)">/g)].map((m) => m[1])).toEqual(api.quality.breakdown.filter((b: any) => b.value !== null).map((b: any) => b.input));
    const unknownInputs = api.quality.breakdown.filter((b: any) => b.value === null).map((b: any) => b.input);
    expect([...text.matchAll(/data-input-pending="(\w+)"/g)].map((m) => m[1])).toEqual(unknownInputs.length === api.quality.breakdown.length ? [] : unknownInputs);
    expect(text).toContain(seed.quality === null ? 'aria-label="Quality not scored"' : `aria-label="Quality ${seed.quality} of 10"`);
    if (api.weeklyDownloadsCompact === null && api.install === null) {
      // Nothing known about installing it: no card of placeholders (issue 16).
      expect(text).not.toContain('id="install"');
    } else {
      expect(textOf(/data-downloads>([\s\S]*?)<\/dd>/.exec(text)![1]!)).toBe(api.weeklyDownloadsCompact === null ? 'not shown' : `${api.weeklyDownloadsCompact} *`);
      expect(text).toContain('Install instruction: not shown');
    }
    for (const capability of api.capabilities) expect(text).toContain(`<li>${capability}</li>`);
    expect(text).toContain('id="reviews"');
    expect(text).toContain(`href="/apis/${seed.slug}/review"`);
  });

  it('shows the seed\'s compact downloads ("77k") and the pricing answers of the seed in the FAQ', async () => {
    const realtime = await get('/apis/real-time-channels-api');
    expect(textOf(/data-downloads>([\s\S]*?)<\/dd>/.exec(realtime.text)![1]!)).toBe('77k *');
    expect(realtime.text).toContain('has a free tier with paid plans for additional usage');
    expect((await get('/apis/country-reference-data-service')).text).toContain('is completely free to use');
  });

  it('generates the FAQ from the data, alternatives included, and carries it as FAQPage and SoftwareApplication JSON-LD', async () => {
    const { text } = await get('/apis/real-time-channels-api');
    const questions = [...text.matchAll(/<section class="card faq[\s\S]*?<\/section>/g)][0]![0];
    const visible = [...questions.matchAll(/<h3>([\s\S]*?)<\/h3><p>([\s\S]*?)<\/p>/g)].map((m) => ({ q: decode(m[1]!), a: decode(m[2]!) }));
    expect(visible.map((v) => v.q)).toEqual([
      'Is Real-time channels API free?',
      'Is Real-time channels API good for command-line and automated workflows?',
      'How do I install Real-time channels API?',
      'How does Real-time channels API authenticate from scripts?',
      'What can Real-time channels API do?',
      'What are the alternatives to Real-time channels API?',
    ]);
    expect(visible[1]!.a).toContain('scores 8/10 for CLI relevance (9 of 11 points), which is excellent for automated workflows');
    expect(visible[5]!.a).toContain('Hosted channels service');
    expect(text).toContain('href="/compare/real-time-channels-api-vs-hosted-channels-service"');

    const ld = jsonLdOf(text);
    const faqPage = ld.find((d) => d['@type'] === 'FAQPage');
    expect(faqPage.mainEntity.map((q: any) => [q.name, q.acceptedAnswer.text])).toEqual(visible.map((v) => [v.q, v.a]));
    const app = ld.find((d) => d['@type'] === 'SoftwareApplication');
    expect(app).toMatchObject({ name: 'Real-time channels API', applicationCategory: 'DeveloperApplication' });
    expect(app.url).toBe(`${server.baseUrl}/apis/real-time-channels-api`);
    // Low scores get the seed's other word.
    expect((await get('/apis/country-reference-data-service')).text).toContain('which is moderate for automated workflows');
  });

  it('answers an unknown slug with a helpful HTML 404 that suggests the close listing', async () => {
    const { status, headers, text } = await get('/apis/country-reference');
    expect(status).toBe(404);
    expect(headers.get('content-type')).toContain('text/html');
    expect(text).toContain('href="/apis/country-reference-data-service"');
    expect(text).toContain('value="country reference"');
    expect(text).toContain('<meta name="robots" content="noindex">');
  });
});

describe('every HTML response', () => {
  const PAGES = [
    '/',
    '/search?q=country',
    '/search?mode=need&q=send+real-time+notifications+to+browser+clients',
    '/categories',
    '/categories/communication',
    '/apis/real-time-channels-api',
    '/apis/real-time-channels-api/review',
    '/compare',
    '/compare/real-time-channels-api-vs-hosted-channels-service',
    '/docs/api',
    '/docs/api/listings',
    '/no/such/page',
  ];

  it.each(PAGES)('%s has a strict CSP with a fresh nonce on every script, a canonical URL and Open Graph tags', async (path) => {
    const [first, second] = [await get(path), await get(path)];
    const csp = first.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(/'nonce-([^']+)'/.exec(second.headers.get('content-security-policy')!)![1]).not.toBe(nonce);
    const scripts = [...first.text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // Nothing inline that a strict policy would block: no handlers, no javascript: URLs, no style attributes.
    expect(first.text).not.toMatch(/\son[a-z]+\s*=/i);
    expect(first.text).not.toMatch(/javascript:/i);
    expect(first.text).not.toMatch(/\sstyle\s*=/i);
    const canonical = /<link rel="canonical" href="([^"]+)">/.exec(first.text)![1]!;
    expect(canonical.startsWith(`${server.baseUrl}/`)).toBe(true);
    expect(first.text).toMatch(new RegExp(`<meta property="og:url" content="${canonical.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">`));
    for (const property of ['og:title', 'og:description', 'og:type', 'og:site_name']) expect(first.text).toContain(`<meta property="${property}" content="`);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.text).toMatch(/<html lang="en">/);
    expect(first.text).toContain('<main id="main"');
  });

  it('ships one small script, well under 50 kB, cached by its content hash', async () => {
    const home = await get('/');
    const sources = [...home.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toHaveLength(1);
    const script = await fetch(`${server.baseUrl}${sources[0]}`);
    const body = await script.arrayBuffer();
    expect(body.byteLength).toBeLessThan(50 * 1024);
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect(script.headers.get('content-type')).toContain('javascript');
  });
});

describe('not found', () => {
  it('gives people an HTML 404 and keeps problem+json for the JSON API and for clients that ask for JSON', async () => {
    const page = await get('/nothing-here');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('Page not found');
    expect(page.text).toContain('action="/search"');
    for (const [path, headers] of [
      ['/api/nothing-here', {}],
      ['/api/apis/no-such-listing', {}],
      ['/nothing-here', { accept: 'application/json' }],
    ] as const) {
      const response = await get(path, headers);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/problem+json');
      expect(JSON.parse(response.text).code).toBe('not_found');
    }
  });
});

describe('search, categories and compare', () => {
  it('finds listings by text and by a described need, and admits when nothing serves a need', async () => {
    const text = await get('/search?q=country');
    expect(text.status).toBe(200);
    expect(text.text).toContain('data-slug="country-reference-data-service"');
    const need = await get('/search?mode=need&q=send+real-time+notifications+to+browser+clients');
    expect(need.text).toContain('data-slug="real-time-channels-api"');
    expect(need.text).toMatch(/Serves \d+% of the need/);
    const none = await get('/search?mode=need&q=bake+sourdough+bread');
    expect(none.text).toContain('data-no-match');
    expect(none.text).toContain('No good match');
  });

  it('shows a bad filter value with the core\'s own message beside the filter', async () => {
    const response = await get('/search?q=country&minCliScore=99');
    expect(response.status).toBe(400);
    expect(response.text).toContain('aria-describedby="f-min-error"');
    expect(decode(response.text)).toMatch(/<p class="field-error" id="f-min-error">minCliScore must be an integer from 0 to 10; got "99"<\/p>/);
  });

  it('applies filters: a pricing tier leaves out the others', async () => {
    const free = await get('/search?q=service&pricing=free');
    expect(free.text).toContain('data-slug="country-reference-data-service"');
    expect(free.text).not.toContain('data-slug="authentication-component-service"');
  });

  it('lists a category and its subcategories, and 404s an unknown one', async () => {
    const category = await get('/categories/authentication-identity');
    expect(category.status).toBe(200);
    expect(category.text).toContain('data-slug="authentication-component-service"');
    expect(category.text).toContain('data-slug="social-sign-in-service"');
    // Best CLI relevance first.
    expect(category.text.indexOf('authentication-component-service')).toBeLessThan(category.text.indexOf('data-slug="social-sign-in-service"'));
    const sub = await get('/categories/authentication-identity?subcategory=OAuth%20Providers');
    expect(sub.text).toContain('data-slug="social-sign-in-service"');
    expect(sub.text).not.toContain('data-slug="authentication-component-service"');
    expect((await get('/categories/no-such-category')).status).toBe(404);
    const all = await get('/categories');
    expect(decode(all.text)).toMatch(/<span>Authentication & Identity<\/span><span class="count" aria-label="2 listings">2<\/span>/);
  });

  it('shows a category without a refused filter, saying why beside the field', async () => {
    const refused = await get('/categories/authentication-identity?pricing=cheap&auth=bogus&page=0&headless=true');
    expect(refused.status).toBe(400);
    // Each refused filter: marked invalid, its message beside it and linked from the summary at the top.
    for (const name of ['pricing', 'auth']) {
      expect(refused.text).toMatch(new RegExp(`<select id="c-${name}" name="${name}" aria-invalid="true" aria-describedby="c-${name}-error">`));
      expect(refused.text).toMatch(new RegExp(`<p class="field-error" id="c-${name}-error">${name} must be one of [^<]+</p>`));
      expect(refused.text).toContain(`<li><a href="#c-${name}">${name} must be one of`);
    }
    expect(decode(refused.text)).toContain('<li>page must be an integer from 1');
    // The listings still show, with the filter that was accepted kept on.
    expect(refused.text).toContain('data-slug="authentication-component-service"');
    expect(refused.text).toMatch(/<input type="checkbox" id="c-headless" name="headless" value="true" checked>/);
    expect(refused.text).not.toContain('value="cheap"');
  });

  it('compares two listings: every criterion, missing scores as "not scored", the verdict', async () => {
    const { status, text } = await get('/compare/real-time-channels-api-vs-hosted-channels-service');
    expect(status).toBe(200);
    const api = (await (await fetch(`${server.baseUrl}/api/compare?slugs=real-time-channels-api,hosted-channels-service`)).json()) as any;
    expect(decode(text)).toContain(api.verdict.summary);
    expect(textOf(/<td data-cli>([\s\S]*?)<\/td>/.exec(text)![1]!)).toContain('8/10');
    expect([...text.matchAll(/<td data-cli>([\s\S]*?)<\/td>/g)].map((m) => textOf(m[1]!))[1]).toBe('not scored');
    for (const label of ['Official SDK on a public package registry', 'Machine-readable pricing (md/JSON/static)']) expect(text).toContain(label);
    expect(text).not.toMatch(/>0\/10</);
  });

  it('resolves the picker\'s names to a compare address, and says which name it cannot find', async () => {
    const redirect = await get('/compare?a=Real-time+channels+API&b=hosted-channels-service');
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe('/compare/real-time-channels-api-vs-hosted-channels-service');
    const bad = await get('/compare?a=real-time-channels-api&b=zzzqqq');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('id="pick-b-error"');
    expect((await get('/compare/real-time-channels-api-vs-no-such-thing')).status).toBe(404);
  });
});

describe('the review form', () => {
  const post = (slug: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/apis/${slug}/review`, {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      redirect: 'manual',
    });
  const good = { reviewerType: 'human', reviewerName: 'Page Tester', rating: '4', title: 'Set up in minutes from a script', body: 'The key sat in an environment variable and the first call worked.' };

  it('shows the API\'s own validation message beside the field at fault, keeps what was typed, stores nothing', async () => {
    const before = await server.ctx.store.countReviews();
    const response = await post('real-time-channels-api', { ...good, rating: '9', 'integrationReport.timeToFirstRequest': 'soon' });
    expect(response.status).toBe(422);
    const page = decode(await response.text());
    const api = (await (
      await fetch(`${server.baseUrl}/api/reviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ targetType: 'api', targetSlug: 'real-time-channels-api', ...good, rating: 9, integrationReport: { timeToFirstRequest: 'soon' } }),
      })
    ).json()) as any;
    const ratingMessage = api.errors.find((e: any) => e.field === 'rating').message;
    const timeMessage = api.errors.find((e: any) => e.field === 'integrationReport.timeToFirstRequest').message;
    expect(page).toContain(`<p class="field-error" id="f-rating-error">${ratingMessage}</p>`);
    expect(page).toContain(`<p class="field-error" id="f-report-timeToFirstRequest-error">${timeMessage}</p>`);
    expect(page).toMatch(/id="f-rating" aria-invalid="true"/);
    expect(page).toContain('value="Set up in minutes from a script"');
    expect(await server.ctx.store.countReviews()).toBe(before);
  });

  it('asks for a missing required field in a person\'s words: "Pick a rating.", not the API\'s "got nothing" (issue 16)', async () => {
    const { rating: _rating, title: _title, ...withoutRating } = good;
    const response = await post('real-time-channels-api', withoutRating);
    expect(response.status).toBe(422);
    const page = decode(await response.text());
    expect(page).toContain('<p class="field-error" id="f-rating-error">Pick a rating.</p>');
    expect(page).toContain('<p class="field-error" id="f-title-error">Give the review a title.</p>');
    expect(page).not.toContain('got nothing');
  });

  it('publishes a good review and links the reader to it on the listing page', async () => {
    const response = await post('country-reference-data-service', { ...good, 'integrationReport.authWorked': 'true', 'integrationReport.strengths': 'no key needed\nfast', 'integrationReport.evidenceLevel': 'production-live' });
    expect(response.status).toBe(200);
    const link = /<a href="([^"]+)">See your review on the listing page<\/a>/.exec(decode(await response.text()))![1]!;
    expect(link).toMatch(/^\/apis\/country-reference-data-service\?review=published#review-/);
    const page = await get(link.split('#')[0]!);
    expect(page.text).toContain('Thank you: your review is published');
    expect(page.text).toContain('Set up in minutes from a script');
    expect(page.text).toContain('<li>no key needed</li><li>fast</li>');
  });

  it('answers fields named like Object.prototype members with the form\'s message, never a 500, and stores nothing (issue 15)', async () => {
    const before = await server.ctx.store.countReviews();
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const body = `${new URLSearchParams(good).toString()}&${encodeURIComponent(name)}=x&${encodeURIComponent(name)}=y`;
      const response = await fetch(`${server.baseUrl}/apis/real-time-channels-api/review`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
      expect(response.status, name).toBe(422);
      const page = decode(await response.text());
      expect(page).toContain(`The form sent a field it does not have ("${name}")`);
      expect(page).toContain('value="Set up in minutes from a script"');
    }
    expect(await server.ctx.store.countReviews()).toBe(before);
  });

  it('hands the reviewer token out once, in the answer to the form, and asks for it to replace the review (issue 15)', async () => {
    const mine = { ...good, reviewerName: `Token Tester ${Date.now()}` };
    const created = await post('social-sign-in-service', mine);
    expect(created.status).toBe(200);
    const token = /<code data-reviewer-token>([^<]+)<\/code>/.exec(await created.text())![1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const refused = await post('social-sign-in-service', { ...mine, title: 'Someone else' });
    expect(refused.status).toBe(409);
    expect(decode(await refused.text())).toContain('only its writer may replace that review');
    const replaced = await post('social-sign-in-service', { ...mine, title: 'Changed by me', reviewerToken: token });
    expect(replaced.status).toBe(303);
    expect(replaced.headers.get('location')).toMatch(/\?review=updated#/);
  });

  it('refuses a form posted from another site', async () => {
    expect((await post('real-time-channels-api', good, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });
});

describe('files for crawlers and agents', () => {
  it('serves robots.txt, a sitemap of every listing, llms.txt with curl examples', async () => {
    const robots = await get('/robots.txt');
    expect(robots.text).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toContain('xml');
    for (const seed of SEED) expect(sitemap.text).toContain(`<loc>${server.baseUrl}/apis/${seed.slug}</loc>`);
    // Every page of the API reference: the index and one per section, each of which answers.
    const referencePages = [...sitemap.text.matchAll(/<loc>[^<]*?(\/docs\/api[^<]*)<\/loc>/g)].map((match) => match[1]!);
    expect(referencePages).toContain('/docs/api');
    expect(referencePages).toEqual(expect.arrayContaining(['/docs/api/discovery', '/docs/api/reviews']));
    for (const page of referencePages) expect((await get(page)).status, page).toBe(200);
    const llms = await get('/llms.txt');
    expect(llms.headers.get('content-type')).toContain('text/plain');
    expect(llms.text.startsWith('# apidex\n\n> ')).toBe(true);
    expect(llms.text).toContain(`curl '${server.baseUrl}/api/discover?q=`);
    expect(llms.text).toContain(`${server.baseUrl}/openapi.json`);
  });

  it('serves an RFC 9727 API catalog pointing at the OpenAPI document', async () => {
    const response = await get('/.well-known/api-catalog');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    const catalog = JSON.parse(response.text);
    const described = catalog.linkset.find((entry: any) => entry['service-desc']);
    expect(described['service-desc'][0].href).toBe(`${server.baseUrl}/openapi.json`);
    expect((await fetch(`${server.baseUrl}/openapi.json`)).status).toBe(200);
    const head = await fetch(`${server.baseUrl}/.well-known/api-catalog`, { method: 'HEAD' });
    expect(head.headers.get('link')).toContain('rel="api-catalog"');
  });

  it('renders the API reference from /openapi.json: every operation is on the page', async () => {
    const document = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as any;
    const page = await get('/docs/api');
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item).filter((m) => ['get', 'post'].includes(m))) {
        expect(decode(page.text), `${method} ${path}`).toContain(`<code>${method.toUpperCase()} ${path}</code>`);
      }
    }
    // Pages are not part of the JSON API's description.
    expect(Object.keys(document.paths).some((path) => path.startsWith('/apis/') || path === '/search')).toBe(false);
  });
});
