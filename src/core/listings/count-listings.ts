import type { IndexedListing } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';

export interface ListingCounts {
  total: number;
  /** Listings with at least one CLI criterion assessed: a score or a range. */
  assessed: number;
  /** Listings with all eight criteria assessed: a single score. */
  scored: number;
}

/** Counted once per catalogue generation: each generation keeps its own ordered list. */
const counted = new WeakMap<readonly IndexedListing[], ListingCounts>();

/** How much of the catalogue is assessed, so pages state true counts instead of claiming every listing is scored. */
export async function countListings({ ctx }: { ctx: CoreContext }): Promise<ListingCounts> {
  const entries = ctx.catalogue.ordered('name');
  let counts = counted.get(entries);
  if (!counts) {
    counts = { total: entries.length, assessed: 0, scored: 0 };
    for (const entry of entries) {
      if (entry.cliFloor !== null) counts.assessed += 1;
      if (Object.values(entry.listing.cliCriteria).filter((c) => c && c.status !== 'not_assessed').length === 8) counts.scored += 1;
    }
    counted.set(entries, counts);
  }
  return counts;
}
