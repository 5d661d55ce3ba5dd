/**
 * The knobs of review intake, chosen once in src/config.ts and carried in the core context.
 * Defaults hold when a context does not say (tests, the CLI).
 */
export interface ReviewPolicy {
  /** More than `max` reviews from one client address within `windowMs` send the next ones to pending. */
  burst: { max: number; windowMs: number };
  /** Jaccard similarity of word shingles from which a review counts as a near-duplicate of another. */
  nearDuplicateSimilarity: number;
  /** How many of a listing's recent reviews a new one is compared with. */
  nearDuplicateWindow: number;
  /** How long an Idempotency-Key and its response are kept (at least 24 hours). */
  idempotencyRetentionMs: number;
}

export const DEFAULT_REVIEW_POLICY: ReviewPolicy = {
  burst: { max: 5, windowMs: 10 * 60_000 },
  nearDuplicateSimilarity: 0.8,
  nearDuplicateWindow: 200,
  idempotencyRetentionMs: 24 * 60 * 60_000,
};
