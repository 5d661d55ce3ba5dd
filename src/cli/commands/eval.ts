import { Option, type Command } from 'commander';
import { readFile, writeFile } from 'node:fs/promises';
import { AppError } from '../../core/errors.ts';
import { parseEvaluationQueries, RANKER_NAMES, runEvaluation, type EvaluationQuery, type EvaluationResult, type RankerName } from '../../core/search/evaluation/run-evaluation.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import type { CliIo } from '../io.ts';
import { readListingsFileForCli } from './import.ts';
import { followRedirects } from '../../core/search/evaluation/follow-redirects.ts';
import { readCatalogFolder } from '../../ingest/catalog-folder/read-catalog-folder.ts';
import type { Listing } from '../../core/listings/listing.ts';
import type { SlugRedirect } from '../../core/catalogue/slug-redirects.ts';

const QUERIES_HINT = 'give {"queries": [{"query": "...", "relevant": {"slug": 2}}]}, as in corpus/eval/dev.json';

async function readQueries(file: string): Promise<EvaluationQuery[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read the queries file ${file}: ${(error as Error).message}.`, EXIT.environment);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CliError(`The queries file ${file} is not valid JSON (${(error as Error).message}); ${QUERIES_HINT}.`, EXIT.usage);
  }
  try {
    return parseEvaluationQueries(value);
  } catch (error) {
    if (error instanceof AppError) throw new CliError(`The queries file ${file} is not a relevance set: ${error.message} ${QUERIES_HINT}.`, EXIT.usage);
    throw error;
  }
}

/** The folder's listings and its redirect map, read once. */
async function readCatalogueForCli(dir: string, io: CliIo): Promise<{ listings: Listing[]; redirects: SlugRedirect[] }> {
  let folder;
  try {
    folder = await readCatalogFolder(dir);
  } catch (error) {
    throw new CliError(`Cannot read the catalogue folder ${dir}: ${(error as Error).message}`, EXIT.environment);
  }
  if (folder.problems.length > 0) {
    const files = new Set(folder.problems.map((problem) => problem.file)).size;
    io.err(`catalogue ${dir}: ${files} files left out for problems; \`apidex catalog validate --dir ${dir}\` names each.`);
  }
  return { listings: folder.listings.map((item) => item.listing), redirects: folder.redirects };
}

const fixed = (value: number) => value.toFixed(3);

const emptyOf = (result: EvaluationResult) => result.queries.filter((query) => query.ranking.length === 0).length;

/** The figures as served, with the flat (`group=none`) figures beside them when both were run. */
function printSummary(io: CliIo, results: EvaluationResult[], verbose: boolean): void {
  const [served, flat] = results as [EvaluationResult, EvaluationResult | undefined];
  if (verbose) {
    io.out(`${'nDCG'.padEnd(6)} ${'P@1'.padEnd(3)}  query → top 3`);
    for (const query of served.queries) {
      io.out(`${fixed(query.metrics.ndcg10).padEnd(6)} ${String(query.metrics.p1).padEnd(3)}  ${query.query} → ${query.ranking.slice(0, 3).join(', ') || '(nothing)'}`);
    }
    io.out('');
  }
  io.out(`ranker ${served.ranker}, ${served.queries.length} queries, ${served.listings} listings${flat ? '; as served (one entry per provider), group=none beside' : ''}`);
  const row = (label: string, key: keyof EvaluationResult['means']) => `${label}${fixed(served.means[key])}${flat ? `   ${fixed(flat.means[key])}` : ''}`;
  io.out(row('nDCG@10    ', 'ndcg10'));
  io.out(row('Recall@10  ', 'recall10'));
  io.out(row('MRR@10     ', 'mrr10'));
  io.out(row('P@1        ', 'p1'));
  io.out(`empty      ${emptyOf(served)} of ${served.queries.length} answers${flat ? `   ${emptyOf(flat)}` : ''}`);
}

