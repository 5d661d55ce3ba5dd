import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingSchema, type ListingInput } from '../../src/core/listings/listing.ts';
import { perSecondOf, priceAtVolume } from '../../src/core/search/price-at-volume.ts';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/test-server.ts';

/**
 * Recommend by volume, budget and priority (issue 30, ADR 27) over four invented "quokka post"
 * listings that serve one task identically and differ only in their curated pricing facts and
 * rate limits: alpha (free allowance, then plans), beta (one plan, card required), gamma (no
 * pricing facts at all) and delta (pay as you go after a daily allowance).
 */

const page = (host: string, path = 'pricing') => ({ url: `https://${host}.example/${path}`, asOf: '2026-11-20', dated: 'read' as const });
const COMMON = {
  description: 'Send quokka post letters to mailboxes',
  category: 'Communication',
  subcategory: 'Email',
  capabilities: ['send quokka post letters'],
};
const rate = (host: string, figure: string) => ({ status: 'passed' as const, evidence: 'The limits page states it.', source: `curated-${host}`, url: `https://${host}.example/limits`, asOf: '2026-11-20', figure });

const LISTINGS: ListingInput[] = [
  {
    slug: 'quokka-post-alpha',
    name: 'Quokka Post Alpha',
    ...COMMON,
    pricingTier: 'Freemium',
    cliCriteria: { rateLimits: rate('alpha', '10 requests per second') },
    pricing: {
      unit: 'letters',
      freeAllowance: { value: { units: 3000, period: 'month' }, source: page('alpha') },
      plans: [
        { value: { name: 'Pro', monthlyUsd: 20, includedUnits: 50000, overageUsd: 0.9, overagePerUnits: 1000 }, source: page('alpha') },
        { value: { name: 'Scale', monthlyUsd: 90, includedUnits: 100000 }, source: page('alpha') },
      ],
      creditCardRequired: { value: false, source: page('alpha', 'signup') },
    },
  },
  {
    slug: 'quokka-post-beta',
    name: 'Quokka Post Beta',
    ...COMMON,
    pricingTier: 'Paid',
    cliCriteria: { rateLimits: rate('beta', '6,000 requests per minute') },
    pricing: {
      unit: 'letters',
      plans: [{ value: { name: 'Basic', monthlyUsd: 15, includedUnits: 100000 }, source: page('beta') }],
      creditCardRequired: { value: true, source: page('beta') },
    },
  },
  { slug: 'quokka-post-gamma', name: 'Quokka Post Gamma', ...COMMON, pricingTier: 'Freemium' },
  {
    slug: 'quokka-post-delta',
    name: 'Quokka Post Delta',
    ...COMMON,
    pricingTier: 'Usage-based',
    pricing: {
      unit: 'letters',
      freeAllowance: { value: { units: 100, period: 'day' }, source: page('delta') },
      payAsYouGo: { value: { usd: 1, perUnits: 1000 }, source: page('delta') },
      creditCardRequired: { value: false, source: page('delta') },
    },
  },
];

describe('pricing a volume from curated facts', () => {
  const alpha = listingSchema.parse(LISTINGS[0]).pricing;
  it('takes the cheapest option that covers the volume: free allowance, a plan, a plan with overage', () => {
    expect(priceAtVolume(alpha, 2000)).toMatchObject({ monthlyUsd: 0, unit: 'letters', basis: expect.stringContaining('free allowance') });
    expect(priceAtVolume(alpha, 50000)).toMatchObject({ monthlyUsd: 20, basis: expect.stringContaining('plan Pro'), facts: [expect.objectContaining({ fact: 'plans[Pro]', url: 'https://alpha.example/pricing' })] });
    // 60,000: Pro plus 10,000 of overage at $0.90 per 1,000 = $29, cheaper than Scale at $90.
    expect(priceAtVolume(alpha, 60000).monthlyUsd).toBe(29);
    expect(priceAtVolume(alpha, 200000).monthlyUsd).toBe(155);
  });

  it('is null, never 0, when nothing covers the volume or nothing is known', () => {
    const beta = listingSchema.parse(LISTINGS[1]).pricing;
    expect(priceAtVolume(beta, 200000)).toMatchObject({ monthlyUsd: null, basis: expect.stringContaining('covers 200,000 letters') });
    expect(priceAtVolume(undefined, 10)).toMatchObject({ monthlyUsd: null, unit: null });
    const percent = listingSchema.parse({ ...LISTINGS[2], pricing: { unit: 'payments', payAsYouGo: { value: { usd: 0.3, perUnits: 1, percent: 2.9 }, source: page('gamma') } } }).pricing;
    expect(priceAtVolume(percent, 100)).toMatchObject({ monthlyUsd: null, basis: expect.stringContaining('2.9% of the transaction value') });
  });

  it('reads a rate from a figure as the page states it', () => {
    expect(perSecondOf('Live mode: 100 requests per second; sandbox: 25 requests per second')).toBe(100);
    expect(perSecondOf('6,000 requests per minute')).toBe(100);
    expect(perSecondOf('a generous limit')).toBeNull();
  });
});

