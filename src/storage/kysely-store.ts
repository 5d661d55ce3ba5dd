import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Listing } from '../core/listings/listing.ts';
import { timeOrderedId } from '../core/time-ordered-id.ts';
import type { ChangeCause } from '../core/catalogue/version-changes.ts';
import { isLiveEvidence, REVIEWER_TYPES, type ReviewRecord, type ReviewStatus } from '../core/reviews/review-schema.ts';
import type { SubmissionContent, SubmissionStatus } from '../core/submissions/submission-schema.ts';
import { migrateToLatest } from './migrations/index.ts';
import { RecentReviewWindow, RecentReviewWindows } from './recent-review-windows.ts';
import { readVersions, recordVersions, type ListingVersionsTable } from './listing-versions.ts';
import type {
  IdempotentResponse,
  ListingChanges,
  ModerationDecision,
  ListingPage,
  ModerationLogEntry,
  ReviewAggregates,
  ReviewCursor,
  ReviewWrite,
  SaveResult,
  SaveReviewResult,
  Store,
  StoredListing,
  StoredReview,
  SaveSubmissionResult,
  StoredSubmission,
  SubmissionCursor,
  SubmissionLogEntry,
  SubmissionWrite,
} from './store.ts';

/**
 * The Store over Kysely, shared by the SQLite and PostgreSQL adapters. The adapters only open
 * the connection and make both drivers return the same row shapes (see ListingsTable).
 */

/** The schema after all migrations, as both adapters' drivers return it. */
export interface Database {
  listings: ListingsTable;
  catalog_state: CatalogStateTable;
  reviews: ReviewsTable;
  review_moderation_log: ModerationLogTable;
  idempotency_keys: IdempotencyKeysTable;
  submissions: SubmissionsTable;
  submission_log: SubmissionLogTable;
  listing_versions: ListingVersionsTable;
}

/** See migration 0003. */
export interface SubmissionsTable {
  id: string;
  status: SubmissionStatus;
  name_key: string;
  host_key: string | null;
  requested_slug: string | null;
  listing_slug: string | null;
  /** JSON of SubmissionContent. */
  document: string;
  /** JSON of StoredSubmission['decision'], or null. */
  decision: string | null;
  client_hash: string;
  created_at: string;
  updated_at: string;
}

export interface SubmissionLogTable {
  id: string;
  submission_id: string | null;
  decision: SubmissionLogEntry['decision'];
  actor: string;
  /** JSON array of strings. */
  reasons: string;
  created_at: string;
}

/** See migration 0002. Yes/no columns hold 0 or 1 on both databases. */
export interface ReviewsTable {
  id: string;
  target_type: string;
  target_slug: string;
  reviewer_type: string;
  reviewer_key: string;
  status: ReviewStatus;
  document: string;
  rating: number;
  cli_experience: number | null;
  setup_difficulty: number | null;
  docs_quality: number | null;
  would_recommend: number | null;
  evidence_live: number;
  auth_worked: number | null;
  time_to_first_request: number | null;
  worked_headless: number | null;
  client_hash: string;
  /** SHA-256 of the reviewer token; null for reviews written before tokens existed. */
  owner_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface ModerationLogTable {
  id: string;
  review_id: string;
  decision: ReviewStatus;
  actor: string;
  /** JSON array of strings. */
  reasons: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  key: string;
  fingerprint: string;
  status_code: number;
  location: string | null;
  response_body: string;
  created_at: string;
}

export interface ListingsTable {
  slug: string;
  name: string;
  category: string;
  /** The listing as JSON text (PostgreSQL stores jsonb; its adapter returns the text unparsed). */
  document: string;
  /** sha256 (hex) of the canonical JSON of the listing; equal hashes mean an unchanged listing. */
  content_hash: string;
  revision: number;
  /** ISO 8601 instants (PostgreSQL stores timestamptz; its adapter returns ISO strings). */
  created_at: string;
  updated_at: string;
}

export interface CatalogStateTable {
  /** Always 1: the table holds one row. */
  id: number;
  /** The highest revision handed out so far. */
  revision: number;
}

// Rows per multi-row statement: 8 parameters a row stays far below SQLite's 32,766 and
// PostgreSQL's 65,535 bound parameters per statement.
const UPSERT_CHUNK_ROWS = 500;
const HASH_LOOKUP_CHUNK_SLUGS = 1000;
/** Listings whose newest reviews are kept in memory for the near-duplicate check. */
const REVIEW_WINDOW_LISTINGS = 200;
/** The statuses of reviews another review may be a near-duplicate of. */
const WINDOW_STATUSES: ReviewStatus[] = ['published', 'pending'];

export class KyselyStore implements Store {
  readonly kind: Store['kind'];
  readonly location: string;
  protected readonly db: Kysely<Database>;
  readonly #reviewWindows = new RecentReviewWindows(REVIEW_WINDOW_LISTINGS);

