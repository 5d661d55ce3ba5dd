import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingSchema, type ListingInput } from '../../src/core/listings/listing.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Recommend, compare and alternatives over the default catalogue (the seed's five listings)
 * plus three "zebra transcoder" listings saved here, which serve one task identically and
 * differ only in what is known of them: one scored (CLI 8, quality 0), one not scored at all,
 * one scored low (CLI 4) with no quality. Assertions on ranking hold for any ranker that
 * finds the seed's channel services for real-time needs; none depends on exact relevances.
 */

const ZEBRA = {
  description: 'Transcode zebra videos into streaming formats',
  category: 'Media Processing',
  subcategory: 'Video Transcoding',
  capabilities: ['transcode zebra videos'],
} as const;

const PASSED = { status: 'passed' } as const;
const FAILED = { status: 'failed' } as const;

const ZEBRA_LISTINGS: ListingInput[] = [
  {
    slug: 'zebra-transcoder-alpha',
    name: 'Zebra transcoder alpha',
    pricingTier: 'Paid',
    ...ZEBRA,
    capabilities: [...ZEBRA.capabilities],
    // 9 of 11 points → 8/10; env-var authentication failed.
    cliCriteria: {
      officialSdk: PASSED,
      envVarAuth: FAILED,
      headless: PASSED,
      cliTool: PASSED,
      jsonResponse: PASSED,
      curlExamples: PASSED,
      rateLimits: PASSED,
      machineReadablePricing: PASSED,
    },
    // Every input known and poor: a known quality of 0, which is not the same as unknown.
    qualityInputs: {
      weeklyDownloads: { value: 0 },
      stars: { value: 0 },
      daysSinceLastRelease: { value: 400 },
      issueCloseRatio: { value: 0.1 },
      typeDefinitions: { value: false },
      docsQuality: { value: 'none' },
      breakingChanges: { value: 'frequent' },
    },
  },
  { slug: 'zebra-transcoder-beta', name: 'Zebra transcoder beta', pricingTier: 'Freemium', ...ZEBRA, capabilities: [...ZEBRA.capabilities] },
  {
    slug: 'zebra-transcoder-gamma',
    name: 'Zebra transcoder gamma',
    pricingTier: 'Free',
    ...ZEBRA,
    capabilities: [...ZEBRA.capabilities],
    // 4 of 11 points → 4/10; headless and env-var authentication failed.
    cliCriteria: {
      officialSdk: FAILED,
      envVarAuth: FAILED,
      headless: FAILED,
      cliTool: FAILED,
      jsonResponse: PASSED,
      curlExamples: PASSED,
      rateLimits: PASSED,
      machineReadablePricing: PASSED,
    },
  },
];

const CHANNELS = ['real-time-channels-api', 'hosted-channels-service'];

