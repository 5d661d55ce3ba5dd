import type { ChangeCause, VersionChanges } from './catalogue/version-changes.ts';
import type { Listing } from './listings/listing.ts';
import type { ReviewRecord, ReviewStatus } from './reviews/review-schema.ts';
import type { SubmissionContent, SubmissionStatus } from './submissions/submission-schema.ts';

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
   * Each changed listing also gets a version (see listingVersions) recording what changed and
   * `cause` (default "sync").
   */
  saveListings(listings: Listing[], options?: { cause?: ChangeCause }): Promise<SaveResult[]>;

  /**
   * Versions of listings oldest first: after a revision, or changed after an instant, at most
   * `limit`; or the newest (of one listing, with `slug`) first.
   */
  listingVersions(options: { afterRevision?: number; changedAfter?: string; slug?: string; newestFirst?: boolean; limit: number }): Promise<StoredListingVersion[]>;

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

  /** The listings that have at least one published review (most have none, so their statistics need no query). */
  reviewedSlugs(): Promise<Set<string>>;

  /** The most recent published or pending reviews of a listing by other reviewers, for near-duplicate checks. */
  recentReviewTexts(options: { slug: string; excludeReviewerKey: string; limit: number }): Promise<{ id: string; body: string }[]>;

  /** How many reviews from one client were created or updated since the instant given, counting no further than `atMost`. */
  countReviewsFromClient(options: { clientHash: string; since: string; atMost: number }): Promise<number>;

  /** Sets a review's state and logs the decision; undefined when no review has the id. */
  moderateReview(change: { id: string; status: ReviewStatus; actor: string; reasons: string[]; now: string }): Promise<StoredReview | undefined>;

  /** Every moderation decision about a review, oldest first. */
  moderationLog(reviewId: string): Promise<ModerationLogEntry[]>;

  countReviews(): Promise<number>;

  /** The response recorded under an idempotency key, if it is still kept. */
  getIdempotentResponse(key: string): Promise<IdempotentResponse | undefined>;

  /** Forgets keys recorded before the instant given; returns how many. */
  purgeIdempotencyKeys(before: string): Promise<number>;

  // Submissions (issue 7)

  /**
   * Queues a proposed listing as pending and logs the decision, unless a pending submission
   * already proposes the same API (same name key, and the same url host or no host to tell
   * them apart) or the same requested slug: then nothing is queued, the refusal is logged and
   * the pending one comes back as `duplicate-pending`. With `idempotency`, the response is
   * recorded under its key in the same transaction, as for reviews.
   */
  saveSubmission(write: SubmissionWrite): Promise<SaveSubmissionResult>;

  getSubmission(id: string): Promise<StoredSubmission | undefined>;

  /** Submissions in one state, oldest first (a queue is worked in arrival order), a page at a time. */
  listSubmissions(options: { status: SubmissionStatus; after?: SubmissionCursor; limit: number }): Promise<{ items: StoredSubmission[]; next: SubmissionCursor | null }>;

  /**
   * Approves a pending submission in one transaction: gives the listing the first free slug
   * of `baseSlug`, `baseSlug-2`, `baseSlug-3`, … (skipping `reservedSlugs`), saves it to the
   * catalogue (a new revision in the change feed), marks the submission approved and logs it.
   * `not-pending` when it was decided before; undefined when no submission has the id.
   */
  approveSubmission(change: {
    id: string;
    baseSlug: string;
    reservedSlugs: readonly string[];
    listingFor(slug: string, submission: StoredSubmission): Listing;
    actor: string;
    reason: string | null;
    now: string;
  }): Promise<{ kind: 'approved'; submission: StoredSubmission; slug: string } | { kind: 'not-pending'; submission: StoredSubmission } | undefined>;

  /** Rejects a pending submission and logs it; `not-pending` when it was decided before, undefined when unknown. */
  rejectSubmission(change: { id: string; actor: string; reason: string; now: string }): Promise<{ kind: 'rejected'; submission: StoredSubmission } | { kind: 'not-pending'; submission: StoredSubmission } | undefined>;

  /** Appends a decision that concerns no stored submission (a duplicate refused at the door). */
  logSubmissionDecision(entry: Omit<SubmissionLogEntry, 'submissionId'> & { submissionId: null }): Promise<void>;

  /** Logged submission decisions, newest first: of one submission, or (null) the refusals that concern none, or all. */
  submissionLog(options: { submissionId?: string | null; limit: number }): Promise<SubmissionLogEntry[]>;

  countSubmissions(): Promise<number>;

  close(): Promise<void>;
}

