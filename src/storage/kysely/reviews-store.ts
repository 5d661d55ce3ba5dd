import { sql, type Kysely, type Transaction } from 'kysely';
import { isLiveEvidence, REVIEWER_TYPES, type ReviewRecord, type ReviewStatus } from '../../core/reviews/review-schema.ts';
import { timeOrderedId } from '../../core/time-ordered-id.ts';
import { RecentReviewWindow, RecentReviewWindows } from '../recent-review-windows.ts';
import { noReviewAggregates, type ModerationDecision, type ModerationLogEntry, type ReviewAggregates, type ReviewCursor, type ReviewWrite, type SaveReviewResult, type StoredReview } from '../../core/store.ts';
import type { Database, ReviewsTable } from './schema.ts';
import { canonicalJson, checkedLimit, chunksOf, HASH_LOOKUP_CHUNK_SLUGS } from './shared.ts';

/** Listings whose newest reviews are kept in memory for the near-duplicate check. */
const REVIEW_WINDOW_LISTINGS = 200;
/** The statuses of reviews another review may be a near-duplicate of. */
const WINDOW_STATUSES: ReviewStatus[] = ['published', 'pending'];

/**
 * The reviews aggregate: reviews, their moderation log, and the near-duplicate windows kept in
 * memory. `runWrite` and `othersMayHaveWritten` come from the adapter (see KyselyStore).
 */
export class ReviewsStore {
  readonly #reviewWindows = new RecentReviewWindows(REVIEW_WINDOW_LISTINGS);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly runWrite: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>,
    private readonly othersMayHaveWritten: () => boolean,
  ) {}

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

  async reviewedSlugs(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('reviews').select('target_slug').distinct().where('status', '=', 'published').execute();
    return new Set(rows.map((row) => row.target_slug));
  }

  async reviewAggregates(slugs: string[]): Promise<Map<string, ReviewAggregates>> {
    const result = new Map<string, ReviewAggregates>(slugs.map((slug) => [slug, noReviewAggregates()]));
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
}

const bit = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);

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

