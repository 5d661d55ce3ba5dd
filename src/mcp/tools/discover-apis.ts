import { viewParam } from '../../core/listings/compact-listing.ts';
import { discoverListingsInView, discoverListingsInputSchema, discoverResultSchema } from '../../core/search/discover-listings.ts';
import { discoverText } from '../../client/text.ts';
import { toolInput, type ToolDefinition } from '../tool.ts';

const shape = discoverListingsInputSchema.shape;

export const discoverApisTool: ToolDefinition = {
  name: 'discover_apis',
  title: 'Find APIs that serve a need',
  description:
    'Describe a job in your own words ("send real-time notifications to browser clients") and get the listings that serve it, best first, ' +
    'each with relevance (0..1: how much of the need it serves), confidence (high, medium, low) and what it matched on. ' +
    'Use it first when you need an API for a task and do not know its name. When nothing serves the need it says so (noGoodMatch) and suggests categories instead of returning filler. ' +
    'A provider\'s products are one entry, its best match, with the others named in `also` (group: "none" for the flat list). ' +
    'Filters: category, pricing, minCliScore, envVarAuth, headless. Answers are compact by default (view: "full" for every score part). Follow up with get_api for one listing in full, compare_apis to weigh several, or recommend_api for a single pick.',
  input: toolInput({
    query: { from: 'q', schema: shape.q },
    limit: { from: 'limit', schema: shape.limit },
    category: { from: 'category', schema: shape.category },
    pricing: { from: 'pricing', schema: shape.pricing },
    minCliScore: { from: 'minCliScore', schema: shape.minCliScore },
    envVarAuth: { from: 'envVarAuth', schema: shape.envVarAuth },
    headless: { from: 'headless', schema: shape.headless },
    // Agents pay for every token: compact unless they ask for every part (get_api gives one listing in full).
    view: { from: 'view', schema: viewParam.default('compact') },
    group: { from: 'group', schema: shape.group },
  }),
  output: discoverResultSchema,
  readOnly: true,
  async run(args, { core }) {
    const result = await discoverListingsInView({ ctx: core, input: args as never });
    return { structured: result, text: discoverText(result, args.q as string) };
  },
};