  constructor(options: { kind: Store['kind']; location: string; db: Kysely<Database> }) {
    this.kind = options.kind;
    this.location = options.location;
    this.db = options.db;
  }

  /**
   * Runs one write in a transaction of its own; the SQLite adapter overrides this to commit
   * writes that arrive together in one transaction (one fsync for all of them).
   */
  protected runWrite<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async migrate(): Promise<void> {
    await migrateToLatest(this.db);
  }

  async saveListings(listings: Listing[], { cause = 'sync' }: { cause?: ChangeCause } = {}): Promise<SaveResult[]> {
    rejectDuplicateSlugs(listings);
    if (listings.length === 0) return [];

    const candidates = listings.map((listing) => {
      const document = canonicalJson(listing);
      return { listing, document, contentHash: sha256Hex(document) };
    });
    const now = new Date().toISOString();

    return this.db.transaction().execute(async (trx) => {
      // Take the catalogue's write lock before reading anything, so the hashes read below
      // cannot go stale before this transaction writes (PostgreSQL: the row lock; SQLite: the
      // database write lock, taken while busy_timeout still applies).
      await lockCatalogState(trx);

      const stored = await readStoredVersions(
        trx,
        candidates.map((candidate) => candidate.listing.slug),
      );
      const changed = candidates.filter((candidate) => stored.get(candidate.listing.slug)?.contentHash !== candidate.contentHash);
      const firstRevision = changed.length > 0 ? await reserveRevisions(trx, changed.length) : 0;

      const rows = changed.map((candidate, index) => ({
        slug: candidate.listing.slug,
        name: candidate.listing.name,
        category: candidate.listing.category,
        document: candidate.document,
        content_hash: candidate.contentHash,
        revision: firstRevision + index,
        created_at: now,
        updated_at: now,
      }));
      const before = await readStoredListings(
        trx,
        changed.filter((candidate) => stored.has(candidate.listing.slug)).map((candidate) => candidate.listing.slug),
      );
      await recordVersions(
        trx,
        changed.map((candidate, index) => ({ revision: firstRevision + index, before: before.get(candidate.listing.slug), after: candidate.listing })),
        { cause, now },
      );
      for (const chunk of chunksOf(rows, UPSERT_CHUNK_ROWS)) {
        await trx
          .insertInto('listings')
          .values(chunk)
          .onConflict((conflict) =>
            conflict.column('slug').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              category: eb.ref('excluded.category'),
              document: eb.ref('excluded.document'),
              content_hash: eb.ref('excluded.content_hash'),
              revision: eb.ref('excluded.revision'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }

      const newRevisions = new Map(rows.map((row) => [row.slug, row.revision]));
      return candidates.map(({ listing: { slug } }): SaveResult => {
        const previous = stored.get(slug);
        const revision = newRevisions.get(slug);
        if (revision !== undefined) return { slug, outcome: previous ? 'updated' : 'created', revision };
        return { slug, outcome: 'unchanged', revision: previous!.revision };
      });
    });
  }

  async listingVersions(options: { afterRevision?: number; changedAfter?: string; slug?: string; newestFirst?: boolean; limit: number }) {
    return readVersions(this.db, { ...options, limit: checkedLimit(options.limit) });
  }

  async getListing(slug: string): Promise<StoredListing | undefined> {
    const row = await this.db.selectFrom('listings').selectAll().where('slug', '=', slug).executeTakeFirst();
    return row && toStoredListing(row);
  }

  async listListings(options: { after?: string; limit: number }): Promise<ListingPage> {
    const limit = checkedLimit(options.limit);
    let query = this.db
      .selectFrom('listings')
      .selectAll()
      .orderBy('slug')
      .limit(limit + 1);
    if (options.after !== undefined) query = query.where('slug', '>', options.after);
    const rows = await query.execute();

    const items = rows.slice(0, limit).map(toStoredListing);
    const next = rows.length > limit ? items[items.length - 1]!.listing.slug : null;
    return { items, next };
  }

  async listingChangesSince(revision: number, limit: number): Promise<ListingChanges> {
    const rows = await this.db
      .selectFrom('listings')
      .select(['document', 'revision', 'created_at', 'updated_at'])
      .where('revision', '>', revision)
      .orderBy('revision')
      .limit(checkedLimit(limit))
      .execute();
    const items = rows.map(toStoredListing);
    return { items, revision: items.length > 0 ? items[items.length - 1]!.revision : revision };
  }

  async countListings(): Promise<number> {
    const { count } = await this.db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async saveReview(write: ReviewWrite): Promise<SaveReviewResult> {
    const result = await this.#writeReview(write);
    if (result.kind === 'saved') {
      const { review } = result;
      if (WINDOW_STATUSES.includes(review.status)) {
        this.#reviewWindows.put(review.record.targetSlug, { id: review.id, reviewerKey: write.reviewerKey, createdAt: review.createdAt, body: review.record.body });
      } else {
        this.#reviewWindows.forget(review.record.targetSlug);
      }
    }
    return result;
  }

  #writeReview(write: ReviewWrite): Promise<SaveReviewResult> {
    const { record } = write;
    return this.runWrite(async (trx): Promise<SaveReviewResult> => {
      // The key first: a write, so SQLite takes its write lock before any read, and on
      // PostgreSQL a concurrent request with the same key waits here for the first to finish.
      if (write.idempotency) {
        const { key } = write.idempotency;
        // A key older than the retention period is forgotten rather than replayed.
        await trx.deleteFrom('idempotency_keys').where('key', '=', key).where('created_at', '<', write.idempotency.forgetBefore).execute();
        const inserted = await trx
          .insertInto('idempotency_keys')
          .values({ key, fingerprint: write.idempotency.fingerprint, status_code: 0, location: null, response_body: '', created_at: write.now })
          .onConflict((conflict) => conflict.column('key').doNothing())
          .executeTakeFirst();
        if (inserted.numInsertedOrUpdatedRows !== 1n) return { kind: 'key-taken' };
      }

      const readPrevious = async () => {
        const row = await trx
          .selectFrom('reviews')
          .selectAll()
          .where('target_slug', '=', record.targetSlug)
          .where('reviewer_type', '=', record.reviewerType)
          .where('reviewer_key', '=', write.reviewerKey)
          .executeTakeFirst();
        return row && { ...toStoredReview(row), owner: { ownerHash: row.owner_hash, clientHash: row.client_hash } };
      };
      const report = record.integrationReport;
      const valuesFor = (decision: ModerationDecision) => ({
        target_type: record.targetType,
        status: decision.status,
        document: canonicalJson(record),
        rating: record.rating,
        cli_experience: record.cliExperience ?? null,
        setup_difficulty: record.setupDifficulty ?? null,
        docs_quality: record.docsQuality ?? null,
        would_recommend: bit(record.wouldRecommend),
        evidence_live: isLiveEvidence(report?.evidenceLevel) ? 1 : 0,
        auth_worked: bit(report?.authWorked),
        time_to_first_request: report?.timeToFirstRequest ?? null,
        worked_headless: bit(report?.workedHeadless),
        client_hash: write.clientHash,
        owner_hash: write.ownerHash,
        updated_at: write.now,
      });

      let previous = await readPrevious();
      let decision = write.decide(previous);
      let id = previous?.id ?? write.newId;
      if (!previous) {
        // Two first reviews by one reviewer at once (PostgreSQL, several connections): the
        // second waits for the first's row here and then becomes an update of it.
        const inserted = await trx
          .insertInto('reviews')
          .values({ ...valuesFor(decision), id, target_slug: record.targetSlug, reviewer_type: record.reviewerType, reviewer_key: write.reviewerKey, created_at: write.now })
          .onConflict((conflict) => conflict.columns(['target_slug', 'reviewer_type', 'reviewer_key']).doNothing())
          .executeTakeFirst();
        if (inserted.numInsertedOrUpdatedRows !== 1n) {
          previous = await readPrevious();
          if (!previous) throw new Error('A review conflicted on its reviewer key, yet no review has that key.');
          decision = write.decide(previous);
          id = previous.id;
        }
      }
      if (previous) await trx.updateTable('reviews').set(valuesFor(decision)).where('id', '=', id).execute();
      await logDecision(trx, { reviewId: id, decision: decision.status, actor: 'heuristics', reasons: decision.reasons, createdAt: write.now });
      const review: StoredReview = { id, status: decision.status, record, createdAt: previous?.createdAt ?? write.now, updatedAt: write.now };
      const saved = { outcome: previous ? ('updated' as const) : ('created' as const), review, decision };

      if (!write.idempotency) return { kind: 'saved', ...saved };
      const response = write.idempotency.respond(saved);
      await trx
        .updateTable('idempotency_keys')
        .set({ status_code: response.statusCode, location: response.location, response_body: response.body })
        .where('key', '=', write.idempotency.key)
        .execute();
      return { kind: 'saved', ...saved, response: { ...response, fingerprint: write.idempotency.fingerprint, createdAt: write.now } };
    });
  }

  async getReview(id: string): Promise<StoredReview | undefined> {
    const row = await this.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toStoredReview(row);
  }

  async listReviews(options: { slug?: string; status: ReviewStatus; after?: ReviewCursor; limit: number }): Promise<{ items: StoredReview[]; next: ReviewCursor | null }> {
    const limit = checkedLimit(options.limit);
    let query = this.db.selectFrom('reviews').selectAll().where('status', '=', options.status);
    if (options.slug !== undefined) query = query.where('target_slug', '=', options.slug);
    const after = options.after;
    if (after) {
      query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
    }
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const items = rows.slice(0, limit).map(toStoredReview);
    const last = items[items.length - 1];
    return { items, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
  }

  async reviewAggregates(slugs: string[]): Promise<Map<string, ReviewAggregates>> {
    const result = new Map<string, ReviewAggregates>(slugs.map((slug) => [slug, emptyAggregates()]));
    if (slugs.length === 0) return result;
    const live = (column: string) => sql.raw(`case when evidence_live = 1 then ${column} end`);
    for (const chunk of chunksOf([...new Set(slugs)], HASH_LOOKUP_CHUNK_SLUGS)) {
      const rows = await this.db
        .selectFrom('reviews')
        .select([
          'target_slug',
          sql<number>`count(*)`.as('count'),
          sql<number>`sum(rating)`.as('rating_sum'),
          sql<number>`sum(cli_experience)`.as('cli_sum'),
          sql<number>`count(cli_experience)`.as('cli_n'),
          sql<number>`sum(setup_difficulty)`.as('setup_sum'),
          sql<number>`count(setup_difficulty)`.as('setup_n'),
          sql<number>`sum(docs_quality)`.as('docs_sum'),
          sql<number>`count(docs_quality)`.as('docs_n'),
          sql<number>`sum(would_recommend)`.as('recommend_sum'),
          sql<number>`count(would_recommend)`.as('recommend_n'),
          sql<number>`sum(evidence_live)`.as('live'),
          sql<number>`sum(${live('auth_worked')})`.as('auth_sum'),
          sql<number>`count(${live('auth_worked')})`.as('auth_n'),
          sql<number>`sum(${live('time_to_first_request')})`.as('ttfr_sum'),
          sql<number>`count(${live('time_to_first_request')})`.as('ttfr_n'),
          sql<number>`sum(${live('worked_headless')})`.as('headless_sum'),
          sql<number>`count(${live('worked_headless')})`.as('headless_n'),
        ])
        .where('status', '=', 'published')
        .where('target_slug', 'in', chunk)
        .groupBy('target_slug')
        .execute();
      for (const row of rows) {
        const n = (value: unknown) => Number(value ?? 0);
        result.set(row.target_slug, {
          count: n(row.count),
          rating: { sum: n(row.rating_sum), n: n(row.count) },
          cliExperience: { sum: n(row.cli_sum), n: n(row.cli_n) },
          setupDifficulty: { sum: n(row.setup_sum), n: n(row.setup_n) },
          docsQuality: { sum: n(row.docs_sum), n: n(row.docs_n) },
          wouldRecommend: { sum: n(row.recommend_sum), n: n(row.recommend_n) },
          liveReports: n(row.live),
          authWorked: { sum: n(row.auth_sum), n: n(row.auth_n) },
          timeToFirstRequest: { sum: n(row.ttfr_sum), n: n(row.ttfr_n) },
          workedHeadless: { sum: n(row.headless_sum), n: n(row.headless_n) },
        });
      }
    }
    return result;
  }

  async recentReviewTexts(options: { slug: string; excludeReviewerKey: string; limit: number }): Promise<{ id: string; body: string }[]> {
    const limit = checkedLimit(options.limit);
    // Room for every row of the excluded reviewer (one per reviewer type) beside `limit` others.
    const capacity = limit + REVIEWER_TYPES.length;
    if (this.othersMayHaveWritten()) this.#reviewWindows.forgetAll();
    let window = this.#reviewWindows.get(options.slug, capacity);
    if (!window) {
      const changesBefore = this.#reviewWindows.changes;
      const rows = await this.db
        .selectFrom('reviews')
        .select(['id', 'reviewer_key', 'created_at', 'document'])
        .where('target_slug', '=', options.slug)
        .where('status', 'in', WINDOW_STATUSES)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(capacity)
        .execute();
      const reviews = rows.map((row) => ({ id: row.id, reviewerKey: row.reviewer_key, createdAt: row.created_at, body: (JSON.parse(row.document) as ReviewRecord).body }));
      window = new RecentReviewWindow(reviews, capacity);
      this.#reviewWindows.keep(options.slug, window, changesBefore);
    }
    return window.except(options.excludeReviewerKey, limit).map(({ id, body }) => ({ id, body }));
  }

  /**
   * Whether another connection may have written to the store since this was last asked, so that
   * what this object keeps in memory may be stale. PostgreSQL: always, several servers share it.
   */
  protected othersMayHaveWritten(): boolean {
    return true;
  }

  async countReviewsFromClient(options: { clientHash: string; since: string; atMost: number }): Promise<number> {
    if (options.atMost < 1) return 0;
    const recent = this.db
      .selectFrom('reviews')
      .select('id')
      .where('client_hash', '=', options.clientHash)
      .where('updated_at', '>=', options.since)
      .limit(checkedLimit(options.atMost))
      .as('recent');
    const { count } = await this.db
      .selectFrom(recent)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async moderateReview(change: { id: string; status: ReviewStatus; actor: string; reasons: string[]; now: string }): Promise<StoredReview | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('reviews').set({ status: change.status }).where('id', '=', change.id).executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) return undefined;
      await logDecision(trx, { reviewId: change.id, decision: change.status, actor: change.actor, reasons: change.reasons, createdAt: change.now });
      const row = await trx.selectFrom('reviews').selectAll().where('id', '=', change.id).executeTakeFirstOrThrow();
      return toStoredReview(row);
    }).then((review) => {
      if (review) this.#reviewWindows.forget(review.record.targetSlug);
      return review;
    });
  }

