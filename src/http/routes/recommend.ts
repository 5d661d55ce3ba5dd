import { PRIORITY_BAND, recommendListing, recommendListingInputSchema, recommendResultSchema, RELEVANCE_BAND } from '../../core/search/recommend-listing.ts';
import { problemResponses } from '../problem.ts';
import { SERVED_IN_TURN } from '../served-in-turn.ts';
import type { Route } from './route.ts';

export const recommendRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/recommend',
    {
      ...SERVED_IN_TURN,
      schema: {
        tags: ['discovery'],
        summary: 'Recommend one listing and a runner-up for a task',
        description: [
          'One pick and a runner-up for the task in `task` (or its alias `q`), in any category, each with `reasoning` built from its data: what it matched, both scores and their parts, pricing tier and review evidence when there is any.',
          `The rule: relevance first; among the listings within ${RELEVANCE_BAND} of the best relevance, CLI relevance and then quality break the tie, but only where one listing is surely higher. A missing score is unknown (0 to 10), never 0, so it neither wins nor loses a tie-break; then relevance, then name.`,
          'Constraints: `free`, `pricing`, `minCliScore`, `envVarAuth`, `headless`, `category`, and `constraints=no-credit-card,free-tier` from curated pricing facts. When nothing fits, `recommendation` is null and `message` says how many listings serve the task and which constraint shuts them out.',
          `By volume, budget and priority (ADR 27): \`volume\` is billed units per month, each candidate priced in its own billed unit (named in \`cost.unit\`) from its curated pricing facts: the free allowance, pay-as-you-go, or the cheapest plan that covers the volume with its overage. An unknown cost is null, never 0, and never ranked as cheaper. \`budget\` (US dollars per month) leaves out candidates whose known cost is above it. \`priority\` ranks the candidates within ${PRIORITY_BAND} of the best relevance: \`cost\` (lowest known cost; needs volume), \`simplicity\` (highest CLI relevance), \`scale\` (highest documented rate limit). \`ranking\` lists every candidate with its cost and the facts, with their pages, that decided.`,
        ].join('\n\n'),
        querystring: recommendListingInputSchema,
        response: { 200: recommendResultSchema, ...problemResponses(400) },
      },
    },
    async (request) => recommendListing({ ctx, input: request.query }),
  );
};
