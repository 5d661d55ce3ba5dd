import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEFAULT_REVIEW_POLICY } from '../../core/reviews/review-policy.ts';
import { reviewInputSchema } from '../../core/reviews/review-schema.ts';
import { submitReview, submitReviewResultSchema, type SubmitReviewResult } from '../../core/reviews/submit-review.ts';
import type { IdempotentResponse } from '../../storage/store.ts';
import { idempotencyKeyOf, InFlightKeys, requestFingerprint } from '../idempotency.ts';
import { problemResponses, sendProblem, toProblem } from '../problem.ts';
import { clientAddressOf } from '../rate-limit.ts';
import type { Route } from './route.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Every this many keyed requests, keys past retention are deleted. */
const PURGE_EVERY = 100;

const respond = (result: SubmitReviewResult) => ({
  statusCode: result.outcome === 'created' ? 201 : 200,
  location: result.review.links.self,
  body: JSON.stringify(result),
});

export const submitReviewRoute: Route = async (app, { ctx }) => {
  const inFlight = new InFlightKeys();
  const policy = ctx.reviewPolicy ?? DEFAULT_REVIEW_POLICY;
  let keyedRequests = 0;

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
          'With an `Idempotency-Key` header, a retry gets the first response again byte for byte (for at least 24 hours), the same key with another body is a 422, and a retry while the first is in flight a 409.',
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
    async (request, reply) => {
      // The recorded text is sent as it is, so a replay is byte for byte the first answer.
      const raw = reply as unknown as FastifyReply;
      const send = (response: Pick<IdempotentResponse, 'statusCode' | 'location' | 'body'>, replayed = false) => {
        raw.code(response.statusCode).type(JSON_TYPE).header('cache-control', 'no-store');
        if (response.location) raw.header('location', response.location);
        if (replayed) raw.header('idempotent-replayed', 'true');
        return raw.send(response.body);
      };
      const client = { address: clientAddressOf(request) };
      const key = idempotencyKeyOf(request);
      if (key === undefined) {
        const outcome = await submitReview({ ctx, input: request.body, client });
        if (outcome.kind !== 'saved') throw new Error('A review without an idempotency key cannot collide with one.');
        return send(respond(outcome.result));
      }

      const fingerprint = requestFingerprint(request, request.body);
      const replay = async () => {
        const recorded = await ctx.store.getIdempotentResponse(key);
        if (!recorded || Date.parse(recorded.createdAt) < Date.now() - policy.idempotencyRetentionMs) return undefined;
        if (recorded.fingerprint !== fingerprint) {
          return sendProblem(
            reply,
            toProblem('invalid_input', `The Idempotency-Key "${key}" was first used with another request body; use a new key for a new request.`, {
              instance: request.url,
              status: 422,
              fields: [{ field: 'Idempotency-Key', in: 'header', message: 'this key was already used with a different body; send a new key, or resend the first body unchanged' }],
            }),
          );
        }
        return send(recorded, true);
      };
      const conflict = () => {
        reply.header('retry-after', '1');
        return sendProblem(reply, toProblem('conflict', `A request with the Idempotency-Key "${key}" is still being handled; retry in a second to get its response.`, { instance: request.url }));
      };

      const answered = await replay();
      if (answered) return answered;
      if (!inFlight.claim(key)) return conflict();
      try {
        keyedRequests += 1;
        if (keyedRequests % PURGE_EVERY === 0) await ctx.store.purgeIdempotencyKeys(new Date(Date.now() - policy.idempotencyRetentionMs).toISOString());
        const outcome = await submitReview({ ctx, input: request.body, client, idempotency: { key, fingerprint, respond } });
        if (outcome.kind === 'key-taken') return (await replay()) ?? conflict();
        return send(outcome.response ?? respond(outcome.result));
      } finally {
        inFlight.release(key);
      }
    },
  );
};
