/**
 * Why: a published review may be replaced only by whoever wrote it (issue 15). `owner_hash` is
 * the SHA-256 of the reviewer token handed out once when the review was created; the token
 * itself is never stored. Reviews written before this migration have none: they may be
 * replaced from the client address that wrote them, which then receives a token.
 */
import type { Kysely, Migration } from 'kysely';

export const addReviewOwners: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('reviews').addColumn('owner_hash', 'text').execute();
  },
};
