import type { CoreContext } from '../context.ts';
import { toListingReviewStats, toListingReviewSummary, type ListingReviewStats, type ListingReviewSummary } from './review-stats.ts';

/**
 * Review statistics of each listing given, for listing details and lookup and discover
 * results. Kept for a second per listing, so hot read paths do not query the store on every
 * request; a review written or moderated through this process drops its listing's entry at
 * once, and writes through other servers show within the second (as listings do, ADR 10).
 */

const FRESH_MS = 1000;
const MAX_ENTRIES = 10_000;
const caches = new WeakMap<CoreContext, Map<string, { at: number; stats: ListingReviewStats }>>();

const cacheOf = (ctx: CoreContext) => {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  return cache;
};

/** Drops a listing's cached statistics after a review of it changed. */
export const forgetListingReviewStats = (ctx: CoreContext, slug: string) => void cacheOf(ctx).delete(slug);

export async function listingReviewStats({ ctx, slugs }: { ctx: CoreContext; slugs: string[] }): Promise<Map<string, ListingReviewStats>> {
  const cache = cacheOf(ctx);
  const now = Date.now();
  const result = new Map<string, ListingReviewStats>();
  const missing: string[] = [];
  for (const slug of slugs) {
    const entry = cache.get(slug);
    if (entry && now - entry.at < FRESH_MS) result.set(slug, entry.stats);
    else missing.push(slug);
  }
  if (missing.length > 0) {
    const aggregates = await ctx.store.reviewAggregates(missing);
    if (cache.size + missing.length > MAX_ENTRIES) cache.clear();
    for (const [slug, values] of aggregates) {
      const stats = toListingReviewStats(slug, values);
      cache.set(slug, { at: now, stats });
      result.set(slug, stats);
    }
  }
  return result;
}

/** The list-item figures of each listing given (see listingReviewSummarySchema). */
export async function listingReviewSummaries({ ctx, slugs }: { ctx: CoreContext; slugs: string[] }): Promise<Map<string, ListingReviewSummary>> {
  const stats = await listingReviewStats({ ctx, slugs });
  return new Map([...stats].map(([slug, full]) => [slug, toListingReviewSummary(full)]));
}

/** Items with their listing's review figures added (copies; the items given are cached views). */
export async function withReviewSummaries<T extends { slug: string }>(ctx: CoreContext, items: T[]): Promise<(T & { reviews?: ListingReviewSummary })[]> {
  if (items.length === 0) return items;
  const summaries = await listingReviewSummaries({ ctx, slugs: items.map((item) => item.slug) });
  return items.map((item) => ({ ...item, reviews: summaries.get(item.slug) }));
}
