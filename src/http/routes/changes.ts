import { listChanges, listChangesInputSchema, listChangesResultSchema } from '../../core/catalogue/list-changes.ts';
import { getListingHistory, listingHistoryQuerySchema, listingHistorySchema } from '../../core/listings/get-listing-history.ts';
import { slugInputSchema } from '../../core/listings/slug-input.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

export const changesRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/changes',
    {
      schema: {
        tags: ['changes'],
        summary: 'What changed in the catalogue',
        description:
          'Every change to a listing (sync, import, enrichment, an approved submission), oldest first: the fields that changed with old and new values and their evidence, the scores before and after, and the cause. Page with `since`: the `next` of the previous answer, or an RFC 3339 instant. Cursors are revisions, the same on every server of one store. A bad cursor is a 400.',
        querystring: listChangesInputSchema,
        response: { 200: listChangesResultSchema, ...problemResponses(400) },
      },
    },
    async (request) => listChanges({ ctx, input: request.query }),
  );

  app.get(
    '/api/apis/:slug/history',
    {
      schema: {
        tags: ['changes'],
        summary: "A listing's versions",
        description: 'What changed in the listing each time, newest first, with the cause and the scores before and after. An unknown slug is a 404 with close matches.',
        params: slugInputSchema,
        querystring: listingHistoryQuerySchema,
        response: { 200: listingHistorySchema, ...problemResponses(300, 301, 400, 404) },
      },
    },
    async (request) => getListingHistory({ ctx, input: { ...request.params, ...request.query } }),
  );
};
