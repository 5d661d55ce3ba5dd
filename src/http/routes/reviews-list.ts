import { listReviews, listReviewsInputSchema, listReviewsResultSchema } from '../../core/reviews/list-reviews.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

export const listReviewsRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'List a listing\'s published reviews with statistics',
        description:
          'Published reviews of the listing `slug`, newest first, with `stats` (count, average rating and sub-scores, recommend rate) and `integrationStats` (auth success rate, mean time to first request, headless rate) over all of them. Integration statistics count only reports with live evidence (sandbox-live, production-live). Every average carries its sample size and is null without one. Page with `next`.',
        querystring: listReviewsInputSchema,
        response: { 200: listReviewsResultSchema, ...problemResponses(400, 404, 429) },
      },
    },
    async (request) => listReviews({ ctx, input: request.query }),
  );
};
