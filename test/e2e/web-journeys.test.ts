import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_POLICY } from '../../src/core/reviews/review-policy.ts';
import { javascriptBytes, launchBrowser, newWatchedContext, type Watched } from '../support/browser.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** People's journeys through the website in a real browser, against a real server and store. */

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let watched: Watched;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startTestServer(`file:${createTestSqlitePath()}`, { reviewPolicy: { ...DEFAULT_REVIEW_POLICY, burst: { max: 1000, windowMs: 60_000 } } }),
    launchBrowser(),
  ]);
  ({ context, watched } = await newWatchedContext(browser, { viewport: { width: 1280, height: 900 } }));
  page = await context.newPage();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(() => {
  // Whatever a journey did, no script failed, no dialog opened and the policy blocked nothing of ours.
  expect(watched.pageErrors).toEqual([]);
  expect(watched.dialogs).toEqual([]);
  expect(watched.cspViolations).toEqual([]);
});

const url = (path: string) => `${server.baseUrl}${path}`;

describe('website journeys', () => {
  it('searches by text from the home page and opens a result', async () => {
    await page.goto(url('/'));
    await page.getByLabel('Search APIs by name, word or need').fill('country');
    await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await page.waitForURL(/\/search\?q=country/);
    const result = page.locator('[data-slug="country-reference-data-service"]');
    await expect(result.count()).resolves.toBe(1);
    await result.getByRole('link', { name: 'Country reference data service' }).click();
    await page.waitForURL(/\/apis\/country-reference-data-service$/);
    expect(await page.locator('h1').textContent()).toBe('Country reference data service');
  });

  it('searches by a described need, and is told when nothing serves it', async () => {
    await page.goto(url('/'));
    await page.getByLabel('Search APIs by name, word or need').fill('send real-time notifications to browser clients');
    await page.getByLabel('Describe what you need').check();
    await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await page.waitForURL(/mode=need/);
    const first = page.locator('[data-slug]').first();
    expect(await first.getAttribute('data-slug')).toBe('real-time-channels-api');
    expect(await first.locator('.match').textContent()).toMatch(/Serves \d+% of the need/);

    await page.goto(url('/search?mode=need&q=bake+sourdough+bread'));
    expect(await page.locator('[data-no-match] h2').textContent()).toBe('No good match');
  });

  it('filters results: a pricing tier chosen in the filter form', async () => {
    await page.goto(url('/search?q=service'));
    await page.getByLabel('Pricing tier').selectOption('free');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/pricing=free/);
    const slugs = await page.locator('[data-slug]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-slug')));
    expect(slugs.sort()).toEqual(['country-reference-data-service', 'social-sign-in-service']);
  });

  it('opens a listing and reads its scores, every criterion and the FAQ', async () => {
    await page.goto(url('/apis/real-time-channels-api'));
    expect(await page.getByRole('img', { name: 'CLI relevance 8 of 10' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Quality 7 of 10' }).count()).toBe(1);
    expect((await page.locator('[data-raw]').textContent())!.trim()).toBe('9 / 11');
    expect((await page.locator('[data-shown]').textContent())!.trim()).toBe('8 / 10');
    const criteria = await page.locator('tr[data-criterion]').evaluateAll((rows) => rows.map((r) => r.querySelector('.status')!.textContent!.trim()));
    expect(criteria).toEqual(['✓ Passed', '✓ Passed', '✓ Passed', '✗ Failed', '✓ Passed', '✓ Passed', '✓ Passed', '✗ Failed']);
    expect((await page.locator('[data-downloads]').textContent())!).toContain('77k');
    const faq = page.locator('section.faq');
    expect(await faq.getByRole('heading', { name: 'Is Real-time channels API free?' }).count()).toBe(1);
    expect(await faq.textContent()).toContain('a free tier with paid plans for additional usage');
    expect(await faq.textContent()).toContain('which is excellent for automated workflows');
    expect(await faq.getByRole('heading', { name: 'What are the alternatives to Real-time channels API?' }).count()).toBe(1);

    await page.goto(url('/apis/hosted-channels-service'));
    expect(await page.getByRole('img', { name: 'CLI relevance not scored' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Quality not scored' }).count()).toBe(1);
    expect(await page.locator('[data-visit="not-shown"]').textContent()).toContain('not shown');
  });

  it('submits a review with a bad field (the error shows beside it), then a good one (it appears)', async () => {
    await page.goto(url('/apis/real-time-channels-api'));
    await page.getByRole('link', { name: 'Write a review' }).click();
    await page.waitForURL(/\/review$/);
    await page.getByLabel('Your name').fill('Browser Journey');
    await page.getByLabel('4', { exact: true }).check();
    await page.getByLabel('Your review').fill('Worked from a CI job with the key in an environment variable.');
    await page.getByLabel('Minutes to the first successful request').fill('soon');
    // Title left empty on purpose.
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.waitForLoadState();

    const titleError = page.locator('#f-title-error');
    expect(await titleError.isVisible()).toBe(true);
    expect(await titleError.textContent()).toBe('Give the review a title.');
    // Beside its field: the error sits in the title's own field block, and the field points at it.
    expect(await page.locator('#f-title').getAttribute('aria-describedby')).toContain('f-title-error');
    expect(await page.locator('#f-title').getAttribute('aria-invalid')).toBe('true');
    const [errorBox, fieldBox] = [await titleError.boundingBox(), await page.locator('#f-title').boundingBox()];
    expect(Math.abs(errorBox!.y + errorBox!.height - fieldBox!.y)).toBeLessThan(40);
    expect(await page.locator('#f-report-timeToFirstRequest-error').textContent()).toContain('timeToFirstRequest must be a number of minutes');
    expect(await page.locator('.error-summary li').count()).toBe(2);
    // What was typed is kept.
    expect(await page.getByLabel('Your name').inputValue()).toBe('Browser Journey');

    await page.getByLabel('Title').fill('Smooth from CI');
    await page.getByLabel('Minutes to the first successful request').fill('12');
    await page.getByRole('button', { name: 'Submit review' }).click();
    // The reviewer token is shown once, on the answer to the form, never in a URL (issue 28).
    await page.waitForLoadState();
    expect(page.url()).not.toContain('reviewerToken');
    expect(await page.locator('[data-reviewer-token]').textContent()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await page.getByRole('link', { name: 'See your review on the listing page' }).click();
    await page.waitForURL(/\/apis\/real-time-channels-api\?review=published/);
    expect(await page.getByRole('status').first().textContent()).toContain('your review is published');
    const review = page.locator('article.review', { hasText: 'Smooth from CI' });
    expect(await review.count()).toBe(1);
    expect(await review.locator('.reviewer').textContent()).toBe('Browser Journey');
    expect(await review.textContent()).toContain('12 min');
    expect(await page.locator('.facts', { hasText: 'Published reviews' }).first().textContent()).toMatch(/Published reviews\s*1/);
  });

  it('compares two listings from the picker', async () => {
    await page.goto(url('/compare'));
    await page.getByLabel('First API').fill('Real-time channels API');
    await page.getByLabel('Second API').fill('hosted-channels-service');
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.waitForURL(/\/compare\/real-time-channels-api-vs-hosted-channels-service$/);
    expect(await page.locator('h1').textContent()).toBe('Real-time channels API vs Hosted channels service');
    const cli = await page.locator('td[data-cli]').allTextContents();
    expect(cli[0]).toContain('8/10');
    expect(cli[1]!.trim()).toBe('not scored');
    expect(await page.locator('[data-verdict]').textContent()).toContain('not 0');
  });

  it('follows a category from a listing to the category page and its subcategory', async () => {
    await page.goto(url('/apis/social-sign-in-service'));
    await page.locator('[data-category]').click();
    await page.waitForURL(/\/categories\/authentication-identity$/);
    expect(await page.locator('h1').textContent()).toBe('Authentication & Identity');
    const slugs = await page.locator('[data-slug]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-slug')));
    expect(slugs).toEqual(['authentication-component-service', 'social-sign-in-service']);
    await page.getByRole('link', { name: 'OAuth Providers (1)' }).click();
    await page.waitForURL(/subcategory=OAuth/);
    expect(await page.locator('[data-slug]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-slug')))).toEqual(['social-sign-in-service']);
  });

  it('renders the CLI relevance badge in an <img> on the listing page and on its own, and shows its Markdown (issue 17)', async () => {
    await page.goto(url('/apis/real-time-channels-api'));
    await page.locator('#call-it ~ details summary, section[aria-labelledby="call-it"] details summary').first().click();
    const badge = page.locator('img[src="/badge/real-time-channels-api.svg"]');
    await badge.waitFor({ state: 'visible' });
    const size = await badge.evaluate((image: HTMLImageElement) => (image.complete ? { width: image.naturalWidth, height: image.naturalHeight } : null));
    expect(size?.width).toBeGreaterThan(100);
    expect(size?.height).toBe(20);
    expect(await page.locator('#badge-markdown').textContent()).toMatch(/^\[!\[CLI relevance\]\(http:\/\/[^)]+\/badge\/real-time-channels-api\.svg\)\]/);
    const direct = await page.goto(url('/badge/real-time-channels-api.svg'));
    expect(direct?.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await page.locator('svg text').allTextContents()).toEqual(['CLI relevance', '8/10 excellent']);
  });

  it('is keyboard navigable: the first Tab reaches the skip link, which moves focus to the main content', async () => {
    await page.goto(url('/apis/real-time-channels-api'));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // Every interactive element can be reached by Tab (none is taken out of the order).
    expect(await page.locator('a[tabindex="-1"], button[tabindex="-1"], input[tabindex="-1"]').count()).toBe(0);
  });

  it('works without JavaScript: search and listing pages render their content on the server', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noJs.newPage();
      await plain.goto(url('/search?q=real'));
      expect(await plain.locator('[data-slug]').count()).toBeGreaterThan(0);
      await plain.goto(url('/apis/authentication-component-service'));
      expect((await plain.locator('[data-shown]').textContent())!.trim()).toBe('9 / 10');
    } finally {
      await noJs.close();
    }
  });

  it('ships less than 50 kB of JavaScript on every page type', async () => {
    for (const path of ['/', '/search?q=country', '/apis/real-time-channels-api', '/compare/real-time-channels-api-vs-hosted-channels-service', '/docs/api', '/apis/real-time-channels-api/review']) {
      const bytes = await javascriptBytes(page, url(path));
      expect(bytes, path).toBeGreaterThan(0);
      expect(bytes, path).toBeLessThan(50 * 1024);
    }
  });
});
