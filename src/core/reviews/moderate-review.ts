import { z } from 'zod';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../params.ts';
import { forgetListingReviewStats } from './listing-review-stats.ts';
import { cleanLine, toReview, type Review } from './review-schema.ts';

export const MODERATION_ACTIONS = ['approve', 'reject'] as const;

export const moderateReviewInputSchema = z.strictObject({
  id: z.string().trim().min(1).max(100),
  action: z.enum(MODERATION_ACTIONS),
  reason: z
    .string({ error: 'reason must be text' })
    .max(500, { error: 'reason must be at most 500 characters' })
    .transform(cleanLine)
    .optional()
    .describe('Why, for the moderation log.'),
});
export type ModerateReviewInput = z.input<typeof moderateReviewInputSchema>;

/** A moderator publishes (approve) or rejects a review in any state; the decision is logged. */
export async function moderateReview({ ctx, input, actor }: { ctx: CoreContext; input: ModerateReviewInput; actor: string }): Promise<Review> {
  const { id, action, reason } = parseInput(moderateReviewInputSchema, input);
  const stored = await ctx.store.moderateReview({
    id,
    status: action === 'approve' ? 'published' : 'rejected',
    actor,
    reasons: [action, ...(reason ? [reason] : [])],
    now: new Date().toISOString(),
  });
  if (!stored) throw new AppError('not_found', `No review has the id "${id}".`, { fields: [{ field: 'id', in: 'path', message: `no review has the id "${id}"` }] });
  forgetListingReviewStats(ctx, stored.record.targetSlug);
  return toReview(stored);
}
