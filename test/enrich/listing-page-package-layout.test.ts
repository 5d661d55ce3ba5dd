import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { syncListings } from '../../src/core/catalogue/sync-listings.ts';
import { listingSchema } from '../../src/core/listings/listing.ts';
import { launchBrowser } from '../support/browser.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** The package facts of an enriched listing, at their longest, on a 360 px phone in Debian's Chromium. */

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer(`file:${createTestSqlitePath()}`);
  const listing = listingSchema.parse({
    slug: 'long-package-facts',
    name: 'Long package facts',
    description: 'A package whose registry facts are as long as they get',
    category: 'Tools',
    // No install instruction here: a long one overflows on its own (the install block's <pre>), which is not what this checks.
    package: {
      name: '@supabase-community/an-exceptionally-long-package-name-for-layout',
      registry: 'npm',
      latestVersion: '2.119.1-canary.20261118.abcdef0123456789',
      lastReleaseAt: '2026-11-18T14:42:15.000Z',
      deprecated: 'This package is deprecated; use @supabase-community/the-very-long-replacement-package-name instead',
      repositoryUrl: 'https://github.com/supabase-community/supabase-js-with-a-very-long-repository-name',
      source: 'npm registry',
      refreshedAt: '2026-11-21T12:00:00.000Z',
    },
  });
  await syncListings({ ctx: server.ctx, input: { listings: [listing] } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('lays the package facts out at 360 px without sideways scrolling', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/apis/long-package-facts`);
    await expect(page.locator('[data-package]').isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await context.close();
  }
});
