import type { Command } from 'commander';
import { categoryText, cliShort, qualityShort, shown } from '../../client/describe.ts';
import { cursorOf, type Directory } from '../../client/directory.ts';
import { lookupListingsInputSchema } from '../../core/search/lookup-listings.ts';
import type { CliIo } from '../io.ts';
import { alsoFooter, renderTable } from '../output/table.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';
import { addSchemaOptions } from './schema-options.ts';

export function registerSearchCommand(program: Command, io: CliIo): void {
  const command = program
    .command('search')
    .description('Look listings up by name, slug or text, best match first (an exact name or slug first); without words, list them all in name order.')
    .argument('[words...]', 'what to look for, e.g. a name such as "country"');
  const flags = addSchemaOptions(command, lookupListingsInputSchema, { skip: ['q'] });
  addDirectoryOptions(command)
    .addHelpText(
      'after',
      '\nExamples:\n  npx apidex search country\n  npx apidex search --pricing free --sort cli-relevance\n  npx apidex search channels --limit 2 --json | jq -r \'.items[].slug\'\n  npx apidex search weather --remote http://localhost:3000',
    )
    .action(async (words: string[], options: DirectoryOptions & Record<string, unknown>) => {
      const input = { ...(words.length ? { q: words.join(' ') } : {}), ...flags.read(options) };
      // --json prints the JSON API's shape: `next` is the path of the next page, as GET /api/apis answers.
      const nextPath = (query: Record<string, unknown>, cursor: string | null) => {
        if (cursor === null) return null;
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(query)) if (value !== undefined && key !== 'cursor') params.set(key, String(value));
        params.set('cursor', cursor);
        return `/api/apis?${params}`;
      };
      const lookup = async (directory: Directory, query: Record<string, unknown>) => {
        const page = await directory.lookup(query);
        return { items: page.items, total: page.total, next: nextPath(query, page.nextCursor) };
      };
      await runOnDirectory(io, options, lookupListingsInputSchema, input, lookup, (page) => {
        if (page.items.length === 0) return `No listing matches "${words.join(' ')}". Try: npx apidex discover "<what you need to do>"`;
        const table = renderTable(
          ['#', 'NAME', 'SLUG', 'CATEGORY', 'PRICING', 'CLI', 'QUALITY'],
          page.items.map((item, i) => [String(i + 1), item.name, item.slug, categoryText(item), shown(item.pricingTier), cliShort(item.cliRelevance), qualityShort(item.quality)]),
          { flex: 3 },
        );
        const cursor = cursorOf(page.next);
        const more = cursor ? `; next page: --cursor ${cursor}` : '';
        // Entries and listings are the same count unless a provider's products were grouped on this page.
        const grouped = (input as { group?: string }).group !== 'none' && page.items.some((item) => item.also);
        return `${table}${alsoFooter(page.items)}\n\n${page.items.length} of ${page.total} ${grouped ? `entr${page.total === 1 ? 'y' : 'ies'} (a provider's products count once; --group none for every listing)` : `listing${page.total === 1 ? '' : 's'}`}${more}`;
      }, { q: '[words]' });
    });
}
