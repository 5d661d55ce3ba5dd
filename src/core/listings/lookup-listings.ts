import type { z } from 'zod';
import type { IndexedListing } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';
import { boundedInt, enumParam, optionalText, parameters, pricingTierParam } from '../params.ts';
import { foldText, slugify } from '../search/text.ts';
import { compareSortKeys, decodeCursor, encodeCursor, queryFingerprint, type SortKey } from './cursor.ts';
import type { ListingSummary } from './listing-detail.ts';

export const LOOKUP_SORTS = ['relevance', 'name', 'cli-relevance', 'quality'] as const;
export type LookupSort = (typeof LOOKUP_SORTS)[number];

export const lookupListingsInputSchema = parameters({
  q: optionalText('q', 200).describe('Text to look for in names, slugs, descriptions, categories and capabilities. Leave out to list everything.'),
  limit: boundedInt('limit', 1, 100).default(20).describe('Most items to return, 1 to 100 (default 20).'),
  category: optionalText('category', 80).describe('Category name or its slug, e.g. "Data & Information" or "data-information".'),
  pricing: pricingTierParam.optional().describe('Pricing tier: free, freemium, paid, usage-based or open-source.'),
  minCliScore: boundedInt('minCliScore', 0, 10).optional().describe('Only listings whose CLI relevance is at least this (0 to 10); unscored listings are left out.'),
  sort: enumParam('sort', LOOKUP_SORTS).optional().describe('relevance (default with q), name (default without q), cli-relevance or quality (best first; unscored last).'),
  cursor: optionalText('cursor', 500).describe('The cursor from a previous response\'s next link.'),
});
export type LookupListingsInput = z.input<typeof lookupListingsInputSchema>;

export interface LookupListingsResult {
  items: ListingSummary[];
  total: number;
  /** Cursor of the next page, or null on the last. */
  nextCursor: string | null;
  sort: LookupSort;
}

/** How exactly the text names a listing: exact name or slug first, then name prefixes. */
function nameTier(entry: IndexedListing, foldedQuery: string, querySlug: string): number {
  if (entry.foldedName === foldedQuery || entry.detail.slug === querySlug) return 3;
  if (entry.foldedName.startsWith(foldedQuery) || entry.detail.slug.startsWith(querySlug)) return 2;
  return 0;
}

const cliFloor = (entry: IndexedListing) => entry.detail.cliRelevance.score ?? entry.detail.cliRelevance.range?.min ?? null;

export async function lookupListings({ ctx, input }: { ctx: CoreContext; input: LookupListingsInput }): Promise<LookupListingsResult> {
  const query = lookupListingsInputSchema.parse(input);
  const sort: LookupSort = query.sort ?? (query.q ? 'relevance' : 'name');
  const categorySlug = query.category ? slugify(query.category) : undefined;

  const keep = (entry: IndexedListing) =>
    (!categorySlug || entry.detail.categorySlug === categorySlug) &&
    (!query.pricing || entry.detail.pricingTier === query.pricing) &&
    (query.minCliScore === undefined || (cliFloor(entry) ?? -1) >= query.minCliScore);

  let ranked: { entry: IndexedListing; key: SortKey }[];
  if (query.q) {
    const foldedQuery = foldText(query.q).trim();
    const querySlug = slugify(query.q);
    let matches = ctx.catalogue.searchText(query.q, { combineWith: 'AND', fuzzy: true });
    if (matches.length === 0) matches = ctx.catalogue.searchText(query.q, { combineWith: 'OR', fuzzy: true });
    ranked = matches.flatMap((match) => {
      const entry = ctx.catalogue.get(match.slug);
      if (!entry || !keep(entry)) return [];
      return [{ entry, key: keyFor(sort, entry, -nameTier(entry, foldedQuery, querySlug), -round6(match.score)) }];
    });
  } else {
    ranked = ctx.catalogue.all().filter(keep).map((entry) => ({ entry, key: keyFor(sort, entry, 0, 0) }));
  }
  ranked.sort((a, b) => compareSortKeys(a.key, b.key));

  const fingerprint = queryFingerprint({ q: query.q ?? null, categorySlug, pricing: query.pricing, min: query.minCliScore, sort });
  let start = 0;
  if (query.cursor) {
    const after = decodeCursor(query.cursor, fingerprint);
    start = ranked.findIndex((item) => compareSortKeys(item.key, after) > 0);
    if (start === -1) start = ranked.length;
  }
  const page = ranked.slice(start, start + query.limit);
  const last = page.at(-1);
  const hasMore = start + query.limit < ranked.length;
  return {
    items: page.map((item) => item.entry.summary),
    total: ranked.length,
    nextCursor: hasMore && last ? encodeCursor(fingerprint, last.key) : null,
    sort,
  };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function keyFor(sort: LookupSort, entry: IndexedListing, negTier: number, negScore: number): SortKey {
  const { detail } = entry;
  switch (sort) {
    case 'relevance':
      return [negTier, negScore, entry.foldedName, detail.slug];
    case 'name':
      return [entry.foldedName, detail.slug];
    case 'cli-relevance':
      return [detail.cliRelevance.score === null ? null : -detail.cliRelevance.score, entry.foldedName, detail.slug];
    case 'quality':
      return [detail.quality.score === null ? null : -detail.quality.score, entry.foldedName, detail.slug];
  }
}