export function registerEvalCommand(program: Command, io: CliIo): void {
  program
    .command('eval')
    .description(
      'Measure discovery ranking: load a corpus file or a catalogue folder into a fresh temporary store, run each query of a relevance set and print ' +
        'nDCG@10, Recall@10, MRR@10 and P@1 (means over the queries, as corpus/README.md defines them).',
    )
    .option('--corpus <file>', 'listings JSON file, as for `apidex import` (e.g. ../shared/corpus/listings.json)')
    .option('--catalog <dir>', 'a catalogue folder of YAML listings (e.g. catalog, the default catalogue); judged slugs follow its _redirects.yaml')
    .requiredOption('--queries <file>', 'relevance set: {"queries": [{"query", "relevant": {slug: grade 1|2}}]} (e.g. ../shared/corpus/eval/dev.json)')
    .option('--out <file>', 'write each query\'s top 10 slugs as JSON: {"<query>": ["slug", …]}')
    .addOption(new Option('--ranker <name>', 'apidex: the discover verb; bm25: the plain MiniSearch BM25 baseline').choices(RANKER_NAMES).default('apidex'))
    .option('--json', 'print means and per-query results as JSON')
    .option('--verbose', 'also print one row per query: nDCG@10, P@1, the query and its top 3 slugs (as served)')
    .addHelpText(
      'after',
      '\nExamples:\n  npx apidex eval --corpus ../shared/corpus/listings.json --queries ../shared/corpus/eval/dev.json\n' +
        '  npx apidex eval --catalog catalog --queries ../shared/corpus/eval/real-dev.json\n' +
        '  npx apidex eval --corpus ../shared/corpus/listings.json --queries ../shared/corpus/eval/dev.json --ranker bm25 --out bm25-top10.json',
    )
    .action(async (options: { corpus?: string; catalog?: string; queries: string; out?: string; ranker: RankerName; json?: boolean; verbose?: boolean }) => {
      if ((options.corpus === undefined) === (options.catalog === undefined)) {
        throw new CliError('Give exactly one of --corpus <file> (a listings JSON file) or --catalog <dir> (a catalogue folder, e.g. catalog).', EXIT.usage);
      }
      let queries = await readQueries(options.queries);
      let listings: readonly Listing[];
      if (options.catalog !== undefined) {
        const catalogue = await readCatalogueForCli(options.catalog, io);
        listings = catalogue.listings;
        const slugs = new Set(listings.map((listing) => listing.slug));
        const followed = followRedirects(queries, catalogue.redirects, (slug) => slugs.has(slug));
        queries = followed.queries;
        if (followed.moved > 0) io.err(`${followed.moved} judgments follow ${options.catalog}/_redirects.yaml to the slugs their listings have now.`);
      } else {
        const corpus = await readListingsFileForCli(options.corpus!);
        // Items the importer could not take are left out of the evaluation; say so, never silently.
        const failed = corpus.items.filter((item) => item.status === 'failed').length;
        const skipped = corpus.items.filter((item) => item.status === 'skipped').length;
        if (failed > 0 || skipped > 0) {
          io.err(`corpus ${options.corpus}: ${failed + skipped} of ${corpus.items.length} items left out (${failed} failed, ${skipped} skipped); \`apidex import ${options.corpus}\` names each with its reason.`);
        }
        listings = corpus.listings;
      }

      const results = await runEvaluation({ input: { listings, queries, ranker: options.ranker, groups: ['served', 'none'] } });
      const result = results[0]!;
      if (result.judgedSlugsNotInCorpus.length > 0) {
        const shown = result.judgedSlugsNotInCorpus.slice(0, 10).join(', ');
        io.err(`${result.judgedSlugsNotInCorpus.length} judged slugs are not in the ${options.catalog !== undefined ? 'catalogue' : 'corpus'}: ${shown}${result.judgedSlugsNotInCorpus.length > 10 ? ', …' : ''}`);
      }

      if (options.out) {
        const top10 = Object.fromEntries(result.queries.map((query) => [query.query, query.ranking]));
        try {
          await writeFile(options.out, `${JSON.stringify(top10, null, 2)}\n`);
        } catch (error) {
          throw new CliError(`Cannot write ${options.out}: ${(error as Error).message}`, EXIT.environment);
        }
      }

      if (options.json) {
        io.out(
          JSON.stringify(
            {
              ranker: result.ranker,
              group: result.group,
              listings: result.listings,
              queries: result.queries.length,
              means: result.means,
              emptyAnswers: emptyOf(result),
              perQuery: result.queries.map((query) => ({ query: query.query, ...query.metrics, top10: query.ranking })),
              judgedSlugsNotInCorpus: result.judgedSlugsNotInCorpus,
              ...(results[1] ? { ungrouped: { group: results[1].group, means: results[1].means, emptyAnswers: emptyOf(results[1]) } } : {}),
            },
            null,
            2,
          ),
        );
      } else {
        printSummary(io, results, options.verbose === true);
        if (options.out) io.out(`top 10 of each query written to ${options.out}`);
      }
    });
}
