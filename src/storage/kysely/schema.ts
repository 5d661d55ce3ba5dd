import type { ListingVersionsTable } from './listing-versions.ts';
import type { ReviewStatus } from '../../core/reviews/review-schema.ts';
import type { SubmissionStatus } from '../../core/submissions/submission-schema.ts';
import type { SubmissionLogEntry } from '../../core/store.ts';

/** The schema after all migrations, as both adapters' drivers return it. */
export interface Database {
  listings: ListingsTable;
  catalog_state: CatalogStateTable;
  reviews: ReviewsTable;
  review_moderation_log: ModerationLogTable;
  idempotency_keys: IdempotencyKeysTable;
  submissions: SubmissionsTable;
  submission_log: SubmissionLogTable;
  listing_versions: ListingVersionsTable;
}

/** See migration 0003. */
export interface SubmissionsTable {
  id: string;
  status: SubmissionStatus;
  name_key: string;
  host_key: string | null;
  requested_slug: string | null;
  listing_slug: string | null;
  /** JSON of SubmissionContent. */
  document: string;
  /** JSON of StoredSubmission['decision'], or null. */
  decision: string | null;
  client_hash: string;
  created_at: string;
  updated_at: string;
}

export interface SubmissionLogTable {
  id: string;
  submission_id: string | null;
  decision: SubmissionLogEntry['decision'];
  actor: string;
  /** JSON array of strings. */
  reasons: string;
  created_at: string;
}

/** See migration 0002. Yes/no columns hold 0 or 1 on both databases. */
export interface ReviewsTable {
  id: string;
  target_type: string;
  target_slug: string;
  reviewer_type: string;
  reviewer_key: string;
  status: ReviewStatus;
  document: string;
  rating: number;
  cli_experience: number | null;
  setup_difficulty: number | null;
  docs_quality: number | null;
  would_recommend: number | null;
  evidence_live: number;
  auth_worked: number | null;
  time_to_first_request: number | null;
  worked_headless: number | null;
  client_hash: string;
  /** SHA-256 of the reviewer token; null for reviews written before tokens existed. */
  owner_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface ModerationLogTable {
  id: string;
  review_id: string;
  decision: ReviewStatus;
  actor: string;
  /** JSON array of strings. */
  reasons: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  key: string;
  fingerprint: string;
  status_code: number;
  location: string | null;
  response_body: string;
  created_at: string;
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
