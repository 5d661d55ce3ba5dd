import type { Listing } from '../core/listings/listing.ts';
import type { ReviewRecord, ReviewStatus } from '../core/reviews/review-schema.ts';

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

  // Reviews (issue 4)

  /**
   * Creates the reviewer's review of the listing, or updates it if they reviewed it before,
   * logs the moderation decision, and (with `idempotency`) records the response under its
   * key, all in one transaction. A key already recorded leaves everything unchanged and
   * comes back as `key-taken`.
   */
  saveReview(write: ReviewWrite): Promise<SaveReviewResult>;

  getReview(id: string): Promise<StoredReview | undefined>;

  /** Reviews in one state (of one listing, if given), newest first, a page at a time. */
  listReviews(options: { slug?: string; status: ReviewStatus; after?: ReviewCursor; limit: number }): Promise<{ items: StoredReview[]; next: ReviewCursor | null }>;

  /** Statistics inputs over each listing's published reviews; listings without any get zeros. */
  reviewAggregates(slugs: string[]): Promise<Map<string, ReviewAggregates>>;

  /** The most recent published or pending reviews of a listing by other reviewers, for near-duplicate checks. */
  recentReviewTexts(options: { slug: string; excludeReviewerKey: string; limit: number }): Promise<{ id: string; title: string; body: string }[]>;

  /** How many reviews from one client were created or updated since the instant given. */
  countReviewsFromClient(clientHash: string, since: string): Promise<number>;

  /** Sets a review's state and logs the decision; undefined when no review has the id. */
  moderateReview(change: { id: string; status: ReviewStatus; actor: string; reasons: string[]; now: string }): Promise<StoredReview | undefined>;

  /** Every moderation decision about a review, oldest first. */
  moderationLog(reviewId: string): Promise<ModerationLogEntry[]>;

  countReviews(): Promise<number>;

  /** The response recorded under an idempotency key, if it is still kept. */
  getIdempotentResponse(key: string): Promise<IdempotentResponse | undefined>;

  /** Forgets keys recorded before the instant given; returns how many. */
  purgeIdempotencyKeys(before: string): Promise<number>;

  close(): Promise<void>;
}

export interface StoredReview {
  id: string;
  status: ReviewStatus;
  /** The review as submitted, after validation and cleaning. */
  record: ReviewRecord;
  createdAt: string;
  updatedAt: string;
}

export interface ReviewCursor {
  createdAt: string;
  id: string;
}

export interface ModerationDecision {
  status: ReviewStatus;
  reasons: string[];
}

export interface ReviewWrite {
  record: ReviewRecord;
  /** Folded reviewer name: with the type and slug, what makes a review "the same reviewer's". */
  reviewerKey: string;
  clientHash: string;
  /** The id a new review gets. */
  newId: string;
  now: string;
  /** The moderation decision, given the reviewer's earlier review of the listing if any. */
  decide(previous: StoredReview | undefined): ModerationDecision;
  idempotency?: {
    key: string;
    fingerprint: string;
    /** A record of the key older than this instant is past retention: forgotten, not replayed. */
    forgetBefore: string;
    /** The response to record, rendered from the saved review inside the transaction. */
    respond(saved: SavedReview): { statusCode: number; location: string | null; body: string };
  };
}

export interface SavedReview {
  outcome: 'created' | 'updated';
  review: StoredReview;
  decision: ModerationDecision;
}

export type SaveReviewResult = ({ kind: 'saved' } & SavedReview & { response?: IdempotentResponse }) | { kind: 'key-taken' };

export interface IdempotentResponse {
  fingerprint: string;
  statusCode: number;
  location: string | null;
  body: string;
  createdAt: string;
}

export interface ModerationLogEntry {
  reviewId: string;
  decision: ReviewStatus;
  actor: string;
  reasons: string[];
  createdAt: string;
}

/** Sums and sample sizes over a listing's published reviews; `sum` of a yes/no is its yeses. */
export interface ReviewAggregates {
  count: number;
  rating: { sum: number; n: number };
  cliExperience: { sum: number; n: number };
  setupDifficulty: { sum: number; n: number };
  docsQuality: { sum: number; n: number };
  wouldRecommend: { sum: number; n: number };
  liveReports: number;
  authWorked: { sum: number; n: number };
  timeToFirstRequest: { sum: number; n: number };
  workedHeadless: { sum: number; n: number };
}
