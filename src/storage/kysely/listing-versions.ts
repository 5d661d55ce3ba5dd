import type { Kysely, Transaction } from 'kysely';
import { versionChanges, type ChangeCause, type VersionChanges } from '../../core/catalogue/version-changes.ts';
import type { Listing } from '../../core/listings/listing.ts';
import type { Database } from './schema.ts';
import type { StoredListingVersion } from '../../core/store.ts';

/**
 * The listing_versions aggregate of the store (migration 0006): one row per change of a
 * listing, written in the transaction that changes it, under the listing's new revision.
 */

export interface ListingVersionsTable {
  revision: number;
  slug: string;
  kind: 'created' | 'updated';
  cause: ChangeCause;
  /** JSON of VersionChanges. */
  changes: string;
  changed_at: string;
}

// Six parameters a row: far below either database's bound parameters per statement.
const INSERT_CHUNK_ROWS = 500;

export async function recordVersions(
  trx: Transaction<Database> | Kysely<Database>,
  versions: { revision: number; before: Listing | undefined; after: Listing }[],
  { cause, now }: { cause: ChangeCause; now: string },
): Promise<void> {
  const rows = versions.map(({ revision, before, after }) => ({
    revision,
    slug: after.slug,
    kind: before ? ('updated' as const) : ('created' as const),
    cause,
    changes: JSON.stringify(versionChanges(before, after)),
    changed_at: now,
  }));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
    await trx.insertInto('listing_versions').values(rows.slice(start, start + INSERT_CHUNK_ROWS)).execute();
  }
}

export async function readVersions(
  db: Kysely<Database>,
  options: { afterRevision?: number; changedAfter?: string; slug?: string; newestFirst?: boolean; limit: number },
): Promise<StoredListingVersion[]> {
  let query = db.selectFrom('listing_versions').selectAll();
  if (options.slug !== undefined || options.newestFirst) {
    if (options.slug !== undefined) query = query.where('slug', '=', options.slug);
    query = query.orderBy('revision', 'desc');
  } else {
    if (options.afterRevision !== undefined) query = query.where('revision', '>', options.afterRevision);
    if (options.changedAfter !== undefined) query = query.where('changed_at', '>', options.changedAfter);
    query = query.orderBy('revision', 'asc');
  }
  const rows = await query.limit(options.limit).execute();
  return rows.map((row) => ({
    revision: Number(row.revision),
    slug: row.slug,
    kind: row.kind,
    cause: row.cause,
    changes: JSON.parse(row.changes) as VersionChanges,
    changedAt: row.changed_at,
  }));
}
