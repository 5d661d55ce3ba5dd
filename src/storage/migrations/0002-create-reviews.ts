/**
 * Why: reviews and what keeps them honest (issue 4).
 * - `reviews` holds each review whole as JSON (`document`, the submitted record after cleaning)
 *   and copies out the values statistics and moderation query, so averages are computed by
 *   the database over published rows only. One reviewer (type + folded name) has one review
 *   per listing: a unique key, so a second review from them updates the first.
 * - `review_moderation_log` records every moderation decision, automatic or by an admin,
 *   with its reasons; it is append-only.
 * - `idempotency_keys` keeps the exact response of each keyed POST for at least 24 hours. It
 *   is written in the same transaction as the review, so a crash keeps both or neither and a
 *   retry after a restart is answered from the database, never applied twice.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { sqlDialectOf } from './dialect.ts';

export const createReviews: Migration = {
  async up(db: Kysely<any>) {
    const onPostgres = sqlDialectOf(db) === 'postgres';
    const keyType = onPostgres ? sql`text collate "C"` : sql`text`;
    const documentType = onPostgres ? sql`jsonb` : sql`text`;
    const instantType = onPostgres ? sql`timestamptz` : sql`text`;
    const realType = onPostgres ? sql`double precision` : sql`real`;

    await db.schema
      .createTable('reviews')
      .addColumn('id', keyType, (column) => column.primaryKey())
      .addColumn('target_type', 'text', (column) => column.notNull())
      .addColumn('target_slug', keyType, (column) => column.notNull())
      .addColumn('reviewer_type', 'text', (column) => column.notNull())
      .addColumn('reviewer_key', keyType, (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('published', 'pending', 'rejected')`))
      .addColumn('document', documentType, (column) => column.notNull())
      .addColumn('rating', 'integer', (column) => column.notNull())
      .addColumn('cli_experience', 'integer')
      .addColumn('setup_difficulty', 'integer')
      .addColumn('docs_quality', 'integer')
      // 0/1 rather than boolean: both drivers then return the same numbers.
      .addColumn('would_recommend', 'integer')
      .addColumn('evidence_live', 'integer', (column) => column.notNull())
      .addColumn('auth_worked', 'integer')
      .addColumn('time_to_first_request', realType)
      .addColumn('worked_headless', 'integer')
      // sha256 of the client address: enough to spot bursts, without keeping the address.
      .addColumn('client_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', instantType, (column) => column.notNull())
      .addColumn('updated_at', instantType, (column) => column.notNull())
      .addUniqueConstraint('reviews_one_per_reviewer', ['target_slug', 'reviewer_type', 'reviewer_key'])
      .execute();
    // Published reviews of a listing, newest first (reads, statistics, near-duplicate checks).
    await db.schema.createIndex('reviews_listing_idx').on('reviews').columns(['target_slug', 'status', 'created_at', 'id']).execute();
    await db.schema.createIndex('reviews_status_idx').on('reviews').columns(['status', 'created_at', 'id']).execute();
    await db.schema.createIndex('reviews_client_idx').on('reviews').columns(['client_hash', 'created_at']).execute();

    await db.schema
      .createTable('review_moderation_log')
      .addColumn('id', keyType, (column) => column.primaryKey())
      .addColumn('review_id', keyType, (column) => column.notNull())
      .addColumn('decision', 'text', (column) => column.notNull())
      .addColumn('actor', 'text', (column) => column.notNull())
      .addColumn('reasons', 'text', (column) => column.notNull())
      .addColumn('created_at', instantType, (column) => column.notNull())
      .execute();
    await db.schema.createIndex('review_moderation_log_review_idx').on('review_moderation_log').columns(['review_id', 'created_at']).execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('key', keyType, (column) => column.primaryKey())
      .addColumn('fingerprint', 'text', (column) => column.notNull())
      .addColumn('status_code', 'integer', (column) => column.notNull())
      .addColumn('location', 'text')
      .addColumn('response_body', 'text', (column) => column.notNull())
      .addColumn('created_at', instantType, (column) => column.notNull())
      .execute();
    await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('idempotency_keys').execute();
    await db.schema.dropTable('review_moderation_log').execute();
    await db.schema.dropTable('reviews').execute();
  },
};
