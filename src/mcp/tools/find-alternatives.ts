import { alternativesResultSchema, findAlternatives, findAlternativesInputSchema } from '../../core/search/find-alternatives.ts';
import { alternativesText } from '../../client/text.ts';
import { sameInput, type ToolDefinition } from '../tool.ts';

export const findAlternativesTool: ToolDefinition = {
  name: 'find_alternatives',
  title: 'Find alternatives to a listing',
  description:
    'Listings that serve the same capabilities as the listing with this exact slug, ranked by relevance (0..1) with confidence, ' +
    'each with what it does better or worse (scores, pricing, criteria). Use it when a known API does not fit (price, no env-var auth, not headless) and you want a substitute.',
  input: sameInput(findAlternativesInputSchema),
  output: alternativesResultSchema,
  readOnly: true,
  async run(args, { core }) {
    const result = await findAlternatives({ ctx: core, input: args as never });
    return { structured: result, text: alternativesText(result, args.slug as string) };
  },
};
