import type { Kysely, Transaction } from 'kysely';
import type { ChangeCause } from '../../core/catalogue/version-changes.ts';
import type { Listing } from '../../core/listings/listing.ts';
import type { ListingChanges, ListingPage, SaveResult, StoredListing } from '../../core/store.ts';
import { readVersions, recordVersions } from './listing-versions.ts';
import type { Database, ListingsTable } from './schema.ts';
import { canonicalJson, checkedLimit, chunksOf, HASH_LOOKUP_CHUNK_SLUGS, sha256Hex, UPSERT_CHUNK_ROWS } from './shared.ts';

/** The listings aggregate: listings by slug, their revisions (the change feed servers poll) and their versions. */
export class ListingsStore {
  constructor(private readonly db: Kysely<Database>) {}

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

export async function lockCatalogState(trx: Transaction<Database>): Promise<void> {
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
export async function reserveRevisions(trx: Transaction<Database>, count: number): Promise<number> {
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