describe.each(STORE_KINDS)('recommend, compare and alternatives on $kind', ({ databaseUrl }) => {
  let server: TestServer;
  const json = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any };
  };

  beforeAll(async () => {
    server = await startTestServer(await databaseUrl());
    const results = await server.ctx.store.saveListings(ZEBRA_LISTINGS.map((listing) => listingSchema.parse(listing)));
    expect(results.map((r) => r.outcome)).toEqual(['created', 'created', 'created']);
    await server.ctx.catalogue.refresh();
  });
  afterAll(async () => server?.close());

  const expectProblem = (response: { status: number; type: string | null; body: any }, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(response.type).toContain('application/problem+json');
    expect(response.body).toMatchObject({ status, code, type: `/problems/${code.replaceAll('_', '-')}` });
  };

  describe('GET /api/recommend', () => {
    it('recommends one of the two channel services for real-time notifications, with reasons from its data', async () => {
      const { status, body } = await json('/api/recommend?task=real-time+notifications');
      expect(status).toBe(200);
      expect(CHANNELS).toContain(body.recommendation.slug);
      const pick = body.recommendation;
      expect(pick).toMatchObject({ slug: pick.listing.slug, name: pick.listing.name, reviews: null });
      expect(pick.relevance).toBeGreaterThan(0);
      expect(pick.relevance).toBeLessThanOrEqual(1);
      expect(pick.reasoning).toBe(pick.reasons.join(' '));
      expect(pick.reasoning).toContain('"real-time notifications"');
      expect(pick.reasoning).toContain('Pricing: Freemium');
      if (pick.slug === 'real-time-channels-api') {
        expect(pick.reasoning).toContain('CLI relevance 8/10 (9 of 11 points');
        expect(pick.reasoning).toContain('Quality 7/10');
      } else {
        expect(pick.reasoning).toContain('CLI relevance not scored');
        expect(pick.reasoning).not.toMatch(/CLI relevance 0/);
      }
      if (body.runnerUp) expect(body.runnerUp.slug).not.toBe(pick.slug);
    });

    it('takes q as an alias of task', async () => {
      const byTask = await json('/api/recommend?task=real-time+notifications');
      const byQ = await json('/api/recommend?q=real-time+notifications');
      expect(byQ.body).toEqual(byTask.body);
    });

    it('breaks a relevance tie on known scores only: an unscored listing is not beaten by a low score', async () => {
      const { body } = await json('/api/recommend?task=transcode+zebra+videos');
      // alpha (CLI 8) is surely above gamma (CLI 4) but not above beta (unknown: 0 to 10).
      expect(body.recommendation.slug).toBe('zebra-transcoder-alpha');
      expect(body.runnerUp.slug).toBe('zebra-transcoder-beta');
      expect(body.runnerUp.reasoning).toContain('CLI relevance not scored (none of the 8 criteria assessed; unknown, not 0)');
      expect(body.runnerUp.reasoning).toContain('Quality not scored');
      expect(body.recommendation.reasoning).toContain('Pricing: Paid (no free tier)');
      expect(body.recommendation.reasoning).toContain('Quality 0/10 (from 7 of 7 inputs)');
      expect(body.message).toBeUndefined();
    });

    it('lets the ranking order, not the name, settle a tie no score breaks: the listing the data supports better first, as in discover', async () => {
      const yak = { description: 'Shave yak wool into yarn', category: 'Media Processing', capabilities: ['shave yak wool'] };
      await server.ctx.store.saveListings(
        [
          { slug: 'yak-shaver-aardvark', name: 'Aardvark yak shaver', ...yak },
          // Curated head and an official SDK: evidence the near-tie rule reads; one passed criterion leaves its CLI relevance unsettled.
          { slug: 'yak-shaver-zulu', name: 'Zulu yak shaver', ...yak, head: { provider: 'zulu' }, cliCriteria: { officialSdk: { status: 'passed', evidence: 'npm:zulu-yak' } } },
        ].map((listing) => listingSchema.parse(listing)),
      );
      await server.ctx.catalogue.refresh();
      const { body } = await json('/api/recommend?task=shave+yak+wool');
      expect(body.recommendation).toMatchObject({ slug: 'yak-shaver-zulu', decidedBy: 'ranking-order' });
      expect(body.recommendation.reasoning).toContain("by the ranking's order: it ties with Aardvark yak shaver on relevance");
      expect(body.runnerUp.slug).toBe('yak-shaver-aardvark');
      const discovered = await json('/api/discover?q=shave+yak+wool&group=none');
      expect(discovered.body.items.map((item: { slug: string }) => item.slug)).toEqual(['yak-shaver-zulu', 'yak-shaver-aardvark']);
    });

    it.each([
      ['headless=true', 'zebra-transcoder-alpha', null],
      ['minCliScore=5', 'zebra-transcoder-alpha', null],
      ['free=true', 'zebra-transcoder-beta', 'zebra-transcoder-gamma'],
      ['pricing=free', 'zebra-transcoder-gamma', null],
    ])('applies the constraint %s', async (constraint, pick, runnerUp) => {
      const { status, body } = await json(`/api/recommend?task=transcode+zebra+videos&${constraint}`);
      expect(status).toBe(200);
      expect(body.recommendation.slug).toBe(pick);
      expect(body.recommendation.reasoning).toContain('Meets every constraint');
      expect(body.runnerUp?.slug ?? null).toBe(runnerUp);
      if (runnerUp === null) expect(body.message).toBe(`No runner-up: ${body.recommendation.name} is the only listing that serves this task under the given constraints.`);
    });

    it('says why nothing fits one constraint, telling "not assessed" from "failed"', async () => {
      const { status, body } = await json('/api/recommend?task=transcode+zebra+videos&envVarAuth=true');
      expect(status).toBe(200);
      expect(body).toEqual({
        recommendation: null,
        runnerUp: null,
        message:
          '3 listings serve this task but none passes env-var authentication (1 of them is not assessed for env-var authentication, which is not a fail); drop envVarAuth=true to see them.',
      });
    });

    it('says which constraints shut out the listings when several are given', async () => {
      const { body } = await json('/api/recommend?task=transcode+zebra+videos&free=true&headless=true');
      expect(body.recommendation).toBeNull();
      expect(body.runnerUp).toBeNull();
      expect(body.message).toBe(
        '3 listings serve this task but none passes every constraint: 1 fails free=true, 2 fail headless=true (1 of them is not assessed for headless/CI use, which is not a fail). ' +
          'Dropping free=true would let 1 through; dropping headless=true would let 2 through.',
      );
    });

    it('counts an unscored listing as failing minCliScore because it is unknown, not because it is 0', async () => {
      const { body } = await json('/api/recommend?task=transcode+zebra+videos&minCliScore=9');
      expect(body.recommendation).toBeNull();
      expect(body.message).toBe(
        '3 listings serve this task but none has a CLI relevance of at least 9 (1 of them is not fully scored for CLI relevance, which is unknown, not 0); drop minCliScore=9 to see them.',
      );
    });

    it('says so when no listing serves the task at all', async () => {
      const { body } = await json('/api/recommend?task=xylophone+quantum+teleportation');
      expect(body).toEqual({
        recommendation: null,
        runnerUp: null,
        message: 'No listing serves "xylophone quantum teleportation". Try other words for the task, or browse the categories at /api/categories.',
      });
    });

    it.each([
      ['', 'task', 'task is required'],
      ['task=%20', 'task', 'task is required'],
      ['task=a&q=b', 'q', 'alias of task'],
      ['task=x&headless=maybe', 'headless', 'true or false'],
      ['task=x&pricing=gratis', 'pricing', 'free, freemium, paid, usage-based, open-source'],
      ['task=x&minCliScore=11', 'minCliScore', 'from 0 to 10'],
      ['task=x&limit=3', 'limit', 'accepted: task, q, category, pricing, minCliScore, envVarAuth, headless, free'],
    ])('answers %s with a 400 problem naming %s', async (query, field, fix) => {
      const response = await json(`/api/recommend?${query}`);
      expectProblem(response, 400, 'invalid_input');
      const problem = response.body.errors.find((e: any) => e.field === field);
      expect(problem).toMatchObject({ in: 'query' });
      expect(problem.message).toContain(fix);
    });
  });

  describe('GET /api/compare', () => {
    it('shows each listing in the listing-detail shape, with its comparison', async () => {
      const { status, body } = await json('/api/compare?slugs=real-time-channels-api,hosted-channels-service');
      expect(status).toBe(200);
      expect(body.items.map((item: any) => item.slug)).toEqual(CHANNELS);
      for (const item of body.items) {
        // The FAQ may carry catalogue-wide answers on the detail page (alternatives), so it is checked by its shape only.
        const { comparison, faq, ...detail } = item;
        const { faq: _pageFaq, ...page } = (await json(`/api/apis/${item.slug}`)).body;
        expect(detail).toEqual(page);
        expect(faq.length).toBeGreaterThan(0);
        expect(Object.keys(comparison).sort()).toEqual(['capabilities', 'versus']);
      }
    });

    it('shows every criterion of the hosted channels service as not assessed, never failed, and both its scores as null', async () => {
      const { body } = await json('/api/compare?slugs=real-time-channels-api,hosted-channels-service');
      const hosted = body.items[1];
      expect(hosted.cliRelevance.criteria).toHaveLength(8);
      expect(hosted.cliRelevance.criteria.map((c: any) => c.status)).toEqual(Array(8).fill('not_assessed'));
      expect(hosted.cliRelevance).toMatchObject({ score: null, raw: null, status: 'unscored', range: null });
      expect(hosted.quality.score).toBeNull();
      expect(JSON.stringify(hosted.comparison)).not.toContain('failed');
      const realTime = body.items[0];
      expect(realTime.cliRelevance.criteria.map((c: any) => c.status)).toEqual(['passed', 'passed', 'passed', 'failed', 'passed', 'passed', 'passed', 'failed']);
    });

    it('gives a verdict that names the missing scores and does not crown the only scored listing', async () => {
      const { body } = await json('/api/compare?slugs=real-time-channels-api,hosted-channels-service');
      expect(body.verdict).toEqual({
        status: 'open',
        leader: null,
        summary:
          'The scores cannot decide: Hosted channels service has no CLI relevance score and no quality score (unknown, not 0). ' +
          'Known: Real-time channels API CLI relevance 8, quality 7. Compare on capabilities and pricing, or wait until Hosted channels service is assessed.',
        restsOn: ['CLI relevance: Real-time channels API 8/10; Hosted channels service not scored', 'Quality: Real-time channels API 7/10; Hosted channels service not scored'],
        notWeighed: ["Pricing tiers and capabilities: shown in each item's comparison, for you to weigh for your task", 'Reviews: none published yet for these listings, so there is no review evidence'],
        missingScores: [
          {
            slug: 'hosted-channels-service',
            scores: ['cliRelevance', 'quality'],
            detail: 'Hosted channels service: CLI relevance not scored (none of the 8 criteria assessed; unknown, not 0) and quality not scored (0 of 7 inputs known; unknown, not 0)',
          },
        ],
      });
    });

    it('shows capability overlap and differences, a missing score as "cannot compare", never as worse', async () => {
      const { body } = await json('/api/compare?slugs=real-time-channels-api,hosted-channels-service');
      const [realTime, hosted] = body.items;
      expect(realTime.comparison.capabilities.shared).toContainEqual({
        capability: 'detect presence',
        alsoIn: [{ slug: 'hosted-channels-service', capabilities: ['presence tracking'] }],
      });
      expect(realTime.comparison.capabilities.only).toEqual(['broadcast events']);
      expect(hosted.comparison.capabilities.only).toEqual(['webhooks']);
      expect(realTime.comparison.versus).toEqual([
        {
          slug: 'hosted-channels-service',
          better: ['also lists broadcast events'],
          worse: ['does not list webhooks'],
          unknown: ['CLI relevance of Hosted channels service not scored, so 8 cannot be compared', 'quality of Hosted channels service not scored, so 7 cannot be compared'],
        },
      ]);
      expect(hosted.comparison.versus[0]).toEqual({
        slug: 'real-time-channels-api',
        better: ['also lists webhooks'],
        worse: ['does not list broadcast events'],
        unknown: ['CLI relevance not scored', 'quality not scored'],
      });
    });

    it('settles on a leader when every score is known and one listing is ahead on all', async () => {
      const { body } = await json('/api/compare?slugs=social-sign-in-service,authentication-component-service');
      expect(body.verdict).toMatchObject({ status: 'settled', leader: 'authentication-component-service', missingScores: [] });
      expect(body.verdict.summary).toBe(
        'Authentication component service is ahead on the scores: CLI relevance 9 vs 2; quality 4 vs 3. Every compared listing has both scores.',
      );
    });

    it('calls a lead provisional when it rests on the scores that are known', async () => {
      const { body } = await json('/api/compare?slugs=zebra-transcoder-alpha,zebra-transcoder-gamma');
      expect(body.verdict).toMatchObject({ status: 'provisional', leader: 'zebra-transcoder-alpha' });
      expect(body.verdict.summary).toBe(
        'Zebra transcoder alpha is ahead where scores are known (CLI relevance 8 vs 4), but Zebra transcoder gamma has no quality score (unknown, not 0), so the verdict is provisional.',
      );
      expect(body.verdict.missingScores).toEqual([{ slug: 'zebra-transcoder-gamma', scores: ['quality'], detail: expect.stringContaining('quality not scored') }]);
    });

    it('calls it split when the known scores disagree, a known 0 being a real score', async () => {
      const { body } = await json('/api/compare?slugs=zebra-transcoder-alpha,country-reference-data-service');
      expect(body.verdict).toMatchObject({ status: 'split', leader: null });
      expect(body.verdict.summary).toBe(
        'No overall leader: Zebra transcoder alpha leads on CLI relevance (8 vs 4), Country reference data service on quality (3 vs 0). Choose by which score matters more for your task.',
      );
    });

    it('compares up to five, and names a split and the missing scores together', async () => {
      const { status, body } = await json(
        '/api/compare?slugs=authentication-component-service,social-sign-in-service,hosted-channels-service,country-reference-data-service,real-time-channels-api',
      );
      expect(status).toBe(200);
      expect(body.items).toHaveLength(5);
      for (const item of body.items) expect(item.comparison.versus).toHaveLength(4);
      expect(body.verdict).toMatchObject({ status: 'split', leader: null });
      expect(body.verdict.summary).toContain('Authentication component service leads on CLI relevance (9 vs 8), Real-time channels API on quality (7 vs 4)');
      expect(body.verdict.summary).toContain('Also, Hosted channels service has no CLI relevance score and no quality score (unknown, not 0).');
    });

    it('says what the known scores show when one listing has none', async () => {
      const { body } = await json('/api/compare?slugs=authentication-component-service,social-sign-in-service,hosted-channels-service');
      expect(body.verdict).toMatchObject({ status: 'open', leader: null });
      expect(body.verdict.summary).toContain('Hosted channels service has no CLI relevance score and no quality score (unknown, not 0)');
      expect(body.verdict.summary).toContain('Where scores are known, Authentication component service is ahead of Social sign-in service (CLI relevance 9 vs 2; quality 4 vs 3).');
    });

    it('accepts the slugs as a repeated parameter too', async () => {
      const { status, body } = await json('/api/compare?slugs=real-time-channels-api&slugs=hosted-channels-service');
      expect(status).toBe(200);
      expect(body.items.map((item: any) => item.slug)).toEqual(CHANNELS);
    });

    it('answers an unknown slug with a 404 naming it and suggesting near slugs', async () => {
      const response = await json('/api/compare?slugs=real-time-channels-ap,hosted-channels-service');
      expectProblem(response, 404, 'not_found');
      expect(response.body.detail).toContain('"real-time-channels-ap"');
      expect(response.body.suggestions[0]).toBe('real-time-channels-api');
      expect(response.body.suggestions).not.toContain('hosted-channels-service');
      expect(response.body.errors).toEqual([{ field: 'slugs', in: 'query', message: expect.stringContaining('no listing has the slug "real-time-channels-ap"') }]);
      expect(response.body.unknownSlugs).toEqual(['real-time-channels-ap']);
    });

    it.each([
      ['slugs=real-time-channels-api', 'got 1: add another slug'],
      ['slugs=real-time-channels-api,real-time-channels-api', 'names "real-time-channels-api" more than once; name each listing once'],
      ['slugs=a,b,c,d,e,f', 'at most 5 listings; got 6'],
      ['slugs=a,,b', 'has an empty entry'],
      ['', 'slugs is required'],
    ])('answers %s with a 400 problem naming slugs and the fix', async (query, fix) => {
      const response = await json(`/api/compare?${query}`);
      expectProblem(response, 400, 'invalid_input');
      expect(response.body.errors).toEqual([{ field: 'slugs', in: 'query', message: expect.stringContaining(fix) }]);
    });
  });

  describe('GET /api/apis/{slug}/alternatives', () => {
    it('puts the hosted channels service first among the alternatives to the real-time channels API', async () => {
      const { status, body } = await json('/api/apis/real-time-channels-api/alternatives');
      expect(status).toBe(200);
      const [first] = body.items;
      expect(first.slug).toBe('hosted-channels-service');
      expect(body.items.map((item: any) => item.slug)).not.toContain('real-time-channels-api');
      expect(first.sharedCapabilities).toContainEqual({ capability: 'detect presence', counterparts: ['presence tracking'] });
      // The alternative has no scores: that is "not scored", never "worse".
      expect(first.unknown).toEqual(['CLI relevance not scored', 'quality not scored']);
      expect(first.worse).toEqual(['does not list broadcast events']);
      expect(first.better).toEqual(['also lists webhooks']);
      expect(first.summary).toContain('not comparable: CLI relevance not scored; quality not scored');
      expect(first.cliRelevance.score).toBeNull();
    });

    it('says what each alternative does better or worse, with both values', async () => {
      const { body } = await json('/api/apis/authentication-component-service/alternatives');
      const social = body.items.find((item: any) => item.slug === 'social-sign-in-service');
      expect(social.worse).toContain('lower CLI relevance (2 vs 9)');
      expect(social.worse).toContain('lower quality (3 vs 4)');
      expect(social.better).toContain('completely free vs free tier');
      const back = await json('/api/apis/social-sign-in-service/alternatives');
      const auth = back.body.items.find((item: any) => item.slug === 'authentication-component-service');
      expect(auth.better).toContain('higher CLI relevance (9 vs 2)');
      expect(auth.worse).toContain('free tier vs completely free');
    });

    it('ranks the listings that serve the same capabilities and keeps to limit', async () => {
      const { body } = await json('/api/apis/zebra-transcoder-alpha/alternatives');
      expect(body.items.map((item: any) => item.slug).sort()).toEqual(['zebra-transcoder-beta', 'zebra-transcoder-gamma']);
      const beta = body.items.find((item: any) => item.slug === 'zebra-transcoder-beta');
      expect(beta.better).toContain('free tier vs paid');
      expect(beta.unknown).toEqual(['CLI relevance not scored', 'quality not scored']);
      const limited = await json('/api/apis/zebra-transcoder-alpha/alternatives?limit=1');
      expect(limited.body.items).toHaveLength(1);
    });

    it('says so when nothing serves the same capabilities', async () => {
      const { status, body } = await json('/api/apis/country-reference-data-service/alternatives');
      expect(status).toBe(200);
      expect(body.items).toEqual([]);
      expect(body.message).toContain('No other listing serves what Country reference data service does');
    });

    it('answers an unknown slug with a 404 and close matches', async () => {
      const response = await json('/api/apis/real-time-channel-api/alternatives');
      expectProblem(response, 404, 'not_found');
      expect(response.body.suggestions).toContain('real-time-channels-api');
      expect(response.body.detail).toContain('"real-time-channel-api"');
    });

    it.each(['limit=0', 'limit=21', 'limit=abc', 'sort=name'])('answers %s with a 400 problem', async (query) => {
      const response = await json(`/api/apis/real-time-channels-api/alternatives?${query}`);
      expectProblem(response, 400, 'invalid_input');
      expect(response.body.errors[0].in).toBe('query');
    });
  });
});
