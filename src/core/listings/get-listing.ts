import { detailOf } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';
import { parseInput } from '../params.ts';
import type { ListingDetail } from './listing-detail.ts';
import { listingReviewStats } from '../reviews/listing-review-stats.ts';
import { completeListingFaq } from './complete-listing-faq.ts';
import { slugInputSchema, type SlugInput } from './slug-input.ts';
import { listingEntryOr404 } from './suggest-slugs.ts';

export const getListingInputSchema = slugInputSchema;
export type GetListingInput = SlugInput;

/** One listing in full, by its exact slug; an unknown slug is an error with close matches, never another listing. */
export async function getListing({ ctx, input }: { ctx: CoreContext; input: GetListingInput }): Promise<ListingDetail> {
  const { slug } = parseInput(getListingInputSchema, input);
  const entry = await listingEntryOr404(ctx.catalogue, slug);
  const detail = detailOf(entry);
  const [reviews, { faq }] = await Promise.all([listingReviewStats({ ctx, slugs: [slug] }), completeListingFaq(ctx, detail)]);
  return { ...detail, faq, reviews: reviews.get(slug) };
}
