import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_POLICY } from '../../src/core/reviews/review-policy.ts';
import { EVIDENCE_LEVELS } from '../../src/core/reviews/review-schema.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Generated bodies against the real server: valid reviews, valid reviews with one field
 * broken, unknown and server-owned fields, random JSON, huge strings, deep nesting, duplicate
 * keys, malformed text and other content types. Whatever comes in: never a 5xx, every 4xx is
 * problem+json, and a rejected request leaves the number of stored reviews unchanged.
 */

const RUNS = Number(process.env.APIDEX_PROPERTY_RUNS ?? 10_000);
const SLUGS = ['authentication-component-service', 'social-sign-in-service', 'country-reference-data-service', 'real-time-channels-api', 'hosted-channels-service'];

const text = (max: number) => fc.string({ minLength: 1, maxLength: max, unit: fc.constantFrom('a', 'b', ' ', 'é', '\u202e', '\u0000', '\n', 'x', '7', '😀', 'http://', '\ud800') });

const validReview = fc.record(
  {
    targetType: fc.constant('api'),
    targetSlug: fc.constantFrom(...SLUGS),
    reviewerType: fc.constantFrom('agent', 'human'),
    reviewerName: fc.oneof(text(80), fc.uuid()),
    rating: fc.integer({ min: 1, max: 5 }),
    title: text(120),
    body: text(400),
    cliExperience: fc.integer({ min: 1, max: 5 }),
    setupDifficulty: fc.integer({ min: 1, max: 5 }),
    docsQuality: fc.integer({ min: 1, max: 5 }),
    wouldRecommend: fc.boolean(),
    integrationReport: fc.record(
      {
        authWorked: fc.boolean(),
        timeToFirstRequest: fc.double({ min: 0, max: 10_080, noNaN: true }),
        workedHeadless: fc.boolean(),
        sdkUsed: text(100),
        strengths: fc.array(text(200), { maxLength: 10 }),
        challenges: fc.array(text(200), { maxLength: 10 }),
        evidenceLevel: fc.constantFrom(...EVIDENCE_LEVELS),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['targetType', 'targetSlug', 'reviewerType', 'reviewerName', 'rating', 'title', 'body'] },
);

const FIELDS = ['targetType', 'targetSlug', 'reviewerType', 'reviewerName', 'rating', 'title', 'body', 'cliExperience', 'setupDifficulty', 'docsQuality', 'wouldRecommend', 'integrationReport'];
const REPORT_FIELDS = ['authWorked', 'timeToFirstRequest', 'workedHeadless', 'sdkUsed', 'strengths', 'challenges', 'evidenceLevel'];

interface Request {
  body: string;
  contentType: string;
}
const asJson = (value: unknown): Request => ({ body: JSON.stringify(value) ?? 'null', contentType: 'application/json' });

const oneFieldBroken = fc
  .tuple(validReview, fc.constantFrom(...FIELDS), fc.oneof(fc.anything(), fc.constant(undefined), fc.string({ maxLength: 300 }), fc.double(), fc.integer()))
  .map(([review, field, value]) => asJson({ ...review, [field]: value }));

const reportFieldBroken = fc
  .tuple(validReview, fc.constantFrom(...REPORT_FIELDS), fc.anything())
  .map(([review, field, value]) => asJson({ ...review, integrationReport: { ...(review.integrationReport ?? {}), [field]: value } }));

const extraField = fc
  .tuple(validReview, fc.oneof(fc.constantFrom('id', 'status', 'createdAt', 'updatedAt', 'isAdmin', '__proto__', 'constructor'), fc.string({ maxLength: 20 })), fc.jsonValue())
  .map(([review, key, value]) => ({ body: `${JSON.stringify(review).slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`, contentType: 'application/json' }));

const duplicateKeys = fc
  .tuple(validReview, fc.constantFrom(...FIELDS), fc.jsonValue())
  .map(([review, key, value]) => ({ body: `${JSON.stringify(review).slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`, contentType: 'application/json' }));

const hugeString = fc
  .tuple(validReview, fc.constantFrom('title', 'body', 'reviewerName', 'targetSlug'), fc.integer({ min: 100, max: 120_000 }))
  .map(([review, field, length]) => asJson({ ...review, [field]: 'x'.repeat(length) }));

const deepNesting = fc
  .tuple(fc.integer({ min: 1, max: 40_000 }), fc.constantFrom('[', '{"a":'), fc.constantFrom('', '{"title":'))
  .map(([depth, open, prefix]) => {
    const close = open === '[' ? ']' : '}';
    return { body: `${prefix}${open.repeat(depth)}1${close.repeat(depth)}${prefix ? '}' : ''}`, contentType: 'application/json' };
  });

const randomJson = fc.jsonValue({ maxDepth: 6 }).map(asJson);
const malformed = fc.string({ maxLength: 200 }).map((body) => ({ body, contentType: 'application/json' }));
const otherType = fc
  .tuple(validReview, fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', ''))
  .map(([review, contentType]) => ({ body: JSON.stringify(review), contentType }));

const anyRequest = fc.oneof(
  { arbitrary: validReview.map(asJson), weight: 3 },
  { arbitrary: oneFieldBroken, weight: 3 },
  { arbitrary: reportFieldBroken, weight: 2 },
  { arbitrary: extraField, weight: 1 },
  { arbitrary: duplicateKeys, weight: 1 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
  { arbitrary: randomJson, weight: 1 },
  { arbitrary: malformed, weight: 1 },
  { arbitrary: otherType, weight: 1 },
);

describe.each(STORE_KINDS)('review intake under generated bodies on $kind', ({ databaseUrl }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(await databaseUrl(), { reviewPolicy: { ...DEFAULT_REVIEW_POLICY, burst: { max: 1_000_000, windowMs: 1000 } } });
  });
  afterAll(async () => server?.close());

  it(`answers ${RUNS} generated bodies without a 5xx; every 4xx is problem+json and stores nothing`, { timeout: 900_000 }, async () => {
    let stored = await server.ctx.store.countReviews();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(anyRequest, async ({ body, contentType }) => {
        const response = await fetch(`${server.baseUrl}/api/reviews`, { method: 'POST', body, headers: contentType ? { 'content-type': contentType } : {} });
        const answer = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, answer).toBeLessThan(500);
        if (response.status >= 400) {
          expect(response.headers.get('content-type')).toContain('application/problem+json');
          const problem = JSON.parse(answer);
          expect(problem).toMatchObject({ status: response.status, type: expect.stringMatching(/^\/problems\//), code: expect.any(String), detail: expect.any(String) });
        } else {
          expect([200, 201]).toContain(response.status);
          expect(JSON.parse(answer).review.id).toEqual(expect.any(String));
          expect(answer).not.toMatch(/[\u0000-\u0008\u202a-\u202e\u2066-\u2069]/);
        }
        if (response.status === 201) stored += 1;
        expect(await server.ctx.store.countReviews()).toBe(stored);
      }),
      { numRuns: RUNS },
    );
    console.log(`statuses over ${RUNS} generated bodies:`, Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
  });
});
