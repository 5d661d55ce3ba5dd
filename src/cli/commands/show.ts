import type { Command } from 'commander';
import { detailText } from '../../client/text.ts';
import { getListingInputSchema } from '../../core/listings/get-listing.ts';
import type { CliIo } from '../io.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';

export function registerShowCommand(program: Command, io: CliIo): void {
  addDirectoryOptions(
    program
      .command('show')
      .description('Show one listing in full by its exact slug: both scores with every part, capabilities, install, review statistics. An unknown slug fails (exit 1) with close matches; another listing is never shown instead.')
      .argument('<slug>', 'the exact slug, e.g. real-time-channels-api'),
  )
    .addHelpText('after', '\nExamples:\n  npx apidex show real-time-channels-api\n  npx apidex show apidex --json | jq .cliRelevance')
    .action(async (slug: string, options: DirectoryOptions) => {
      await runOnDirectory(io, options, getListingInputSchema, { slug }, (directory, input) => directory.getListing(input), detailText, { slug: '<slug>' });
    });
}
