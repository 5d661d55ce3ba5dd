import type { CatalogueIndex, IndexedListing } from '../catalogue/catalogue-index.ts';

/**
 * Ranks listings by how well they serve a described need. PROVISIONAL: plain text matching
 * until the need engine lands; the interface is the one discover, recommend and
 * alternatives build on.
 */

export type Confidence = 'high' | 'medium' | 'low';

export interface MatchedOn {
  /** Listing fields where query terms matched: name, description, category, subcategory, capabilities. */
  fields: string[];
  /** The query's words (as folded and stemmed) that matched. */
  terms: string[];
  /** Capabilities of the vocabulary the need and the listing share, by name. */
  capabilities: string[];
}

export interface NeedMatch {
  entry: IndexedListing;
  /** 0..1; comparable across queries: 1 is a listing that serves every part of the need. */
  relevance: number;
  confidence: Confidence;
  matchedOn: MatchedOn;
}

export interface RankNeedOptions {
  keep?: (entry: IndexedListing) => boolean;
  limit: number;
  /** Slugs never to return (a listing's own slug, for alternatives). */
  exclude?: ReadonlySet<string>;
}

export function rankNeed(catalogue: CatalogueIndex, need: string, options: RankNeedOptions): NeedMatch[] {
  const matches = catalogue.searchText(need, { combineWith: 'OR' });
  const best = matches[0]?.score ?? 1;
  const ranked: NeedMatch[] = [];
  for (const match of matches) {
    const entry = catalogue.get(match.slug);
    if (!entry || options.exclude?.has(entry.slug) || (options.keep && !options.keep(entry))) continue;
    const relevance = Math.round((match.score / best) * 100) / 100;
    ranked.push({
      entry,
      relevance,
      confidence: relevance >= 0.7 ? 'high' : relevance >= 0.4 ? 'medium' : 'low',
      matchedOn: { fields: match.fields, terms: match.terms, capabilities: [] },
    });
    if (ranked.length >= options.limit) break;
  }
  return ranked;
}
