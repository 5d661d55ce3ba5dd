import { z } from 'zod';
import { categoryListingsSchema, listCategoryListings, listCategoryListingsInputSchema } from '../../core/listings/list-category-listings.ts';
import { parameters } from '../../core/params.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

const { category: _category, ...query } = listCategoryListingsInputSchema.shape;

export const listCategoryListingsRoute: Route = async (app, { ctx }) => {
  app.get(
    '/api/categories/:slug',
    {
      schema: {
        tags: ['browse'],
        summary: "A category's listings, in numbered pages",
        description:
          'What the category page /categories/{slug} shows: its listings (or one subcategory\'s) best first by `sort`, filtered, `limit` entries a page. A provider\'s products are one entry, its best-placed product, with the others named in `also`, so the first page names each provider once; `group=none` lists every listing. An unknown category is a 404 with the nearest slugs in `categorySuggestions`.',
        params: z.object({ slug: listCategoryListingsInputSchema.shape.category }),
        querystring: parameters(query),
        response: {
          200: categoryListingsSchema.extend({ next: z.string().nullable().describe('Path of the next page, or null on the last.') }),
          ...problemResponses(400, 404),
        },
      },
    },
    async (request) => {
      const result = await listCategoryListings({ ctx, input: { ...(request.query as object), category: request.params.slug } });
      let next: string | null = null;
      if (result.page < result.pages) {
        const url = new URL(request.url, 'http://apidex.invalid');
        url.searchParams.set('page', String(result.page + 1));
        next = `${url.pathname}${url.search}`;
      }
      return { ...result, next };
    },
  );
};
