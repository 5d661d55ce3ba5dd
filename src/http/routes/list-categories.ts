import { z } from 'zod';
import { categorySchema, listCategories, listCategoriesInputSchema } from '../../core/listings/list-categories.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

export const listCategoriesRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['browse'],
        summary: 'List categories with counts',
        description: 'Every category with its number of listings and its subcategories, largest first.',
        querystring: listCategoriesInputSchema,
        response: { 200: z.object({ items: z.array(categorySchema) }), ...problemResponses(400) },
      },
    },
    async (request) => ({ items: await listCategories({ ctx, input: request.query }) }),
  );
};
