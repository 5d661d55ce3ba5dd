import { z } from 'zod';
import type { IndexedListing } from '../catalogue/catalogue-index.ts';
import { AppError } from '../errors.ts';
import { booleanParam, boundedInt, optionalText, pricingTierParam } from '../params.ts';
import { slugify } from '../ranking/text.ts';
import type { AUTH_KINDS } from '../listings/listing.ts';

type AuthKind = (typeof AUTH_KINDS)[number];

/** The filter parameters every listing search takes (lookup takes the first three), one schema for all surfaces. */
export const listingFilterShape = {
  category: optionalText('category', 80).describe('Only this category: its name or slug, e.g. "Data & Information" or "data-information".'),
  pricing: pricingTierParam.optional().describe('Only this pricing tier: free, freemium, paid, usage-based or open-source.'),
  minCliScore: boundedInt('minCliScore', 0, 10)
    .optional()
    .describe('Only listings whose CLI relevance is at least this (0 to 10); a partly assessed listing counts at the low end of its range, an unscored one is left out.'),
  envVarAuth: booleanParam('envVarAuth').optional().describe('true: only listings that pass "authenticates with an environment variable".'),
  headless: booleanParam('headless').optional().describe('true: only listings that pass "works headless, no browser step".'),
};

const filtersSchema = z.object(listingFilterShape);
export type ListingFilters = Partial<z.output<typeof filtersSchema>>;

/** The slug of the category filter; a name without letters or digits is invalid input. */
export function categoryFilterSlug(category: string | undefined): string | undefined {
  if (category === undefined) return undefined;
  const slug = slugify(category);
  if (slug === '') {
    throw new AppError('invalid_input', 'The category has no letters or digits.', {
      fields: [{ field: 'category', message: 'category must name a category, e.g. "Data & Information" or "data-information"; see /api/categories' }],
    });
  }
  return slug;
}

/** Whether any filter is set: without one every listing passes, and no filter need be read per listing. */
export const hasListingFilter = (filters: ListingFilters & { auth?: AuthKind }): boolean =>
  filters.auth !== undefined || filters.category !== undefined || filters.pricing !== undefined || filters.minCliScore !== undefined || filters.envVarAuth === true || filters.headless === true;

/**
 * Whether a listing passes the filters. A criterion filter needs the criterion passed: not
 * assessed never counts as passed, and a partly scored listing counts at its lowest score.
 * `auth` (category pages) keeps listings whose sources show that kind of authentication.
 */
export function listingFilter(filters: ListingFilters & { auth?: AuthKind }): (entry: IndexedListing) => boolean {
  const categorySlug = categoryFilterSlug(filters.category);
  return (entry) =>
    (filters.auth === undefined || entry.listing.access?.auth?.value.includes(filters.auth) === true) &&
    (categorySlug === undefined || entry.categorySlug === categorySlug) &&
    (filters.pricing === undefined || entry.pricingTier === filters.pricing) &&
    (filters.minCliScore === undefined || (entry.cliFloor ?? -1) >= filters.minCliScore) &&
    (filters.envVarAuth !== true || entry.listing.cliCriteria.envVarAuth?.status === 'passed') &&
    (filters.headless !== true || entry.listing.cliCriteria.headless?.status === 'passed');
}
