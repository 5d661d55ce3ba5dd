/**
 * Why: proposed listings waiting for a moderator (issue 7).
 * - `submissions` holds each proposal whole as JSON (`document`: the validated record, its
 *   automatic assessment and the possible duplicates found), and copies out what the queue and
 *   the duplicate check query: the state, the name key and url host of the proposed API, the
 *   slug asked for, and, once approved, the slug of the listing made from it.
 * - `submission_log` records every decision, automatic or by a moderator, append-only. A
 *   duplicate refused at the door has no submission row; its entry has a null submission_id.
 * Keyed POSTs reuse `idempotency_keys` (migration 0002): the key is written in the same
 * transaction as the submission.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { sqlDialectOf } from './dialect.ts';

export const createSubmissions: Migration = {
  async up(db: Kysely<any>) {
    const onPostgres = sqlDialectOf(db) === 'postgres';
    const keyType = onPostgres ? sql`text collate "C"` : sql`text`;
    const documentType = onPostgres ? sql`jsonb` : sql`text`;
    const instantType = onPostgres ? sql`timestamptz` : sql`text`;

    await db.schema
      .createTable('submissions')
      .addColumn('id', keyType, (column) => column.primaryKey())
      .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
      .addColumn('name_key', 'text', (column) => column.notNull())
      .addColumn('host_key', 'text')
      .addColumn('requested_slug', keyType)
      .addColumn('listing_slug', keyType)
      .addColumn('document', documentType, (column) => column.notNull())
      // JSON of { status, actor, reason, decidedAt } once a moderator decided; null while pending.
      .addColumn('decision', 'text')
      // sha256 of the client address, as for reviews: who sent it, without keeping the address.
      .addColumn('client_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', instantType, (column) => column.notNull())
      .addColumn('updated_at', instantType, (column) => column.notNull())
      .execute();
    // The queue in arrival order, and the duplicate checks against pending proposals.
    await db.schema.createIndex('submissions_status_idx').on('submissions').columns(['status', 'created_at', 'id']).execute();
    await db.schema.createIndex('submissions_name_key_idx').on('submissions').columns(['name_key', 'status']).execute();
    await db.schema.createIndex('submissions_requested_slug_idx').on('submissions').columns(['requested_slug', 'status']).execute();

    await db.schema
      .createTable('submission_log')
      .addColumn('id', keyType, (column) => column.primaryKey())
      .addColumn('submission_id', keyType)
      .addColumn('decision', 'text', (column) => column.notNull())
      .addColumn('actor', 'text', (column) => column.notNull())
      .addColumn('reasons', 'text', (column) => column.notNull())
      .addColumn('created_at', instantType, (column) => column.notNull())
      .execute();
    await db.schema.createIndex('submission_log_submission_idx').on('submission_log').columns(['submission_id', 'created_at']).execute();
    await db.schema.createIndex('submission_log_created_idx').on('submission_log').column('created_at').execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('submission_log').execute();
    await db.schema.dropTable('submissions').execute();
  },
};
