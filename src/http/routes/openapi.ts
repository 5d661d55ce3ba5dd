import type { Route } from './route.ts';

export const openApiRoute: Route = async (app) => {
  app.get(
    '/openapi.json',
    {
      schema: {
        tags: ['service'],
        summary: 'This OpenAPI 3.1 document',
        description: 'Generated from the same zod schemas that validate every request.',
      },
    },
    async () => app.swagger(),
  );
};
