import { getQuickstart, quickstartSchema } from '../../core/listings/get-quickstart.ts';
import { slugInputSchema } from '../../core/listings/slug-input.ts';
import { quickstartText } from '../../client/quickstart-text.ts';
import { sameInput, type ToolDefinition } from '../tool.ts';

export const getApiQuickstartTool: ToolDefinition = {
  name: 'get_api_quickstart',
  title: 'How to call a listed API',
  description:
    "After picking an API: its base URL, how the credential is sent and which environment variable to read it from, a safe first GET as curl and as Node fetch, the official SDK's install and import lines, documented rate limits and gotchas. " +
    "Derived from the API's own OpenAPI document, each field with the pointer it was read at; a field no source shows is null, never guessed.",
  input: sameInput(slugInputSchema),
  output: quickstartSchema,
  readOnly: true,
  async run(args, { core }) {
    const result = await getQuickstart({ ctx: core, input: args as never });
    return { structured: result, text: quickstartText(result) };
  },
};
