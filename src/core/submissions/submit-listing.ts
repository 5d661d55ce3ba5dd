import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { RecordedResponse } from '../store.ts';
import { findDuplicateListing, hostKeyOf, nameKeyOf } from '../catalogue/find-duplicate-listing.ts';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { IdempotencyRequest } from '../idempotency-request.ts';
import { parseInput } from '../params.ts';
import { DEFAULT_REVIEW_POLICY } from '../reviews/review-policy.ts';
import { clientHashOf } from '../reviews/submit-review.ts';
import { assessSubmission, type OpenApiAssessor } from './assess-submission.ts';
import { parseOpenApiTextOffThread } from './parse-openapi-text.ts';
import { submissionInputSchema, submissionSchema, type SubmissionInput } from './submission-schema.ts';
import { submissionPath, toSubmission } from './submission-view.ts';

export const submitListingResultSchema = z
  .object({
    outcome: z.literal('queued').describe('The proposal waits for a moderator; follow it at links.self.'),
    submission: submissionSchema,
    message: z.string(),
  })
  .meta({ id: 'SubmitListingResult' });
export type SubmitListingResult = z.infer<typeof submitListingResultSchema>;

export type SubmitListingOutcome = { kind: 'queued'; result: SubmitListingResult; response?: RecordedResponse } | { kind: 'key-taken' };

const MESSAGE = 'Submission received; it is pending until a moderator approves it (then it is listed) or rejects it. Follow its status at links.self.';

/** The 409 a duplicate is answered with: the existing listing's slug, or the pending submission's id. */
function duplicateError(detail: string, extensions: Record<string, unknown>): AppError {
  return new AppError('conflict', detail, { extensions });
}

/**
 * Accepts a proposed listing: validates it like a catalogue file, refuses a duplicate of a
 * listed API (same name key and host, or the exact slug asked for) or of a pending
 * proposal, assesses its OpenAPI document where one was sent, and queues it as pending for a
 * moderator. Every decision, refusals included, is logged in the store.
 */
export async function submitListing({
  ctx,
  input,
  client,
  idempotency,
  assessor,
}: {
  ctx: CoreContext;
  input: SubmissionInput;
  client: { address: string };
  idempotency?: IdempotencyRequest<SubmitListingResult>;
  /** Overrides the OpenAPI assessor (tests); by default the importer's. */
  assessor?: OpenApiAssessor | null;
}): Promise<SubmitListingOutcome> {
  const record = parseInput(submissionInputSchema, input);
  if (record.openApiDocument !== undefined) {
    const parsed = await parseOpenApiTextOffThread(record.openApiDocument);
    if (typeof parsed === 'string') throw new AppError('invalid_input', 'The OpenAPI document cannot be read.', { fields: [{ field: 'openApiDocument', message: parsed }] });
  }
  const now = new Date();
  const refuse = async (reasons: string[], error: AppError): Promise<never> => {
    await ctx.store.logSubmissionDecision({ submissionId: null, decision: 'duplicate', actor: 'intake', reasons: [...reasons, `name:${record.name}`], createdAt: now.toISOString() });
    throw error;
  };

  if (record.slug !== undefined && ctx.catalogue.get(record.slug)) {
    const existing = ctx.catalogue.get(record.slug)!.listing;
    await refuse(
      ['slug-taken', `listing:${record.slug}`],
      duplicateError(`The slug "${record.slug}" is already the listing "${existing.name}" (/api/apis/${record.slug}); nothing was queued. To propose another API, leave the slug out or choose another one.`, {
        existingSlug: record.slug,
        existing: `/api/apis/${record.slug}`,
      }),
    );
  }
  const duplicate = findDuplicateListing(ctx.catalogue, { name: record.name, url: record.url ?? null });
  if (duplicate?.kind === 'same-api') {
    await refuse(
      ['duplicate-of-listing', `listing:${duplicate.slug}`, duplicate.reason],
      duplicateError(`This API is already listed: ${duplicate.reason}; nothing was queued. Read it at /api/apis/${duplicate.slug}.`, {
        existingSlug: duplicate.slug,
        existing: `/api/apis/${duplicate.slug}`,
      }),
    );
  }

  const assessment = assessSubmission(record, assessor);
  const possibleDuplicates = duplicate ? [{ slug: duplicate.slug, reason: duplicate.reason }] : [];
  const toResult = (stored: Parameters<typeof toSubmission>[0]): SubmitListingResult => ({ outcome: 'queued', submission: toSubmission(stored), message: MESSAGE });
  const policy = ctx.reviewPolicy ?? DEFAULT_REVIEW_POLICY;
  const saved = await ctx.store.saveSubmission({
    id: randomUUID(),
    content: { record, assessment, possibleDuplicates },
    nameKey: nameKeyOf(record.name),
    hostKey: hostKeyOf(record.url),
    requestedSlug: record.slug ?? null,
    clientHash: clientHashOf(client.address),
    now: now.toISOString(),
    reasons: [`openapi:${assessment.openApi}`, ...Object.keys(assessment.criteria).map((key) => `assessed:${key}`), ...possibleDuplicates.map((match) => `possible-duplicate:${match.slug}`)],
    ...(idempotency
      ? {
          idempotency: {
            key: idempotency.key,
            fingerprint: idempotency.fingerprint,
            forgetBefore: new Date(now.getTime() - policy.idempotencyRetentionMs).toISOString(),
            respond: (stored) => idempotency.respond(toResult(stored)),
          },
        }
      : {}),
  });
  if (saved.kind === 'key-taken') return saved;
  if (saved.kind === 'duplicate-pending') {
    const pending = saved.submission;
    throw duplicateError(
      `The same API is already proposed and waiting for a moderator (submission ${pending.id}, "${pending.content.record.name}"); nothing was queued. Follow it at ${submissionPath(pending.id)}.`,
      { existingSubmissionId: pending.id, existingSubmission: submissionPath(pending.id) },
    );
  }
  return { kind: 'queued', result: toResult(saved.submission), ...(saved.response ? { response: saved.response } : {}) };
}
