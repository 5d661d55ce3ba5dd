import { z } from 'zod';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../params.ts';
import { toReview, type Review } from './review-schema.ts';

export const getReviewInputSchema = z.object({
  id: z.string({ error: 'id must be text' }).trim().min(1, { error: 'id must not be empty' }).max(100, { error: 'id must be at most 100 characters' }).describe('The review\'s id, from its Location or `links.self`.'),
});
export type GetReviewInput = z.input<typeof getReviewInputSchema>;

/** One review by id: published ones for everyone, any state for a moderator. */
export async function getReview({ ctx, input, asModerator = false }: { ctx: CoreContext; input: GetReviewInput; asModerator?: boolean }): Promise<Review> {
  const { id } = parseInput(getReviewInputSchema, input);
  const stored = await ctx.store.getReview(id);
  // A held or rejected review is indistinguishable from a missing one to the public.
  if (!stored || (stored.status !== 'published' && !asModerator)) {
    throw new AppError('not_found', `No published review has the id "${id}".`, { fields: [{ field: 'id', in: 'path', message: `no published review has the id "${id}"` }] });
  }
  return toReview(stored);
}
