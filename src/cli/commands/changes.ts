import type { Command } from 'commander';
import { listChangesInputSchema } from '../../core/catalogue/list-changes.ts';
import { changesText } from '../../client/changes-text.ts';
import type { CliIo } from '../io.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';
import { addSchemaOptions } from './schema-options.ts';

export function registerChangesCommand(program: Command, io: CliIo): void {
  const command = program
    .command('changes')
    .description('What changed in the directory, oldest first: new listings, changed criteria with their evidence, score changes and their cause. Page with --since (the "next" of the last answer, or an RFC 3339 instant).');
  const flags = addSchemaOptions(command, listChangesInputSchema);
  addDirectoryOptions(command)
    .addHelpText('after', '\nExamples:\n  npx apidex changes --since 2026-11-01T00:00:00Z\n  npx apidex changes --since r3527 --json | jq -r .next')
    .action(async (options: DirectoryOptions & Record<string, unknown>) => {
      await runOnDirectory(io, options, listChangesInputSchema, flags.read(options), (directory, input) => directory.changes(input), changesText);
    });
}
