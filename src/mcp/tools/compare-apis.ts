import { compareListings, compareListingsInputSchema, compareResultSchema } from '../../core/search/compare-listings.ts';
import { compareText } from '../../client/text.ts';
import { sameInput, type ToolDefinition } from '../tool.ts';

export const compareApisTool: ToolDefinition = {
  name: 'compare_apis',
  title: 'Compare two to five listings',
  description:
    'Put 2 to 5 listings side by side by their exact slugs (an array, or one comma-separated string): every CLI criterion, both scores with their parts, ' +
    'shared and unique capabilities, and a verdict that says what it rests on. A missing score is unknown, never counted as 0; the verdict names it and says whether it is settled, provisional, split, tied or open. ' +
    'Use it to choose between candidates found with discover_apis or search_apis.',
  input: sameInput(compareListingsInputSchema),
  output: compareResultSchema,
  readOnly: true,
  async run(args, { core }) {
    const result = await compareListings({ ctx: core, input: args as never });
    return { structured: result, text: compareText(result) };
  },
};
