import { z } from 'zod';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { boundedInt, enumParam, optionalText, parameters, parseInput } from '../params.ts';
import { decodeCursor, encodeCursor, queryFingerprint } from '../search/cursor.ts';
import { REVIEW_STATUSES, reviewSchema, toReview } from './review-schema.ts';

export const listModerationQueueInputSchema = parameters({
  status: enumParam('status', REVIEW_STATUSES).optional().describe('Which state to list; default pending.'),
  limit: boundedInt('limit', 1, 100).optional().describe('Reviews per page, 1..100; default 20.'),
  cursor: optionalText('cursor', 500).describe('The `next` value of the previous page.'),
});
export type ListModerationQueueInput = z.input<typeof listModerationQueueInputSchema>;

export const moderationQueueSchema = z.object({ items: z.array(reviewSchema), next: z.string().nullable() }).meta({ id: 'ModerationQueue' });

/** Reviews in one state (pending by default), newest first, for moderators. */
export async function listPendingReviews({ ctx, input }: { ctx: CoreContext; input: ListModerationQueueInput }): Promise<z.infer<typeof moderationQueueSchema>> {
  const query = parseInput(listModerationQueueInputSchema, input);
  const status = query.status ?? 'pending';
  const limit = query.limit ?? 20;
  const fingerprint = queryFingerprint({ moderation: status, limit });
  const key = query.cursor ? decodeCursor(query.cursor, { fingerprint, keyLength: 2 }) : undefined;
  if (key && (typeof key[0] !== 'string' || typeof key[1] !== 'string')) {
    throw new AppError('invalid_input', 'The cursor is not one this service issued.', { fields: [{ field: 'cursor', message: 'drop the cursor to start from the first page' }] });
  }
  const page = await ctx.store.listReviews({ status, limit, ...(key ? { after: { createdAt: key[0] as string, id: key[1] as string } } : {}) });
  const params = new URLSearchParams({ status, ...(query.limit !== undefined ? { limit: String(limit) } : {}) });
  if (page.next) params.set('cursor', encodeCursor(fingerprint, [page.next.createdAt, page.next.id]));
  return { items: page.items.map(toReview), next: page.next ? `/api/admin/reviews?${params}` : null };
}
