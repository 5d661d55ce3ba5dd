import { alternativesResultSchema, findAlternatives, findAlternativesParamsSchema, findAlternativesQuerySchema } from '../../core/search/find-alternatives.ts';
import { problemResponses } from '../problem.ts';
import { SERVED_IN_TURN } from '../served-in-turn.ts';
import type { Route } from './route.ts';

export const alternativesRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/apis/:slug/alternatives',
    {
      ...SERVED_IN_TURN,
      schema: {
        tags: ['listings'],
        summary: 'Find alternatives to a listing',
        description:
          'Listings that serve the same capabilities as the listing, ranked by how much of what it does they serve (each of its capabilities, and its description, ranked as a need of its own), at most `limit`. Each says what it does better, worse, or cannot be compared on (a missing score is "not scored", never worse). An unknown slug is a 404 with close matches in `suggestions`.',
        params: findAlternativesParamsSchema,
        querystring: findAlternativesQuerySchema,
        response: { 200: alternativesResultSchema, ...problemResponses(300, 301, 400, 404) },
      },
    },
    async (request) => findAlternatives({ ctx, input: { ...request.params, ...request.query } }),
  );
};
