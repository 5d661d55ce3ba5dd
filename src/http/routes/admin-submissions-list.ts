import { listSubmissions, listSubmissionsInputSchema, submissionQueueSchema } from '../../core/submissions/list-submissions.ts';
import { problemResponses } from '../problem.ts';
import { checkAdmin, type AdminAwareRoute } from './admin-auth.ts';

export const adminListSubmissionsRoute: AdminAwareRoute = async (app, { ctx, adminToken }) => {
  app.get(
    '/api/admin/submissions',
    {
      schema: {
        tags: ['moderation'],
        summary: 'List proposed listings awaiting a decision',
        description:
          'Submissions in one state, pending by default, oldest first (the queue in arrival order), each with its automatic assessment and possible duplicates. Needs `Authorization: Bearer <APIDEX_ADMIN_TOKEN>` (none: 401, another token: 403; no token configured: the endpoint is disabled, 404).',
        security: [{ adminToken: [] }],
        querystring: listSubmissionsInputSchema,
        response: { 200: submissionQueueSchema, ...problemResponses(400, 401, 403, 404, 429) },
      },
      onRequest: async (request, reply) => {
        if (!checkAdmin(request, reply, adminToken)) return reply;
      },
    },
    async (request) => listSubmissions({ ctx, input: request.query }),
  );
};
