import { compareListings, compareListingsInputSchema, compareResultSchema } from '../../core/search/compare-listings.ts';
import { problemResponses } from '../problem.ts';
import { SERVED_IN_TURN } from '../served-in-turn.ts';
import type { Route } from './route.ts';

export const compareRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/compare',
    {
      ...SERVED_IN_TURN,
      schema: {
        tags: ['discovery'],
        summary: 'Compare two to five listings',
        description: [
          'The listings named in `slugs` (2 to 5, comma-separated, each once), each in the listing-detail shape: every CLI criterion passed, failed or not assessed (never shown as failed when unknown), both scores with their parts, plus the capabilities it shares with the others and how it differs from each.',
          'The `verdict` rests only on known scores: a missing score is unknown, never 0; `missingScores` names each one and `status` says whether the verdict is settled, provisional, split, tied or open.',
          'An unknown slug is a 404 naming it, with close matches in `suggestions`; a repeated slug, or fewer than 2 or more than 5, is a 400.',
        ].join('\n\n'),
        querystring: compareListingsInputSchema,
        response: { 200: compareResultSchema, ...problemResponses(400, 404) },
      },
    },
    async (request) => compareListings({ ctx, input: request.query }),
  );
};
