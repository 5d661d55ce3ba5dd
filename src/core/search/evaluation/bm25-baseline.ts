import MiniSearch from 'minisearch';
import type { Listing } from '../../listings/listing.ts';

/**
 * The reference ranker of corpus/README.md: plain MiniSearch BM25 over name, description and
 * category, with no tuning at all: MiniSearch's default tokenizer, term processing (lower
 * case), scoring parameters and search options (OR, no prefix, no fuzzy, no boosts). It is a
 * yardstick for the real ranker, so it must stay untuned.
 */

export type Ranker = (query: string, limit: number) => string[];

export function createBm25Baseline(listings: readonly Listing[]): Ranker {
  const index = new MiniSearch<Pick<Listing, 'slug' | 'name' | 'description' | 'category'>>({
    idField: 'slug',
    fields: ['name', 'description', 'category'],
  });
  index.addAll(listings.map(({ slug, name, description, category }) => ({ slug, name, description, category })));
  return (query, limit) =>
    index
      .search(query)
      // Equal scores in slug order, so that results do not depend on the order of loading.
      .sort((a, b) => b.score - a.score || (String(a.id) < String(b.id) ? -1 : 1))
      .slice(0, limit)
      .map((result) => String(result.id));
}
