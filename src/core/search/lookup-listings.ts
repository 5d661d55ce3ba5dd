import type { z } from 'zod';
import { viewParam } from '../listings/compact-listing.ts';
import { summaryOf, type CatalogueOrder, type IndexedListing } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';
import { boundedInt, enumParam, optionalText, parameters, parseInput } from '../params.ts';
import { categoryFilterSlug, listingFilter, listingFilterShape } from './listing-filter.ts';
import { foldText, slugify } from '../ranking/text.ts';
import { compareSortKeys, decodeCursor, encodeCursor, queryFingerprint, type SortKey } from './cursor.ts';
import type { ListingSummary } from '../listings/listing-detail.ts';
import { withReviewSummaries } from '../reviews/listing-review-stats.ts';
import { alsoFromOf, familiesOf, groupParam, type Family } from '../providers/group-by-provider.ts';

export const LOOKUP_SORTS = ['relevance', 'name', 'cli-relevance', 'quality'] as const;
export type LookupSort = (typeof LOOKUP_SORTS)[number];

export const lookupListingsInputSchema = parameters({
  q: optionalText('q', 200).describe('Text to look for in names, slugs, descriptions, categories and capabilities. Leave out to list everything.'),
  limit: boundedInt('limit', 1, 100).default(20).describe('Most items to return, 1 to 100 (default 20).'),
  category: listingFilterShape.category,
  pricing: listingFilterShape.pricing,
  minCliScore: listingFilterShape.minCliScore,
  sort: enumParam('sort', LOOKUP_SORTS)
    .optional()
    .describe('relevance (default with q), name (default without q), cli-relevance or quality (best first; unscored last).'),
  cursor: optionalText('cursor', 500).describe("The cursor from a previous response's next link."),
  view: viewParam.default('full'),
  group: groupParam,
});
export type LookupListingsInput = z.input<typeof lookupListingsInputSchema>;

export interface LookupListingsResult {
  items: ListingSummary[];
  /** Entries as served: families in the grouped view (the default), listings with group=none. */
  total: number;
  /** Cursor of the next page, or null on the last. */
  nextCursor: string | null;
  sort: LookupSort;
}

