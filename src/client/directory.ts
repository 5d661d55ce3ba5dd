import type { ListChangesInput, ListChangesResult } from '../core/catalogue/list-changes.ts';
import type { PackageInfoResult } from '../core/listings/get-package-info.ts';
import type { Quickstart } from '../core/listings/get-quickstart.ts';
import type { SlugInput } from '../core/listings/slug-input.ts';
import type { Category } from '../core/listings/list-categories.ts';
import type { ListingDetail, ListingSummary } from '../core/listings/listing-detail.ts';
import type { ListReviewsInput, ListReviewsResult } from '../core/reviews/list-reviews.ts';
import type { ReviewInput } from '../core/reviews/review-schema.ts';
import type { SubmitReviewResult } from '../core/reviews/submit-review.ts';
import type { SubmissionInput } from '../core/submissions/submission-schema.ts';
import type { SubmitListingResult } from '../core/submissions/submit-listing.ts';
import type { CompareListingsInput, CompareResult } from '../core/search/compare-listings.ts';
import type { DiscoverListingsInput, DiscoverResult } from '../core/search/discover-listings.ts';
import type { AlternativesResult, FindAlternativesInput } from '../core/search/find-alternatives.ts';
import type { LookupListingsInput } from '../core/search/lookup-listings.ts';
import type { RecommendListingInput, RecommendResult } from '../core/search/recommend-listing.ts';
import type { GetListingInput } from '../core/listings/get-listing.ts';
import type { GetProviderInput, ProviderDetail } from '../core/providers/get-provider.ts';
import { ApidexClient } from './http-client.ts';

/**
 * The directory's read and review operations, answered the same way by the core in this
 * process (LocalDirectory, over DATABASE_URL) and by a running server (remoteDirectory, over
 * the JSON API), so a command prints the same output whichever answers it.
 */
export interface Directory {
  /** Where the answers come from: the store's location or the server's URL. */
  readonly source: string;
  lookup(input: LookupListingsInput): Promise<{ items: ListingSummary[]; total: number; nextCursor: string | null }>;
  discover(input: DiscoverListingsInput): Promise<DiscoverResult>;
  recommend(input: RecommendListingInput): Promise<RecommendResult>;
  compare(input: CompareListingsInput): Promise<CompareResult>;
  alternatives(input: FindAlternativesInput): Promise<AlternativesResult>;
  getListing(input: GetListingInput): Promise<ListingDetail>;
  provider(input: GetProviderInput): Promise<ProviderDetail>;
  quickstart(input: SlugInput): Promise<Quickstart>;
  packageInfo(input: SlugInput): Promise<PackageInfoResult>;
  changes(input: ListChangesInput): Promise<ListChangesResult>;
  categories(): Promise<Category[]>;
  reviews(input: ListReviewsInput): Promise<ListReviewsResult>;
  submitReview(input: ReviewInput): Promise<SubmitReviewResult>;
  /** Proposes a listing for a moderator to approve (POST /api/apis/submit). */
  submitListing(input: SubmissionInput): Promise<SubmitListingResult>;
  close(): Promise<void>;
}

/** The cursor of a `next` path, e.g. "/api/apis?q=x&cursor=abc" → "abc". */
export const cursorOf = (next: string | null): string | null => (next === null ? null : new URL(next, 'http://apidex.invalid').searchParams.get('cursor'));

export function remoteDirectory(baseUrl: string): Directory {
  const client = new ApidexClient(baseUrl, { userAgent: 'apidex-cli' });
  return {
    source: client.baseUrl,
    async lookup(input) {
      const page = await client.lookup(input);
      return { items: page.items, total: page.total, nextCursor: cursorOf(page.next) };
    },
    discover: (input) => client.discover(input),
    recommend: (input) => client.recommend(input),
    compare: (input) => client.compare(input),
    alternatives: (input) => client.alternatives(input),
    getListing: (input) => client.getListing(input),
    provider: (input) => client.provider(input),
    quickstart: (input) => client.quickstart(input),
    packageInfo: (input) => client.packageInfo(input),
    changes: (input) => client.changes(input),
    categories: () => client.categories(),
    reviews: (input) => client.reviews(input),
    // A fresh key per command: should the answer be lost, a retry of the same call cannot add a second review.
    submitReview: (input) => client.submitReview(input, { idempotencyKey: crypto.randomUUID() }),
    submitListing: (input) => client.submitListing(input, { idempotencyKey: crypto.randomUUID() }),
    close: async () => {},
  };
}
