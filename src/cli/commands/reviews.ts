import type { Command } from 'commander';
import { reviewsText } from '../../client/text.ts';
import { listReviewsInputSchema } from '../../core/reviews/list-reviews.ts';
import type { CliIo } from '../io.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';
import { addSchemaOptions } from './schema-options.ts';

export function registerReviewsCommand(program: Command, io: CliIo): void {
  const command = program
    .command('reviews')
    .description('Show a listing\'s published reviews, newest first, with statistics; integration statistics count only reports with live evidence.')
    .argument('<slug>', 'the exact slug of the listing');
  const flags = addSchemaOptions(command, listReviewsInputSchema, { skip: ['slug'] });
  addDirectoryOptions(command)
    .addHelpText('after', '\nExamples:\n  npx apidex reviews real-time-channels-api\n  npx apidex reviews real-time-channels-api --json | jq .integrationStats')
    .action(async (slug: string, options: DirectoryOptions & Record<string, unknown>) => {
      await runOnDirectory(io, options, listReviewsInputSchema, { slug, ...flags.read(options) }, (directory, input) => directory.reviews(input), (result) => reviewsText(result, slug, (cursor) => `More: --cursor ${cursor}`), { slug: '<slug>' });
    });
}
