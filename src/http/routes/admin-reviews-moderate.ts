import { z } from 'zod';
import { getReviewInputSchema } from '../../core/reviews/get-review.ts';
import { MODERATION_ACTIONS, moderateReview } from '../../core/reviews/moderate-review.ts';
import { reviewSchema } from '../../core/reviews/review-schema.ts';
import { problemResponses } from '../problem.ts';
import { checkAdmin, type AdminAwareRoute } from './admin-auth.ts';

const bodySchema = z
  .strictObject({ reason: z.string().max(500).optional().describe('Why, for the moderation log.') })
  // Fastify hands a request without a body over as null.
  .nullish();

export const adminModerateReviewRoute: AdminAwareRoute = async (app, { ctx, adminToken }) => {
  for (const action of MODERATION_ACTIONS) {
    app.post(
      `/api/admin/reviews/:id/${action}`,
      {
        schema: {
          tags: ['moderation'],
          summary: action === 'approve' ? 'Publish a review' : 'Reject a review',
          description: `${action === 'approve' ? 'Publishes' : 'Rejects'} the review whatever its state and logs the decision. Needs \`Authorization: Bearer <APIDEX_ADMIN_TOKEN>\`.`,
          security: [{ adminToken: [] }],
          params: getReviewInputSchema,
          body: bodySchema,
          response: { 200: reviewSchema, ...problemResponses(400, 401, 403, 404, 415, 422, 429) },
        },
        // Before the body is validated: who asks is checked first.
        onRequest: async (request, reply) => {
          if (!checkAdmin(request, reply, adminToken)) return reply;
        },
      },
      async (request) => {
        return moderateReview({ ctx, input: { id: request.params.id, action, ...(request.body?.reason !== undefined ? { reason: request.body.reason } : {}) }, actor: 'admin' });
      },
    );
  }
};
