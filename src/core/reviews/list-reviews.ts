import { z } from 'zod';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { listingEntryOr404 } from '../listings/suggest-slugs.ts';
import { boundedInt, optionalText, parameters, parseInput, requiredText } from '../params.ts';
import { decodeCursor, encodeCursor, queryFingerprint } from '../search/cursor.ts';
import { integrationStatsSchema, reviewStatsSchema, toReviewStats } from './review-stats.ts';
import { reviewSchema, toReview } from './review-schema.ts';

export const listReviewsInputSchema = parameters({
  slug: requiredText('slug', 200, 'real-time-channels-api').describe('The listing whose reviews to list.'),
  limit: boundedInt('limit', 1, 100).optional().describe('Reviews per page, 1..100; default 20.'),
  cursor: optionalText('cursor', 500).describe('The `next` value of the previous page.'),
});
export type ListReviewsInput = z.input<typeof listReviewsInputSchema>;

export const listReviewsResultSchema = z
  .object({
    stats: reviewStatsSchema,
    integrationStats: integrationStatsSchema,
    items: z.array(reviewSchema),
    next: z.string().nullable().describe('Path of the next page, or null on the last.'),
  })
  .meta({ id: 'ReviewList' });
export type ListReviewsResult = z.infer<typeof listReviewsResultSchema>;

/** A listing's published reviews, newest first, with statistics over all of them. */
export async function listReviews({ ctx, input }: { ctx: CoreContext; input: ListReviewsInput }): Promise<ListReviewsResult> {
  const query = parseInput(listReviewsInputSchema, input);
  const limit = query.limit ?? 20;
  await listingEntryOr404(ctx.catalogue, query.slug, { field: 'slug', in: 'query' });
  const fingerprint = queryFingerprint({ reviews: query.slug, limit });
  const key = query.cursor ? decodeCursor(query.cursor, { fingerprint, keyLength: 2 }) : undefined;
  if (key && (typeof key[0] !== 'string' || typeof key[1] !== 'string')) {
    throw new AppError('invalid_input', 'The cursor is not one this service issued.', { fields: [{ field: 'cursor', message: 'cursor must be the value of a previous response\'s "next" link; drop it to start from the first page' }] });
  }
  const [page, aggregates] = await Promise.all([
    ctx.store.listReviews({ slug: query.slug, status: 'published', limit, ...(key ? { after: { createdAt: key[0] as string, id: key[1] as string } } : {}) }),
    ctx.store.reviewAggregates([query.slug]),
  ]);
  const next = page.next
    ? `/api/reviews?slug=${encodeURIComponent(query.slug)}${query.limit !== undefined ? `&limit=${limit}` : ''}&cursor=${encodeCursor(fingerprint, [page.next.createdAt, page.next.id])}`
    : null;
  return { ...toReviewStats(aggregates.get(query.slug)!), items: page.items.map(toReview), next };
}
