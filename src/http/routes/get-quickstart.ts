import { getQuickstart, quickstartSchema } from '../../core/listings/get-quickstart.ts';
import { slugInputSchema } from '../../core/listings/slug-input.ts';
import { parameters } from '../../core/params.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

export const getQuickstartRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/apis/:slug/quickstart',
    {
      schema: {
        tags: ['listings'],
        summary: 'How to call the API from a script',
        description:
          "Derived from the listing's evidence (the API's own OpenAPI document, the SDK's registry document): the base URL, how the credential is sent and a suggested environment variable for it, a safe first GET as curl and as Node fetch, the SDK's install and import lines, documented rate limits, and gotchas. Every field carries the pointer it was read at; a field no source shows is null. An unknown slug is a 404 with close matches.",
        params: slugInputSchema,
        querystring: parameters({}),
        response: { 200: quickstartSchema, ...problemResponses(300, 301, 400, 404) },
      },
    },
    async (request) => getQuickstart({ ctx, input: request.params }),
  );
};
