import { getListing, getListingInputSchema } from '../../core/listings/get-listing.ts';
import { listingDetailSchema } from '../../core/listings/listing-detail.ts';
import { parameters } from '../../core/params.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

export const getApiRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/apis/:slug',
    {
      schema: {
        tags: ['listings'],
        summary: 'Read one listing in full',
        description:
          'One listing by its exact slug, with both scores and all their parts, capabilities, install instruction and FAQ. An unknown slug is a 404 with close matches in `suggestions`; another listing is never served in its place.',
        params: getListingInputSchema,
        querystring: parameters({}),
        response: { 200: listingDetailSchema, ...problemResponses(300, 301, 400, 404) },
      },
    },
    async (request) => getListing({ ctx, input: request.params }),
  );
};
