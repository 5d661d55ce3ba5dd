import MiniSearch, { type SearchResult } from 'minisearch';
import type { Store, StoredListing } from '../../storage/store.ts';
import type { Listing, PricingTier } from '../listings/listing.ts';
import { toListingDetail, toListingSummary, type ListingDetail, type ListingSummary } from '../listings/listing-detail.ts';
import { computeCliRelevance } from '../scoring/cli-relevance.ts';
import { computeQuality } from '../scoring/quality.ts';
import { Lru } from '../lru.ts';
import { NeedIndex, type NeedDocument } from '../search/need-index.ts';
import { foldText, slugify, tokenize } from '../search/text.ts';

/**
 * The in-memory read model of the catalogue: every listing with the few values that filters
 * and sorts need computed once, a text index over them, and sort orders kept until the next
 * change. Details are built from the listing when asked for, so memory stays near the size of
 * the listings themselves. It is filled from the store and brought up to date from the
 * store's change feed, so every surface ranks the same way whichever store is behind it.
 */

export interface IndexedListing {
  listing: Listing;
  slug: string;
  updatedAt: string;
  revision: number;
  foldedName: string;
  categorySlug: string;
  pricingTier: PricingTier | null;
  /** The shown CLI score, or null unless all eight criteria are assessed. */
  cliScore: number | null;
  /** The lowest CLI score the listing can have: its score, or the low end of a partial range. */
  cliFloor: number | null;
  qualityScore: number | null;
}

// Entries are replaced, never mutated, on change, so an entry object is a safe cache key;
// the bound keeps memory flat however much of a large catalogue is read.
const details = new Lru<IndexedListing, ListingDetail>(2_000);
const summaries = new Lru<IndexedListing, ListingSummary>(10_000);

export const detailOf = (entry: IndexedListing): ListingDetail => details.get(entry, () => toListingDetail(entry.listing, entry.updatedAt));
export const summaryOf = (entry: IndexedListing): ListingSummary => summaries.get(entry, () => toListingSummary(toListingDetail(entry.listing, entry.updatedAt)));

interface TextDocument {
  slug: string;
  name: string;
  slugWords: string;
  description: string;
  category: string;
  subcategory: string;
  capabilities: string;
}

export interface TextMatch {
  slug: string;
  score: number;
  terms: string[];
  fields: string[];
}

export type CatalogueOrder = 'name' | 'cli-relevance' | 'quality';

const PAGE_SIZE = 1000;

export const TEXT_FIELD_BOOSTS = { name: 4, slugWords: 3, capabilities: 2, category: 1.5, subcategory: 1.5, description: 1 } as const;

const toTextDocument = ({ listing }: IndexedListing): TextDocument => ({
  slug: listing.slug,
  name: listing.name,
  slugWords: listing.slug.replaceAll('-', ' '),
  description: listing.description,
  category: listing.category,
  subcategory: listing.subcategory ?? '',
  capabilities: listing.capabilities.join(' \n '),
});

const newTextIndex = () =>
  new MiniSearch<TextDocument>({
    idField: 'slug',
    fields: Object.keys(TEXT_FIELD_BOOSTS),
    tokenize: (text) => tokenize(text),
    processTerm: (term) => term,
    searchOptions: { boost: TEXT_FIELD_BOOSTS },
  });

const byName = (a: IndexedListing, b: IndexedListing) => (a.foldedName < b.foldedName ? -1 : a.foldedName > b.foldedName ? 1 : a.slug < b.slug ? -1 : 1);

/** Higher scores first, unscored last, then by name. */
const byScore = (score: (entry: IndexedListing) => number | null) => (a: IndexedListing, b: IndexedListing) => {
  const x = score(a);
  const y = score(b);
  if (x !== y) return x === null ? 1 : y === null ? -1 : y - x;
  return byName(a, b);
};

const ORDERS: Record<CatalogueOrder, (a: IndexedListing, b: IndexedListing) => number> = {
  name: byName,
  // A partial listing sorts by the score it is sure to have, as the minCliScore filter reads it.
  'cli-relevance': byScore((entry) => entry.cliFloor),
  quality: byScore((entry) => entry.qualityScore),
};

