import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { SUBMISSION_BODY_LIMIT, submissionInputSchema } from '../../core/submissions/submission-schema.ts';
import { submitListing, submitListingResultSchema, type SubmitListingResult } from '../../core/submissions/submit-listing.ts';
import { idempotentPost } from '../idempotency.ts';
import { problemResponses } from '../problem.ts';
import { clientAddressOf } from '../rate-limit.ts';
import type { Route } from './route.ts';

const respond = (result: SubmitListingResult) => ({ statusCode: 202, location: result.submission.links.self, body: JSON.stringify(result) });

const problems = problemResponses(400, 409, 413, 415, 422, 429);
problems[409] = {
  ...problems[409]!,
  description:
    'A duplicate, and nothing was queued: the API is already listed (`existingSlug`, `existing`: its path) or already proposed and pending (`existingSubmissionId`, `existingSubmission`). Also a retry while the first request with the same Idempotency-Key is in flight.',
};
problems[413] = { ...problems[413]!, description: `The body is larger than ${SUBMISSION_BODY_LIMIT / 1024} KiB.` };

export const submitListingRoute: Route = async (app, { ctx }) => {
  const post = idempotentPost(ctx);

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
    async (request, reply) =>
      post(request, reply as unknown as FastifyReply, async (idempotency) => {
        const outcome = await submitListing({ ctx, input: request.body, client: { address: clientAddressOf(request) }, ...(idempotency ? { idempotency: { ...idempotency, respond } } : {}) });
        if (outcome.kind !== 'queued') return 'key-taken';
        request.log.info({ submission: outcome.result.submission.id, name: outcome.result.submission.name }, 'submission queued for moderation');
        return outcome.response ?? respond(outcome.result);
      }),
  );
};
