import type { CoreContext } from '../core/context.ts';
import type { Directory } from './directory.ts';

/**
 * The Directory over the core verbs in this process: the same verbs the HTTP API answers
 * with, so local and remote output are the same.
 * `client` is who writes reviews (hashed for the burst heuristic), e.g. "cli".
 *
 * Each verb's module is loaded when it is first called: a CLI command calls one, and loading
 * all of them (the submission checks pull in the YAML parser) cost every command ~0.1 s.
 */
export function localDirectory(core: CoreContext, { client = 'cli' }: { client?: string } = {}): Directory {
  return {
    source: core.store.location,
    async lookup(input) {
      const { lookupListings } = await import('../core/search/lookup-listings.ts');
      const page = await lookupListings({ ctx: core, input });
      return { items: page.items, total: page.total, nextCursor: page.nextCursor };
    },
    discover: async (input) => (await import('../core/search/discover-listings.ts')).discoverListingsInView({ ctx: core, input }),
    recommend: async (input) => (await import('../core/search/recommend-listing.ts')).recommendListing({ ctx: core, input }),
    compare: async (input) => (await import('../core/search/compare-listings.ts')).compareListings({ ctx: core, input }),
    alternatives: async (input) => (await import('../core/search/find-alternatives.ts')).findAlternatives({ ctx: core, input }),
    getListing: async (input) => (await import('../core/listings/get-listing.ts')).getListing({ ctx: core, input }),
    provider: async (input) => (await import('../core/providers/get-provider.ts')).getProvider({ ctx: core, input }),
    quickstart: async (input) => (await import('../core/listings/get-quickstart.ts')).getQuickstart({ ctx: core, input }),
    packageInfo: async (input) => (await import('../core/listings/get-package-info.ts')).getPackageInfo({ ctx: core, input }),
    changes: async (input) => (await import('../core/catalogue/list-changes.ts')).listChanges({ ctx: core, input }),
    categories: async () => (await import('../core/listings/list-categories.ts')).listCategories({ ctx: core }),
    reviews: async (input) => (await import('../core/reviews/list-reviews.ts')).listReviews({ ctx: core, input }),
    async submitReview(input) {
      const { submitReview } = await import('../core/reviews/submit-review.ts');
      const outcome = await submitReview({ ctx: core, input, client: { address: client } });
      if (outcome.kind !== 'saved') throw new Error('A review without an idempotency key cannot collide with one.');
      return outcome.result;
    },
    async submitListing(input) {
      const { submitListing } = await import('../core/submissions/submit-listing.ts');
      const outcome = await submitListing({ ctx: core, input, client: { address: client } });
      if (outcome.kind !== 'queued') throw new Error('A submission without an idempotency key cannot collide with one.');
      return outcome.result;
    },
    close: () => core.store.close(),
  };
}
