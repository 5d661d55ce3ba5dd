import { createHash } from 'node:crypto';
import type { Store, StoredListing } from '../store.ts';
import type { Listing, PricingTier } from '../listings/listing.ts';
import { compactListingJson, type View } from '../listings/compact-listing.ts';
import { listingSummaryJson } from '../listings/listing-summary-json.ts';
import { asciiJson } from '../text/ascii-json.ts';
import { toListingDetail, toListingSummaryOf, type ListingDetail, type ListingSummary } from '../listings/listing-detail.ts';
import { cliScoreBounds } from '../scoring/cli-relevance.ts';
import { qualityScore } from '../scoring/quality.ts';
import { Lru } from '../lru.ts';
import { matchText, type TextMatch } from '../ranking/match-text.ts';
import { NearStrings, nearStringsInChunks, type NearString } from '../ranking/near-strings.ts';
import { nameKeyOf } from './find-duplicate-listing.ts';
import { buildNeedIndexInWorker, type NeedIndexBuild } from '../ranking/build-need-index-in-worker.ts';
import { NeedIndex, type NeedDocument, type NeedIndexState } from '../ranking/need-index.ts';
import { foldText, slugify } from '../ranking/text.ts';
import { familyKeyOf, providerOf } from '../providers/provider-of.ts';
import { SlugRedirects, type SlugMove } from './slug-redirects.ts';

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
  /** The provider family the listing belongs to (familyKeyOf): listings sharing it are one entry in grouped results. */
  family: string;
}

// Entries are replaced, never mutated, on change, so an entry object is a safe cache key;
// the bound keeps memory flat however much of a large catalogue is read.
const details = new Lru<IndexedListing, ListingDetail>(2_000);
const summaries = new Lru<IndexedListing, ListingSummary>(10_000);

export const detailOf = (entry: IndexedListing): ListingDetail => details.get(entry, () => toListingDetail(entry.listing, entry.updatedAt));
export const summaryOf = (entry: IndexedListing): ListingSummary => summaries.get(entry, () => toListingSummaryOf(entry.listing, entry.updatedAt));

/** A list item's JSON without its closing brace (so fields can follow), and a digest of that text (27 characters, base64url). */
export interface SummaryText {
  open: string;
  digest: string;
}
const openTextOf = (json: string): SummaryText => {
  const open = asciiJson(json.slice(0, -1));
  return { open, digest: createHash('sha1').update(open).digest('base64url') };
};

/** Most list-item texts kept per view for a generation of the catalogue (about 2.5 kB each in the full view). */
export const ITEM_TEXTS_KEPT = 10_000;

export type CatalogueOrder = 'name' | 'cli-relevance' | 'quality';

const PAGE_SIZE = 1000;

/** From this many listings a first load builds the need index on a worker thread (see build-need-index-in-worker.ts). */
export const NEED_INDEX_IN_WORKER_FROM = 5_000;

export interface CatalogueBuildOptions {
  /** From this many listings the first load builds the need index on a worker thread; 0 never does. */
  needIndexInWorkerFrom?: number;
  /** Told when the worker failed and the need index was built on this thread instead. */
  onWorkerFailure?: (error: Error) => void;
  /** Starts the worker's build; buildNeedIndexInWorker unless a test gives another. */
  startWorkerBuild?: () => NeedIndexBuild;
  /**
   * Called when this thread has read every listing and only waits for the worker's index:
   * work started here (loading modules, say) does not compete with the read for the cores.
   */
  whileWorkerFinishes?: () => void;
  /**
   * Build the need index when it is first asked for, not with the listings: a one-shot command
   * that never ranks needs (show, categories, changes) never pays for its analysis.
   */
  needIndexOnFirstUse?: boolean;
  /** Where an index built on first use is kept for the next process, and looked for first. */
  needIndexCache?: NeedIndexCache;
  /** Most list-item texts kept per view for a generation (ITEM_TEXTS_KEPT unless given). */
  itemTextsKept?: number;
}

/** Need indexes kept between processes, each under the key of the listings it indexes. */
export interface NeedIndexCache {
  read(catalogue: { location: string; key: string }): NeedIndexState | undefined;
  keep(catalogue: { location: string; key: string }, state: NeedIndexState): void;
}

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

