import { Option, type Command } from 'commander';
import { importListings, type ImportCandidate, type ImportReportItem } from '../../core/catalogue/import-listings.ts';
import type { FieldProblem } from '../../core/errors.ts';
import { CorpusFileError, readCorpusListings, type CorpusListings } from '../../ingest/corpus-json/read-corpus-listings.ts';
import { readImportSource } from '../../ingest/read-import-source.ts';
import { SOURCE_FORMATS, SourceError, type SourceFormat, type SourceItem, type SourceItems } from '../../ingest/source-items.ts';
import { openCore } from '../../open-core.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import type { CliIo } from '../io.ts';
import { createProgress } from '../output/progress.ts';

export interface ImportedItem {
  /** 0-based position of the item in the source (rows of a Markdown list, files of a folder). */
  index: number;
  /** Where in the source, when an index alone does not say: "line 131 (Animals)", a file of a folder. */
  where?: string;
  slug?: string;
  outcome: 'created' | 'updated' | 'skipped' | 'failed';
  reason?: string;
  /** For "updated": the fields that changed. */
  changed?: string[];
  /** The listing this item duplicates: merged into it (same-api) or only reported (same-name-other-host). */
  duplicateOf?: ImportReportItem['duplicateOf'];
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

/** Reads an import source: an unreadable one is an environment error, one of the wrong kind a usage error. */
export async function readImportSourceForCli(source: string, format?: SourceFormat): Promise<SourceItems> {
  try {
    return await readImportSource(source, format ? { format } : {});
  } catch (error) {
    if (error instanceof SourceError) throw new CliError(error.message, error.kind === 'unreadable' ? EXIT.environment : EXIT.usage);
    throw error;
  }
}

const labelOf = (item: SourceItem) => `item #${item.index}${item.where ? ` (${item.where})` : ''}`;

/** The candidates of the valid items, in source order. */
export const candidatesOf = (items: readonly SourceItem[]): ImportCandidate[] =>
  items.flatMap((item) =>
    item.status === 'valid'
      ? [{ listing: item.listing, slugFrom: item.slugFrom, ...(item.alternativeSlugs ? { alternativeSlugs: item.alternativeSlugs } : {}), label: labelOf(item) }]
      : [],
  );

/** The reader's outcomes and the import's, one per item of the source, in source order. */
export function mergeImportReport(items: readonly SourceItem[], saved: readonly ImportReportItem[]): ImportedItem[] {
  let next = 0;
  return items.map((item): ImportedItem => {
    const where = item.where !== undefined ? { where: item.where } : {};
    if (item.status === 'failed') return { index: item.index, ...where, ...(item.slug !== undefined ? { slug: item.slug } : {}), outcome: 'failed', reason: item.reason, problems: item.problems };
    if (item.status === 'skipped') return { index: item.index, ...where, ...(item.slug !== undefined ? { slug: item.slug } : {}), outcome: 'skipped', reason: item.reason };
    // The import reports on every candidate, in order; this is a safety net, never silence.
    const result = saved[next++];
    if (!result) return { index: item.index, ...where, slug: item.listing.slug, outcome: 'failed', reason: 'the import did not report on this listing' };
    return {
      index: item.index,
      ...where,
      slug: result.slug,
      outcome: result.outcome,
      ...(result.reason !== undefined ? { reason: result.reason } : {}),
      ...(result.changed !== undefined ? { changed: result.changed } : {}),
      ...(result.duplicateOf !== undefined ? { duplicateOf: result.duplicateOf } : {}),
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

const itemLine = (item: ImportedItem) => `${item.outcome.padEnd(8)} #${item.index}${item.slug ? ` ${item.slug}` : ''}${item.where ? ` (${item.where})` : ''}${item.reason ? `: ${item.reason}` : ''}`;

export function registerImportCommand(program: Command, io: CliIo): void {
  program
    .command('import')
    .description(
      'Load listings into the store (DATABASE_URL) from our listings JSON or YAML, a public-apis style Markdown list, or OpenAPI 3.x / Swagger 2.0 documents (a file or a folder); ' +
        'report each item as created, updated, skipped (unchanged, duplicate, nothing new) or failed, with the reason. Running it again changes nothing.',
    )
    .argument('<source>', 'a file or folder: listings JSON (an array, as corpus/listings.json), listings YAML (one listing or a list), a Markdown list, OpenAPI documents')
    .addOption(new Option('--format <format>', 'the source format; detected from the file when left out').choices(SOURCE_FORMATS as string[]))
    .option('--dry-run', 'report what the import would do, and save nothing')
    .option('--json', 'print the report as JSON: every item with its outcome, reason and notes')
    .option('--verbose', 'also list created, updated and unchanged items, and what was adjusted on the way in')
    .addHelpText(
      'after',
      '\nExamples:\n  npx apidex import ../shared/corpus/listings.json\n  npx apidex import ../shared/corpus/public-apis-README.md\n  npx apidex import ../shared/corpus/openapi/ --dry-run\n' +
        '  npx apidex import my-api.yaml --format openapi\n  DATABASE_URL=file:./data/bench.db npx apidex import listings.json --json\n' +
        '\nThe same API from two sources (same name, same url host) is merged: only what the stored listing lacks is filled in.\n' +
        '\nExit codes: 0 every item imported or skipped, 1 some item failed, 2 the source is not of a known format, 3 the source or store cannot be opened.',
    )
    .action(async (source: string, options: { format?: SourceFormat; dryRun?: boolean; json?: boolean; verbose?: boolean }) => {
      const read = await readImportSourceForCli(source, options.format);
      const ctx = await openCore(io.config(), { loadDefaultCatalogue: false });
      try {
        const progress = createProgress(options.dryRun ? 'checking' : 'importing');
        const saved = await importListings({
          ctx,
          input: { candidates: candidatesOf(read.items), dryRun: options.dryRun === true },
          // A bar on stderr while stdout is a terminal; nothing when it is piped or redirected.
          onProgress: ({ saved: done, total }) => progress.update(done, total),
        });
        progress.finish();
        const items = mergeImportReport(read.items, saved);
        const counts = countOutcomes(items);
        if (options.json) {
          io.out(JSON.stringify({ file: source, format: read.format, dryRun: options.dryRun === true, store: ctx.store.location, summary: counts, items }, null, 2));
        } else {
          const unchanged = items.filter((item) => item.outcome === 'skipped' && item.reason === 'unchanged').length;
          const adjusted = items.filter((item) => item.notes);
          for (const item of items) {
            const listed = item.outcome === 'failed' || (item.outcome === 'skipped' && item.reason !== 'unchanged') || item.duplicateOf !== undefined;
            if (listed || options.verbose) io.out(itemLine(item));
            if (options.verbose) for (const note of item.notes ?? []) io.out(`         note: ${note}`);
          }
          const summary = `created ${counts.created}, updated ${counts.updated}, skipped ${counts.skipped}, failed ${counts.failed}`;
          io.out(options.dryRun ? `dry run, nothing saved: would have ${summary}` : summary);
          const details = [
            `${items.length} items in ${source} (${read.format}), store ${ctx.store.location}`,
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
