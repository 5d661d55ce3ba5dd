import { recommendListing, recommendListingInputSchema, recommendResultSchema, RELEVANCE_BAND } from '../../core/search/recommend-listing.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

export const recommendRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/recommend',
    {
      schema: {
        tags: ['discovery'],
        summary: 'Recommend one listing and a runner-up for a task',
        description: [
          'One pick and a runner-up for the task in `task` (or its alias `q`), in any category, each with `reasoning` built from its data: what it matched, both scores and their parts, pricing tier and review evidence when there is any.',
          `The rule: relevance first; among the listings within ${RELEVANCE_BAND} of the best relevance, CLI relevance and then quality break the tie, but only where one listing is surely higher. A missing score is unknown (0 to 10), never 0, so it neither wins nor loses a tie-break; then relevance, then name.`,
          'Constraints: `free`, `pricing`, `minCliScore`, `envVarAuth`, `headless`, `category`. When nothing fits, `recommendation` is null and `message` says how many listings serve the task and which constraint shuts them out.',
        ].join('\n\n'),
        querystring: recommendListingInputSchema,
        response: { 200: recommendResultSchema, ...problemResponses(400) },
      },
    },
    async (request) => recommendListing({ ctx, input: request.query }),
  );
};
