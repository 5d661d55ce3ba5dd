import { z } from 'zod';
import { approveSubmission } from '../../core/submissions/approve-submission.ts';
import { getSubmissionInputSchema } from '../../core/submissions/get-submission.ts';
import { rejectSubmission, rejectSubmissionInputSchema } from '../../core/submissions/reject-submission.ts';
import { SUBMISSION_LIMITS, submissionSchema } from '../../core/submissions/submission-schema.ts';
import { problemResponses } from '../problem.ts';
import { checkAdmin, type AdminAwareRoute } from './admin-auth.ts';

// Short words only: the website's API reference shows this in a table cell at 360 px.
const conflictText = 'The submission was already approved or rejected (see its status), or the API it proposes was listed meanwhile (existingSlug names it): reject it as a duplicate.';

export const adminDecideSubmissionRoute: AdminAwareRoute = async (app, { ctx, adminToken }) => {
  const guard = {
    // Before the body is validated: who asks is checked first.
    onRequest: async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      if (!checkAdmin(request, reply, adminToken)) return reply;
    },
  };
  const approveProblems = problemResponses(400, 401, 403, 404, 409, 415, 422, 429);
  approveProblems[409] = { ...approveProblems[409]!, description: conflictText };
  const rejectProblems = problemResponses(400, 401, 403, 404, 409, 415, 422, 429);
  rejectProblems[409] = { ...rejectProblems[409]!, description: 'The submission was already approved or rejected (see its status).' };

  app.post(
    '/api/admin/submissions/:id/approve',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Approve a submission: list it',
        description:
          'Creates the listing from a pending submission, in the store and the catalogue at once, under the slug it asked for or one made from its name ("-2", "-3", … when taken); criteria its OpenAPI document evidences replace the submitter\'s claims. The decision is logged. Needs `Authorization: Bearer <APIDEX_ADMIN_TOKEN>`.',
        security: [{ adminToken: [] }],
        params: getSubmissionInputSchema,
        // Fastify hands a request without a body over as null.
        body: z.strictObject({ reason: z.string().max(SUBMISSION_LIMITS.reason).optional().describe('Why, for the decision log.') }).nullish(),
        response: { 200: submissionSchema.describe('The approved submission; `slug` and `links.listing` name the new listing.'), ...approveProblems },
      },
      ...guard,
    },
    async (request) => {
      const submission = await approveSubmission({ ctx, input: { id: request.params.id, ...(request.body?.reason !== undefined ? { reason: request.body.reason } : {}) }, actor: 'admin' });
      request.log.info({ submission: submission.id, slug: submission.slug }, 'submission approved and listed');
      return submission;
    },
  );

  app.post(
    '/api/admin/submissions/:id/reject',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Reject a submission, with a reason',
        description: 'Rejects a pending submission; the reason is required and the submitter reads it with the status. The decision is logged. Needs `Authorization: Bearer <APIDEX_ADMIN_TOKEN>`.',
        security: [{ adminToken: [] }],
        params: getSubmissionInputSchema,
        body: rejectSubmissionInputSchema.omit({ id: true }),
        response: { 200: submissionSchema, ...rejectProblems },
      },
      ...guard,
    },
    async (request) => {
      const submission = await rejectSubmission({ ctx, input: { id: request.params.id, reason: request.body.reason }, actor: 'admin' });
      request.log.info({ submission: submission.id }, 'submission rejected');
      return submission;
    },
  );
};
