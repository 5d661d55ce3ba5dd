import { recommendListing, recommendListingInputSchema, recommendResultSchema } from '../../core/search/recommend-listing.ts';
import { recommendText } from '../../client/text.ts';
import { toolInput, type ToolDefinition } from '../tool.ts';

const shape = recommendListingInputSchema.shape;

export const recommendApiTool: ToolDefinition = {
  name: 'recommend_api',
  title: 'Recommend one API for a task',
  description:
    'One pick and a runner-up for a task described in your own words, in any category, with the reasoning built from the listings\' data: ' +
    'what matched, relevance and confidence, both scores, pricing and what decided between close candidates. ' +
    'Constraints: free (usable at no cost), pricing, minCliScore, envVarAuth, headless, category; a pick never fails a constraint. ' +
    'By volume, budget and priority: volume (billed units a month) prices each candidate in its own billed unit from its curated pricing facts (unknown is null, never 0, never ranked cheaper); budget (USD a month) leaves out those known to cost more; ' +
    'priority ranks by cost, simplicity (CLI relevance) or scale (documented rate limit); constraints takes no-credit-card, free-tier. ranking lists every candidate with its cost and the pages that decided. ' +
    'When nothing fits, recommendation is null and message says which constraint shuts the candidates out. Use it when you want a decision rather than a list (discover_apis).',
  input: toolInput({
    task: { from: 'task', schema: shape.task, required: true },
    category: { from: 'category', schema: shape.category },
    pricing: { from: 'pricing', schema: shape.pricing },
    minCliScore: { from: 'minCliScore', schema: shape.minCliScore },
    envVarAuth: { from: 'envVarAuth', schema: shape.envVarAuth },
    headless: { from: 'headless', schema: shape.headless },
    free: { from: 'free', schema: shape.free },
    volume: { from: 'volume', schema: shape.volume },
    budget: { from: 'budget', schema: shape.budget },
    priority: { from: 'priority', schema: shape.priority },
    constraints: { from: 'constraints', schema: shape.constraints },
  }),
  output: recommendResultSchema,
  readOnly: true,
  async run(args, { core }) {
    const result = await recommendListing({ ctx: core, input: args as never });
    return { structured: result, text: recommendText(result) };
  },
};
