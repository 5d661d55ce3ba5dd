import { afterEach, describe, expect, it } from 'vitest';
import { reviewInputSchema, type ReviewRecord } from '../../src/core/reviews/review-schema.ts';
import { timeOrderedId } from '../../src/core/time-ordered-id.ts';
import { openStore } from '../../src/storage/open-store.ts';
import type { ReviewWrite, Store } from '../../src/core/store.ts';
import { createTestDatabase, createTestSqlitePath } from '../support/postgres.ts';

/** The write path of reviews on both adapters (issue 15): grouped commits, the near-duplicate window, the burst count. */

const adapters = [
  { kind: 'sqlite', createDatabaseUrl: async () => `file:${createTestSqlitePath()}` },
  { kind: 'postgres', createDatabaseUrl: createTestDatabase },
] as const;

const SLUG = 'real-time-channels-api';

function aWrite(n: number, overrides: Partial<ReviewWrite> = {}, slug = SLUG): ReviewWrite {
  const { reviewerToken: _token, ...record } = reviewInputSchema.parse({
    targetType: 'api',
    targetSlug: slug,
    reviewerType: 'agent',
    reviewerName: `writer-${n}`,
    rating: 4,
    title: `Review ${n}`,
    body: `Body of review ${n}`,
  });
  return {
    record: record as ReviewRecord,
    reviewerKey: `writer-${n}`,
    clientHash: 'client-a',
    ownerHash: `owner-${n}`,
    newId: timeOrderedId(),
    now: new Date(Date.UTC(2026, 10, 24, 8, 0, n)).toISOString(),
    decide: () => ({ status: 'published', reasons: ['no-heuristic-matched'] }),
    ...overrides,
  };
}

describe.each(adapters)('review writes on $kind', ({ createDatabaseUrl }) => {
  const opened: Store[] = [];
  const open = async (url: string) => {
    const store = await openStore(url);
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('stores writes sent together; one that fails is rolled back alone, and another connection sees the rest once they are acknowledged', async () => {
    const url = await createDatabaseUrl();
    const store = await open(url);
    const refusal = new Error('not its owner');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        store.saveReview(
          aWrite(n, n === 7 ? { decide: () => { throw refusal; } } : {}),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(19);
    expect(outcomes[7]).toEqual({ status: 'rejected', reason: refusal });

    const other = await open(url);
    const { items } = await other.listReviews({ slug: SLUG, status: 'published', limit: 50 });
    expect(items.map((review) => review.record.reviewerName).sort()).toEqual(
      Array.from({ length: 20 }, (_, n) => `writer-${n}`)
        .filter((name) => name !== 'writer-7')
        .sort(),
    );
    expect(await other.moderationLog((outcomes[0] as PromiseFulfilledResult<{ kind: 'saved'; review: { id: string } }>).value.review.id)).toHaveLength(1);
  });

  it('compares a new review with what another connection wrote, and forgets a review once it is rejected', async () => {
    const url = await createDatabaseUrl();
    const store = await open(url);
    const other = await open(url);
    await store.saveReview(aWrite(1));
    expect((await store.recentReviewTexts({ slug: SLUG, excludeReviewerKey: 'nobody', limit: 10 })).map((review) => review.body)).toEqual(['Body of review 1']);

    const written = await other.saveReview(aWrite(2));
    expect((await store.recentReviewTexts({ slug: SLUG, excludeReviewerKey: 'nobody', limit: 10 })).map((review) => review.body)).toEqual(['Body of review 2', 'Body of review 1']);
    expect((await store.recentReviewTexts({ slug: SLUG, excludeReviewerKey: 'writer-2', limit: 10 })).map((review) => review.body)).toEqual(['Body of review 1']);

    if (written.kind !== 'saved') throw new Error('expected a saved review');
    await store.moderateReview({ id: written.review.id, status: 'rejected', actor: 'test', reasons: ['spam'], now: new Date().toISOString() });
    expect((await store.recentReviewTexts({ slug: SLUG, excludeReviewerKey: 'nobody', limit: 10 })).map((review) => review.body)).toEqual(['Body of review 1']);
  });

  it('names the listings with a published review: not those whose only reviews are pending or rejected', async () => {
    const store = await open(await createDatabaseUrl());
    expect(await store.reviewedSlugs()).toEqual(new Set());
    await store.saveReview(aWrite(1));
    await store.saveReview(aWrite(2, {}, 'other-api'));
    const held = await store.saveReview(aWrite(3, { decide: () => ({ status: 'pending', reasons: ['held'] }) }, 'held-api'));
    expect(held.kind).toBe('saved');
    expect(await store.reviewedSlugs()).toEqual(new Set([SLUG, 'other-api']));
    const rejected = await store.saveReview(aWrite(4, {}, 'rejected-api'));
    if (rejected.kind !== 'saved') throw new Error('expected a saved review');
    await store.moderateReview({ id: rejected.review.id, status: 'rejected', actor: 'test', reasons: ['spam'], now: new Date().toISOString() });
    expect(await store.reviewedSlugs()).toEqual(new Set([SLUG, 'other-api']));
  });

  it('keeps the newest reviews within the window as reviews are written and replaced', async () => {
    const store = await open(await createDatabaseUrl());
    for (let n = 1; n <= 6; n += 1) await store.saveReview(aWrite(n));
    const newest = async (limit: number) => (await store.recentReviewTexts({ slug: SLUG, excludeReviewerKey: 'nobody', limit })).map((review) => review.body);
    expect(await newest(3)).toEqual(['Body of review 6', 'Body of review 5', 'Body of review 4']);
    // Writer 2 replaces their review: it keeps its creation instant, so its place.
    const replacement = aWrite(2);
    await store.saveReview({ ...replacement, record: { ...replacement.record, body: 'Second thoughts of writer 2' }, now: new Date(Date.UTC(2026, 10, 24, 9)).toISOString() });
    expect(await newest(6)).toEqual(['Body of review 6', 'Body of review 5', 'Body of review 4', 'Body of review 3', 'Second thoughts of writer 2', 'Body of review 1']);
    await store.saveReview(aWrite(7));
    expect(await newest(3)).toEqual(['Body of review 7', 'Body of review 6', 'Body of review 5']);
  });

  it('counts a client\'s reviews since an instant, no further than asked', async () => {
    const store = await open(await createDatabaseUrl());
    for (let n = 1; n <= 8; n += 1) await store.saveReview(aWrite(n));
    const since = new Date(Date.UTC(2026, 10, 24, 8, 0, 3)).toISOString();
    expect(await store.countReviewsFromClient({ clientHash: 'client-a', since, atMost: 100 })).toBe(6);
    expect(await store.countReviewsFromClient({ clientHash: 'client-a', since, atMost: 5 })).toBe(5);
    expect(await store.countReviewsFromClient({ clientHash: 'client-b', since, atMost: 5 })).toBe(0);
  });
});
