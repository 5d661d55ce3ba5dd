import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { SavedReview } from '../store.ts';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { IdempotencyRequest } from '../idempotency-request.ts';
import { unknownSlugHint } from '../listings/suggest-slugs.ts';
import { parseInput } from '../params.ts';
import { timeOrderedId } from '../time-ordered-id.ts';
import { forgetListingReviewStats } from './listing-review-stats.ts';
import { assessReview } from './moderation-heuristics.ts';
import { DEFAULT_REVIEW_POLICY } from './review-policy.ts';
import { reviewerKeyOf, reviewInputSchema, reviewSchema, toReview, type ReviewInput } from './review-schema.ts';

export const submitReviewResultSchema = z
  .object({
    outcome: z.enum(['created', 'updated']).describe('"updated" when this reviewer had already reviewed the listing: their review was replaced.'),
    review: reviewSchema,
    message: z.string(),
    reviewerToken: z
      .string()
      .optional()
      .describe('Shown once, when the review is created: keep it to replace this review later (send it as reviewerToken). It is never stored or shown again; without it, nobody can replace the review.'),
  })
  .meta({ id: 'SubmitReviewResult' });
export type SubmitReviewResult = z.infer<typeof submitReviewResultSchema>;

export type SubmitReviewOutcome = { kind: 'saved'; result: SubmitReviewResult } | { kind: 'key-taken' };

/** A reviewer token as stored: its SHA-256, so the store never holds a token that could replace a review. */
const tokenHashOf = (token: string) => createHash('sha256').update(`apidex-reviewer:${token}`).digest('hex');

/** A client address as stored: hashed, enough to count bursts without keeping the address. */
export const clientHashOf = (address: string) => createHash('sha256').update(`apidex-client:${address}`).digest('hex');

const messageFor = (saved: SavedReview) =>
  saved.review.status === 'published'
    ? `Review ${saved.outcome === 'created' ? 'published' : 'updated and published'}.`
    : `Review ${saved.outcome === 'created' ? 'received' : 'updated'}; it is held for moderation and will be shown once a moderator approves it.`;

/**
 * The result as recorded for replays under an Idempotency-Key: without the reviewer token, which
 * is shown once, in the first answer, and never stored (issue 28); the message says so.
 */
function asReplayed({ reviewerToken, ...result }: SubmitReviewResult): SubmitReviewResult {
  return reviewerToken === undefined ? result : { ...result, message: `${result.message} ${REPLAY_NOTE}` };
}

export const REPLAY_NOTE = 'This is a replay of the first answer: its reviewerToken was shown once, in that answer, and is not kept.';

/**
 * Accepts one review: validates and cleans it, checks the listing exists, decides whether it
 * is published or held, and saves it (replacing the same reviewer's earlier review of the
 * listing). With `idempotency`, the response is recorded in the same transaction.
 */
export async function submitReview({
  ctx,
  input,
  client,
  idempotency,
}: {
  ctx: CoreContext;
  input: ReviewInput;
  client: { address: string };
  idempotency?: IdempotencyRequest<SubmitReviewResult>;
}): Promise<SubmitReviewOutcome> {
  const { reviewerToken: givenToken, ...record } = parseInput(reviewInputSchema, input);
  const policy = ctx.reviewPolicy ?? DEFAULT_REVIEW_POLICY;
  if (!ctx.catalogue.get(record.targetSlug)) {
    const moved = await ctx.catalogue.movedSlug(record.targetSlug);
    const { suggestions, hint } = moved
      ? { suggestions: moved.to, hint: `it moved to ${moved.to.map((s) => `"${s}"`).join(', ')} (${moved.reason}); review ${moved.to.length === 1 ? 'that listing' : 'one of those'}` }
      : unknownSlugHint(ctx.catalogue, record.targetSlug);
    throw new AppError('invalid_input', `No listing has the slug "${record.targetSlug}"; nothing was stored.`, {
      fields: [{ field: 'targetSlug', in: 'body', message: `targetSlug "${record.targetSlug}" names no listing; ${hint}` }],
      extensions: { suggestions },
    });
  }
  const reviewerKey = reviewerKeyOf(record.reviewerName);
  const clientHash = clientHashOf(client.address);
  const now = new Date();
  const [others, recentFromClient] = await Promise.all([
    ctx.store.recentReviewTexts({ slug: record.targetSlug, excludeReviewerKey: reviewerKey, limit: policy.nearDuplicateWindow }),
    ctx.store.countReviewsFromClient({ clientHash, since: new Date(now.getTime() - policy.burst.windowMs).toISOString(), atMost: policy.burst.max }),
  ]);
  const report = record.integrationReport;
  const text = { title: record.title, body: record.body, extra: [report?.sdkUsed ?? '', ...(report?.strengths ?? []), ...(report?.challenges ?? [])] };

  // Ownership (issue 15): a new token for a review written without one; the review is saved under the token's hash.
  const issuedToken = givenToken === undefined ? randomBytes(24).toString('base64url') : undefined;
  const ownerHash = tokenHashOf(givenToken ?? issuedToken!);
  const toResult = (saved: SavedReview): SubmitReviewResult => ({
    outcome: saved.outcome,
    review: toReview(saved.review),
    message: messageFor(saved),
    ...(issuedToken ? { reviewerToken: issuedToken } : {}),
  });
  const saved = await ctx.store.saveReview({
    record,
    reviewerKey,
    clientHash,
    ownerHash,
    newId: timeOrderedId(now.getTime()),
    now: now.toISOString(),
    decide: (previous) => {
      if (previous && !(previous.owner.ownerHash === null ? previous.owner.clientHash === clientHash : previous.owner.ownerHash === tokenHashOf(givenToken ?? ''))) {
        throw new AppError(
          'conflict',
          `"${record.reviewerName}" has already reviewed ${record.targetSlug}, and only its writer may replace that review: send the reviewerToken returned when it was written, or review under another name. Nothing was stored.`,
          { extensions: { existingReview: `/api/reviews/${previous.id}` } },
        );
      }
      return assessReview({ text, others, recentFromClient, previousStatus: previous?.status, policy });
    },
    ...(idempotency
      ? {
          idempotency: {
            key: idempotency.key,
            fingerprint: idempotency.fingerprint,
            forgetBefore: new Date(now.getTime() - policy.idempotencyRetentionMs).toISOString(),
            respond: (result: SavedReview) => idempotency.respond(asReplayed(toResult(result))),
          },
        }
      : {}),
  });
  if (saved.kind === 'key-taken') return saved;
  forgetListingReviewStats(ctx, record.targetSlug);
  // The first answer is the result itself, token included; what was recorded for replays has none.
  return { kind: 'saved', result: toResult(saved) };
}
