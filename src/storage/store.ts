import type { Listing } from '../core/listings/listing.ts';

/**
 * The store in use-case terms. Both adapters (sqlite/, postgres/) pass one behaviour suite
 * (test/storage/store-behaviour.test.ts); there is deliberately no in-memory fake.
 */

export interface StoredListing {
  listing: Listing;
  /** Position in the store's change feed; strictly increasing across all writes. */
  revision: number;
  createdAt: string;
  updatedAt: string;
}

export type SaveOutcome = 'created' | 'updated' | 'unchanged';

export interface SaveResult {
  slug: string;
  outcome: SaveOutcome;
  revision: number;
}

export interface ListingPage {
  items: StoredListing[];
  /** Pass as `after` to read the next page; null on the last page. */
  next: string | null;
}

export interface ListingChanges {
  /** Listings written after the given revision, oldest first. */
  items: StoredListing[];
  /** The highest revision seen; pass it to the next call. */
  revision: number;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data lives, with any password removed; for logs and health output. */
  readonly location: string;

  /** Applies pending migrations; safe to call on every start. */
  migrate(): Promise<void>;

  /**
   * Creates or updates each listing by slug in one transaction: all are saved or none.
   * A listing identical to the stored one is reported unchanged and keeps its revision.
   */
  saveListings(listings: Listing[]): Promise<SaveResult[]>;

  getListing(slug: string): Promise<StoredListing | undefined>;

  /** Every listing, ordered by slug, a page at a time. */
  listListings(options: { after?: string; limit: number }): Promise<ListingPage>;

  /** The listings written after `revision` (0 for all), oldest first, at most `limit`. */
  listingChangesSince(revision: number, limit: number): Promise<ListingChanges>;

  countListings(): Promise<number>;

  close(): Promise<void>;
}
