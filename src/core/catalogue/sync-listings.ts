import type { SaveOutcome } from '../store.ts';
import type { CoreContext } from '../context.ts';
import type { Listing } from '../listings/listing.ts';

export interface SyncReportItem {
  slug: string;
  outcome: SaveOutcome;
}

/**
 * Saves validated listings (from the catalogue folder or an import) in one transaction and
 * brings the in-memory catalogue up to date, reporting each as created, updated or unchanged.
 */
export async function syncListings({ ctx, input }: { ctx: CoreContext; input: { listings: Listing[] } }): Promise<SyncReportItem[]> {
  const results = await ctx.store.saveListings(input.listings);
  await ctx.catalogue.refresh();
  return results.map(({ slug, outcome }) => ({ slug, outcome }));
}
