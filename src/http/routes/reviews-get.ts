import { getReview, getReviewInputSchema } from '../../core/reviews/get-review.ts';
import { reviewSchema } from '../../core/reviews/review-schema.ts';
import { parameters } from '../../core/params.ts';
import { problemResponses } from '../problem.ts';
import { checkAdmin, type AdminAwareRoute } from './admin-auth.ts';

export const getReviewRoute: AdminAwareRoute = async (app, { ctx, adminToken }) => {
  app.get(
    '/api/reviews/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Read one review',
        description: 'A published review by id. With `Authorization: Bearer <admin token>`, a review in any state (pending, rejected). A review that is not published is a 404 to everyone else.',
        params: getReviewInputSchema,
        querystring: parameters({}),
        response: { 200: reviewSchema, ...problemResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const access = checkAdmin(request, reply, adminToken, { optional: true });
      if (access === false) return reply;
      return getReview({ ctx, input: request.params, asModerator: access === 'admin' });
    },
  );
};