/** Who may replace a stored review: the holder of its token, or, without one, the client that wrote it. */
export interface ReviewOwner {
  ownerHash: string | null;
  clientHash: string;
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

export interface StoredListingVersion {
  revision: number;
  slug: string;
  kind: 'created' | 'updated';
  cause: ChangeCause;
  changes: VersionChanges;
  changedAt: string;
}

export interface ReviewWrite {
  record: ReviewRecord;
  /** Folded reviewer name: with the type and slug, what makes a review "the same reviewer's". */
  reviewerKey: string;
  clientHash: string;
  /** The id a new review gets. */
  newId: string;
  now: string;
  /** SHA-256 of the reviewer token the review is saved under (see ReviewOwner). */
  ownerHash: string;
  /**
   * The moderation decision, given the reviewer's earlier review of the listing if any, with
   * who owns it; throwing (a conflict: not its owner) saves nothing.
   */
  decide(previous: (StoredReview & { owner: ReviewOwner }) | undefined): ModerationDecision;
  idempotency?: KeyedWriteRecord<SavedReview>;
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

/** A response as a keyed write records it and as it is sent: the exact text. */
export type RecordedResponse = Pick<IdempotentResponse, 'statusCode' | 'location' | 'body'>;

/** The Idempotency-Key of a write, and the response to record under it, rendered from what was saved inside the transaction. */
export interface KeyedWriteRecord<Saved> {
  key: string;
  fingerprint: string;
  /** A record of the key older than this instant is past retention: forgotten, not replayed. */
  forgetBefore: string;
  respond(saved: Saved): RecordedResponse;
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

/** The aggregates of a listing without published reviews. */
export const noReviewAggregates = (): ReviewAggregates => ({
  count: 0,
  rating: { sum: 0, n: 0 },
  cliExperience: { sum: 0, n: 0 },
  setupDifficulty: { sum: 0, n: 0 },
  docsQuality: { sum: 0, n: 0 },
  wouldRecommend: { sum: 0, n: 0 },
  liveReports: 0,
  authWorked: { sum: 0, n: 0 },
  timeToFirstRequest: { sum: 0, n: 0 },
  workedHeadless: { sum: 0, n: 0 },
});

export interface StoredSubmission {
  id: string;
  status: SubmissionStatus;
  content: SubmissionContent;
  /** The slug of the listing made on approval; null before. */
  listingSlug: string | null;
  decision: { status: 'approved' | 'rejected'; actor: string; reason: string | null; decidedAt: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface SubmissionCursor {
  createdAt: string;
  id: string;
}

export interface SubmissionWrite {
  id: string;
  content: SubmissionContent;
  /** Name key (find-duplicate-listing.ts nameKeyOf) and url host of the proposed listing. */
  nameKey: string;
  hostKey: string | null;
  requestedSlug: string | null;
  clientHash: string;
  now: string;
  /** Reasons logged with the "pending" decision (e.g. what was assessed). */
  reasons: string[];
  idempotency?: KeyedWriteRecord<StoredSubmission>;
}

export type SaveSubmissionResult =
  | { kind: 'saved'; submission: StoredSubmission; response?: IdempotentResponse }
  | { kind: 'duplicate-pending'; submission: StoredSubmission }
  | { kind: 'key-taken' };

export interface SubmissionLogEntry {
  /** Null for a submission refused before it was stored (a duplicate). */
  submissionId: string | null;
  decision: SubmissionStatus | 'duplicate';
  /** "intake" for automatic decisions, "admin" for a moderator's. */
  actor: string;
  reasons: string[];
  createdAt: string;
}
