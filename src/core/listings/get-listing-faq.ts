import type { CoreContext } from '../context.ts';
import { completeListingFaq, type ListingFaq } from './complete-listing-faq.ts';
import { getListing, type GetListingInput } from './get-listing.ts';

export { FAQ_ALTERNATIVES, type ListingFaq } from './complete-listing-faq.ts';

/** A listing's full FAQ with the alternatives it names, for surfaces that link them (the listing page). */
export async function getListingFaq({ ctx, input }: { ctx: CoreContext; input: GetListingInput }): Promise<ListingFaq> {
  const detail = await getListing({ ctx, input }); // unknown slug: not_found with close matches
  return completeListingFaq(ctx, detail);
}
