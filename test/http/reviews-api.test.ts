import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_POLICY } from '../../src/core/reviews/review-policy.ts';
import { REPLAY_NOTE } from '../../src/core/reviews/submit-review.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

const ADMIN_TOKEN = 'test-admin-token-0123456789';
const SLUG = 'real-time-channels-api';

let counter = 0;
/** A valid review by a new reviewer, with text unlike any other so no heuristic holds it. */
export function aReview(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const words = ['quick', 'steady', 'careful', 'plain', 'clear', 'brisk', 'solid', 'neat', 'fair', 'sound', 'firm', 'calm', 'bold', 'keen'];
  const phrase = Array.from({ length: 12 }, (_, i) => words[(counter * 7 + i * (counter % 5 + 1)) % words.length]).join(' ');
  return {
    targetType: 'api',
    targetSlug: SLUG,
    reviewerType: 'agent',
    reviewerName: `agent-${process.pid}-${counter}`,
    rating: 4,
    title: `Review number ${counter}`,
    body: `Run ${counter}: ${phrase} ${counter * 31}.`,
    cliExperience: 5,
    setupDifficulty: 2,
    docsQuality: 4,
    wouldRecommend: true,
    integrationReport: { authWorked: true, timeToFirstRequest: 5, workedHeadless: true, sdkUsed: 'node sdk', strengths: ['env auth'], challenges: [], evidenceLevel: 'production-live' },
    ...overrides,
  };
}

