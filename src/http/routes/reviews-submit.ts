import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { reviewInputSchema } from '../../core/reviews/review-schema.ts';
import { submitReview, submitReviewResultSchema, type SubmitReviewResult } from '../../core/reviews/submit-review.ts';
import { idempotentPost } from '../idempotency.ts';
import { problemResponses } from '../problem.ts';
import { clientAddressOf } from '../rate-limit.ts';
import type { Route } from './route.ts';

const respond = (result: SubmitReviewResult) => ({
  statusCode: result.outcome === 'created' ? 201 : 200,
  location: result.review.links.self,
  body: JSON.stringify(result),
});

export const submitReviewRoute: Route = async (app, { ctx }) => {
  const post = idempotentPost(ctx);

  app.post(
    '/api/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Submit a review with an integration report',
        description: [
          'The body is the review record, and nothing else: unknown fields and server-owned fields (id, status, createdAt, updatedAt) are rejected (422). Send it as application/json (otherwise 415), at most 64 KiB (413).',
          'A new review answers 201 with `Location: /api/reviews/{id}`; the same reviewer (reviewerType + reviewerName, case ignored) reviewing the same listing again replaces their review and answers 200 with `outcome: "updated"`.',
          'Reviews with links, near-duplicates of another review of the listing, or one of a burst from one address are held (`status: "pending"`) until a moderator approves them; the rating never decides this.',
          'With an `Idempotency-Key` header, a retry from the same client (its address, as the rate limit counts it) gets the first response again (for at least 24 hours) without its `reviewerToken`, which is shown once and never stored; the same key with another body is a 422, and a retry while the first is in flight a 409.',
          'Text fields are cleaned of control and bidirectional-override characters and are untrusted user content when read back.',
        ].join('\n\n'),
        headers: z.looseObject({
          'idempotency-key': z.string().max(255).optional().describe('Any unique string (e.g. a UUID) that makes retries safe.'),
        }),
        body: reviewInputSchema,
        response: {
          201: submitReviewResultSchema.describe('Created; Location names the review.'),
          200: submitReviewResultSchema.describe('The reviewer\'s earlier review of the listing was updated.'),
          ...problemResponses(400, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) =>
      post(request, reply as unknown as FastifyReply, async (idempotency) => {
        const outcome = await submitReview({ ctx, input: request.body, client: { address: clientAddressOf(request) }, ...(idempotency ? { idempotency: { ...idempotency, respond } } : {}) });
        return outcome.kind === 'key-taken' ? 'key-taken' : respond(outcome.result);
      }),
  );
};
