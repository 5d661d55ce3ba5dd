import MiniSearch, { type SearchResult } from 'minisearch';
import type { Store, StoredListing } from '../../storage/store.ts';
import { toListingDetail, toListingSummary, type ListingDetail, type ListingSummary } from '../listings/listing-detail.ts';
import { foldText, tokenize } from '../search/text.ts';

/**
 * The in-memory read model of the catalogue: every listing with its scores computed once,
 * and a text index over them. It is built from the store and brought up to date from the
 * store's change feed, so every surface ranks the same way whichever store is behind it.
 */

export interface IndexedListing {
  detail: ListingDetail;
  summary: ListingSummary;
  revision: number;
  foldedName: string;
}

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

const PAGE_SIZE = 1000;

export const TEXT_FIELD_BOOSTS = { name: 4, slugWords: 3, capabilities: 2, category: 1.5, subcategory: 1.5, description: 1 } as const;

const toTextDocument = ({ detail }: IndexedListing): TextDocument => ({
  slug: detail.slug,
  name: detail.name,
  slugWords: detail.slug.replaceAll('-', ' '),
  description: detail.description,
  category: detail.category,
  subcategory: detail.subcategory ?? '',
  capabilities: detail.capabilities.join(' \n '),
});

const newTextIndex = () =>
  new MiniSearch<TextDocument>({
    idField: 'slug',
    fields: Object.keys(TEXT_FIELD_BOOSTS),
    tokenize: (text) => tokenize(text),
    processTerm: (term) => term,
    searchOptions: { boost: TEXT_FIELD_BOOSTS },
  });

export class CatalogueIndex {
  private readonly listings = new Map<string, IndexedListing>();
  private text = newTextIndex();
  private revisionSeen = 0;
  private pendingRefresh: Promise<number> = Promise.resolve(0);
  private sortedBySlug: IndexedListing[] | null = null;
  /** Bumped on every applied change; lets callers cache derived views. */
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
    this.pendingRefresh = this.pendingRefresh.then(() => this.applyChanges(), () => this.applyChanges());
    return this.pendingRefresh;
  }

  get(slug: string): IndexedListing | undefined {
    return this.listings.get(slug);
  }

  /** Every listing, ordered by slug. */
  all(): readonly IndexedListing[] {
    this.sortedBySlug ??= [...this.listings.values()].sort((a, b) => (a.detail.slug < b.detail.slug ? -1 : 1));
    return this.sortedBySlug;
  }

  searchText(query: string, options: { combineWith: 'AND' | 'OR'; fuzzy?: boolean }): TextMatch[] {
    const results: SearchResult[] = this.text.search(foldText(query), {
      combineWith: options.combineWith,
      prefix: (term) => term.length >= 3,
      fuzzy: options.fuzzy ? (term) => (term.length >= 5 ? 0.2 : false) : false,
    });
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
      this.sortedBySlug = null;
      this.generation += 1;
    }
    return applied;
  }

  private put(stored: StoredListing): void {
    const detail = toListingDetail(stored.listing, stored.updatedAt);
    const entry: IndexedListing = {
      detail,
      summary: toListingSummary(detail),
      revision: stored.revision,
      foldedName: foldText(detail.name),
    };
    if (this.listings.has(detail.slug)) this.text.discard(detail.slug);
    this.listings.set(detail.slug, entry);
    this.text.add(toTextDocument(entry));
  }
}
