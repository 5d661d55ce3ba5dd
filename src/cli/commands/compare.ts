import type { Command } from 'commander';
import { cliLong, qualityShort, shown } from '../../client/describe.ts';
import { compareListingsInputSchema, type CompareResult } from '../../core/search/compare-listings.ts';
import type { CliIo } from '../io.ts';
import { renderTable } from '../output/table.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';

const STATUS = { passed: 'pass', failed: 'fail', not_assessed: 'not assessed' } as const;

function compareTable(result: CompareResult): string {
  const items = result.items;
  const criteria = items[0]!.cliRelevance.criteria.map((criterion, c) => [criterion.label, ...items.map((item) => STATUS[item.cliRelevance.criteria[c]!.status])]);
  const rows = [
    ['CLI relevance', ...items.map((item) => cliLong(item.cliRelevance))],
    ['Quality', ...items.map((item) => qualityShort(item.quality))],
    ['Pricing', ...items.map((item) => shown(item.pricingTier))],
    ...criteria,
    ['Only it lists', ...items.map((item) => item.comparison.capabilities.only.join(', ') || '-')],
  ];
  const table = renderTable(['', ...items.map((item) => item.slug)], rows);
  return `${table}\n\nVerdict (${result.verdict.status}): ${result.verdict.summary}`;
}

export function registerCompareCommand(program: Command, io: CliIo): void {
  addDirectoryOptions(
    program
      .command('compare')
      .description('Compare 2 to 5 listings side by side: every CLI criterion, both scores, capabilities, and a verdict that never counts a missing score as 0.')
      .argument('<slugs...>', '2 to 5 exact listing slugs, separated by spaces or commas'),
  )
    .addHelpText('after', '\nExamples:\n  npx apidex compare real-time-channels-api hosted-channels-service\n  npx apidex compare authentication-component-service,social-sign-in-service --json | jq .verdict')
    .action(async (slugs: string[], options: DirectoryOptions) => {
      await runOnDirectory(io, options, compareListingsInputSchema, { slugs: slugs.join(',') }, (directory, input) => directory.compare(input), compareTable, { slugs: '<slugs>' });
    });
}
