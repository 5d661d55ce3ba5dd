import type { Command } from 'commander';
import { recommendText } from '../../client/text.ts';
import { recommendListingInputSchema } from '../../core/search/recommend-listing.ts';
import type { CliIo } from '../io.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';
import { addSchemaOptions } from './schema-options.ts';

export function registerRecommendCommand(program: Command, io: CliIo): void {
  const command = program
    .command('recommend')
    .description('Recommend one listing and a runner-up for a task, with the reasons built from their data; constraints narrow the candidates and never let a pick fail them.')
    .argument('<task...>', 'the task, e.g. "broadcast live updates"');
  const flags = addSchemaOptions(command, recommendListingInputSchema, { skip: ['task', 'q'] });
  addDirectoryOptions(command)
    .addHelpText(
      'after',
      '\nExamples:\n  npx apidex recommend broadcast live updates --headless\n  npx apidex recommend "sign users in" --free --min-cli-score 8 --json | jq .recommendation.slug\n  npx apidex recommend send transactional email --volume 50000 --priority cost --constraints no-credit-card',
    )
    .action(async (words: string[], options: DirectoryOptions & Record<string, unknown>) => {
      const input = { task: words.join(' '), ...flags.read(options) };
      await runOnDirectory(io, options, recommendListingInputSchema, input, (directory, query) => directory.recommend(query), recommendText, { task: '<task>' });
    });
}
