import type { PlaceCuration } from './curation.ts';
import { rowNamedBy } from './describe-rows.ts';

/** What of a build draft a row's placement replaces. */
export interface PlaceableDraft {
  listing: { category: string; subcategory?: string | undefined };
  fieldSources: Map<string, string>;
}

/**
 * Public-apis rows moved off the list's catch-all category onto the shelf their own text shows
 * (`place:` entries of catalog-sources/curation/). The category then comes from no source's field,
 * as a document's curated placement does not. An entry that names no row listed on its own, or a
 * row placed twice, stops the build: the curation is wrong, not the list.
 */
export function placeRows<D extends PlaceableDraft>(entries: readonly PlaceCuration[], findRow: (key: string) => D | undefined): void {
  const placed = new Set<D>();
  for (const entry of entries) {
    const draft = rowNamedBy(findRow, 'place', entry.place);
    if (placed.has(draft)) throw new Error(`catalog-sources/curation: place ${entry.place} places a row placed already; keep one entry`);
    placed.add(draft);
    // The schema has checked the pair against the taxonomy.
    draft.listing.category = entry.category;
    draft.listing.subcategory = entry.subcategory;
    draft.fieldSources.delete('category');
  }
}
