import { z } from 'zod';
import { categorySchema, listCategories } from '../../core/listings/list-categories.ts';
import type { Route } from './route.ts';

export const listCategoriesRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['listings'],
        summary: 'List categories with counts',
        description: 'Every category with its number of listings and its subcategories, largest first.',
        response: { 200: z.object({ items: z.array(categorySchema) }) },
      },
    },
    async () => ({ items: await listCategories({ ctx }) }),
  );
};
