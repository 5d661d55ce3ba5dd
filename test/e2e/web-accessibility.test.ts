import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_POLICY } from '../../src/core/reviews/review-policy.ts';
import { launchBrowser, newWatchedContext, seriousAxeViolations } from '../support/browser.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * axe-core in the page on every page type, the layout from 360 px to desktop, and screenshots
 * of the home, a listing and a compare page at 1280 and 375 px for people to look at.
 */

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startTestServer(`file:${createTestSqlitePath()}`, { reviewPolicy: { ...DEFAULT_REVIEW_POLICY, burst: { max: 1000, windowMs: 60_000 } } }),
    launchBrowser(),
  ]);
  // A review with an integration report, so listing pages show one as people will see them.
  const response = await fetch(`${server.baseUrl}/api/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      targetType: 'api',
      targetSlug: 'real-time-channels-api',
      reviewerType: 'agent',
      reviewerName: 'ci-bot',
      rating: 4,
      title: 'Worked first time from CI',
      body: 'API key from an env var; the SDK did the rest.\nPresence events arrived within a second.',
      cliExperience: 5,
      setupDifficulty: 2,
      docsQuality: 4,
      wouldRecommend: true,
      integrationReport: { authWorked: true, timeToFirstRequest: 5, workedHeadless: true, sdkUsed: 'official Node SDK', strengths: ['env var auth', 'clear errors'], challenges: ['channel naming rules'], evidenceLevel: 'production-live' },
    }),
  });
  expect(response.status).toBe(201);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PAGE_TYPES: [string, string][] = [
  ['home', '/'],
  ['listing', '/apis/real-time-channels-api'],
  ['unscored listing', '/apis/hosted-channels-service'],
  ['text results', '/search?q=service'],
  ['need results', '/search?mode=need&q=send+real-time+notifications+to+browser+clients'],
  ['no good match', '/search?mode=need&q=bake+sourdough+bread'],
  ['bad filter', '/search?q=x&minCliScore=99'],
  ['categories', '/categories'],
  ['category', '/categories/authentication-identity'],
  ['compare picker', '/compare'],
  ['compare', '/compare/real-time-channels-api-vs-hosted-channels-service'],
  ['review form', '/apis/real-time-channels-api/review'],
  ['not found', '/apis/country-reference'],
  ['API reference', '/docs/api'],
  ['API reference section', '/docs/api/listings'],
];

describe('accessibility and layout', () => {
  it.each(PAGE_TYPES)('axe finds no serious or critical violation on the %s page (%s)', async (_name, pagePath) => {
    const { context, watched } = await newWatchedContext(browser, { viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}${pagePath}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(watched.cspViolations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('axe finds no serious or critical violation on a review form showing errors', async () => {
    const { context } = await newWatchedContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/apis/real-time-channels-api/review`);
      await page.getByRole('button', { name: 'Submit review' }).click();
      await page.waitForLoadState();
      expect(await page.locator('.field-error').count()).toBeGreaterThan(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(PAGE_TYPES)('lays the %s page out at 360 px without sideways scrolling', async (_name, pagePath) => {
    const { context } = await newWatchedContext(browser, { viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}${pagePath}`);
      // Wide tables scroll inside their own box; the page itself never does.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
  });

  it('saves screenshots of the home, a listing and a compare page at 1280 and 375 px', async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const saved: string[] = [];
    for (const width of [1280, 375]) {
      const { context } = await newWatchedContext(browser, { viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        for (const [name, pagePath] of [
          ['home', '/'],
          ['listing', '/apis/real-time-channels-api'],
          ['compare', '/compare/real-time-channels-api-vs-hosted-channels-service'],
        ]) {
          await page.goto(`${server.baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
          const file = path.join(SCREENSHOT_DIR, `seed-catalogue-${name}-${width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          saved.push(file);
        }
      } finally {
        await context.close();
      }
    }
    console.log(`Screenshots of the website saved under ${SCREENSHOT_DIR}:\n  ${saved.map((f) => path.basename(f)).join('\n  ')}`);
    expect(saved).toHaveLength(6);
  }, 60_000);
});
