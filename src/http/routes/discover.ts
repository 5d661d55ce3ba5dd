import { discoverListingsBody, discoverListingsInView, discoverListingsInputSchema, discoverResultSchema } from '../../core/search/discover-listings.ts';
import { sendJsonText, sendJsonOnce } from '../json-once.ts';
import { problemResponses } from '../problem.ts';
import { SERVED_IN_TURN } from '../served-in-turn.ts';
import type { Route } from './route.ts';

export const discoverRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/discover',
    {
      ...SERVED_IN_TURN,
      schema: {
        tags: ['discovery'],
        summary: 'Discover listings by a described need',
        description:
          'Listings that serve the need in `q`, best first, each with its relevance (0..1), a confidence band and what it matched on. When nothing serves the need, `items` is empty and `noGoodMatch` says why and which categories to browse instead. ' +
          'A provider\'s products are one entry, its best match at its rank, with the others found named in `also`; `group=none` gives every listing.',
        querystring: discoverListingsInputSchema,
        response: { 200: discoverResultSchema, ...problemResponses(400) },
      },
    },
    async (request, reply) => {
      // Unless responses are checked against the schema, the answer goes out as the text the core writes from kept summaries.
      if (reply.server.checksResponses) return sendJsonOnce(reply, await discoverListingsInView({ ctx, input: request.query }));
      return sendJsonText(reply, await discoverListingsBody({ ctx, input: request.query }));
    },
  );
};
