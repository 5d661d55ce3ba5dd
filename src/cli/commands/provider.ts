import type { Command } from 'commander';
import { providerText } from '../../client/text.ts';
import { getProviderInputSchema } from '../../core/providers/get-provider.ts';
import type { CliIo } from '../io.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';

export function registerProviderCommand(program: Command, io: CliIo): void {
  addDirectoryOptions(
    program
      .command('provider')
      .description('Show a provider and every product of it the directory lists, each with what it does, its category and both scores. An unknown id fails (exit 1) with close ids.')
      .argument('<id>', 'the provider\'s id, e.g. twilio (search and discover name it under an entry: "also from Twilio ... (npx apidex provider twilio)")'),
  )
    .addHelpText('after', '\nExamples:\n  npx apidex provider twilio\n  npx apidex provider twilio --json | jq -r \'.products[].slug\'')
    .action(async (id: string, options: DirectoryOptions) => {
      await runOnDirectory(io, options, getProviderInputSchema, { id }, (directory, input) => directory.provider(input), providerText, { id: '<id>' });
    });
}
