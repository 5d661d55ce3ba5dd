/**
 * Why: the burst check on every review write counts one client's reviews written or replaced in
 * the last few minutes (`updated_at`), but the client index of 0002 orders by `created_at`, so
 * the count walked every review the client ever wrote (issue 15, the write path).
 * (client_hash, updated_at) reads only the recent ones.
 */
import type { Kysely, Migration } from 'kysely';

export const indexClientRecency: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('reviews_client_recency_idx').on('reviews').columns(['client_hash', 'updated_at']).execute();
    await db.schema.dropIndex('reviews_client_idx').execute();
  },
};
