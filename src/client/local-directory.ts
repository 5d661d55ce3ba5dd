import { listChanges } from '../core/catalogue/list-changes.ts';
import type { CoreContext } from '../core/context.ts';
import { getListing } from '../core/listings/get-listing.ts';
import { getPackageInfo } from '../core/listings/get-package-info.ts';
import { getQuickstart } from '../core/listings/get-quickstart.ts';
import { listCategories } from '../core/listings/list-categories.ts';
import { listReviews } from '../core/reviews/list-reviews.ts';
import { submitReview } from '../core/reviews/submit-review.ts';
import { submitListing } from '../core/submissions/submit-listing.ts';
import { compareListings } from '../core/search/compare-listings.ts';
import { discoverListingsInView } from '../core/search/discover-listings.ts';
import { findAlternatives } from '../core/search/find-alternatives.ts';
import { lookupListings } from '../core/search/lookup-listings.ts';
import { recommendListing } from '../core/search/recommend-listing.ts';
import type { Directory } from './directory.ts';

/**
 * The Directory over the core verbs in this process: the same verbs the HTTP API answers
 * with, so local and remote output are the same.
 * `client` is who writes reviews (hashed for the burst heuristic), e.g. "cli".
 */
export function localDirectory(core: CoreContext, { client = 'cli' }: { client?: string } = {}): Directory {
  return {
    source: core.store.location,
    async lookup(input) {
      const page = await lookupListings({ ctx: core, input });
      return { items: page.items, total: page.total, nextCursor: page.nextCursor };
    },
    discover: (input) => discoverListingsInView({ ctx: core, input }),
    recommend: (input) => recommendListing({ ctx: core, input }),
    compare: (input) => compareListings({ ctx: core, input }),
    alternatives: (input) => findAlternatives({ ctx: core, input }),
    getListing: (input) => getListing({ ctx: core, input }),
    quickstart: (input) => getQuickstart({ ctx: core, input }),
    packageInfo: (input) => getPackageInfo({ ctx: core, input }),
    changes: (input) => listChanges({ ctx: core, input }),
    categories: () => listCategories({ ctx: core }),
    reviews: (input) => listReviews({ ctx: core, input }),
    async submitReview(input) {
      const outcome = await submitReview({ ctx: core, input, client: { address: client } });
      if (outcome.kind !== 'saved') throw new Error('A review without an idempotency key cannot collide with one.');
      return outcome.result;
    },
    async submitListing(input) {
      const outcome = await submitListing({ ctx: core, input, client: { address: client } });
      if (outcome.kind !== 'queued') throw new Error('A submission without an idempotency key cannot collide with one.');
      return outcome.result;
    },
    close: () => core.store.close(),
  };
}