describe.each(STORE_KINDS)('GET /api/recommend by volume, budget and priority on $kind', ({ databaseUrl }) => {
  let server: TestServer;
  const get = async (query: string) => {
    const response = await fetch(`${server.baseUrl}/api/recommend?task=send+quokka+post+letters&${query}`);
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any };
  };

  beforeAll(async () => {
    server = await startTestServer(await databaseUrl());
    await server.ctx.store.saveListings(LISTINGS.map((listing) => listingSchema.parse(listing)));
    await server.ctx.catalogue.refresh();
  });
  afterAll(async () => server?.close());

  it('priority=cost picks the lowest known monthly cost at the volume, names the unit and the page, and ranks the unknown last', async () => {
    const { status, body } = await get('volume=50000&priority=cost');
    expect(status).toBe(200);
    expect(body.recommendation).toMatchObject({ slug: 'quokka-post-beta', decidedBy: 'cost', cost: { monthlyUsd: 15, unit: 'letters', volume: 50000 } });
    expect(body.recommendation.cost.facts[0]).toMatchObject({ url: 'https://beta.example/pricing', asOf: '2026-11-20' });
    expect(body.recommendation.reasoning).toContain('Cost at 50,000 letters a month: $15.00 a month');
    expect(body.recommendation.reasoning).toContain('https://beta.example/pricing');
    expect(body.runnerUp).toMatchObject({ slug: 'quokka-post-alpha', cost: { monthlyUsd: 20 } });
    expect(body.ranking.candidates.map((c: any) => [c.slug, c.cost.monthlyUsd])).toEqual([
      ['quokka-post-beta', 15],
      ['quokka-post-alpha', 20],
      ['quokka-post-delta', 47],
      ['quokka-post-gamma', null],
    ]);
    expect(body.recommendation.reasoning).toMatch(/Quokka Post Gamma has no known cost at this volume, which is not counted as better or worse/);
  });

  it('constraints=no-credit-card keeps only listings whose page shows no card is needed, citing that page', async () => {
    const { body } = await get('volume=50000&priority=cost&constraints=no-credit-card');
    expect(body.recommendation.slug).toBe('quokka-post-alpha');
    expect(body.runnerUp.slug).toBe('quokka-post-delta');
    expect(body.ranking.candidates.map((c: any) => c.slug)).toEqual(['quokka-post-alpha', 'quokka-post-delta']);
    expect(body.ranking.candidates[0].decidingFacts).toContainEqual(expect.objectContaining({ fact: 'creditCardRequired', url: 'https://alpha.example/signup' }));
  });

  it('budget leaves out known costs above it, keeps unknown ones without calling them cheaper', async () => {
    const { body } = await get('volume=50000&budget=18&priority=cost');
    expect(body.recommendation.slug).toBe('quokka-post-beta');
    expect(body.runnerUp).toMatchObject({ slug: 'quokka-post-gamma', decidedBy: 'relevance', cost: { monthlyUsd: null } });
    expect(body.runnerUp.reasoning).toContain('it is not claimed to be cheaper');
    expect(body.message).toContain('Left out over the budget of $18.00: Quokka Post Alpha ($20.00), Quokka Post Delta ($47.00)');
    expect(body.ranking.candidates.map((c: any) => [c.slug, c.withinBudget])).toEqual([
      ['quokka-post-beta', true],
      ['quokka-post-gamma', null],
    ]);
  });

  it('one candidate left is chosen as the only one, with its cost', async () => {
    const { body } = await get('volume=50000&budget=25&priority=cost&constraints=no-credit-card');
    expect(body.recommendation).toMatchObject({ slug: 'quokka-post-alpha', decidedBy: 'only-match' });
    expect(body.recommendation.reasoning).toContain('Chosen as the only candidate that serves the task; at 50,000 letters it costs $20.00 a month.');
    expect(body.runnerUp).toBeNull();
  });

  it('priority=scale prefers the highest documented rate limit, naming the figure and its page', async () => {
    const { body } = await get('priority=scale');
    expect(body.recommendation).toMatchObject({ slug: 'quokka-post-beta', decidedBy: 'scale', rateLimit: { perSecond: 100, figure: '6,000 requests per minute' } });
    expect(body.recommendation.reasoning).toContain('https://beta.example/limits');
    expect(body.runnerUp.slug).toBe('quokka-post-alpha');
  });

  it('a volume within a free allowance costs $0, and free-tier keeps only listings with one', async () => {
    const { body } = await get('volume=2000&priority=cost&constraints=free-tier');
    expect(body.recommendation).toMatchObject({ slug: 'quokka-post-alpha', cost: { monthlyUsd: 0 } });
    expect(body.ranking.candidates.map((c: any) => c.slug)).not.toContain('quokka-post-beta');
  });

  it.each([
    ['volume=-5', 'volume', /volume must be a number from 0/],
    ['volume=lots', 'volume', /volume must be a number/],
    ['volume=100&budget=cheap', 'budget', /budget must be a number/],
    ['priority=fast', 'priority', /priority must be one of cost, simplicity, scale; got "fast"/],
    ['constraints=no-card', 'constraints', /constraints must be a comma-separated list of no-credit-card, free-tier; got "no-card"/],
    ['priority=cost', 'volume', /volume is required with priority=cost/],
    ['budget=10', 'volume', /volume is required with budget/],
  ])('%s is a 400 naming %s', async (query, field, message) => {
    const { status, type, body } = await get(query);
    expect(status).toBe(400);
    expect(type).toContain('application/problem+json');
    expect(body.errors).toContainEqual(expect.objectContaining({ field, message: expect.stringMatching(message) }));
  });
});
