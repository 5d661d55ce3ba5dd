import type { Command } from 'commander';
import { cliShort, qualityShort, relevanceText, shown } from '../../client/describe.ts';
import { findAlternativesInputSchema } from '../../core/search/find-alternatives.ts';
import type { CliIo } from '../io.ts';
import { renderTable } from '../output/table.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';
import { addSchemaOptions } from './schema-options.ts';

export function registerAlternativesCommand(program: Command, io: CliIo): void {
  const command = program
    .command('alternatives')
    .description('Listings that serve the same capabilities as a listing, ranked, each with what it does better or worse.')
    .argument('<slug>', 'the exact slug of the listing');
  const flags = addSchemaOptions(command, findAlternativesInputSchema, { skip: ['slug'] });
  addDirectoryOptions(command)
    .addHelpText('after', '\nExamples:\n  npx apidex alternatives real-time-channels-api\n  npx apidex alternatives real-time-channels-api --limit 3 --json | jq \'.items[].slug\'')
    .action(async (slug: string, options: DirectoryOptions & Record<string, unknown>) => {
      await runOnDirectory(io, options, findAlternativesInputSchema, { slug, ...flags.read(options) }, (directory, input) => directory.alternatives(input), (result) => {
        if (result.items.length === 0) return result.message ?? `No alternatives to ${slug}.`;
        const table = renderTable(
          ['#', 'NAME', 'SLUG', 'RELEVANCE', 'CONFIDENCE', 'CLI', 'QUALITY', 'PRICING'],
          result.items.map((item, i) => [String(i + 1), item.name, item.slug, relevanceText(item.relevance), item.confidence, cliShort(item.cliRelevance), qualityShort(item.quality), shown(item.pricingTier)]),
          { flex: 1 },
        );
        return `${table}\n\n${result.items.map((item) => item.summary).join('\n')}`;
      }, { slug: '<slug>' });
    });
}