const toNeedDocument = ({ listing }: IndexedListing): NeedDocument => ({
  slug: listing.slug,
  category: listing.category,
  fields: {
    name: listing.name,
    description: listing.description,
    category: listing.category,
    subcategory: listing.subcategory ?? '',
    capabilities: listing.capabilities.join('\n'),
  },
});

function toIndexedListing(stored: StoredListing): IndexedListing {
  const { listing } = stored;
  const cli = computeCliRelevance(listing.cliCriteria);
  return {
    listing,
    slug: listing.slug,
    updatedAt: stored.updatedAt,
    revision: stored.revision,
    foldedName: foldText(listing.name),
    categorySlug: slugify(listing.category),
    pricingTier: listing.pricingTier ?? null,
    cliScore: cli.score,
    cliFloor: cli.score ?? cli.range?.min ?? null,
    qualityScore: computeQuality(listing.qualityInputs).score,
  };
}

export class CatalogueIndex {
  private readonly listings = new Map<string, IndexedListing>();
  private readonly text = newTextIndex();
  /** The need engine's index, for discover, recommend and alternatives. */
  readonly needs = new NeedIndex();
  private readonly orders = new Map<CatalogueOrder, readonly IndexedListing[]>();
  private revisionSeen = 0;
  private pendingRefresh: Promise<number> = Promise.resolve(0);
  /** Bumped on every applied change; results and cursors that depend on the whole catalogue carry it. */
  generation = 0;

  private constructor(private readonly store: Store) {}

  static async build(store: Store): Promise<CatalogueIndex> {
    const index = new CatalogueIndex(store);
    await index.refresh();
    return index;
  }

  get revision(): number {
    return this.revisionSeen;
  }

  get size(): number {
    return this.listings.size;
  }

  /** Applies every change the store has after the last one seen; calls are serialised. */
  refresh(): Promise<number> {
    this.pendingRefresh = this.pendingRefresh.then(
      () => this.applyChanges(),
      () => this.applyChanges(),
    );
    return this.pendingRefresh;
  }

  get(slug: string): IndexedListing | undefined {
    return this.listings.get(slug);
  }

  /** Every listing in the given order, computed once per generation. */
  ordered(order: CatalogueOrder = 'name'): readonly IndexedListing[] {
    let sorted = this.orders.get(order);
    if (!sorted) {
      sorted = [...this.listings.values()].sort(ORDERS[order]);
      this.orders.set(order, sorted);
    }
    return sorted;
  }

  /**
   * Text matches, best first. Exact words and prefixes are tried first; only when they find
   * nothing are misspellings allowed, since fuzzy matching is costly and dilutes good matches.
   */
  searchText(query: string, options: { combineWith: 'AND' | 'OR' }): TextMatch[] {
    const folded = foldText(query);
    const search = (fuzzy: boolean): SearchResult[] =>
      this.text.search(folded, {
        combineWith: options.combineWith,
        prefix: (term) => term.length >= 3,
        fuzzy: fuzzy ? (term) => (term.length >= 5 ? 0.2 : false) : false,
      });
    let results = search(false);
    if (results.length === 0) results = search(true);
    return results.map((result) => ({
      slug: String(result.id),
      score: result.score,
      terms: result.terms,
      fields: [...new Set(Object.values(result.match).flat())],
    }));
  }

  private async applyChanges(): Promise<number> {
    let applied = 0;
    for (;;) {
      const changes = await this.store.listingChangesSince(this.revisionSeen, PAGE_SIZE);
      for (const stored of changes.items) this.put(stored);
      applied += changes.items.length;
      this.revisionSeen = changes.revision;
      if (changes.items.length < PAGE_SIZE) break;
    }
    if (applied > 0) {
      this.orders.clear();
      this.generation += 1;
    }
    return applied;
  }

  private put(stored: StoredListing): void {
    const entry = toIndexedListing(stored);
    if (this.listings.has(entry.slug)) this.text.discard(entry.slug);
    this.listings.set(entry.slug, entry);
    this.text.add(toTextDocument(entry));
    this.needs.add(toNeedDocument(entry));
  }
}
