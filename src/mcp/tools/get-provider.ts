import { getProvider, getProviderInputSchema, providerDetailSchema } from '../../core/providers/get-provider.ts';
import { providerText } from '../../client/text.ts';
import { sameInput, type ToolDefinition } from '../tool.ts';

export const getProviderTool: ToolDefinition = {
  name: 'get_provider',
  title: 'Read a provider and its products',
  description:
    'A provider by its id (e.g. "twilio") with every product the directory lists, each with what it does, its category and CLI and quality scores. ' +
    'Use it when a search or discover entry says "also from <provider>" (its also.provider.id) to choose among the provider\'s products, or with a listing\'s provider.id. An unknown id is an error listing close ids.',
  input: sameInput(getProviderInputSchema),
  output: providerDetailSchema,
  readOnly: true,
  async run(args, { core }) {
    const provider = await getProvider({ ctx: core, input: args as never });
    return { structured: provider, text: providerText(provider) };
  },
};
