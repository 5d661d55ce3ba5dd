import { z } from 'zod';
import { detailOf } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../params.ts';
import type { ListingDetail } from './listing-detail.ts';
import { listingReviewStats } from '../reviews/listing-review-stats.ts';
import { unknownSlugHint } from './suggest-slugs.ts';

export const getListingInputSchema = z.object({
  slug: z.string({ error: 'slug must be text' }).trim().min(1, { error: 'slug must not be empty' }).max(200, { error: 'slug must be at most 200 characters' }).describe('The listing\'s exact slug, e.g. "country-reference-data-service".'),
});
export type GetListingInput = z.input<typeof getListingInputSchema>;

/** One listing in full, by its exact slug; an unknown slug is an error with close matches, never another listing. */
export async function getListing({ ctx, input }: { ctx: CoreContext; input: GetListingInput }): Promise<ListingDetail> {
  const { slug } = parseInput(getListingInputSchema, input);
  const entry = ctx.catalogue.get(slug);
  if (entry) {
    const reviews = await listingReviewStats({ ctx, slugs: [slug] });
    return { ...detailOf(entry), reviews: reviews.get(slug) };
  }
  const { suggestions, hint } = unknownSlugHint(ctx.catalogue, slug);
  throw new AppError('not_found', `No listing has the slug "${slug}"; ${hint}${hint.endsWith('?') ? '' : '.'}`, {
    fields: [{ field: 'slug', in: 'path', message: `no listing has the slug "${slug}"` }],
    extensions: { suggestions },
  });
}
