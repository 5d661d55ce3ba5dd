import { z } from 'zod';
import { detailOf } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';
import { parseInput } from '../params.ts';
import type { ListingDetail } from './listing-detail.ts';
import { listingReviewStats } from '../reviews/listing-review-stats.ts';
import { completeListingFaq } from './complete-listing-faq.ts';
import { listingNotFound } from './suggest-slugs.ts';

export const getListingInputSchema = z.object({
  slug: z.string({ error: 'slug must be text' }).trim().min(1, { error: 'slug must not be empty' }).max(200, { error: 'slug must be at most 200 characters' }).describe('The listing\'s exact slug, e.g. "country-reference-data-service".'),
});
export type GetListingInput = z.input<typeof getListingInputSchema>;

/** One listing in full, by its exact slug; an unknown slug is an error with close matches, never another listing. */
export async function getListing({ ctx, input }: { ctx: CoreContext; input: GetListingInput }): Promise<ListingDetail> {
  const { slug } = parseInput(getListingInputSchema, input);
  const entry = ctx.catalogue.get(slug);
  if (!entry) throw listingNotFound(ctx.catalogue, slug, { field: 'slug', in: 'path' });
  const detail = detailOf(entry);
  const [reviews, { faq }] = await Promise.all([listingReviewStats({ ctx, slugs: [slug] }), completeListingFaq(ctx, detail)]);
  return { ...detail, faq, reviews: reviews.get(slug) };
}
