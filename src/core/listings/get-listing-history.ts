import { z } from 'zod';
import { changeItemSchema, toChangeItem } from '../catalogue/list-changes.ts';
import type { CoreContext } from '../context.ts';
import { boundedInt, parameters, parseInput } from '../params.ts';
import { slugInputSchema } from './slug-input.ts';
import { listingEntryOr404 } from './suggest-slugs.ts';

/** A listing's versions, newest first: what changed each time, why, and the scores before and after (issue 17). */

export const listingHistoryQuerySchema = parameters({ limit: boundedInt('limit', 1, 200).default(50).describe('Most versions to return, 1 to 200 (default 50).') });
export const getListingHistoryInputSchema = slugInputSchema.extend(listingHistoryQuerySchema.shape);
export type GetListingHistoryInput = z.input<typeof getListingHistoryInputSchema>;

export const listingHistorySchema = z
  .object({ slug: z.string(), items: z.array(changeItemSchema).describe('Newest first.') })
  .meta({ id: 'ListingHistory' });
export type ListingHistory = z.infer<typeof listingHistorySchema>;

export async function getListingHistory({ ctx, input }: { ctx: CoreContext; input: GetListingHistoryInput }): Promise<ListingHistory> {
  const { slug, limit } = parseInput(getListingHistoryInputSchema, input);
  await listingEntryOr404(ctx.catalogue, slug);
  const versions = await ctx.store.listingVersions({ slug, limit });
  return { slug, items: versions.map(toChangeItem) };
}
