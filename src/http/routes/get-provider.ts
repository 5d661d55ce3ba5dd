import { getProvider, getProviderInputSchema, providerDetailSchema } from '../../core/providers/get-provider.ts';
import { parameters } from '../../core/params.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

export const getProviderRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/providers/:id',
    {
      schema: {
        tags: ['browse'],
        summary: 'Read a provider and its products',
        description:
          'A provider by its id (from its domain: twilio.com → "twilio") with every product the directory lists, each with what it does, its category and both scores. List items name the provider of a grouped entry in `also.provider.id`, and a listing in `provider.id`. An unknown id is a 404 with close ids in `suggestions`.',
        params: getProviderInputSchema,
        querystring: parameters({}),
        response: { 200: providerDetailSchema, ...problemResponses(400, 404) },
      },
    },
    async (request) => getProvider({ ctx, input: request.params }),
  );
};
