import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEFAULT_REVIEW_POLICY } from '../../core/reviews/review-policy.ts';
import { SUBMISSION_BODY_LIMIT, submissionInputSchema } from '../../core/submissions/submission-schema.ts';
import { submitListing, submitListingResultSchema, type SubmitListingResult } from '../../core/submissions/submit-listing.ts';
import type { IdempotentResponse } from '../../storage/store.ts';
import { idempotencyKeyOf, InFlightKeys, requestFingerprint } from '../idempotency.ts';
import { problemResponses, sendProblem, toProblem } from '../problem.ts';
import { clientAddressOf } from '../rate-limit.ts';
import type { Route } from './route.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Every this many keyed requests, keys past retention are deleted. */
const PURGE_EVERY = 100;

const respond = (result: SubmitListingResult) => ({ statusCode: 202, location: result.submission.links.self, body: JSON.stringify(result) });

const problems = problemResponses(400, 409, 413, 415, 422, 429);
problems[409] = {
  ...problems[409]!,
  description:
    'A duplicate, and nothing was queued: the API is already listed (`existingSlug`, `existing`: its path) or already proposed and pending (`existingSubmissionId`, `existingSubmission`). Also a retry while the first request with the same Idempotency-Key is in flight.',
};
problems[413] = { ...problems[413]!, description: `The body is larger than ${SUBMISSION_BODY_LIMIT / 1024} KiB.` };

export const submitListingRoute: Route = async (app, { ctx }) => {
  const inFlight = new InFlightKeys();
  const policy = ctx.reviewPolicy ?? DEFAULT_REVIEW_POLICY;
  let keyedRequests = 0;

  app.post(
    '/api/apis/submit',
    {
      bodyLimit: SUBMISSION_BODY_LIMIT,
      schema: {
        tags: ['submissions'],
        summary: 'Propose a listing',
        description: [
          'The body is a listing as the catalogue holds it (the listing schema; `slug` optional) plus, optionally, `openApiDocument` (the API\'s OpenAPI 3.x or Swagger 2.0 document as JSON or YAML text) and `submittedBy`. It is as strict as a catalogue file: unknown and server-owned fields are a 422 naming them, as is every invalid field with its fix; nothing is stored. Send application/json (otherwise 415), at most 512 KiB (413).',
          'A new proposal answers 202 with `Location: /api/apis/submissions/{id}`: it is pending until a moderator approves it (it is then listed, under the slug asked for or one made from its name) or rejects it with a reason. The criteria an OpenAPI document evidences are assessed from it and shown in `assessment`.',
          'An API that is already listed (same name and url host, or the exact slug asked for) is a 409 problem with `existingSlug`; one already proposed and pending is a 409 with `existingSubmissionId`. Nothing is queued either way; every decision is logged.',
          'With an `Idempotency-Key` header, a retry gets the first response again byte for byte (for at least 24 hours), the same key with another body is a 422, and a retry while the first is in flight a 409. Counts against the write rate limit.',
        ].join('\n\n'),
        headers: z.looseObject({
          'idempotency-key': z.string().max(255).optional().describe('Any unique string (e.g. a UUID) that makes retries safe.'),
        }),
        body: submissionInputSchema,
        response: {
          202: submitListingResultSchema.describe('Queued for a moderator; Location names the submission.'),
          ...problems,
        },
      },
    },
    async (request, reply) => {
      const raw = reply as unknown as FastifyReply;
      const send = (response: Pick<IdempotentResponse, 'statusCode' | 'location' | 'body'>, replayed = false) => {
        raw.code(response.statusCode).type(JSON_TYPE).header('cache-control', 'no-store');
        if (response.location) raw.header('location', response.location);
        if (replayed) raw.header('idempotent-replayed', 'true');
        return raw.send(response.body);
      };
      const client = { address: clientAddressOf(request) };
      const logQueued = (result: SubmitListingResult) => request.log.info({ submission: result.submission.id, name: result.submission.name }, 'submission queued for moderation');
      const key = idempotencyKeyOf(request);
      if (key === undefined) {
        const outcome = await submitListing({ ctx, input: request.body, client });
        if (outcome.kind !== 'queued') throw new Error('A submission without an idempotency key cannot collide with one.');
        logQueued(outcome.result);
        return send(respond(outcome.result));
      }

      const fingerprint = requestFingerprint(request, request.body);
      const replay = async () => {
        const recorded = await ctx.store.getIdempotentResponse(key);
        if (!recorded || Date.parse(recorded.createdAt) < Date.now() - policy.idempotencyRetentionMs) return undefined;
        if (recorded.fingerprint !== fingerprint) {
          return sendProblem(
            reply,
            toProblem('invalid_input', `The Idempotency-Key "${key}" was first used with another request; use a new key for a new request.`, {
              instance: request.url,
              status: 422,
              fields: [{ field: 'Idempotency-Key', in: 'header', message: 'this key was already used with a different body or endpoint; send a new key, or resend the first body unchanged' }],
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
        const outcome = await submitListing({ ctx, input: request.body, client, idempotency: { key, fingerprint, respond } });
        if (outcome.kind === 'key-taken') return (await replay()) ?? conflict();
        logQueued(outcome.result);
        return send(outcome.response ?? respond(outcome.result));
      } finally {
        inFlight.release(key);
      }
    },
  );
};
