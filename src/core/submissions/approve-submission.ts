import { z } from 'zod';
import { findDuplicateListing } from '../catalogue/find-duplicate-listing.ts';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { listingSchema, type QualityInputs } from '../listings/listing.ts';
import { parseInput } from '../params.ts';
import { mergedCriteria } from './assess-submission.ts';
import { baseSlugOf, proposedListingOf, RESERVED_SLUGS, SUBMISSION_LIMITS, type Submission } from './submission-schema.ts';
import { toSubmission } from './submission-view.ts';
import { notPending, unknownSubmission } from './reject-submission.ts';

export const approveSubmissionInputSchema = z.strictObject({
  id: z.string().trim().min(1).max(100),
  reason: z
    .string({ error: 'reason must be text' })
    .trim()
    .max(SUBMISSION_LIMITS.reason, { error: `reason must be at most ${SUBMISSION_LIMITS.reason} characters` })
    .optional()
    .describe('Why, for the decision log.'),
});
export type ApproveSubmissionInput = z.input<typeof approveSubmissionInputSchema>;

/** Quality inputs as submitted, each saying it came from the submission unless it names its source. */
const withProvenance = (inputs: QualityInputs, id: string): QualityInputs =>
  Object.fromEntries(Object.entries(inputs).map(([key, input]) => [key, input && input.source === undefined ? { ...input, source: `submission ${id}` } : input])) as QualityInputs;

/**
 * A moderator lists a pending submission: the listing gets the slug asked for, or one made
 * from its name, with "-2", "-3", … when taken (fixed from then on), the document's assessed
 * criteria over the submitter's claims, and enters the store and the catalogue at once. A
 * listing of the same API that arrived meanwhile (an import, another submission) is a 409
 * naming it: reject the submission instead.
 */
export async function approveSubmission({ ctx, input, actor }: { ctx: CoreContext; input: ApproveSubmissionInput; actor: string }): Promise<Submission> {
  const { id, reason } = parseInput(approveSubmissionInputSchema, input);
  const stored = await ctx.store.getSubmission(id);
  if (!stored) throw unknownSubmission(id);
  if (stored.status !== 'pending') throw notPending(stored);
  const { record, assessment } = stored.content;
  const clash = record.slug !== undefined ? ctx.catalogue.get(record.slug) : undefined;
  if (clash) {
    throw new AppError('conflict', `The slug "${record.slug}" this submission asks for became the listing "${clash.listing.name}" meanwhile; reject the submission as a duplicate.`, {
      extensions: { existingSlug: clash.slug, existing: `/api/apis/${clash.slug}` },
    });
  }
  const duplicate = findDuplicateListing(ctx.catalogue, { name: record.name, url: record.url ?? null });
  if (duplicate?.kind === 'same-api') {
    throw new AppError('conflict', `This API was listed meanwhile: ${duplicate.reason}; reject the submission as a duplicate.`, {
      extensions: { existingSlug: duplicate.slug, existing: `/api/apis/${duplicate.slug}` },
    });
  }

  const proposed = proposedListingOf(record);
  const result = await ctx.store.approveSubmission({
    id,
    baseSlug: record.slug ?? baseSlugOf(record.name),
    reservedSlugs: RESERVED_SLUGS,
    listingFor: (slug) =>
      listingSchema.parse({
        ...proposed,
        slug,
        cliCriteria: mergedCriteria(proposed.cliCriteria, assessment, id),
        qualityInputs: withProvenance(proposed.qualityInputs, id),
      }),
    actor,
    reason: reason || null,
    now: new Date().toISOString(),
  });
  if (!result) throw unknownSubmission(id);
  if (result.kind === 'not-pending') throw notPending(result.submission);
  // Served at once by this process; other servers pick it up from the change feed.
  await ctx.catalogue.refresh();
  return toSubmission(result.submission);
}
