import { z } from 'zod';
import { compactListingSchema, toCompactListing, viewParam } from '../../core/listings/compact-listing.ts';
import { listingSummarySchema } from '../../core/listings/listing-detail.ts';
import { lookupListings, lookupListingsInputSchema } from '../../core/search/lookup-listings.ts';
import { searchText } from '../../client/text.ts';
import { toolInput, type ToolDefinition } from '../tool.ts';

const shape = lookupListingsInputSchema.shape;

export const searchApisTool: ToolDefinition = {
  name: 'search_apis',
  title: 'Search listings by name or text',
  description:
    'Look listings up by name, slug or words in their text (like a search box), best match first; an exact name or slug comes first. ' +
    'Use it when you know what the API is called or want to browse by category, pricing or CLI score. To find APIs that can do a job, use discover_apis instead. ' +
    'Returns each listing with its slug, category, pricing, CLI relevance and quality (missing values read "not shown"), compact unless view is "full"; page with cursor. ' +
    'A provider\'s products are one entry (its best match, the others named in `also`) unless group is "none".',
  input: toolInput({
    query: { from: 'q', schema: shape.q },
    limit: { from: 'limit', schema: shape.limit },
    category: { from: 'category', schema: shape.category },
    pricing: { from: 'pricing', schema: shape.pricing },
    minCliScore: { from: 'minCliScore', schema: shape.minCliScore },
    sort: { from: 'sort', schema: shape.sort },
    cursor: { from: 'cursor', schema: shape.cursor.describe('The nextCursor of a previous answer, to get the next page.') },
    view: { from: 'view', schema: viewParam.default('compact') },
    group: { from: 'group', schema: shape.group },
  }),
  output: z.object({
    items: z.array(z.union([listingSummarySchema, compactListingSchema])),
    total: z.number().int().describe('How many entries match in all: providers\' families count once unless group is "none".'),
    nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.'),
  }),
  readOnly: true,
  async run(args, { core }) {
    const result = await lookupListings({ ctx: core, input: args });
    const items = args.view === 'full' ? result.items : result.items.map(toCompactListing);
    const next = result.nextCursor ? `/api/apis?cursor=${encodeURIComponent(result.nextCursor)}` : null;
    return { structured: { items, total: result.total, nextCursor: result.nextCursor }, text: searchText({ items, total: result.total, next }, args.q as string | undefined) };
  },
};
