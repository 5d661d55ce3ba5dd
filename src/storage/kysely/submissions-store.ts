import type { Kysely, Transaction } from 'kysely';
import type { SubmissionContent } from '../../core/submissions/submission-schema.ts';
import { timeOrderedId } from '../../core/time-ordered-id.ts';
import type { SubmissionStatus } from '../../core/submissions/submission-schema.ts';
import type { SaveSubmissionResult, Store, StoredSubmission, SubmissionCursor, SubmissionLogEntry, SubmissionWrite } from '../../core/store.ts';
import { lockCatalogState, reserveRevisions } from './listings-store.ts';
import { recordVersions } from './listing-versions.ts';
import type { Database, SubmissionsTable } from './schema.ts';
import { canonicalJson, checkedLimit, sha256Hex } from './shared.ts';

/** The submissions aggregate: proposed listings, their decisions and log; approving one writes the listing. */
export class SubmissionsStore {
  constructor(private readonly db: Kysely<Database>) {}

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

