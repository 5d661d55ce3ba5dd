/**
 * Why: the first schema. `listings` holds each listing whole as JSON (`document`), so the
 * listing schema can grow without a migration per field; `name` and `category` are copied out
 * for queries. `content_hash` lets a save tell an unchanged listing from an updated one.
 * `revision` is each row's position in the change feed that app instances poll;
 * `catalog_state` holds the one counter revisions are reserved from, under a row lock.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { sqlDialectOf } from './dialect.ts';

export const createListings: Migration = {
  async up(db: Kysely<any>) {
    const onPostgres = sqlDialectOf(db) === 'postgres';
    // "C" collation: slugs sort byte-wise on both databases (SQLite's default), whatever
    // the server's locale; paging by slug then gives the same order everywhere.
    const slugType = onPostgres ? sql`text collate "C"` : sql`text`;
    const documentType = onPostgres ? sql`jsonb` : sql`text`;
    const instantType = onPostgres ? sql`timestamptz` : sql`text`;

    await db.schema
      .createTable('listings')
      .addColumn('slug', slugType, (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('category', 'text', (column) => column.notNull())
      .addColumn('document', documentType, (column) => column.notNull())
      .addColumn('content_hash', 'text', (column) => column.notNull())
      .addColumn('revision', 'bigint', (column) => column.notNull())
      .addColumn('created_at', instantType, (column) => column.notNull())
      .addColumn('updated_at', instantType, (column) => column.notNull())
      .execute();
    // Unique: every write gets its own revision; the index also serves the change feed.
    await db.schema.createIndex('listings_revision_idx').on('listings').column('revision').unique().execute();

    await db.schema
      .createTable('catalog_state')
      .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
      .addColumn('revision', 'bigint', (column) => column.notNull())
      .execute();
    await db.insertInto('catalog_state').values({ id: 1, revision: 0 }).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('catalog_state').execute();
    await db.schema.dropTable('listings').execute();
  },
};
