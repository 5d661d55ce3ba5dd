import type { IndexedListing } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';

export interface ListingCounts {
  total: number;
  /** Listings with at least one CLI criterion assessed: a score or a range. */
  assessed: number;
}

/** Counted once per catalogue generation: each generation keeps its own ordered list. */
const counted = new WeakMap<readonly IndexedListing[], ListingCounts>();

/** How much of the catalogue is assessed, so pages state true counts instead of claiming every listing is scored. */
export async function countListings({ ctx }: { ctx: CoreContext }): Promise<ListingCounts> {
  const entries = ctx.catalogue.ordered('name');
  let counts = counted.get(entries);
  if (!counts) {
    counts = { total: entries.length, assessed: entries.filter((entry) => entry.cliFloor !== null).length };
    counted.set(entries, counts);
  }
  return counts;
}
