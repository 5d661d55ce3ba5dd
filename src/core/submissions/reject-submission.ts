import { z } from 'zod';
import type { StoredSubmission } from '../store.ts';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../params.ts';
import { SUBMISSION_LIMITS, type Submission } from './submission-schema.ts';
import { toSubmission } from './submission-view.ts';
import { unsafeCharacterIn, unsafeCharacterMessage } from '../text/unsafe-characters.ts';

export const rejectSubmissionInputSchema = z.strictObject({
  id: z.string().trim().min(1).max(100),
  reason: z
    .string({ error: (issue) => (issue.input === undefined ? 'reason is required: say why the submission is rejected, e.g. "not a programmable API"' : 'reason must be text') })
    .trim()
    .min(1, { error: 'reason must not be empty; say why the submission is rejected, e.g. "not a programmable API"' })
    .max(SUBMISSION_LIMITS.reason, { error: `reason must be at most ${SUBMISSION_LIMITS.reason} characters` })
    .refine((value) => !/[\u0000-\u0008\u000B-\u001F\u007F]/.test(value), { error: 'reason must not contain control characters' })
    .superRefine((value, ctx) => {
      const found = unsafeCharacterIn(value);
      if (found) ctx.addIssue({ code: 'custom', input: value, message: unsafeCharacterMessage('reason', found) });
    })
    .describe('Why it is rejected; the submitter reads it with the status.'),
});
export type RejectSubmissionInput = z.input<typeof rejectSubmissionInputSchema>;

export const unknownSubmission = (id: string) =>
  new AppError('not_found', `No submission has the id "${id}".`, { fields: [{ field: 'id', in: 'path', message: `no submission has the id "${id}"` }] });

/** A decided submission stays decided: a second decision is a 409 saying what the first was. */
export const notPending = (stored: StoredSubmission) =>
  new AppError(
    'conflict',
    `Submission ${stored.id} was already ${stored.status}${stored.listingSlug ? ` (listed as ${stored.listingSlug})` : ''}; only pending submissions can be approved or rejected.`,
    { extensions: { submissionStatus: stored.status, ...(stored.listingSlug ? { existingSlug: stored.listingSlug, existing: `/api/apis/${stored.listingSlug}` } : {}) } },
  );

/** A moderator turns a pending submission down with a reason, which the submitter can read; it is logged. */
export async function rejectSubmission({ ctx, input, actor }: { ctx: CoreContext; input: RejectSubmissionInput; actor: string }): Promise<Submission> {
  const { id, reason } = parseInput(rejectSubmissionInputSchema, input);
  const result = await ctx.store.rejectSubmission({ id, actor, reason, now: new Date().toISOString() });
  if (!result) throw unknownSubmission(id);
  if (result.kind === 'not-pending') throw notPending(result.submission);
  return toSubmission(result.submission);
}
