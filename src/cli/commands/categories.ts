import type { Command } from 'commander';
import { listCategoriesInputSchema } from '../../core/listings/list-categories.ts';
import type { CliIo } from '../io.ts';
import { renderTable } from '../output/table.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';

export function registerCategoriesCommand(program: Command, io: CliIo): void {
  addDirectoryOptions(program.command('categories').description('List the categories with their numbers of listings and their subcategories, largest first.'))
    .addHelpText('after', '\nExamples:\n  npx apidex categories\n  npx apidex categories --json | jq -r \'.items[].slug\'')
    .action(async (options: DirectoryOptions) => {
      await runOnDirectory(io, options, listCategoriesInputSchema, {}, async (directory) => ({ items: await directory.categories() }), ({ items }) =>
        items.length === 0
          ? 'The directory has no listings yet.'
          : renderTable(['CATEGORY', 'SLUG', 'LISTINGS', 'SUBCATEGORIES'], items.map((c) => [c.name, c.slug, String(c.count), c.subcategories.map((s) => `${s.name} (${s.count})`).join(', ')]), { flex: 3 }),
      );
    });
}
