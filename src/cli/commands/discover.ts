import type { Command } from 'commander';
import { itemCliShort, itemQualityShort, relevanceText, shown } from '../../client/describe.ts';
import { discoverListingsInputSchema } from '../../core/search/discover-listings.ts';
import type { CliIo } from '../io.ts';
import { alsoFooter, renderTable } from '../output/table.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';
import { addSchemaOptions } from './schema-options.ts';

export function registerDiscoverCommand(program: Command, io: CliIo): void {
  const command = program
    .command('discover')
    .description(
      'Find the listings that serve a need described in your own words, best first, each with its relevance (0..1), confidence and CLI and quality scores. ' +
        'When nothing serves the need it says so and suggests categories (exit 0, empty items).',
    )
    .argument('<need...>', 'the need, e.g. "send real-time notifications to browser clients"');
  const flags = addSchemaOptions(command, discoverListingsInputSchema, { skip: ['q'] });
  addDirectoryOptions(command)
    .addHelpText(
      'after',
      '\nExamples:\n  npx apidex discover "send real-time notifications to browser clients"\n' +
        '  npx apidex discover "send real-time notifications to browser clients" --json | jq \'.items[] | {slug, relevance, confidence}\'\n' +
        '  npx apidex discover sign users in --env-var-auth --headless --min-cli-score 8\n  APIDEX_URL=http://localhost:3000 npx apidex discover country data',
    )
    .action(async (words: string[], options: DirectoryOptions & Record<string, unknown>) => {
      const need = words.join(' ');
      const input = { q: need, ...flags.read(options) };
      await runOnDirectory(io, options, discoverListingsInputSchema, input, (directory, query) => directory.discover(query), (result) => {
        if (result.items.length === 0) {
          const categories = result.noGoodMatch?.suggestedCategories.map((c) => `${c.name} (${c.count}, npx apidex search --category ${c.slug})`) ?? [];
          return [`No good match: ${result.noGoodMatch?.reason ?? `nothing serves "${need}".`}`, ...(categories.length ? ['Categories to browse:', ...categories.map((c) => `  ${c}`)] : [])].join('\n');
        }
        return (
          renderTable(
            ['#', 'NAME', 'SLUG', 'RELEVANCE', 'CONFIDENCE', 'CLI', 'QUALITY', 'PRICING'],
            result.items.map((item, i) => [String(i + 1), item.name, item.slug, relevanceText(item.relevance), item.confidence, itemCliShort(item), itemQualityShort(item), shown(item.pricingTier)]),
            { flex: 1 },
          ) + alsoFooter(result.items)
        );
      }, { q: '<need>' });
    });
}
