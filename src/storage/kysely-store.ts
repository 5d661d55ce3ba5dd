import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Listing } from '../core/listings/listing.ts';
import { migrateToLatest } from './migrations/index.ts';
import type { ListingChanges, ListingPage, SaveResult, Store, StoredListing } from './store.ts';

/**
 * The Store over Kysely, shared by the SQLite and PostgreSQL adapters. The adapters only open
 * the connection and make both drivers return the same row shapes (see ListingsTable).
 */

/** The schema after all migrations, as both adapters' drivers return it. */
export interface Database {
  listings: ListingsTable;
  catalog_state: CatalogStateTable;
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

export class KyselyStore implements Store {
  readonly kind: Store['kind'];
  readonly location: string;
  protected readonly db: Kysely<Database>;

  constructor(options: { kind: Store['kind']; location: string; db: Kysely<Database> }) {
    this.kind = options.kind;
    this.location = options.location;
    this.db = options.db;
  }

  async migrate(): Promise<void> {
    await migrateToLatest(this.db);
  }

  async saveListings(listings: Listing[]): Promise<SaveResult[]> {
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
      .selectAll()
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

  async close(): Promise<void> {
    await this.db.destroy();
  }
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

function toStoredListing(row: ListingsTable): StoredListing {
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
