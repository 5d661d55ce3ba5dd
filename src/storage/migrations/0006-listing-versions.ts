/**
 * Why: what changed in the catalogue, and why (issue 17). Every write of a listing that changes
 * it (sync, import, build, enrichment, an approved submission) adds one row here, in the same
 * transaction and under the same revision the listing row gets, so the revision orders versions
 * across every server on one store, and a reader paging by revision never misses one.
 * `changes` is JSON: the fields that changed with old and new values, and the scores before and
 * after (src/core/catalogue/listing-changes.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { sqlDialectOf } from './dialect.ts';

export const createListingVersions: Migration = {
  async up(db: Kysely<any>) {
    const onPostgres = sqlDialectOf(db) === 'postgres';
    const keyType = onPostgres ? sql`text collate "C"` : sql`text`;
    const instantType = onPostgres ? sql`timestamptz` : sql`text`;
    await db.schema
      .createTable('listing_versions')
      .addColumn('revision', 'bigint', (column) => column.primaryKey())
      .addColumn('slug', keyType, (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('created', 'updated')`))
      .addColumn('cause', 'text', (column) => column.notNull())
      .addColumn('changes', 'text', (column) => column.notNull())
      .addColumn('changed_at', instantType, (column) => column.notNull())
      .execute();
    await db.schema.createIndex('listing_versions_slug_idx').on('listing_versions').columns(['slug', 'revision']).execute();
    await db.schema.createIndex('listing_versions_changed_at_idx').on('listing_versions').columns(['changed_at', 'revision']).execute();
  },
};
