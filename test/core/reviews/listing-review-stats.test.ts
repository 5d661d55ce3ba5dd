import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listingReviewStats } from '../../../src/core/reviews/listing-review-stats.ts';
import { submitReview } from '../../../src/core/reviews/submit-review.ts';
import { openCore } from '../../../src/open-core.ts';
import type { CoreContext } from '../../../src/core/context.ts';
import { createTestSqlitePath } from '../../support/postgres.ts';

/**
 * Review statistics on hot read paths (issue 14): a listing without published reviews costs no
 * aggregate query, a review written through this process shows at once, and one written
 * through another process on the same store shows within about a second.
 */

const quiet = { log: { info() {}, warn() {} } };
let ctx: CoreContext;
let other: CoreContext;
beforeAll(async () => {
  const databaseUrl = `file:${createTestSqlitePath()}`;
  ctx = await openCore({ databaseUrl, catalogDir: 'test/fixtures/catalog-sample' }, quiet);
  other = await openCore({ databaseUrl, catalogDir: 'test/fixtures/catalog-sample' }, quiet);
});
afterAll(async () => {
  await ctx?.store.close();
  await other?.store.close();
});

const review = (slug: string, reviewerName: string, address: string) => ({
  input: { targetType: 'api' as const, targetSlug: slug, reviewerType: 'agent' as const, reviewerName, rating: 4, title: 'Worked', body: `Called ${slug} from a nightly job with a key from env.` },
  client: { address },
});

describe('listing review statistics', () => {
  it('asks the store no aggregate query for listings without published reviews', async () => {
    const aggregates = vi.spyOn(ctx.store, 'reviewAggregates');
    const reviewed = vi.spyOn(ctx.store, 'reviewedSlugs');
    const stats = await listingReviewStats({ ctx, slugs: ['stripe', 'github', 'openai'] });
    expect([...stats.values()].map((entry) => entry.stats.count)).toEqual([0, 0, 0]);
    expect(aggregates).not.toHaveBeenCalled();
    expect(reviewed).toHaveBeenCalledTimes(1);
    aggregates.mockRestore();
    reviewed.mockRestore();
  });

  it('shows a review written through this process at once', async () => {
    await listingReviewStats({ ctx, slugs: ['stripe'] });
    await submitReview({ ctx, ...review('stripe', 'stats-here', '127.0.0.3') });
    const stats = await listingReviewStats({ ctx, slugs: ['stripe'] });
    expect(stats.get('stripe')!.stats.count).toBe(1);
  });

  it('shows a review written through another process within about a second', async () => {
    expect((await listingReviewStats({ ctx, slugs: ['github'] })).get('github')!.stats.count).toBe(0);
    await submitReview({ ctx: other, ...review('github', 'stats-elsewhere', '127.0.0.4') });
    const deadline = Date.now() + 1500;
    let count = 0;
    while (count === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      count = (await listingReviewStats({ ctx, slugs: ['github'] })).get('github')!.stats.count;
    }
    expect(count).toBe(1);
  });
});
