import { z } from 'zod';
import type { CatalogueIndex } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';
import { parameters, parseInput } from '../params.ts';

export const listCategoriesInputSchema = parameters({});

export const categorySchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    count: z.number().int(),
    subcategories: z.array(z.object({ name: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

const computed = new WeakMap<CatalogueIndex, { generation: number; categories: Category[] }>();

/** Every category with its number of listings and its subcategories, largest first. */
export async function listCategories({ ctx, input = {} }: { ctx: CoreContext; input?: z.input<typeof listCategoriesInputSchema> }): Promise<Category[]> {
  parseInput(listCategoriesInputSchema, input);
  const cached = computed.get(ctx.catalogue);
  if (cached?.generation === ctx.catalogue.generation) return cached.categories;
  const categories = countCategories(ctx.catalogue);
  computed.set(ctx.catalogue, { generation: ctx.catalogue.generation, categories });
  return categories;
}

function countCategories(catalogue: CatalogueIndex): Category[] {
  const categories = new Map<string, { name: string; count: number; subcategories: Map<string, number> }>();
  for (const { listing, categorySlug } of catalogue.ordered()) {
    const category = categories.get(categorySlug) ?? { name: listing.category, count: 0, subcategories: new Map<string, number>() };
    category.count += 1;
    if (listing.subcategory) category.subcategories.set(listing.subcategory, (category.subcategories.get(listing.subcategory) ?? 0) + 1);
    categories.set(categorySlug, category);
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
