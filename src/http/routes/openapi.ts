import { z } from 'zod';
import type { Route } from './route.ts';

const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string().describe('"3.1.0".'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()).describe('Every operation, by path and method.'),
  })
  .describe('OK: the OpenAPI 3.1 document (see the OpenAPI Specification for its fields).');

export const openApiRoute: Route = async (app) => {
  app.get(
    '/openapi.json',
    {
      schema: {
        tags: ['service'],
        summary: 'This OpenAPI 3.1 document',
        description: 'Generated from the same zod schemas that validate every request.',
        response: { 200: openApiDocumentSchema },
      },
    },
    // The v2-or-v3 union app.swagger() is typed as; app.ts configures OpenAPI 3.1.
    async () => app.swagger() as z.output<typeof openApiDocumentSchema>,
  );
};
