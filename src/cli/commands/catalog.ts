import type { Command } from 'commander';
import { syncListings } from '../../core/catalogue/sync-listings.ts';
import { formatCatalogProblems } from '../../ingest/catalog-folder/format-catalog-problems.ts';
import { readCatalogFolder } from '../../ingest/catalog-folder/read-catalog-folder.ts';
import { openCore } from '../../open-core.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import { createProgress } from '../output/progress.ts';
import type { CliIo } from '../io.ts';

async function readFolder(dir: string) {
  const progress = createProgress('Checking catalogue files');
  try {
    return await readCatalogFolder(dir, { onProgress: (checked, total) => progress.update(checked, total) });
  } catch (error) {
    throw new CliError(`Cannot read the catalogue folder: ${(error as Error).message}`, EXIT.environment);
  } finally {
    progress.finish();
  }
}

export function registerCatalogCommands(program: Command, io: CliIo): void {
  const catalog = program.command('catalog').description('Check the catalogue folder (one YAML file per listing) and load it into the store.');

  catalog
    .command('validate')
    .description('Check every YAML file of the catalogue against the listing schema; name each bad file, field and fix.')
    .option('--dir <path>', 'catalogue folder (default: APIDEX_CATALOG_DIR or ./catalog)')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExamples:\n  npx apidex catalog validate\n  npx apidex catalog validate --dir ./my-catalog --json')
    .action(async (options: { dir?: string; json?: boolean }) => {
      const dir = options.dir ?? io.config().catalogDir;
      const result = await readFolder(dir);
      if (options.json) {
        io.out(JSON.stringify({ valid: result.listings.map((item) => item.file), problems: result.problems }, null, 2));
      } else if (result.problems.length === 0) {
        io.out(`All ${result.listings.length} listings in ${dir} are valid.`);
      } else {
        io.err(formatCatalogProblems(result));
      }
      if (result.problems.length > 0) throw new CliError('', EXIT.failed);
    });

  catalog
    .command('sync')
    .description('Load the catalogue folder into the store (DATABASE_URL); report each listing as created, updated or unchanged.')
    .option('--dir <path>', 'catalogue folder (default: APIDEX_CATALOG_DIR or ./catalog)')
    .option('--json', 'print the report as JSON')
    .addHelpText('after', '\nExamples:\n  npx apidex catalog sync\n  DATABASE_URL=postgres://localhost/apidex npx apidex catalog sync --json')
    .action(async (options: { dir?: string; json?: boolean }) => {
      const result = await readFolder(options.dir ?? io.config().catalogDir);
      const ctx = await openCore(io.config(), { loadDefaultCatalogue: false });
      try {
        const report = await syncListings({ ctx, input: { listings: result.listings.map((item) => item.listing) } });
        const failed = [...new Set(result.problems.map((problem) => problem.file))].map((file) => ({
          file,
          outcome: 'failed' as const,
          problems: result.problems.filter((problem) => problem.file === file),
        }));
        if (options.json) {
          io.out(JSON.stringify({ items: [...report, ...failed] }, null, 2));
        } else {
          for (const item of report) io.out(`${item.outcome.padEnd(9)} ${item.slug}`);
          for (const item of failed) io.out(`${'failed'.padEnd(9)} ${item.file}`);
          const count = (outcome: string) => report.filter((item) => item.outcome === outcome).length;
          io.out(`\n${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged, ${failed.length} failed (${ctx.store.location}).`);
          if (failed.length > 0) io.err(formatCatalogProblems(result));
        }
        if (failed.length > 0) throw new CliError('', EXIT.failed);
      } finally {
        await ctx.store.close();
      }
    });
}
