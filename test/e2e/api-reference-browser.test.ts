import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newWatchedContext, seriousAxeViolations } from '../support/browser.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * The API reference in Chromium: every page stays short with its schemas and examples
 * collapsed, a link to a schema opens it, and opened in full it still passes axe and fits a phone.
 */

let server: TestServer;
let browser: Browser;
let sections: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(`file:${createTestSqlitePath()}`), launchBrowser()]);
  const document = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as { tags: { name: string }[] };
  sections = ['/docs/api', ...document.tags.map((tag) => `/docs/api/${tag.name}`)];
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const openEveryDetails = () => document.querySelectorAll('details').forEach((details) => (details.open = true));

describe('the API reference in a browser', () => {
  it('keeps every page under 8,000 px tall at 1280 px wide', async () => {
    const { context } = await newWatchedContext(browser, { viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      for (const path of sections) {
        await page.goto(`${server.baseUrl}${path}`);
        expect(await page.evaluate(() => document.documentElement.scrollHeight), path).toBeLessThan(8000);
      }
    } finally {
      await context.close();
    }
  });

  it('opens a collapsed schema when a link leads to it', async () => {
    const { context, watched } = await newWatchedContext(browser, { viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/docs/api/listings`);
      const isOpen = (id: string) => page.evaluate((target) => (document.getElementById(target)!.closest('details') as HTMLDetailsElement).open, id);
      expect(await isOpen('schema-ListingDetail')).toBe(false);
      await page.locator('#op-get-api-apis-slug').locator('xpath=ancestor::section').getByRole('link', { name: 'ListingDetail' }).click();
      expect(await isOpen('schema-ListingDetail')).toBe(true);
      expect(await page.locator('#schema-ListingDetail').isVisible()).toBe(true);
      expect(watched.cspViolations).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('passes axe with every schema and example opened, and fits 360 px without sideways scrolling', async () => {
    for (const width of [1280, 360]) {
      const { context, watched } = await newWatchedContext(browser, { viewport: { width, height: 800 } });
      try {
        const page = await context.newPage();
        for (const path of sections) {
          await page.goto(`${server.baseUrl}${path}`);
          await page.evaluate(openEveryDetails);
          if (width === 1280) expect(await seriousAxeViolations(page), path).toEqual([]);
          else expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
        }
        expect(watched.cspViolations).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
