import type { CoreContext } from '../context.ts';
import { noReviewAggregates } from '../store.ts';
import { asciiJson } from '../text/ascii-json.ts';
import { reviewsLinkOf, toListingReviewStats, toListingReviewSummary, type ListingReviewStats, type ListingReviewSummary } from './review-stats.ts';

/**
 * Review statistics of each listing given, for listing details and lookup and discover
 * results. Kept for a second per reviewed listing, so hot read paths do not query the store on
 * every request; a review written or moderated through this process drops its listing's entry at
 * once, and writes through other servers show within the second (as listings do, ADR 10).
 * Most listings have no published review: the set of those that do is read once a second, and
 * the others get empty statistics without a query (issue 14: a query for every distinct need).
 */

const FRESH_MS = 1000;
const MAX_ENTRIES = 10_000;

interface ReviewStatsCache {
  stats: Map<string, { at: number; stats: ListingReviewStats }>;
  reviewed: { at: number; slugs: Set<string> } | null;
  /** The read of `reviewed` under way, shared by the requests that wait for it. */
  reading: Promise<Set<string>> | null;
  /** Listings reviewed through this process while `reading` was under way: the read may have begun before the review. */
  reviewedWhileReading: Set<string>;
}

const caches = new WeakMap<CoreContext, ReviewStatsCache>();

const cacheOf = (ctx: CoreContext) => {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = { stats: new Map(), reviewed: null, reading: null, reviewedWhileReading: new Set() }));
  return cache;
};

/** Drops a listing's cached statistics after a review of it changed. */
export const forgetListingReviewStats = (ctx: CoreContext, slug: string) => {
  const cache = cacheOf(ctx);
  cache.stats.delete(slug);
  cache.reviewed?.slugs.add(slug);
  if (cache.reading) cache.reviewedWhileReading.add(slug);
};

async function reviewedSlugs(ctx: CoreContext, cache: ReviewStatsCache, now: number): Promise<Set<string>> {
  if (cache.reviewed && now - cache.reviewed.at < FRESH_MS) return cache.reviewed.slugs;
  cache.reading ??= ctx.store
    .reviewedSlugs()
    .then((slugs) => {
      for (const slug of cache.reviewedWhileReading) slugs.add(slug);
      cache.reviewedWhileReading.clear();
      cache.reviewed = { at: now, slugs };
      return slugs;
    })
    .finally(() => {
      cache.reading = null;
    });
  return cache.reading;
}

/** Each listing's kept statistics, or null for a listing without a published review. */
async function reviewedStats(ctx: CoreContext, slugs: string[]): Promise<Map<string, ListingReviewStats | null>> {
  const cache = cacheOf(ctx);
  const now = Date.now();
  const result = new Map<string, ListingReviewStats | null>();
  let stale: string[] = [];
  for (const slug of slugs) {
    const entry = cache.stats.get(slug);
    if (entry && now - entry.at < FRESH_MS) result.set(slug, entry.stats);
    else stale.push(slug);
  }
  if (stale.length === 0) return result;
  const reviewed = await reviewedSlugs(ctx, cache, now);
  // Nothing is kept for a listing without reviews: kept for a second, the entries of every
  // listing a stream of distinct needs touches outlived young collections and died in the old
  // generation (ADR 21).
  for (const slug of stale) if (!reviewed.has(slug)) result.set(slug, null);
  stale = stale.filter((slug) => reviewed.has(slug));
  if (stale.length === 0) return result;
  if (cache.stats.size + stale.length > MAX_ENTRIES) cache.stats.clear();
  for (const [slug, values] of await ctx.store.reviewAggregates(stale)) {
    const stats = toListingReviewStats(slug, values);
    cache.stats.set(slug, { at: now, stats });
    result.set(slug, stats);
  }
  return result;
}

const emptyStatsOf = (slug: string) => toListingReviewStats(slug, noReviewAggregates());

export async function listingReviewStats({ ctx, slugs }: { ctx: CoreContext; slugs: string[] }): Promise<Map<string, ListingReviewStats>> {
  const stats = await reviewedStats(ctx, slugs);
  return new Map([...stats].map(([slug, kept]) => [slug, kept ?? emptyStatsOf(slug)]));
}

/** One summary object per kept statistics object (read-only), and one JSON text per summary. */
const summaries = new WeakMap<ListingReviewStats, { summary: ListingReviewSummary; text?: string }>();
const keptSummaryOf = (stats: ListingReviewStats) => {
  let kept = summaries.get(stats);
  if (!kept) summaries.set(stats, (kept = { summary: toListingReviewSummary(stats) }));
  return kept;
};

/** The list-item figures of each listing given (see listingReviewSummarySchema). */
export async function listingReviewSummaries({ ctx, slugs }: { ctx: CoreContext; slugs: string[] }): Promise<Map<string, ListingReviewSummary>> {
  const stats = await reviewedStats(ctx, slugs);
  return new Map([...stats].map(([slug, kept]) => [slug, kept ? keptSummaryOf(kept).summary : toListingReviewSummary(emptyStatsOf(slug))]));
}

/**
 * The figures of a listing without reviews as JSON, all but its link written once from the
 * functions that make the object: the text of JSON.stringify(toListingReviewSummary(empty
 * statistics)), without building either for every listing of every answer.
 */
const EMPTY_SUMMARY_HEAD = JSON.stringify({ ...toListingReviewSummary(emptyStatsOf('')), link: '' }).slice(0, -'"link":""}'.length);
const emptySummaryText = (slug: string) => `${EMPTY_SUMMARY_HEAD}"link":${JSON.stringify(reviewsLinkOf(slug))}}`;

/** listingReviewSummaries' figures as JSON text, for answers written as text. */
export async function listingReviewSummaryTexts({ ctx, slugs }: { ctx: CoreContext; slugs: string[] }): Promise<Map<string, string>> {
  const stats = await reviewedStats(ctx, slugs);
  return new Map(
    [...stats].map(([slug, kept]) => {
      if (!kept) return [slug, emptySummaryText(slug)];
      const summary = keptSummaryOf(kept);
      return [slug, (summary.text ??= asciiJson(JSON.stringify(summary.summary)))];
    }),
  );
}

/** Items with their listing's review figures added (copies; the items given are cached views). */
export async function withReviewSummaries<T extends { slug: string }>(ctx: CoreContext, items: T[]): Promise<(T & { reviews?: ListingReviewSummary })[]> {
  if (items.length === 0) return items;
  const summaries = await listingReviewSummaries({ ctx, slugs: items.map((item) => item.slug) });
  return items.map((item) => ({ ...item, reviews: summaries.get(item.slug) }));
}
