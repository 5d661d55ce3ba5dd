import { changesText } from '../../client/changes-text.ts';
import { listChanges, listChangesInputSchema, listChangesResultSchema } from '../../core/catalogue/list-changes.ts';
import { sameInput, type ToolDefinition } from '../tool.ts';

export const listChangesTool: ToolDefinition = {
  name: 'list_changes',
  title: 'What changed in the directory',
  description:
    'Changes to listings oldest first (new listings, changed criteria with their evidence, score changes and why), after `since`: the `next` of an earlier answer or an RFC 3339 instant. Use it to keep a copy of the directory, or a shortlist, up to date.',
  input: sameInput(listChangesInputSchema),
  output: listChangesResultSchema,
  readOnly: true,
  async run(args, { core }) {
    const result = await listChanges({ ctx: core, input: args as never });
    return { structured: result, text: changesText(result) };
  },
};
