import { distance } from 'fastest-levenshtein';
import { z } from 'zod';
import { summaryOf, type CatalogueOrder } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { boundedInt, enumParam, optionalText, parameters, parseInput, requiredText } from '../params.ts';
import { listingFilter, listingFilterShape } from '../search/listing-filter.ts';
import { AUTH_KINDS } from './listing.ts';
import { slugify } from '../ranking/text.ts';
import { categorySchema, listCategories, type Category } from './list-categories.ts';
import { listingSummarySchema, type ListingSummary } from './listing-detail.ts';
import { alsoFromOf, familiesOf, GROUPINGS, groupParam, type Grouping } from '../providers/group-by-provider.ts';
import type { IndexedListing } from '../catalogue/catalogue-index.ts';

/**
 * One category's listings (optionally one subcategory's), best first by a chosen score, in
 * numbered pages: what a category page shows. An unknown category is not_found with the
 * nearest category slugs, never an empty page that looks like a real one.
 */

/** Entries on a category page unless the caller asks for another number. */
export const CATEGORY_PAGE_SIZE = 24;

export const CATEGORY_SORTS = ['cli-relevance', 'quality', 'name'] as const;

export const listCategoryListingsInputSchema = parameters({
  category: requiredText('category', 80, 'communication').describe('The category\'s slug, e.g. "data-information".'),
  subcategory: optionalText('subcategory', 120).describe('Only this subcategory: its name or slug.'),
  sort: enumParam('sort', CATEGORY_SORTS).optional().describe('cli-relevance (default), quality or name; unscored listings last.'),
  pricing: listingFilterShape.pricing,
  minCliScore: listingFilterShape.minCliScore,
  envVarAuth: listingFilterShape.envVarAuth,
  headless: listingFilterShape.headless,
  auth: enumParam('auth', AUTH_KINDS).optional().describe('Only listings whose sources show this kind of authentication: none, apiKey, http-basic, http-bearer, oauth2, openIdConnect or other.'),
  page: boundedInt('page', 1, 100_000).default(1).describe('Page number, from 1.'),
  limit: boundedInt('limit', 1, 100).default(CATEGORY_PAGE_SIZE).describe(`Entries per page, 1 to 100 (default ${CATEGORY_PAGE_SIZE}).`),
  group: groupParam,
});
export type ListCategoryListingsInput = z.input<typeof listCategoryListingsInputSchema>;

export const categoryListingsSchema = z
  .object({
    category: categorySchema,
    subcategory: z.string().nullable().describe('The subcategory shown, by its name; null for the whole category.'),
    sort: z.enum(CATEGORY_SORTS),
    group: z.enum(GROUPINGS).describe('provider: one entry per provider (the default); none: every listing.'),
    items: z.array(listingSummarySchema).describe('This page\'s entries, best first.'),
    total: z.number().int().describe('Entries that pass the filters, as served: a provider\'s products count once unless group=none. `pages` counts these.'),
    listings: z.number().int().describe('Listings that pass the filters.'),
    assessed: z.number().int().describe('Of those, listings with at least one CLI criterion assessed.'),
    unfiltered: z.number().int().describe('Listings in the category (or subcategory) before the filters.'),
    page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'CategoryListings' });

export interface CategoryListings {
  category: Category;
  /** The subcategory shown, by its name as listings write it; null for the whole category. */
  subcategory: string | null;
  sort: (typeof CATEGORY_SORTS)[number];
  /** provider: a provider's products are one entry (its best-placed one, with `also`); none: each listing is one. */
  group: Grouping;
  items: ListingSummary[];
  /** Entries as served (families when grouped, listings with group=none) that pass the filters: what `pages` counts. */
  total: number;
  /** Listings that pass the filters. */
  listings: number;
  /** Of those, listings with at least one CLI criterion assessed (a score or a range). */
  assessed: number;
  /** Listings in the category (or subcategory) before the filters. */
  unfiltered: number;
  page: number;
  pages: number;
}

export async function listCategoryListings({ ctx, input }: { ctx: CoreContext; input: ListCategoryListingsInput }): Promise<CategoryListings> {
  const query = parseInput(listCategoryListingsInputSchema, input);
  const categories = await listCategories({ ctx });
  const wanted = slugify(query.category);
  const category = categories.find((c) => c.slug === wanted);
  if (!category) {
    const suggestions = categories
      .map((c) => ({ slug: c.slug, edits: distance(wanted, c.slug) }))
      .filter((c) => c.edits <= Math.max(3, Math.floor(wanted.length * 0.4)))
      .sort((a, b) => a.edits - b.edits)
      .slice(0, 3)
      .map((c) => c.slug);
    throw new AppError('not_found', `No category has the slug "${query.category}".${suggestions.length ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : ''}`, {
      fields: [{ field: 'category', message: `no category has the slug "${query.category}"; see /api/categories` }],
      extensions: { suggestions: [], categorySuggestions: suggestions },
    });
  }
  let subcategory: string | null = null;
  if (query.subcategory) {
    const sub = category.subcategories.find((s) => slugify(s.name) === slugify(query.subcategory!));
    if (!sub) {
      throw new AppError('not_found', `The category "${category.name}" has no subcategory "${query.subcategory}". Its subcategories: ${category.subcategories.map((s) => s.name).join(', ') || 'none'}.`, {
        fields: [{ field: 'subcategory', message: `choose one of ${category.subcategories.map((s) => `"${s.name}"`).join(', ') || 'none'}` }],
        extensions: { suggestions: [] },
      });
    }
    subcategory = sub.name;
  }
  const sort = query.sort ?? 'cli-relevance';
  const order: CatalogueOrder = sort;
  const subSlug = subcategory === null ? null : slugify(subcategory);
  const start = (query.page - 1) * query.limit;
  const keep = listingFilter(query);
  const inCategory: IndexedListing[] = [];
  // The catalogue keeps each order once per generation; one pass picks the category's listings in it.
  for (const entry of ctx.catalogue.ordered(order)) {
    if (entry.categorySlug !== category.slug) continue;
    if (subSlug !== null && slugify(entry.listing.subcategory ?? '') !== subSlug) continue;
    inCategory.push(entry);
  }
  const byEntry = (entry: IndexedListing) => entry;
  const kept = inCategory.filter(keep);
  const families = familiesOf(query.group, kept, byEntry);
  const items = families.slice(start, start + query.limit).map((family) => {
    const summary = summaryOf(family.lead);
    const also = alsoFromOf(family, byEntry);
    return also ? { ...summary, also } : summary;
  });
  const total = families.length;
  const assessed = kept.filter((entry) => entry.cliFloor !== null).length;
  return { category, subcategory, sort, group: query.group, items, total, listings: kept.length, assessed, unfiltered: inCategory.length, page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)) };
}
