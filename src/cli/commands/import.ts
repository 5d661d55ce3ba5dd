import type { Command } from 'commander';
import { importListings, type ImportReportItem } from '../../core/catalogue/import-listings.ts';
import type { FieldProblem } from '../../core/errors.ts';
import { CorpusFileError, readCorpusListings, type CorpusListings } from '../../ingest/corpus-json/read-corpus-listings.ts';
import { openCore } from '../../main.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import type { CliIo } from '../io.ts';
import { createProgress } from '../output/progress.ts';

export interface ImportedItem {
  /** 0-based position of the item in the file. */
  index: number;
  slug?: string;
  outcome: 'created' | 'updated' | 'skipped' | 'failed';
  reason?: string;
  /** What was adjusted on the way in (tracking parameters removed, description cut, …). */
  notes?: string[];
  problems?: FieldProblem[];
}

/** Reads a listings file for a command: an unreadable file is an environment error, a file of the wrong kind a usage error. */
export async function readListingsFileForCli(file: string): Promise<CorpusListings> {
  try {
    return await readCorpusListings(file);
  } catch (error) {
    if (error instanceof CorpusFileError) throw new CliError(error.message, error.kind === 'unreadable' ? EXIT.environment : EXIT.usage);
    throw error;
  }
}

/** The reader's outcomes and the store's, one per item of the file, in file order. */
export function mergeImportReport(corpus: CorpusListings, saved: readonly ImportReportItem[]): ImportedItem[] {
  const bySlug = new Map(saved.map((item) => [item.slug, item]));
  return corpus.items.map((item): ImportedItem => {
    if (item.status === 'failed') return { index: item.index, ...(item.slug !== undefined ? { slug: item.slug } : {}), outcome: 'failed', reason: item.reason, problems: item.problems };
    if (item.status === 'skipped') return { index: item.index, slug: item.slug, outcome: 'skipped', reason: item.reason };
    const result = bySlug.get(item.slug);
    // Every valid item is handed to the store, which reports on each; this is a safety net, never silence.
    if (!result) return { index: item.index, slug: item.slug, outcome: 'failed', reason: 'the store did not report on this listing' };
    return {
      index: item.index,
      slug: item.slug,
      outcome: result.outcome,
      ...(result.reason !== undefined ? { reason: result.reason } : {}),
      ...(item.notes.length > 0 ? { notes: item.notes } : {}),
    };
  });
}

export const countOutcomes = (items: readonly ImportedItem[]) => ({
  created: items.filter((item) => item.outcome === 'created').length,
  updated: items.filter((item) => item.outcome === 'updated').length,
  skipped: items.filter((item) => item.outcome === 'skipped').length,
  failed: items.filter((item) => item.outcome === 'failed').length,
});

const itemLine = (item: ImportedItem) => `${item.outcome.padEnd(8)} #${item.index}${item.slug ? ` ${item.slug}` : ''}${item.reason ? `: ${item.reason}` : ''}`;

export function registerImportCommand(program: Command, io: CliIo): void {
  program
    .command('import')
    .description(
      'Load a listings JSON file (an array of objects in the format of corpus/listings.json) into the store (DATABASE_URL); ' +
        'report each item as created, updated, skipped (duplicate slug, or unchanged) or failed, with the reason.',
    )
    .argument('<file>', 'JSON file: an array of {slug, name, description, category, url?, subcategory?, capabilities?, pricing?}')
    .option('--json', 'print the report as JSON: every item with its outcome, reason and notes')
    .option('--verbose', 'also list created, updated and unchanged items, and what was adjusted on the way in')
    .addHelpText(
      'after',
      '\nExamples:\n  npx apidex import ../shared/corpus/listings.json\n  DATABASE_URL=file:./data/bench.db npx apidex import listings.json --json\n' +
        '\nExit codes: 0 every item imported or skipped, 1 some item failed, 2 the file is not a JSON array, 3 the file or store cannot be opened.',
    )
    .action(async (file: string, options: { json?: boolean; verbose?: boolean }) => {
      const corpus = await readListingsFileForCli(file);
      const ctx = await openCore(io.config(), { loadDefaultCatalogue: false });
      try {
        const progress = createProgress('importing');
        const saved = await importListings({
          ctx,
          input: { listings: corpus.listings },
          // A bar on stderr while stdout is a terminal; nothing when it is piped or redirected.
          onProgress: ({ saved: done, total }) => progress.update(done, total),
        });
        progress.finish();
        const items = mergeImportReport(corpus, saved);
        const counts = countOutcomes(items);
        if (options.json) {
          io.out(JSON.stringify({ file, store: ctx.store.location, summary: counts, items }, null, 2));
        } else {
          const unchanged = items.filter((item) => item.outcome === 'skipped' && item.reason === 'unchanged').length;
          const adjusted = items.filter((item) => item.notes);
          for (const item of items) {
            const listed = item.outcome === 'failed' || (item.outcome === 'skipped' && item.reason !== 'unchanged');
            if (listed || options.verbose) io.out(itemLine(item));
            if (options.verbose) for (const note of item.notes ?? []) io.out(`         note: ${note}`);
          }
          io.out(`created ${counts.created}, updated ${counts.updated}, skipped ${counts.skipped}, failed ${counts.failed}`);
          const details = [
            `${items.length} items in ${file}, store ${ctx.store.location}`,
            ...(unchanged > 0 && !options.verbose ? [`${unchanged} skipped as unchanged are not listed (--verbose lists them)`] : []),
            ...(adjusted.length > 0 && !options.verbose ? [`${adjusted.length} adjusted on the way in (--verbose or --json shows how)`] : []),
          ];
          io.out(`(${details.join('; ')})`);
        }
        if (counts.failed > 0) throw new CliError('', EXIT.failed);
      } finally {
        await ctx.store.close();
      }
    });
}
