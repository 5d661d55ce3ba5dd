import { parameters } from '../../core/params.ts';
import { getSubmission, getSubmissionInputSchema } from '../../core/submissions/get-submission.ts';
import { submissionSchema } from '../../core/submissions/submission-schema.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

export const getSubmissionRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/apis/submissions/:id',
    {
      schema: {
        tags: ['submissions'],
        summary: 'Follow a submission',
        description:
          'The status of a proposed listing, by the id POST /api/apis/submit answered with: `pending`, `approved` (with `slug` and `links.listing` of the new listing) or `rejected` (with `decision.reason`). The id is the submitter\'s tracking number: anyone who holds it can read the status.',
        params: getSubmissionInputSchema,
        querystring: parameters({}),
        response: { 200: submissionSchema, ...problemResponses(400, 404, 429) },
      },
    },
    async (request) => getSubmission({ ctx, input: request.params }),
  );
};
