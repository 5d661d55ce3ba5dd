import { CorpusFileError, readCorpusListings, type CorpusItem } from '../corpus-json/read-corpus-listings.ts';
import { SourceError, type SourceItem } from '../source-items.ts';

/**
 * Our listings JSON: an array of listings in the corpus format (corpus/listings.json) or as
 * stored (with cliCriteria, qualityInputs, …), read by the corpus reader. The slugs are the
 * file's own, so each item's slug is its identity on import.
 */
export async function readListingsJson(file: string): Promise<SourceItem[]> {
  try {
    return fromCorpusItems((await readCorpusListings(file)).items);
  } catch (error) {
    if (error instanceof CorpusFileError) throw new SourceError(error.message, error.kind);
    throw error;
  }
}

export function fromCorpusItems(items: readonly CorpusItem[]): SourceItem[] {
  return items.map((item): SourceItem => (item.status === 'valid' ? { index: item.index, status: 'valid', listing: item.listing, slugFrom: 'source', notes: item.notes } : item));
}
