import { getPackageInfo, packageInfoResultSchema } from '../../core/listings/get-package-info.ts';
import { slugInputSchema } from '../../core/listings/slug-input.ts';
import { parameters } from '../../core/params.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

export const getPackageRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/apis/:slug/package',
    {
      schema: {
        tags: ['listings'],
        summary: "The official SDK's registry facts",
        description:
          'Name, latest version and its date, type definitions, deprecation, repository and weekly downloads of the official package, as the registry was last read (readAt). `package` is null, with a message, when no official package is known. An unknown slug is a 404 with close matches.',
        params: slugInputSchema,
        querystring: parameters({}),
        response: { 200: packageInfoResultSchema, ...problemResponses(300, 301, 400, 404) },
      },
    },
    async (request) => getPackageInfo({ ctx, input: request.params }),
  );
};
