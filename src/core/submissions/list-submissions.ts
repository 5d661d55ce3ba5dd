import { z } from 'zod';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { boundedInt, enumParam, optionalText, parameters, parseInput } from '../params.ts';
import { decodeCursor, encodeCursor, queryFingerprint } from '../search/cursor.ts';
import { SUBMISSION_STATUSES, submissionSchema } from './submission-schema.ts';
import { toSubmission } from './submission-view.ts';

export const listSubmissionsInputSchema = parameters({
  status: enumParam('status', SUBMISSION_STATUSES).optional().describe('Which state to list; default pending.'),
  limit: boundedInt('limit', 1, 100).optional().describe('Submissions per page, 1..100; default 20.'),
  cursor: optionalText('cursor', 500).describe('The `next` value of the previous page.'),
});
export type ListSubmissionsInput = z.input<typeof listSubmissionsInputSchema>;

export const submissionQueueSchema = z.object({ items: z.array(submissionSchema), next: z.string().nullable() }).meta({ id: 'SubmissionQueue' });
export type SubmissionQueue = z.infer<typeof submissionQueueSchema>;

/** Submissions in one state (pending by default), oldest first: the moderators' queue. */
export async function listSubmissions({ ctx, input }: { ctx: CoreContext; input: ListSubmissionsInput }): Promise<SubmissionQueue> {
  const query = parseInput(listSubmissionsInputSchema, input);
  const status = query.status ?? 'pending';
  const limit = query.limit ?? 20;
  const fingerprint = queryFingerprint({ submissions: status, limit });
  const key = query.cursor ? decodeCursor(query.cursor, { fingerprint, keyLength: 2 }) : undefined;
  if (key && (typeof key[0] !== 'string' || typeof key[1] !== 'string')) {
    throw new AppError('invalid_input', 'The cursor is not one this service issued.', { fields: [{ field: 'cursor', message: 'drop the cursor to start from the first page' }] });
  }
  const page = await ctx.store.listSubmissions({ status, limit, ...(key ? { after: { createdAt: key[0] as string, id: key[1] as string } } : {}) });
  const params = new URLSearchParams({ status, ...(query.limit !== undefined ? { limit: String(limit) } : {}) });
  if (page.next) params.set('cursor', encodeCursor(fingerprint, [page.next.createdAt, page.next.id]));
  return { items: page.items.map(toSubmission), next: page.next ? `/api/admin/submissions?${params}` : null };
}
