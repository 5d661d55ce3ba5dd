import { z } from 'zod';
import { categorySchema, listCategories, listCategoriesInputSchema } from '../../core/listings/list-categories.ts';
import { categoriesText } from '../../client/text.ts';
import { sameInput, type ToolDefinition } from '../tool.ts';

export const listCategoriesTool: ToolDefinition = {
  name: 'list_categories',
  title: 'List categories',
  description:
    'Every category of the directory with its number of listings and its subcategories, largest first. ' +
    'Use it to see what the directory covers, or to get a category name or slug for the category filter of search_apis, discover_apis and recommend_api.',
  input: sameInput(listCategoriesInputSchema),
  output: z.object({ items: z.array(categorySchema) }),
  readOnly: true,
  async run(args, { core }) {
    const items = await listCategories({ ctx: core, input: args as never });
    return { structured: { items }, text: categoriesText(items) };
  },
};
