import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderateReview } from '../../src/core/reviews/moderate-review.ts';
import { DEFAULT_REVIEW_POLICY } from '../../src/core/reviews/review-policy.ts';
import { launchBrowser, newWatchedContext } from '../support/browser.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Stored XSS: reviews full of markup are posted through the JSON API (as anyone can), published,
 * and read back on the listing page in a real browser. Every payload must show as the text it
 * is, no script may run (each payload sets window.__xss or opens a dialog if it ever does), and
 * no element may come out of a payload. It is checked twice: with the Content-Security-Policy
 * the site sends, and with the policy switched off, so escaping alone is shown to hold.
 */

const SLUG = 'country-reference-data-service';

const PAYLOADS = [
  '<script>window.__xss=1;alert(1)</script>',
  '<img src=x onerror="window.__xss=2;alert(2)">',
  '<svg onload="window.__xss=3;alert(3)"></svg>',
  '<svg><script>window.__xss=4</script></svg>',
  '"><script>window.__xss=5</script>',
  "'><img src=x onerror=window.__xss=6>",
  '<a href="javascript:window.__xss=7">click me</a>',
  'javascript:window.__xss=8;alert(8)',
  '<iframe src="javascript:parent.__xss=9"></iframe>',
  '<body onload="window.__xss=10">',
  '<div style="background:url(javascript:window.__xss=11)">x</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=12>',
  '<details open ontoggle="window.__xss=13">',
  '<input autofocus onfocus="window.__xss=14">',
  '<video><source onerror="window.__xss=15"></video>',
  '<object data="javascript:window.__xss=16"></object>',
  '<scr<script>ipt>window.__xss=17</scr</script>ipt>',
  '</textarea><script>window.__xss=18</script>',
  '</title><script>window.__xss=19</script>',
  '<!--<img src="--><img src=x onerror=window.__xss=20>-->',
  '<marquee onstart="window.__xss=21">m</marquee>',
  '${alert(22)} {{constructor.constructor("window.__xss=22")()}}',
  '<form action="javascript:window.__xss=23"><button>go</button></form>',
  '<p onmouseover="window.__xss=24">hover me</p>',
  '&lt;script&gt;window.__xss=25&lt;/script&gt; &amp; &#60;b&#62;',
  '<a href=" &#14;javascript:window.__xss=26">x</a>',
];

let server: TestServer;
let browser: Browser;
const stored: { id: string; title: string; body: string; reviewerName: string; strengths: string[] }[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startTestServer(`file:${createTestSqlitePath()}`, { reviewPolicy: { ...DEFAULT_REVIEW_POLICY, burst: { max: 1000, windowMs: 60_000 } } }),
    launchBrowser(),
  ]);
  for (const [i, payload] of PAYLOADS.entries()) {
    const response = await fetch(`${server.baseUrl}/api/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        targetType: 'api',
        targetSlug: SLUG,
        reviewerType: i % 2 ? 'agent' : 'human',
        reviewerName: `${payload.slice(0, 60)} ${i}`,
        rating: 1 + (i % 5),
        title: payload.slice(0, 120),
        body: `Payload ${i} in the body: ${payload}\nand on a second line ${i * 7919}.`,
        integrationReport: { sdkUsed: payload.slice(0, 100), strengths: [payload.slice(0, 200)], challenges: [`${i}: ${payload}`.slice(0, 200)], evidenceLevel: 'sandbox-live' },
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { review } = (await response.json()) as any;
    // Links and look-alikes are held for moderation; a moderator publishes them here, so they all render.
    const published = review.status === 'published' ? review : await moderateReview({ ctx: server.ctx, input: { id: review.id, action: 'approve' }, actor: 'xss-test' });
    stored.push({ id: published.id, title: published.title, body: published.body, reviewerName: published.reviewerName, strengths: published.integrationReport.strengths });
  }
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each([
  { policy: 'with the site\'s Content-Security-Policy', bypassCSP: false },
  { policy: 'with the policy switched off (escaping alone)', bypassCSP: true },
])('stored XSS in reviews, $policy', ({ bypassCSP }) => {
  it(`renders all ${PAYLOADS.length} payloads as text; no script runs and no dialog opens`, async () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(20);
    const { context, watched } = await newWatchedContext(browser, { bypassCSP });
    try {
      const page = await context.newPage();
      // The listing page shows 20 reviews at a time; the rest are one "Older reviews" away.
      await page.goto(`${server.baseUrl}/apis/${SLUG}`, { waitUntil: 'networkidle' });
      const older = await page.locator('a[rel="next"]', { hasText: 'Older reviews' }).getAttribute('href');
      const firstIds = await page.locator('article.review').evaluateAll((a) => a.map((e) => e.getAttribute('data-review-id')));
      await page.goto(`${server.baseUrl}${older}`, { waitUntil: 'networkidle' });
      const secondIds = await page.locator('article.review').evaluateAll((a) => a.map((e) => e.getAttribute('data-review-id')));
      expect([...firstIds, ...secondIds].sort()).toEqual(stored.map((r) => r.id).sort());
      for (const path of [`/apis/${SLUG}`, older!]) {
        await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
        // Each payload reads back exactly as the API stored it, as text.
        for (const id of await page.locator('article.review').evaluateAll((a) => a.map((e) => e.getAttribute('data-review-id')!))) {
          const review = stored.find((r) => r.id === id)!;
          const article = page.locator(`article[data-review-id="${id}"]`);
          expect(await article.locator('h3').textContent()).toBe(review.title);
          expect(await article.locator('.reviewer').textContent()).toBe(review.reviewerName);
          expect((await article.locator('p.body').textContent())!.trim()).toBe(review.body);
          expect(await article.locator('ul.strengths li').allTextContents()).toEqual(review.strengths);
        }
        // Give every event-handler payload its chance: hover, focus and click each review, then wait.
        for (const article of await page.locator('article.review').all()) {
          await article.hover();
          await article.click({ position: { x: 5, y: 5 } });
        }
        await page.keyboard.press('Tab');
        await page.waitForTimeout(300);
        // Nothing a payload could have become exists inside the reviews.
        const injected = await page.locator('article.review').evaluateAll((articles) =>
          articles.flatMap((a) => [...a.querySelectorAll('script, img, svg, iframe, object, embed, a, form, input, button, style, math, video, audio, details, marquee, body, textarea, title, source')].map((e) => e.outerHTML)),
        );
        expect(injected).toEqual([]);
        expect(await page.evaluate(() => [...document.querySelectorAll('[onerror], [onload], [onfocus], [onmouseover], [ontoggle], [onstart]')].length)).toBe(0);
        expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
      }
      expect(watched.dialogs).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      // The policy itself had nothing to block: every payload was already inert text.
      expect(watched.cspViolations).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('reflects markup typed into the search box and the address only as text', async () => {
    const { context, watched } = await newWatchedContext(browser, { bypassCSP });
    try {
      const page = await context.newPage();
      for (const payload of PAYLOADS.slice(0, 6)) {
        await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent(payload)}`);
        expect(await page.locator('#search-q').inputValue()).toBe(payload.trim());
        await page.goto(`${server.baseUrl}/apis/${encodeURIComponent(payload)}`);
        await page.goto(`${server.baseUrl}/compare?a=${encodeURIComponent(payload)}&b=x`);
      }
      expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
      expect(watched.dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