/** What the need index reads of a listing. */
export const toNeedDocument = ({ listing }: Pick<IndexedListing, 'listing'>): NeedDocument => withProvider(listing, {
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

/** The document with its provider's name and id, when the listing names a provider. */
function withProvider(listing: Listing, document: NeedDocument): NeedDocument {
  const provider = providerOf(listing);
  return provider ? { ...document, provider: provider.name, providerId: provider.id } : document;
}

/**
 * One copy of each text many listings share (categories, timestamps of a bulk write): every
 * parsed document otherwise carries its own copy.
 */
class SharedStrings {
  private readonly strings = new Map<string, string>();
  get(text: string): string {
    const shared = this.strings.get(text);
    if (shared !== undefined) return shared;
    if (this.strings.size < 500_000) this.strings.set(text, text);
    return text;
  }
}

function toIndexedListing(stored: StoredListing, shared: SharedStrings): IndexedListing {
  const listing = stored.listing;
  listing.category = shared.get(listing.category);
  if (listing.subcategory) listing.subcategory = shared.get(listing.subcategory);
  const cli = cliScoreBounds(listing.cliCriteria);
  return {
    listing,
    slug: listing.slug,
    updatedAt: shared.get(stored.updatedAt),
    revision: stored.revision,
    foldedName: foldText(listing.name),
    categorySlug: shared.get(slugify(listing.category)),
    pricingTier: listing.pricingTier ?? null,
    cliScore: cli.score,
    cliFloor: cli.floor,
    qualityScore: qualityScore(listing.qualityInputs),
    family: shared.get(familyKeyOf(listing)),
  };
}

export class CatalogueIndex {
  private readonly listings = new Map<string, IndexedListing>();
  private readonly shared = new SharedStrings();
  /** Slugs by name key (find-duplicate-listing.ts), so a candidate is checked without a scan; a lone slug is kept bare, as most keys have one. */
  private readonly byNameKey = new Map<string, string | string[]>();
  /** Null until first use, when built with needIndexOnFirstUse. */
  private needIndex: NeedIndex | null = new NeedIndex();
  private needIndexCache: NeedIndexCache | undefined;
  private readonly orders = new Map<CatalogueOrder, readonly IndexedListing[]>();
  /** Each family's listings in name order, computed once per generation (families()). */
  private familyMembers: Map<string, IndexedListing[]> | null = null;
  /** Old slugs and where they went (the catalogue's _redirects.yaml). */
  private redirects = new SlugRedirects();
  /** Reads the map when a slug is first not found, so that no start pays for the YAML parser. */
  private redirectsLoad: (() => Promise<SlugRedirects>) | Promise<unknown> | undefined;
  /** Slugs for near spellings: listings are never removed, so a new slug is added and none is dropped. */
  private nearSlugs: NearStrings | null = null;
  private nearSlugsPending = false;
  private revisionSeen = 0;
  private pendingRefresh: Promise<number> = Promise.resolve(0);
  /** Bumped on every applied change; results and cursors that depend on the whole catalogue carry it. */
  generation = 0;
  /** List-item texts of this generation's listings, by view (itemText). */
  private readonly itemTexts: Record<View, Map<IndexedListing, SummaryText>> = { full: new Map(), compact: new Map() };

  private constructor(
    private readonly store: Store,
    private readonly itemTextsKept = ITEM_TEXTS_KEPT,
  ) {}

  static async build(
    store: Store,
    {
      needIndexInWorkerFrom = NEED_INDEX_IN_WORKER_FROM,
      onWorkerFailure,
      startWorkerBuild = buildNeedIndexInWorker,
      whileWorkerFinishes,
      needIndexOnFirstUse = false,
      needIndexCache,
      itemTextsKept,
    }: CatalogueBuildOptions = {},
  ): Promise<CatalogueIndex> {
    const index = new CatalogueIndex(store, itemTextsKept);
    if (needIndexOnFirstUse) {
      index.needIndex = null;
      index.needIndexCache = needIndexCache;
    } else if (needIndexInWorkerFrom > 0 && (await store.countListings()) >= needIndexInWorkerFrom) {
      await index.loadWithWorker(startWorkerBuild(), { onWorkerFailure, whileWorkerFinishes });
    }
    await index.refresh();
    return index;
  }

  /** The need engine's index, for discover, recommend, alternatives and text lookups. */
  get needs(): NeedIndex {
    return (this.needIndex ??= this.needIndexOfListings());
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

  /** Replaces the map of old slugs (read from the catalogue folder's _redirects.yaml), or gives the way to read it when first needed. */
  setRedirects(redirects: SlugRedirects | (() => Promise<SlugRedirects>)): void {
    if (redirects instanceof SlugRedirects) {
      this.redirects = redirects;
      this.redirectsLoad = undefined;
    } else this.redirectsLoad = redirects;
  }

  /** Where a slug that names no listing went, if the catalogue moved it; a live listing's slug never moved. */
  async movedSlug(slug: string): Promise<SlugMove | undefined> {
    if (this.listings.has(slug)) return undefined;
    if (typeof this.redirectsLoad === 'function') {
      // A map that cannot be read leaves the old slugs unknown; the loader reports why.
      this.redirectsLoad = this.redirectsLoad().then(
        (loaded) => void (this.redirects = loaded),
        () => undefined,
      );
    }
    await this.redirectsLoad;
    return this.redirects.resolve(slug, (target) => this.listings.has(target));
  }

  /** The listings of one provider family (by its key, familyKeyOf), in name order; empty when none. */
  family(key: string): readonly IndexedListing[] {
    return this.families().get(key) ?? [];
  }

  /** Every family by its key, each with its listings in name order. */
  families(): ReadonlyMap<string, readonly IndexedListing[]> {
    if (!this.familyMembers) {
      const members = new Map<string, IndexedListing[]>();
      for (const entry of this.ordered('name')) {
        const listings = members.get(entry.family);
        if (listings) listings.push(entry);
        else members.set(entry.family, [entry]);
      }
      this.familyMembers = members;
    }
    return this.familyMembers;
  }

  /**
   * A listing's list item in the view asked for, as JSON text without its closing brace, with a
   * digest: answers made of items are written and tagged from these. Kept for this generation,
   * up to ITEM_TEXTS_KEPT per view (itemTextsKept), and never evicted: with a catalogue larger
   * than any bound, an evicting cache replaced kept texts with every answer, and each one
   * outlived young collections to die in the old generation, whose full collections then
   * stalled every request (ADR 21). Texts past the bound are written for each answer (about
   * 20 µs an item).
   */
  itemText(entry: IndexedListing, view: View): SummaryText {
    const kept = this.itemTexts[view];
    let text = kept.get(entry);
    if (text === undefined) {
      text = openTextOf(view === 'compact' ? compactListingJson(entry.listing) : listingSummaryJson(entry.listing, entry.updatedAt));
      if (kept.size < this.itemTextsKept && this.listings.get(entry.slug) === entry) kept.set(entry, text);
    }
    return text;
  }

  /** Slugs within `maxEdits` edits of `slug`, closest first, found within a budget (near-strings.ts). */
  slugsNear(slug: string, maxEdits: number): NearString[] {
    // While prepareNearSpellings builds it between requests, no near spellings rather than a whole build here.
    if (!this.nearSlugs && this.nearSlugsPending) return [];
    this.nearSlugs ??= new NearStrings(this.listings.keys());
    return this.nearSlugs.near(slug, maxEdits);
  }

  /** Builds the near-spelling indexes ahead of the first unknown slug, in chunks (see NeedIndex.prepareNearTerms). */
  async prepareNearSpellings(): Promise<void> {
    const words = this.needs.prepareNearTerms();
    if (!this.nearSlugs && !this.nearSlugsPending) {
      this.nearSlugsPending = true;
      try {
        const size = this.listings.size;
        const slugs = await nearStringsInChunks([...this.listings.keys()], () => this.listings.size !== size || this.nearSlugs !== null);
        if (slugs) this.nearSlugs = slugs;
      } finally {
        this.nearSlugsPending = false;
      }
    }
    await words;
  }

  /** Words and slugs examined by near-spelling lookups so far: what tests check the budgets with. */
  nearExamined(): number {
    return (this.nearSlugs?.examined ?? 0) + (this.needIndex?.nearTermsExamined ?? 0);
  }

  /** Listings matching words of the text, unordered; see matchText. */
  searchText(query: string, options: { combineWith: 'AND' | 'OR' }): TextMatch[] {
    return matchText(this.needs, query, options);
  }

  /** Listings whose folded name begins with `prefix`, in name order, at most `limit`. */
  namesStartingWith(prefix: string, limit: number): IndexedListing[] {
    const byName = this.ordered('name');
    let low = 0;
    let high = byName.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (byName[middle]!.foldedName < prefix) low = middle + 1;
      else high = middle;
    }
    const found: IndexedListing[] = [];
    for (let i = low; i < byName.length && found.length < limit && byName[i]!.foldedName.startsWith(prefix); i += 1) found.push(byName[i]!);
    return found;
  }

  private async applyChanges(): Promise<number> {
    const applied = await this.readChanges((entries) => this.indexHere(entries));
    if (applied > 0) {
      this.needIndex?.pack();
      this.startGeneration();
    }
    return applied;
  }

  /** The first load of a large catalogue: this thread reads and keeps the listings while a worker indexes their text. */
  private async loadWithWorker(build: NeedIndexBuild, { onWorkerFailure, whileWorkerFinishes }: Pick<CatalogueBuildOptions, 'onWorkerFailure' | 'whileWorkerFinishes'>): Promise<void> {
    try {
      await this.readChanges((entries) => build.add(entries.map(toNeedDocument)));
    } catch (error) {
      await build.abort();
      throw error;
    }
    whileWorkerFinishes?.();
    try {
      this.needIndex = await build.finish();
    } catch (error) {
      onWorkerFailure?.(error instanceof Error ? error : new Error(String(error)));
      this.needIndex = new NeedIndex();
      this.indexHere(this.listings.values());
      this.needIndex.pack();
    }
    this.startGeneration();
  }

  /** After a change: what was computed of the listings before it is dropped. */
  private startGeneration(): void {
    this.orders.clear();
    this.familyMembers = null;
    this.itemTexts.full.clear();
    this.itemTexts.compact.clear();
    this.generation += 1;
  }

  /** Adds listings to the need index on this thread, unless it waits for its first use. */
  private indexHere(entries: Iterable<IndexedListing>): void {
    const needIndex = this.needIndex;
    if (needIndex) for (const entry of entries) needIndex.add(toNeedDocument(entry));
  }

  /** The need index of the listings held now: the cache's copy for exactly these versions, or built here (and kept). */
  private needIndexOfListings(): NeedIndex {
    const cache = this.needIndexCache;
    // Versions and write times, so a store emptied and loaded again at the same revision gets another key.
    const catalogue = cache && { location: this.store.location, key: this.versionsKey() };
    const kept = catalogue && cache.read(catalogue);
    // Only one-shot commands build on first use: short postings lists can stay views (see fromState).
    if (kept) return NeedIndex.fromState(kept, undefined, { allViews: true });
    const index = new NeedIndex();
    for (const entry of this.listings.values()) index.add(toNeedDocument(entry));
    index.pack();
    if (catalogue) cache.keep(catalogue, index.toState());
    return index;
  }

  private versionsKey(): string {
    const hash = createHash('sha256');
    for (const entry of this.listings.values()) hash.update(`${entry.slug}\t${entry.revision}\t${entry.updatedAt}\n`);
    return hash.digest('base64url');
  }

  /** Puts every change after the last one seen into the listings, a page at a time; returns how many. */
  private async readChanges(onPage: (entries: IndexedListing[]) => void): Promise<number> {
    let applied = 0;
    for (;;) {
      const changes = await this.store.listingChangesSince(this.revisionSeen, PAGE_SIZE);
      onPage(changes.items.map((stored) => this.put(stored)));
      applied += changes.items.length;
      this.revisionSeen = changes.revision;
      if (changes.items.length < PAGE_SIZE) break;
    }
    return applied;
  }

  /** Slugs of the listings whose name has the given key (see nameKeyOf). */
  slugsWithNameKey(key: string): readonly string[] {
    const slugs = this.byNameKey.get(key);
    return slugs === undefined ? [] : typeof slugs === 'string' ? [slugs] : slugs;
  }

  /** Keeps a listing and its name key; the need index is the caller's. */
  private put(stored: StoredListing): IndexedListing {
    const entry = toIndexedListing(stored, this.shared);
    const previous = this.listings.get(entry.slug);
    if (previous) {
      const oldKey = nameKeyOf(previous.listing.name);
      const others = this.slugsWithNameKey(oldKey).filter((slug) => slug !== entry.slug);
      if (others.length === 0) this.byNameKey.delete(oldKey);
      else this.byNameKey.set(oldKey, others.length === 1 ? others[0]! : others);
    }
    const key = nameKeyOf(entry.listing.name);
    const slugs = this.byNameKey.get(key);
    if (slugs === undefined) this.byNameKey.set(key, entry.slug);
    else if (typeof slugs === 'string') this.byNameKey.set(key, [slugs, entry.slug]);
    else slugs.push(entry.slug);
    if (!previous) this.nearSlugs?.add(entry.slug);
    this.listings.set(entry.slug, entry);
    return entry;
  }
}
