import { listModerationQueueInputSchema, listPendingReviews, moderationQueueSchema } from '../../core/reviews/list-pending-reviews.ts';
import { problemResponses } from '../problem.ts';
import { checkAdmin, type AdminAwareRoute } from './admin-auth.ts';

export const adminListReviewsRoute: AdminAwareRoute = async (app, { ctx, adminToken }) => {
  app.get(
    '/api/admin/reviews',
    {
      schema: {
        tags: ['moderation'],
        summary: 'List reviews awaiting moderation',
        description: 'Reviews in one state, pending by default, newest first. Needs `Authorization: Bearer <APIDEX_ADMIN_TOKEN>` (none: 401, another token: 403; no token configured: the endpoint is disabled, 404).',
        security: [{ adminToken: [] }],
        querystring: listModerationQueueInputSchema,
        response: { 200: moderationQueueSchema, ...problemResponses(400, 401, 403, 404, 429) },
      },
      onRequest: async (request, reply) => {
        if (!checkAdmin(request, reply, adminToken)) return reply;
      },
    },
    async (request) => {
      return listPendingReviews({ ctx, input: request.query });
    },
  );
};
