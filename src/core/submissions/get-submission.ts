import { z } from 'zod';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../params.ts';
import type { Submission } from './submission-schema.ts';
import { toSubmission } from './submission-view.ts';

export const getSubmissionInputSchema = z.strictObject({
  id: z.string().trim().min(1, { error: 'id must not be empty; give the id POST /api/apis/submit answered with' }).max(100, { error: 'id must be at most 100 characters' }).describe('The submission\'s id.'),
});
export type GetSubmissionInput = z.input<typeof getSubmissionInputSchema>;

/**
 * One submission in any state. The id (a random UUID) is the submitter's handle on it, as a
 * tracking number is: whoever holds it may read the status.
 */
export async function getSubmission({ ctx, input }: { ctx: CoreContext; input: GetSubmissionInput }): Promise<Submission> {
  const { id } = parseInput(getSubmissionInputSchema, input);
  const stored = await ctx.store.getSubmission(id);
  if (!stored) throw new AppError('not_found', `No submission has the id "${id}".`, { fields: [{ field: 'id', in: 'path', message: `no submission has the id "${id}"; use the id POST /api/apis/submit answered with` }] });
  return toSubmission(stored);
}