  async moderationLog(reviewId: string): Promise<ModerationLogEntry[]> {
    const rows = await this.db.selectFrom('review_moderation_log').selectAll().where('review_id', '=', reviewId).orderBy('created_at').orderBy('id').execute();
    return rows.map((row) => ({ reviewId: row.review_id, decision: row.decision, actor: row.actor, reasons: JSON.parse(row.reasons) as string[], createdAt: row.created_at }));
  }

  async countReviews(): Promise<number> {
    const { count } = await this.db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async getIdempotentResponse(key: string): Promise<IdempotentResponse | undefined> {
    const row = await this.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    return { fingerprint: row.fingerprint, statusCode: row.status_code, location: row.location, body: row.response_body, createdAt: row.created_at };
  }

  async purgeIdempotencyKeys(before: string): Promise<number> {
    const { numDeletedRows } = await this.db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
    return Number(numDeletedRows);
  }

  async saveSubmission(write: SubmissionWrite): Promise<SaveSubmissionResult> {
    return this.db.transaction().execute(async (trx): Promise<SaveSubmissionResult> => {
      // The key first, as for reviews: a concurrent request with the same key waits on it.
      if (write.idempotency) {
        const { key } = write.idempotency;
        await trx.deleteFrom('idempotency_keys').where('key', '=', key).where('created_at', '<', write.idempotency.forgetBefore).execute();
        const inserted = await trx
          .insertInto('idempotency_keys')
          .values({ key, fingerprint: write.idempotency.fingerprint, status_code: 0, location: null, response_body: '', created_at: write.now })
          .onConflict((conflict) => conflict.column('key').doNothing())
          .executeTakeFirst();
        if (inserted.numInsertedOrUpdatedRows !== 1n) return { kind: 'key-taken' };
      }
      // Submissions take turns with each other and with catalogue writes, so two proposals of
      // the same API cannot both pass the duplicate check below.
      await lockCatalogState(trx);
      const pending = await trx
        .selectFrom('submissions')
        .selectAll()
        .where('status', '=', 'pending')
        .where((eb) => {
          const sameName = eb('name_key', '=', write.nameKey);
          const sameApi = write.hostKey === null ? sameName : eb.and([sameName, eb.or([eb('host_key', 'is', null), eb('host_key', '=', write.hostKey)])]);
          return write.requestedSlug === null ? sameApi : eb.or([sameApi, eb('requested_slug', '=', write.requestedSlug)]);
        })
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (pending) {
        const submission = toStoredSubmission(pending);
        // Nothing is queued: the key is not kept (a retry is checked again), the refusal is logged.
        if (write.idempotency) await trx.deleteFrom('idempotency_keys').where('key', '=', write.idempotency.key).execute();
        await logSubmission(trx, {
          submissionId: null,
          decision: 'duplicate',
          actor: 'intake',
          reasons: ['duplicate-of-pending-submission', `submission:${submission.id}`, `name:${write.content.record.name}`],
          createdAt: write.now,
        });
        return { kind: 'duplicate-pending', submission };
      }
      await trx
        .insertInto('submissions')
        .values({
          id: write.id,
          status: 'pending',
          name_key: write.nameKey,
          host_key: write.hostKey,
          requested_slug: write.requestedSlug,
          listing_slug: null,
          document: JSON.stringify(write.content),
          decision: null,
          client_hash: write.clientHash,
          created_at: write.now,
          updated_at: write.now,
        })
        .execute();
      await logSubmission(trx, { submissionId: write.id, decision: 'pending', actor: 'intake', reasons: write.reasons, createdAt: write.now });
      const submission: StoredSubmission = { id: write.id, status: 'pending', content: write.content, listingSlug: null, decision: null, createdAt: write.now, updatedAt: write.now };
      if (!write.idempotency) return { kind: 'saved', submission };
      const response = write.idempotency.respond(submission);
      await trx
        .updateTable('idempotency_keys')
        .set({ status_code: response.statusCode, location: response.location, response_body: response.body })
        .where('key', '=', write.idempotency.key)
        .execute();
      return { kind: 'saved', submission, response: { ...response, fingerprint: write.idempotency.fingerprint, createdAt: write.now } };
    });
  }

  async getSubmission(id: string): Promise<StoredSubmission | undefined> {
    const row = await this.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toStoredSubmission(row);
  }

  async listSubmissions(options: { status: SubmissionStatus; after?: SubmissionCursor; limit: number }): Promise<{ items: StoredSubmission[]; next: SubmissionCursor | null }> {
    const limit = checkedLimit(options.limit);
    let query = this.db.selectFrom('submissions').selectAll().where('status', '=', options.status);
    const after = options.after;
    if (after) {
      query = query.where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)])]));
    }
    const rows = await query
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit + 1)
      .execute();
    const items = rows.slice(0, limit).map(toStoredSubmission);
    const last = items[items.length - 1];
    return { items, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
  }

  async approveSubmission(change: Parameters<Store['approveSubmission']>[0]): ReturnType<Store['approveSubmission']> {
    return this.db.transaction().execute(async (trx) => {
      await lockCatalogState(trx);
      const row = await trx.selectFrom('submissions').selectAll().where('id', '=', change.id).executeTakeFirst();
      if (!row) return undefined;
      const stored = toStoredSubmission(row);
      if (stored.status !== 'pending') return { kind: 'not-pending' as const, submission: stored };

      const taken = new Set(
        (
          await trx
            .selectFrom('listings')
            .select('slug')
            .where((eb) => eb.or([eb('slug', '=', change.baseSlug), eb('slug', 'like', `${change.baseSlug}-%`)]))
            .execute()
        ).map((listing) => listing.slug),
      );
      let slug = change.baseSlug;
      for (let n = 2; taken.has(slug) || change.reservedSlugs.includes(slug); n += 1) slug = `${change.baseSlug}-${n}`;

      const listing = change.listingFor(slug, stored);
      const document = canonicalJson(listing);
      const revision = await reserveRevisions(trx, 1);
      await trx
        .insertInto('listings')
        .values({ slug, name: listing.name, category: listing.category, document, content_hash: sha256Hex(document), revision, created_at: change.now, updated_at: change.now })
        .execute();
      await recordVersions(trx, [{ revision, before: undefined, after: listing }], { cause: 'submission', now: change.now });
      const decision = { status: 'approved' as const, actor: change.actor, reason: change.reason, decidedAt: change.now };
      await trx
        .updateTable('submissions')
        .set({ status: 'approved', listing_slug: slug, decision: JSON.stringify(decision), updated_at: change.now })
        .where('id', '=', change.id)
        .execute();
      await logSubmission(trx, {
        submissionId: change.id,
        decision: 'approved',
        actor: change.actor,
        reasons: ['approve', `slug:${slug}`, ...(change.reason ? [change.reason] : [])],
        createdAt: change.now,
      });
      const submission: StoredSubmission = { ...stored, status: 'approved', listingSlug: slug, decision, updatedAt: change.now };
      return { kind: 'approved' as const, submission, slug };
    });
  }

  async rejectSubmission(change: { id: string; actor: string; reason: string; now: string }): ReturnType<Store['rejectSubmission']> {
    return this.db.transaction().execute(async (trx) => {
      const decision = { status: 'rejected' as const, actor: change.actor, reason: change.reason, decidedAt: change.now };
      const updated = await trx
        .updateTable('submissions')
        .set({ status: 'rejected', decision: JSON.stringify(decision), updated_at: change.now })
        .where('id', '=', change.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const row = await trx.selectFrom('submissions').selectAll().where('id', '=', change.id).executeTakeFirst();
      if (!row) return undefined;
      if (updated.numUpdatedRows !== 1n) return { kind: 'not-pending' as const, submission: toStoredSubmission(row) };
      await logSubmission(trx, { submissionId: change.id, decision: 'rejected', actor: change.actor, reasons: ['reject', change.reason], createdAt: change.now });
      return { kind: 'rejected' as const, submission: toStoredSubmission(row) };
    });
  }

  async logSubmissionDecision(entry: Omit<SubmissionLogEntry, 'submissionId'> & { submissionId: null }): Promise<void> {
    await this.db.transaction().execute((trx) => logSubmission(trx, entry));
  }

  async submissionLog(options: { submissionId?: string | null; limit: number }): Promise<SubmissionLogEntry[]> {
    let query = this.db.selectFrom('submission_log').selectAll();
    if (options.submissionId === null) query = query.where('submission_id', 'is', null);
    else if (options.submissionId !== undefined) query = query.where('submission_id', '=', options.submissionId);
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(checkedLimit(options.limit))
      .execute();
    return rows.map((row) => ({ submissionId: row.submission_id, decision: row.decision, actor: row.actor, reasons: JSON.parse(row.reasons) as string[], createdAt: row.created_at }));
  }

  async countSubmissions(): Promise<number> {
    const { count } = await this.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

async function logSubmission(trx: Transaction<Database>, entry: SubmissionLogEntry): Promise<void> {
  await trx
    .insertInto('submission_log')
    .values({ id: timeOrderedId(), submission_id: entry.submissionId, decision: entry.decision, actor: entry.actor, reasons: JSON.stringify(entry.reasons), created_at: entry.createdAt })
    .execute();
}

function toStoredSubmission(row: SubmissionsTable): StoredSubmission {
  return {
    id: row.id,
    status: row.status,
    // Stored documents were validated before they were written.
    content: JSON.parse(row.document) as SubmissionContent,
    listingSlug: row.listing_slug,
    decision: row.decision === null ? null : (JSON.parse(row.decision) as StoredSubmission['decision']),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const bit = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);

const emptyAggregates = (): ReviewAggregates => ({
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

async function logDecision(trx: Transaction<Database>, entry: ModerationLogEntry): Promise<void> {
  await trx
    .insertInto('review_moderation_log')
    .values({ id: timeOrderedId(), review_id: entry.reviewId, decision: entry.decision, actor: entry.actor, reasons: JSON.stringify(entry.reasons), created_at: entry.createdAt })
    .execute();
}

function toStoredReview(row: ReviewsTable): StoredReview {
  return {
    id: row.id,
    status: row.status,
    // Stored documents were validated and cleaned before they were written.
    record: JSON.parse(row.document) as ReviewRecord,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** JSON with object keys sorted at every depth, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) => {
    if (nested === null || typeof nested !== 'object' || Array.isArray(nested)) return nested;
    const entries = Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries);
  });
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function rejectDuplicateSlugs(listings: Listing[]): void {
  const seen = new Set<string>();
  for (const { slug } of listings) {
    if (seen.has(slug)) {
      throw new Error(`The batch holds the slug "${slug}" more than once; save each listing once per batch. Nothing was saved.`);
    }
    seen.add(slug);
  }
}

async function lockCatalogState(trx: Transaction<Database>): Promise<void> {
  const { numUpdatedRows } = await trx
    .updateTable('catalog_state')
    .set((eb) => ({ revision: eb.ref('revision') }))
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  if (numUpdatedRows !== 1n) throw new Error('The catalog_state row is missing; run the store migrations before saving listings.');
}

/**
 * Reserves `count` consecutive revisions and returns the first. The row lock held until
 * commit makes writers take turns, so revisions become visible in increasing order and a
 * reader polling `revision > last` never misses a row that commits later.
 */
async function reserveRevisions(trx: Transaction<Database>, count: number): Promise<number> {
  const { revision: lastReserved } = await trx
    .updateTable('catalog_state')
    .set((eb) => ({ revision: eb('revision', '+', count) }))
    .where('id', '=', 1)
    .returning('revision')
    .executeTakeFirstOrThrow();
  return lastReserved - count + 1;
}

async function readStoredVersions(
  trx: Transaction<Database>,
  slugs: string[],
): Promise<Map<string, { contentHash: string; revision: number }>> {
  const stored = new Map<string, { contentHash: string; revision: number }>();
  for (const chunk of chunksOf(slugs, HASH_LOOKUP_CHUNK_SLUGS)) {
    const rows = await trx.selectFrom('listings').select(['slug', 'content_hash', 'revision']).where('slug', 'in', chunk).execute();
    for (const row of rows) stored.set(row.slug, { contentHash: row.content_hash, revision: row.revision });
  }
  return stored;
}

async function readStoredListings(trx: Transaction<Database>, slugs: string[]): Promise<Map<string, Listing>> {
  const listings = new Map<string, Listing>();
  for (const chunk of chunksOf(slugs, HASH_LOOKUP_CHUNK_SLUGS)) {
    const rows = await trx.selectFrom('listings').select(['slug', 'document']).where('slug', 'in', chunk).execute();
    for (const row of rows) listings.set(row.slug, JSON.parse(row.document) as Listing);
  }
  return listings;
}

function toStoredListing(row: Pick<ListingsTable, 'document' | 'revision' | 'created_at' | 'updated_at'>): StoredListing {
  return {
    // Stored documents were validated before they were written.
    listing: JSON.parse(row.document) as Listing,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function checkedLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number of 1 or more; got ${limit}`);
  return limit;
}

function* chunksOf<T>(items: T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