/** How exactly the text names a listing: exact name or slug first, then name or slug prefixes. */
function nameTier(entry: IndexedListing, foldedQuery: string, querySlug: string): number {
  if (entry.foldedName === foldedQuery || entry.slug === querySlug) return 3;
  if (entry.foldedName.startsWith(foldedQuery) || entry.slug.startsWith(querySlug)) return 2;
  return 0;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The sort key of an entry in one of the catalogue's kept orders; it agrees with that order. */
function orderKey(order: CatalogueOrder, entry: IndexedListing): SortKey {
  switch (order) {
    case 'name':
      return [entry.foldedName, entry.slug];
    case 'cli-relevance':
      return [entry.cliFloor === null ? null : -entry.cliFloor, entry.foldedName, entry.slug];
    case 'quality':
      return [entry.qualityScore === null ? null : -entry.qualityScore, entry.foldedName, entry.slug];
  }
}

export async function lookupListings({ ctx, input }: { ctx: CoreContext; input: LookupListingsInput }): Promise<LookupListingsResult> {
  const query = parseInput(lookupListingsInputSchema, input);
  const sort: LookupSort = query.sort ?? (query.q ? 'relevance' : 'name');
  const categorySlug = categoryFilterSlug(query.category);
  const keep = listingFilter(query);
  const fingerprint = queryFingerprint({ q: query.q ?? null, categorySlug, pricing: query.pricing, min: query.minCliScore, sort, ...(query.group === 'none' ? {} : { group: query.group }) });

  if (query.q) {
    // Relevance scores depend on the whole catalogue, so these cursors expire when it changes.
    const generation = sort === 'relevance' ? ctx.catalogue.generation : undefined;
    const foldedQuery = foldText(query.q).trim();
    const querySlug = slugify(query.q);
    let matches = ctx.catalogue.searchText(query.q, { combineWith: 'AND' });
    if (matches.length === 0) matches = ctx.catalogue.searchText(query.q, { combineWith: 'OR' });
    const scores = new Map(matches.map((match) => [match.slug, match.score]));
    // A listing named by the text is found even when its name is all words too common to index ("The API").
    for (const entry of ctx.catalogue.namesStartingWith(foldedQuery, NAME_PREFIX_LIMIT)) if (!scores.has(entry.slug)) scores.set(entry.slug, 0);
    if (ctx.catalogue.get(querySlug) && !scores.has(querySlug)) scores.set(querySlug, 0);

    const after = query.cursor ? decodeCursor(query.cursor, { fingerprint, keyLength: KEY_LENGTH[sort], generation }) : undefined;
    const keyOf = (entry: IndexedListing): SortKey =>
      sort === 'relevance' ? [-nameTier(entry, foldedQuery, querySlug), -round6(scores.get(entry.slug)!), entry.foldedName, entry.slug] : orderKey(sort, entry);
    if (query.group === 'none') {
      // Only the page is sorted: a broad word can match most of a large catalogue.
      const page: { entry: IndexedListing; key: SortKey }[] = [];
      let total = 0;
      let afterCursor = 0;
      for (const slug of scores.keys()) {
        const entry = ctx.catalogue.get(slug);
        if (!entry || !keep(entry)) continue;
        total += 1;
        const key = keyOf(entry);
        if (after && compareSortKeys(key, after) <= 0) continue;
        afterCursor += 1;
        if (page.length === query.limit && compareSortKeys(key, page[query.limit - 1]!.key) >= 0) continue;
        let at = page.length;
        while (at > 0 && compareSortKeys(key, page[at - 1]!.key) < 0) at -= 1;
        page.splice(at, 0, { entry, key });
        if (page.length > query.limit) page.pop();
      }
      return {
        items: await withReviewSummaries(ctx, page.map((item) => summaryOf(item.entry))),
        total,
        nextCursor: afterCursor > page.length ? encodeCursor(fingerprint, page.at(-1)!.key, generation) : null,
        sort,
      };
    }
    // Grouped, every match is placed: a family's entry is where its best-placed member is.
    const ranked: { entry: IndexedListing; key: SortKey }[] = [];
    for (const slug of scores.keys()) {
      const entry = ctx.catalogue.get(slug);
      if (entry && keep(entry)) ranked.push({ entry, key: keyOf(entry) });
    }
    ranked.sort((a, b) => compareSortKeys(a.key, b.key));
    return familyPage(ctx, familiesOf(query.group, ranked, (item) => item.entry), { after, limit: query.limit, sort, fingerprint, generation });
  }

  const order: CatalogueOrder = sort === 'relevance' ? 'name' : sort;
  const listings = ctx.catalogue.ordered(order);
  const after = query.cursor ? decodeCursor(query.cursor, { fingerprint, keyLength: KEY_LENGTH[order] }) : undefined;
  if (query.group !== 'none') {
    const kept = listings.filter(keep).map((entry) => ({ entry, key: orderKey(order, entry) }));
    return familyPage(ctx, familiesOf(query.group, kept, (item) => item.entry), { after, limit: query.limit, sort, fingerprint });
  }
  const start = after ? firstAfter(listings.length, (i) => compareSortKeys(orderKey(order, listings[i]!), after) > 0) : 0;
  const page: IndexedListing[] = [];
  let total = 0;
  let keptFromStart = 0;
  for (let i = 0; i < listings.length; i += 1) {
    const entry = listings[i]!;
    if (!keep(entry)) continue;
    total += 1;
    if (i < start) continue;
    keptFromStart += 1;
    if (page.length < query.limit) page.push(entry);
  }
  return {
    items: await withReviewSummaries(ctx, page.map(summaryOf)),
    total,
    nextCursor: keptFromStart > page.length ? encodeCursor(fingerprint, orderKey(order, page.at(-1)!)) : null,
    sort,
  };
}

/**
 * One page of entries as served, families in the order of their best-placed members: the
 * cursor is the last entry's key, which is its best member's, so a page boundary falls
 * between entries and no family is served twice.
 */
async function familyPage(
  ctx: CoreContext,
  families: Family<{ entry: IndexedListing; key: SortKey }>[],
  { after, limit, sort, fingerprint, generation }: { after: SortKey | undefined; limit: number; sort: LookupSort; fingerprint: string; generation?: number },
): Promise<LookupListingsResult> {
  const start = after ? firstAfter(families.length, (i) => compareSortKeys(families[i]!.lead.key, after) > 0) : 0;
  const page = families.slice(start, start + limit);
  const summaries = await withReviewSummaries(ctx, page.map((family) => summaryOf(family.lead.entry)));
  return {
    items: summaries.map((summary, i) => {
      const also = alsoFromOf(page[i]!, (item) => item.entry);
      return also ? { ...summary, also } : summary;
    }),
    total: families.length,
    nextCursor: start + page.length < families.length ? encodeCursor(fingerprint, page.at(-1)!.lead.key, generation) : null,
    sort,
  };
}

/** How many listings whose names begin with the text join its word matches. */
const NAME_PREFIX_LIMIT = 200;

const KEY_LENGTH: Record<LookupSort, number> = { relevance: 4, name: 2, 'cli-relevance': 3, quality: 3 };

/** The first index in 0..length whose item satisfies `isAfter`, for items sorted so that it holds from some point on. */
function firstAfter(length: number, isAfter: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isAfter(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
