import { Migrator, type Kysely, type Migration } from 'kysely';
import { createListings } from './0001-create-listings.ts';
import { createReviews } from './0002-create-reviews.ts';
import { createSubmissions } from './0003-create-submissions.ts';
import { addReviewOwners } from './0004-review-owners.ts';
import { indexClientRecency } from './0005-client-recency-index.ts';
import { createListingVersions } from './0006-listing-versions.ts';

/**
 * Every migration, by name; names sort in the order they run. Listed here rather than found
 * by scanning a folder, so migrations work under tsx and in bundles alike.
 */
export const migrations: Record<string, Migration> = {
  '0001-create-listings': createListings,
  '0002-create-reviews': createReviews,
  '0003-create-submissions': createSubmissions,
  '0004-review-owners': addReviewOwners,
  '0005-client-recency-index': indexClientRecency,
  '0006-listing-versions': createListingVersions,
};

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`Store migration ${failed ?? '(before any migration ran)'} failed: ${detail}`, { cause: error });
  }
}
