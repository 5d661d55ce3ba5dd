import { z } from 'zod';
import type { CoreContext } from '../context.ts';

export const listCategoriesInputSchema = z.object({});

export const categorySchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    count: z.number().int(),
    subcategories: z.array(z.object({ name: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

/** Every category with its number of listings and its subcategories, largest first. */
export async function listCategories({ ctx }: { ctx: CoreContext; input?: z.input<typeof listCategoriesInputSchema> }): Promise<Category[]> {
  const categories = new Map<string, { name: string; count: number; subcategories: Map<string, number> }>();
  for (const { detail } of ctx.catalogue.all()) {
    const category = categories.get(detail.categorySlug) ?? { name: detail.category, count: 0, subcategories: new Map() };
    category.count += 1;
    if (detail.subcategory) category.subcategories.set(detail.subcategory, (category.subcategories.get(detail.subcategory) ?? 0) + 1);
    categories.set(detail.categorySlug, category);
  }
  const byCountThenName = (a: { name: string; count: number }, b: { name: string; count: number }) => b.count - a.count || a.name.localeCompare(b.name);
  return [...categories.entries()]
    .map(([slug, category]) => ({
      name: category.name,
      slug,
      count: category.count,
      subcategories: [...category.subcategories.entries()].map(([name, count]) => ({ name, count })).sort(byCountThenName),
    }))
    .sort(byCountThenName);
}
