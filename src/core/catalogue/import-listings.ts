import type { CoreContext } from '../context.ts';
import type { Listing } from '../listings/listing.ts';

export type ImportOutcome = 'created' | 'updated' | 'skipped';

export interface ImportReportItem {
  slug: string;
  outcome: ImportOutcome;
  /** Why an item was skipped; "unchanged" when the store already holds the same listing. */
  reason?: string;
}

export interface ImportProgress {
  saved: number;
  total: number;
}

/** Listings per transaction: large enough to be fast, small enough that a 100k import never builds one giant transaction. */
export const IMPORT_CHUNK_SIZE = 500;

/**
 * Saves validated listings (from an importer) and brings the in-memory catalogue up to date,
 * reporting each as created, updated, or skipped because the store holds it unchanged.
 * Listings must have distinct slugs (importers drop duplicates, reporting them).
 *
 * Each chunk is its own transaction. If the store fails part-way, the chunks before stay
 * saved and the error propagates: a store failure is an environment problem, not a bad item,
 * and running the import again is safe (what was saved comes back "unchanged").
 */
export async function importListings({
  ctx,
  input,
  onProgress,
  chunkSize = IMPORT_CHUNK_SIZE,
}: {
  ctx: CoreContext;
  input: { listings: readonly Listing[] };
  /** Called after each saved chunk. */
  onProgress?: (progress: ImportProgress) => void;
  chunkSize?: number;
}): Promise<ImportReportItem[]> {
  const report: ImportReportItem[] = [];
  const total = input.listings.length;
  try {
    for (let start = 0; start < total; start += chunkSize) {
      const results = await ctx.store.saveListings(input.listings.slice(start, start + chunkSize));
      for (const { slug, outcome } of results) {
        report.push(outcome === 'unchanged' ? { slug, outcome: 'skipped', reason: 'unchanged' } : { slug, outcome });
      }
      onProgress?.({ saved: Math.min(start + chunkSize, total), total });
    }
  } catch (error) {
    // Whatever was saved is served, even when a later chunk failed; the store's error is the one to report.
    await ctx.catalogue.refresh().catch(() => {});
    throw error;
  }
  await ctx.catalogue.refresh();
  return report;
}