describe.each(STORE_KINDS)('reviews API on $kind', ({ kind, databaseUrl }) => {
  let server: TestServer;
  let url: string;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/reviews`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  const getJson = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers });
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any };
  };
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

  beforeAll(async () => {
    url = await databaseUrl();
    // Bursts are tested on their own below; here one address posts many reviews.
    server = await startTestServer(url, { adminToken: ADMIN_TOKEN, reviewPolicy: { ...DEFAULT_REVIEW_POLICY, burst: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(async () => server?.close());

  it('creates a review: 201, Location, the stored review; it shows in the list with statistics', async () => {
    const review = aReview({ rating: 5 });
    const response = await post(review);
    expect(response.status).toBe(201);
    const body = (await response.json()) as any;
    expect(response.headers.get('location')).toBe(`/api/reviews/${body.review.id}`);
    expect(body.outcome).toBe('created');
    expect(body.review).toMatchObject({ targetSlug: SLUG, reviewerName: review.reviewerName, rating: 5, status: 'published', integrationReport: { evidenceLevel: 'production-live', countsInStatistics: true } });
    expect(body.review.userContent).toMatchObject({ trusted: false });
    expect(body.review.userContent.fields).toContain('body');

    const one = await getJson(`/api/reviews/${body.review.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(body.review);

    const list = await getJson(`/api/reviews?slug=${SLUG}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: any) => item.id)).toContain(body.review.id);
    expect(list.body.stats.count).toBeGreaterThanOrEqual(1);
    expect(list.body.stats.averageRating.sampleSize).toBe(list.body.stats.count);
    expect(list.body.integrationStats.authSuccessRate.value).toBe(1);
    expect(JSON.stringify(list.body)).not.toContain('undefined');
  });

  it('updates the same reviewer\'s review of the listing (type + name, case ignored) and says so', async () => {
    const first = aReview({ rating: 2 });
    const created = (await (await post(first)).json()) as any;
    const before = await server.ctx.store.countReviews();
    expect(created.reviewerToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = await post({ ...first, reviewerName: first.reviewerName.toUpperCase(), rating: 3, title: 'Changed my mind', reviewerToken: created.reviewerToken });
    expect(again.status).toBe(200);
    const body = (await again.json()) as any;
    expect(body.outcome).toBe('updated');
    // The token is handed out once, at creation.
    expect(body.reviewerToken).toBeUndefined();
    expect(body.review.id).toBe(created.review.id);
    expect(body.review).toMatchObject({ rating: 3, title: 'Changed my mind', createdAt: created.review.createdAt });
    expect(again.headers.get('location')).toBe(`/api/reviews/${created.review.id}`);
    expect(await server.ctx.store.countReviews()).toBe(before);
    // A human of the same name is another reviewer.
    expect((await post({ ...first, reviewerType: 'human' })).status).toBe(201);
  });

  it('lets nobody but the holder of its token replace a published review, and says how (issue 15)', async () => {
    const first = aReview({ rating: 5, title: 'The original' });
    const created = (await (await post(first)).json()) as any;
    for (const attempt of [{}, { reviewerToken: 'x'.repeat(32) }, { reviewerName: ` ${first.reviewerName.toUpperCase()}\u200b ` }]) {
      const hijack = await post({ ...first, rating: 1, title: 'Replaced by someone else', ...attempt });
      expect(hijack.status).toBe(409);
      expect(hijack.headers.get('content-type')).toContain('application/problem+json');
      expect(await hijack.json()).toMatchObject({ code: 'conflict', detail: expect.stringContaining('only its writer may replace that review: send the reviewerToken'), existingReview: `/api/reviews/${created.review.id}` });
    }
    const { body } = await getJson(`/api/reviews/${created.review.id}`);
    expect(body).toMatchObject({ rating: 5, title: 'The original' });
  });

  it('makes concurrent first reviews by one reviewer one review: one 201, the others refused as not its owner', async () => {
    const review = aReview();
    const before = await server.ctx.store.countReviews();
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => post({ ...review, rating: 1 + (i % 5) })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await server.ctx.store.countReviews()).toBe(before + 1);
  });

  it('computes statistics from published reviews, integration statistics from live evidence only', async () => {
    const slug = 'country-reference-data-service';
    const base = { targetSlug: slug };
    await post(aReview({ ...base, rating: 5, cliExperience: 4, wouldRecommend: true, integrationReport: { authWorked: true, timeToFirstRequest: 2, workedHeadless: true, evidenceLevel: 'sandbox-live' } }));
    await post(aReview({ ...base, rating: 2, cliExperience: undefined, wouldRecommend: false, integrationReport: { authWorked: false, timeToFirstRequest: 10, workedHeadless: false, evidenceLevel: 'production-live' } }));
    // Claims without live evidence do not count, whatever they say.
    await post(aReview({ ...base, rating: 3, cliExperience: 2, wouldRecommend: undefined, integrationReport: { authWorked: true, timeToFirstRequest: 1000, workedHeadless: true, evidenceLevel: 'docs-only' } }));
    await post(aReview({ ...base, rating: 4, cliExperience: 3, integrationReport: { authWorked: true, workedHeadless: true } }));
    const { body } = await getJson(`/api/reviews?slug=${slug}`);
    expect(body.stats.count).toBe(4);
    expect(body.stats.averageRating).toEqual({ value: 3.5, sampleSize: 4 });
    expect(body.stats.averageCliExperience).toEqual({ value: 3, sampleSize: 3 });
    expect(body.stats.recommendRate).toEqual({ value: 0.67, sampleSize: 3 });
    expect(body.integrationStats.liveReports).toBe(2);
    expect(body.integrationStats.authSuccessRate).toEqual({ value: 0.5, sampleSize: 2 });
    expect(body.integrationStats.meanTimeToFirstRequest).toEqual({ value: 6, sampleSize: 2 });
    expect(body.integrationStats.headlessRate).toEqual({ value: 0.5, sampleSize: 2 });

    const detail = await getJson(`/api/apis/${slug}`);
    expect(detail.body.reviews.stats).toEqual(body.stats);
    expect(detail.body.reviews.integrationStats).toEqual(body.integrationStats);
    const compare = await getJson(`/api/compare?slugs=${slug},${SLUG}`);
    expect(compare.body.items[0].reviews.stats.count).toBe(4);
    // Lists carry the main figures only; the link leads to the rest.
    const summary = { count: 4, averageRating: 3.5, recommendRate: 0.67, liveReports: 2, authSuccessRate: 0.5, link: `/api/reviews?slug=${slug}` };
    const lookup = await getJson('/api/apis?q=country');
    expect(lookup.body.items[0].reviews).toEqual(summary);
    const discover = await getJson('/api/discover?q=population+languages+and+currencies+of+a+country');
    expect(discover.body.items.find((item: any) => item.slug === slug).reviews).toEqual(summary);

    // Recommend and compare put the evidence into their reasoning.
    const evidence = '4 published reviews; average rating 3.5/5; 2 of 3 would recommend it; 2 live integration reports (authentication worked in 1 of 2, it worked headless in 1 of 2, first request after 6 minutes on average)';
    const recommend = await getJson('/api/recommend?task=population+languages+and+currencies+of+a+country');
    expect(recommend.body.recommendation.slug).toBe(slug);
    expect(recommend.body.recommendation.reasons).toContain(`Reviews: ${evidence}.`);
    expect(recommend.body.recommendation.reviews).toMatchObject({ count: 4, averageRating: 3.5 });
    expect(compare.body.verdict.notWeighed.find((line: string) => line.startsWith('Reviews: '))).toContain(`Country reference data service: ${evidence}`);
  });

  it('has empty statistics as nulls with sample size 0, never "undefined"', async () => {
    const { body } = await getJson('/api/reviews?slug=hosted-channels-service');
    expect(body.items).toEqual([]);
    expect(body.stats).toMatchObject({ count: 0, averageRating: { value: null, sampleSize: 0 }, recommendRate: { value: null, sampleSize: 0 } });
    expect(body.integrationStats.authSuccessRate).toEqual({ value: null, sampleSize: 0 });
    expect(body.next).toBeNull();
  });

  it('pages through reviews newest first with next links, each once', async () => {
    const slug = 'social-sign-in-service';
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(((await (await post(aReview({ targetSlug: slug }))).json()) as any).review.id);
    const seen: string[] = [];
    let path: string | null = `/api/reviews?slug=${slug}&limit=2`;
    while (path) {
      const { status, body }: { status: number; body: any } = await getJson(path);
      expect(status).toBe(200);
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((item: any) => item.id));
      path = body.next;
    }
    expect(seen).toEqual([...ids].reverse());
    const bad = await getJson(`/api/reviews?slug=${slug}&cursor=nonsense`);
    expect(bad.status).toBe(400);
  });

  it('answers an unknown slug in the list with a 404 and close matches', async () => {
    const { status, type, body } = await getJson('/api/reviews?slug=real-time-channel-api');
    expect(status).toBe(404);
    expect(type).toContain('application/problem+json');
    expect(body.suggestions).toContain(SLUG);
  });

  describe('rejects bad input with problem+json and stores nothing', () => {
    const cases: [string, () => Promise<Response>, number, RegExp | string][] = [
      ['malformed JSON', () => post('{"targetType": "api",'), 400, '(body)'],
      ['an empty body', () => post(''), 400, '(body)'],
      ['text/plain', () => fetch(`${server.baseUrl}/api/reviews`, { method: 'POST', body: JSON.stringify(aReview()), headers: { 'content-type': 'text/plain' } }), 415, ''],
      ['form data', () => fetch(`${server.baseUrl}/api/reviews`, { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, ''],
      ['an oversize body', () => post(aReview({ body: 'x'.repeat(70_000) })), 413, ''],
      ['rating 9', () => post(aReview({ rating: 9 })), 422, 'rating'],
      ['rating 4.5', () => post(aReview({ rating: 4.5 })), 422, 'rating'],
      ['rating as text', () => post(aReview({ rating: '4' })), 422, 'rating'],
      ['a missing title', () => post(aReview({ title: undefined })), 422, 'title'],
      ['a title of control characters only', () => post(aReview({ title: '\u0007\u202e\u0000' })), 422, 'title'],
      ['a long title', () => post(aReview({ title: 'x'.repeat(121) })), 422, 'title'],
      ['reviewerType robot', () => post(aReview({ reviewerType: 'robot' })), 422, 'reviewerType'],
      ['targetType sdk', () => post(aReview({ targetType: 'sdk' })), 422, 'targetType'],
      ['negative timeToFirstRequest', () => post(aReview({ integrationReport: { timeToFirstRequest: -1 } })), 422, 'integrationReport.timeToFirstRequest'],
      ['an unknown evidence level', () => post(aReview({ integrationReport: { evidenceLevel: 'trust-me' } })), 422, 'integrationReport.evidenceLevel'],
      ['too many strengths', () => post(aReview({ integrationReport: { strengths: Array.from({ length: 11 }, (_, i) => `s${i}`) } })), 422, 'integrationReport.strengths'],
      ['an unknown field', () => post(aReview({ isAdmin: true })), 422, 'isAdmin'],
      ['an unknown report field', () => post(aReview({ integrationReport: { verified: true } })), 422, 'integrationReport.verified'],
      ['a server-owned id', () => post(aReview({ id: 'mine' })), 422, 'id'],
      ['a server-owned status', () => post(aReview({ status: 'published' })), 422, 'status'],
      ['an array body', () => post('[]'), 422, '(root)'],
      ['a prototype key', () => post('{"__proto__": {"admin": true}}'), 400, ''],
      ['an unknown targetSlug', () => post(aReview({ targetSlug: 'real-time-channel-api' })), 422, 'targetSlug'],
    ];
    it.each(cases)('%s', async (_label, send, status, field) => {
      const before = await server.ctx.store.countReviews();
      const response = await send();
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = (await response.json()) as any;
      expect(problem).toMatchObject({ status, type: expect.stringMatching(/^\/problems\//), code: expect.any(String), detail: expect.any(String) });
      if (field) expect(problem.errors.map((error: any) => error.field)).toContain(field);
      if (status === 422) expect(problem.errors.every((error: any) => error.message.length > 10)).toBe(true);
      if (field === 'targetSlug') expect(problem.suggestions).toContain(SLUG);
      if (field === 'id') expect(problem.errors[0].message).toContain('set by the server');
      expect(await server.ctx.store.countReviews()).toBe(before);
    });
  });

  it('strips control and bidi-override characters from user text', async () => {
    const response = await post(aReview({ title: 'Good\u202e tool\u0007', body: 'line one\r\nline\u2066 two\u0000\ttabbed', reviewerName: `x\u200f-${counter}-bidi` }));
    const { review } = (await response.json()) as any;
    expect(review.title).toBe('Good tool');
    expect(review.body).toBe('line one\nline two\ttabbed');
    expect(review.reviewerName).not.toMatch(/[\u200f]/);
  });

  it('holds reviews with links, and near-duplicates, for moderation; the rating plays no part', async () => {
    const slug = 'authentication-component-service';
    const linked = (await (await post(aReview({ targetSlug: slug, body: 'Great, see https://spam.example for a discount', rating: 5 }))).json()) as any;
    expect(linked.review.status).toBe('pending');
    const linkedLow = (await (await post(aReview({ targetSlug: slug, body: 'Awful, see www.spam.example for a discount', rating: 1 }))).json()) as any;
    expect(linkedLow.review.status).toBe('pending');
    expect(linkedLow.message).toContain('moderation');

    const original = aReview({ targetSlug: slug, body: 'The SDK reads the key from the environment and the first call worked within minutes from a CI job.' });
    expect(((await (await post(original)).json()) as any).review.status).toBe('published');
    for (const rating of [1, 5]) {
      const copy = (await (await post(aReview({ targetSlug: slug, rating, body: `${original.body} Really.` }))).json()) as any;
      expect(copy.review.status).toBe('pending');
    }

    // Pending reviews are not shown or counted, and are a 404 by id to the public.
    const list = await getJson(`/api/reviews?slug=${slug}`);
    expect(list.body.items.map((item: any) => item.id)).not.toContain(linked.review.id);
    expect((await getJson(`/api/reviews/${linked.review.id}`)).status).toBe(404);
    expect((await getJson(`/api/reviews/${linked.review.id}`, admin)).body.status).toBe('pending');

    const log = await server.ctx.store.moderationLog(linked.review.id);
    expect(log).toEqual([expect.objectContaining({ decision: 'pending', actor: 'heuristics', reasons: ['links-in-text'] })]);
  });

  it('lets a moderator list pending reviews, approve and reject them; each decision is logged', async () => {
    const slug = 'hosted-channels-service';
    const held = (await (await post(aReview({ targetSlug: slug, body: 'Docs at https://docs.example.org were fine.' }))).json()) as any;
    const spam = (await (await post(aReview({ targetSlug: slug, body: 'Buy now at cheap.example.com' }))).json()) as any;
    const queue = await getJson('/api/admin/reviews', admin);
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((item: any) => item.id)).toEqual(expect.arrayContaining([held.review.id, spam.review.id]));
    expect(queue.body.items.every((item: any) => item.status === 'pending')).toBe(true);

    const approve = await fetch(`${server.baseUrl}/api/admin/reviews/${held.review.id}/approve`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ reason: 'documentation link is fine' }) });
    expect(approve.status).toBe(200);
    expect(((await approve.json()) as any).status).toBe('published');
    const reject = await fetch(`${server.baseUrl}/api/admin/reviews/${spam.review.id}/reject`, { method: 'POST', headers: admin });
    expect(reject.status).toBe(200);

    const list = await getJson(`/api/reviews?slug=${slug}`);
    expect(list.body.items.map((item: any) => item.id)).toEqual([held.review.id]);
    expect(list.body.stats.count).toBe(1);
    expect((await getJson(`/api/reviews/${spam.review.id}`)).status).toBe(404);
    expect((await getJson(`/api/reviews/${spam.review.id}`, admin)).body.status).toBe('rejected');
    expect((await server.ctx.store.moderationLog(held.review.id)).map((entry) => [entry.decision, entry.actor, entry.reasons])).toEqual([
      ['pending', 'heuristics', ['links-in-text']],
      ['published', 'admin', ['approve', 'documentation link is fine']],
    ]);
    expect((await server.ctx.store.moderationLog(spam.review.id)).map((entry) => entry.decision)).toEqual(['pending', 'rejected']);
    const missing = await fetch(`${server.baseUrl}/api/admin/reviews/no-such-review/approve`, { method: 'POST', headers: admin });
    expect(missing.status).toBe(404);
  });

  it('guards the admin endpoints: no token 401, a wrong one 403', async () => {
    const none = await fetch(`${server.baseUrl}/api/admin/reviews`);
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toContain('application/problem+json');
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    const wrong = await fetch(`${server.baseUrl}/api/admin/reviews`, { headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.status).toBe(403);
    const approve = await fetch(`${server.baseUrl}/api/admin/reviews/x/approve`, { method: 'POST', headers: { authorization: 'Basic abc' } });
    expect(approve.status).toBe(403);
    const byId = await fetch(`${server.baseUrl}/api/reviews/anything`, { headers: { authorization: 'Bearer wrong-token-value' } });
    expect(byId.status).toBe(403);
  });

  it('holds a burst of reviews from one address', async () => {
    const burstServer = await startTestServer(url, { reviewPolicy: { ...DEFAULT_REVIEW_POLICY, burst: { max: 3, windowMs: 60_000 } } });
    try {
      // This address already wrote many reviews in the last minute on this database.
      const response = await fetch(`${burstServer.baseUrl}/api/reviews`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(aReview()) });
      const body = (await response.json()) as any;
      expect(body.review.status).toBe('pending');
      expect((await burstServer.ctx.store.moderationLog(body.review.id))[0]!.reasons).toContain('burst-from-address');
      // Without a token the admin endpoints are disabled.
      expect((await fetch(`${burstServer.baseUrl}/api/admin/reviews`, { headers: admin })).status).toBe(404);
    } finally {
      await burstServer.close();
    }
  });

  describe('Idempotency-Key', () => {
    it('answers a retry with the first response, its reviewer token left out (issue 28), without a second write', async () => {
      const review = aReview();
      const key = `key-${kind}-${counter}`;
      const first = await post(review, { 'idempotency-key': key });
      const { reviewerToken, ...firstBody } = (await first.json()) as { reviewerToken: string; message: string };
      expect(reviewerToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const firstText = JSON.stringify({ ...firstBody, message: `${firstBody.message} ${REPLAY_NOTE}` });
      expect(first.status).toBe(201);
      const count = await server.ctx.store.countReviews();
      const retry = await post(review, { 'idempotency-key': key });
      expect(retry.status).toBe(201);
      expect(await retry.text()).toBe(firstText);
      expect(retry.headers.get('location')).toBe(first.headers.get('location'));
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await server.ctx.store.countReviews()).toBe(count);

      // Even after the review changed and the server restarted: the key lives in the database.
      await post({ ...review, rating: 1 });
      await server.close();
      server = await startTestServer(url, { adminToken: ADMIN_TOKEN, reviewPolicy: { ...DEFAULT_REVIEW_POLICY, burst: { max: 1000, windowMs: 60_000 } } });
      const afterRestart = await post(review, { 'idempotency-key': key });
      expect(afterRestart.status).toBe(201);
      expect(await afterRestart.text()).toBe(firstText);
    });

    it('refuses the same key with another body (422) and a malformed key (400)', async () => {
      const key = `key-${kind}-other-${counter}`;
      expect((await post(aReview(), { 'idempotency-key': key })).status).toBe(201);
      const before = await server.ctx.store.countReviews();
      const other = await post(aReview(), { 'idempotency-key': key });
      expect(other.status).toBe(422);
      expect(other.headers.get('content-type')).toContain('application/problem+json');
      expect(((await other.json()) as any).errors[0].field).toBe('Idempotency-Key');
      const malformed = await post(aReview(), { 'idempotency-key': 'has spaces in it' });
      expect(malformed.status).toBe(400);
      expect(await server.ctx.store.countReviews()).toBe(before);
    });

    it('answers 409 to a retry while the first request is still in flight', async (context) => {
      if (kind !== 'postgres') {
        // Holding the first request mid-transaction needs a lock another connection can take
        // without blocking this process; SQLite's locks would block the in-process server itself.
        context.skip();
      }
      const locker = new pg.Client({ connectionString: url });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table idempotency_keys in exclusive mode');
        const key = `key-in-flight-${counter}`;
        const review = aReview();
        const first = post(review, { 'idempotency-key': key });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const second = await post(review, { 'idempotency-key': key });
        expect(second.status).toBe(409);
        expect(second.headers.get('retry-after')).toBe('1');
        expect(second.headers.get('content-type')).toContain('application/problem+json');
        await locker.query('commit');
        const firstResponse = await first;
        expect(firstResponse.status).toBe(201);
        const third = await post(review, { 'idempotency-key': key });
        const { reviewerToken: _token, ...firstBody } = (await firstResponse.json()) as { reviewerToken: string; message: string };
        expect(await third.json()).toEqual({ ...firstBody, message: `${firstBody.message} ${REPLAY_NOTE}` });
      } finally {
        await locker.end();
      }
    });
  });
});
