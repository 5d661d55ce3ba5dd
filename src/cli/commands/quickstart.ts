import type { Command } from 'commander';
import { packageText, quickstartText } from '../../client/quickstart-text.ts';
import { slugInputSchema } from '../../core/listings/slug-input.ts';
import type { CliIo } from '../io.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';

export function registerQuickstartCommands(program: Command, io: CliIo): void {
  addDirectoryOptions(
    program
      .command('quickstart')
      .description("How to call a listed API from a script: base URL, where the credential goes and which environment variable holds it, a safe first request as curl and Node fetch, the SDK, rate limits and gotchas, each read from the API's own documents.")
      .argument('<slug>', 'the exact slug, e.g. stripe'),
  )
    .addHelpText('after', '\nExamples:\n  npx apidex quickstart stripe\n  npx apidex quickstart stripe --json | jq -r .firstRequest.value.curl')
    .action(async (slug: string, options: DirectoryOptions) => {
      await runOnDirectory(io, options, slugInputSchema, { slug }, (directory, input) => directory.quickstart(input), quickstartText, { slug: '<slug>' });
    });

  addDirectoryOptions(
    program
      .command('package')
      .description("The official SDK of a listed API as its registry was last read: install line, latest version and date, type definitions, deprecation, repository, weekly downloads.")
      .argument('<slug>', 'the exact slug, e.g. stripe'),
  )
    .addHelpText('after', '\nExamples:\n  npx apidex package stripe\n  npx apidex package github --json')
    .action(async (slug: string, options: DirectoryOptions) => {
      await runOnDirectory(io, options, slugInputSchema, { slug }, (directory, input) => directory.packageInfo(input), packageText, { slug: '<slug>' });
    });
}
