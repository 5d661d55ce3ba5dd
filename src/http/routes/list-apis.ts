import { z } from 'zod';
import { compactListingSchema, toCompactListing } from '../../core/listings/compact-listing.ts';
import { listingSummarySchema } from '../../core/listings/listing-detail.ts';
import { lookupListings, lookupListingsInputSchema } from '../../core/search/lookup-listings.ts';
import { AnswerCache } from '../../core/catalogue/answer-cache.ts';
import { sendJsonOnce } from '../json-once.ts';
import { problemResponses } from '../problem.ts';
import { SERVED_IN_TURN } from '../served-in-turn.ts';
import type { Route } from './route.ts';

/** Pages by their URL: the `next` link keeps the parameters as the caller wrote them. */
const pages = new AnswerCache<{ items: unknown[]; total: number; next: string | null }>(500);

export const listApisRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/apis',
    {
      ...SERVED_IN_TURN,
      schema: {
        tags: ['listings'],
        summary: 'Look up listings by text',
        description:
          'Listings matching `q`, best first (an exact name or slug first), at most `limit`. Without `q`, every listing in name order. Filter by category, pricing tier and minimum CLI relevance; page with the `next` link. A relevance cursor expires when the catalogue changes (400; start again). ' +
          'A provider\'s products are one entry, its best-placed product, with the others named in `also` (so a category\'s first page names each provider once); `group=none` gives every listing.',
        querystring: lookupListingsInputSchema,
        response: {
          200: z.object({
            items: z.array(z.union([listingSummarySchema, compactListingSchema])).describe('In the view asked for: full (the default) or compact.'),
            total: z.number().int().describe('How many entries match in all: a provider\'s products count once unless group=none.'),
            next: z.string().nullable().describe('Path of the next page, or null on the last.'),
          }),
          ...problemResponses(400),
        },
      },
    },
    async (request, reply) => {
      const page = await pages.get(ctx.catalogue, request.url, async () => {
        const result = await lookupListings({ ctx, input: request.query });
        let next: string | null = null;
        if (result.nextCursor) {
          const url = new URL(request.url, 'http://apidex.invalid');
          url.searchParams.set('cursor', result.nextCursor);
          next = `${url.pathname}${url.search}`;
        }
        const compact = (request.query as { view?: string }).view === 'compact';
        return { items: compact ? result.items.map(toCompactListing) : result.items, total: result.total, next };
      });
      return sendJsonOnce(reply, page);
    },
  );
};
