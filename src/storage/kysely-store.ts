import type { Kysely, Transaction } from 'kysely';
import type { ChangeCause } from '../core/catalogue/version-changes.ts';
import type { Listing } from '../core/listings/listing.ts';
import { IdempotencyStore } from './kysely/idempotency-store.ts';
import { ListingsStore } from './kysely/listings-store.ts';
import { ReviewsStore } from './kysely/reviews-store.ts';
import type { Database } from './kysely/schema.ts';
import { SubmissionsStore } from './kysely/submissions-store.ts';
import { migrateToLatest } from './migrations/index.ts';
import type { Store } from '../core/store.ts';

export type { Database, ListingsTable, ReviewsTable, SubmissionsTable } from './kysely/schema.ts';
export { canonicalJson } from './kysely/shared.ts';

/**
 * The Store over Kysely, shared by the SQLite and PostgreSQL adapters, one aggregate per module
 * under ./kysely/ (listings and their versions, reviews, submissions, idempotency); this class
 * only hands each operation to its aggregate. The adapters open the connection, make both
 * drivers return the same row shapes (see ListingsTable), and may override runWrite and
 * othersMayHaveWritten.
 */
export class KyselyStore implements Store {
  readonly kind: Store['kind'];
  readonly location: string;
  protected readonly db: Kysely<Database>;
  readonly #listings: ListingsStore;
  readonly #reviews: ReviewsStore;
  readonly #submissions: SubmissionsStore;
  readonly #idempotency: IdempotencyStore;

  constructor(options: { kind: Store['kind']; location: string; db: Kysely<Database> }) {
    this.kind = options.kind;
    this.location = options.location;
    this.db = options.db;
    this.#listings = new ListingsStore(this.db);
    this.#reviews = new ReviewsStore(
      this.db,
      (work) => this.runWrite(work),
      () => this.othersMayHaveWritten(),
    );
    this.#submissions = new SubmissionsStore(this.db);
    this.#idempotency = new IdempotencyStore(this.db);
  }

  /**
   * Runs one write in a transaction of its own; the SQLite adapter overrides this to commit
   * writes that arrive together in one transaction (one fsync for all of them).
   */
  protected runWrite<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * Whether another connection may have written to the store since this was last asked, so that
   * what this object keeps in memory may be stale. PostgreSQL: always, several servers share it.
   */
  protected othersMayHaveWritten(): boolean {
    return true;
  }

  async migrate(): Promise<void> {
    await migrateToLatest(this.db);
  }

  saveListings(listings: Listing[], options: { cause?: ChangeCause } = {}) {
    return this.#listings.saveListings(listings, options);
  }
  listingVersions(options: Parameters<Store['listingVersions']>[0]) {
    return this.#listings.listingVersions(options);
  }
  getListing(slug: string) {
    return this.#listings.getListing(slug);
  }
  listListings(options: Parameters<Store['listListings']>[0]) {
    return this.#listings.listListings(options);
  }
  listingChangesSince(revision: number, limit: number) {
    return this.#listings.listingChangesSince(revision, limit);
  }
  countListings() {
    return this.#listings.countListings();
  }

  saveReview(write: Parameters<Store['saveReview']>[0]) {
    return this.#reviews.saveReview(write);
  }
  getReview(id: string) {
    return this.#reviews.getReview(id);
  }
  listReviews(options: Parameters<Store['listReviews']>[0]) {
    return this.#reviews.listReviews(options);
  }
  reviewAggregates(slugs: string[]) {
    return this.#reviews.reviewAggregates(slugs);
  }
  reviewedSlugs() {
    return this.#reviews.reviewedSlugs();
  }
  recentReviewTexts(options: Parameters<Store['recentReviewTexts']>[0]) {
    return this.#reviews.recentReviewTexts(options);
  }
  countReviewsFromClient(options: Parameters<Store['countReviewsFromClient']>[0]) {
    return this.#reviews.countReviewsFromClient(options);
  }
  moderateReview(change: Parameters<Store['moderateReview']>[0]) {
    return this.#reviews.moderateReview(change);
  }
  moderationLog(reviewId: string) {
    return this.#reviews.moderationLog(reviewId);
  }
  countReviews() {
    return this.#reviews.countReviews();
  }

  getIdempotentResponse(key: string) {
    return this.#idempotency.getIdempotentResponse(key);
  }
  purgeIdempotencyKeys(before: string) {
    return this.#idempotency.purgeIdempotencyKeys(before);
  }

  saveSubmission(write: Parameters<Store['saveSubmission']>[0]) {
    return this.#submissions.saveSubmission(write);
  }
  getSubmission(id: string) {
    return this.#submissions.getSubmission(id);
  }
  listSubmissions(options: Parameters<Store['listSubmissions']>[0]) {
    return this.#submissions.listSubmissions(options);
  }
  approveSubmission(change: Parameters<Store['approveSubmission']>[0]) {
    return this.#submissions.approveSubmission(change);
  }
  rejectSubmission(change: Parameters<Store['rejectSubmission']>[0]) {
    return this.#submissions.rejectSubmission(change);
  }
  logSubmissionDecision(entry: Parameters<Store['logSubmissionDecision']>[0]) {
    return this.#submissions.logSubmissionDecision(entry);
  }
  submissionLog(options: Parameters<Store['submissionLog']>[0]) {
    return this.#submissions.submissionLog(options);
  }
  countSubmissions() {
    return this.#submissions.countSubmissions();
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
