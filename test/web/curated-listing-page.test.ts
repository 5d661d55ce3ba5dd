import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCuratedHead } from '../../src/catalogue-build/apply-curated-head.ts';
import { readCuratedHead } from '../../src/catalogue-build/read-curated-head.ts';
import { detailText } from '../../src/client/text.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * A curated listing (test/fixtures/curated-head, invented providers) through the real server:
 * the JSON detail carries every curated fact with its page and date, and the listing page shows
 * each one with its page link and date, the pricing facts, and the reason of each unassessed criterion.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(`file:${createTestSqlitePath()}`);
  const { listings } = applyCuratedHead({
    listings: [],
    head: readCuratedHead('test/fixtures/curated-head/curated'),
    recordedPackages: new Map([['acme-mail-fixture-sdk', JSON.parse(readFileSync('test/fixtures/curated-head/npm-registry/acme-mail-fixture-sdk.json', 'utf8'))]]),
    reservedSlugs: new Set(),
  });
  await server.ctx.store.saveListings(listings);
  await server.ctx.catalogue.refresh();
});
afterAll(async () => server?.close());

const textOf = (fragment: string) => fragment.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

describe('a curated listing', () => {
  it('GET /api/apis/{slug} carries the curated facts, and each criterion its page and date', async () => {
    const detail = (await (await fetch(`${server.baseUrl}/api/apis/acme-mail`)).json()) as any;
    expect(detail.cliRelevance).toMatchObject({ assessed: 8, status: 'complete' });
    const rate = detail.cliRelevance.criteria.find((c: any) => c.key === 'rateLimits');
    expect(rate).toMatchObject({ status: 'passed', evidenceUrl: 'https://acme-mail.example/docs/limits', asOf: '2026-11-20', dated: 'read', figure: '10 requests per second', source: 'curated-acme-mail' });
    expect(detail.pricingTier).toBe('Freemium');
    expect(detail.pricing.freeAllowance).toEqual({ value: { units: 3000, period: 'month' }, source: { url: 'https://acme-mail.example/pricing', asOf: '2026-11-20', dated: 'read' } });
    expect(detail.agent.mcpServer.value).toEqual({ package: 'acme-mail-fixture-mcp' });
    expect(detail.head).toEqual({ provider: 'acme-mail' });
    expect(detail.docsUrl.value).toBe('https://acme-mail.example/docs');
    // List items stay lean: no curated extras.
    const list = (await (await fetch(`${server.baseUrl}/api/apis?limit=50`)).json()) as any;
    const item = list.items.find((candidate: any) => candidate.slug === 'acme-mail');
    expect(item).toMatchObject({ pricingTier: 'Freemium' });
    expect(item.pricing).toBeUndefined();
    expect(item.cliRelevance.criteria.find((c: any) => c.key === 'rateLimits')).toEqual({ key: 'rateLimits', status: 'passed', points: 1, maxPoints: 1, evidence: expect.any(String) });
  });

  it('the listing page shows each fact with its page link and date, and the pricing facts', async () => {
    const page = await (await fetch(`${server.baseUrl}/apis/acme-mail`)).text();
    const section = /<section class="card" aria-labelledby="curated-facts"[\s\S]*?<\/section>/.exec(page)![0];
    expect(textOf(/data-fact="freeAllowance">([\s\S]*?)<\/dd>/.exec(section)![1]!)).toBe('3,000 emails a month (page, read 2026-11-20)');
    expect(section).toContain('<a href="https://acme-mail.example/pricing" rel="noopener noreferrer">page</a>');
    expect(textOf(section)).toContain('Plan Pro$20 a month, 50,000 emails included, then $0.90 per 1,000 emails (page, read 2026-11-20)');
    expect(textOf(section)).toContain('Credit card to startnot required (page, read 2026-11-20)');
    expect(textOf(section)).toContain('MCP serveracme-mail-fixture-mcp');
    const row = /<tr data-criterion="rateLimits">([\s\S]*?)<\/tr>/.exec(page)![1]!;
    expect(textOf(row)).toContain('(10 requests per second)');
    expect(textOf(row)).toContain('(page read 2026-11-20)');
    expect(row).toContain('href="https://acme-mail.example/docs/limits"');
  });

  it('apidex show prints the same facts with their pages and dates', async () => {
    const text = detailText((await (await fetch(`${server.baseUrl}/api/apis/acme-mail`)).json()) as any);
    expect(text).toContain('pricing and agent facts:');
    expect(text).toContain('  free 3,000 emails a month (https://acme-mail.example/pricing, read 2026-11-20)');
    expect(text).toContain('  plan Pro: $20 a month, 50,000 emails included, then $0.90 per 1,000 emails (https://acme-mail.example/pricing, read 2026-11-20)');
    expect(text).toMatch(/Reasonable rate limits for scripted use \(1\/1\): .* \[10 requests per second\]\n +check: https:\/\/acme-mail\.example\/docs\/limits \(read 2026-11-20\)/);
  });

  it('shows why each unassessed criterion is not assessed, and a third-party page as such', async () => {
    const page = await (await fetch(`${server.baseUrl}/apis/zeta-post-email`)).text();
    expect(textOf(page)).toContain("Works in headless/CI environments (The fixture has no page on running without a browser.)");
    expect(textOf(/data-fact="docsUrl">([\s\S]*?)<\/dd>/.exec(page)![1]!)).toContain('captured 2026-10-01, third-party page');
  });
});
