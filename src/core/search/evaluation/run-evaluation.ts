import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { openCore } from '../../../open-core.ts';
import { importListings } from '../../catalogue/import-listings.ts';
import type { CoreContext } from '../../context.ts';
import type { Listing } from '../../listings/listing.ts';
import { parseInput } from '../../params.ts';
import { discoverListings } from '../discover-listings.ts';
import { createBm25Baseline, type Ranker } from './bm25-baseline.ts';
import { CUTOFF, meanMetrics, queryMetrics, type QueryMetrics } from './metrics.ts';

/**
 * The ranking evaluation harness: loads a corpus into a fresh temporary SQLite store through
 * the importer (the same path `apidex import` takes), runs one ranker per query and scores its
 * top 10 against graded judgments (corpus/eval/*.json) with the metrics of corpus/README.md.
 * The store lives in a folder under the system's temporary folder, removed afterwards.
 */

export const RANKER_NAMES = ['apidex', 'bm25'] as const;
export type RankerName = (typeof RANKER_NAMES)[number];
/** `served`: discover's answer as every surface shows it, one entry per provider; `none`: the flat list. */
export type EvaluationGroup = 'served' | 'none';

export const evaluationQueriesSchema = z
  .strictObject({
    queries: z.array(
      z.object({
        query: z.string().trim().min(1, { error: 'query must not be empty' }),
        relevant: z.record(
          z.string(),
          z.number().int({ error: 'a grade must be 0, 1 or 2' }).min(0, { error: 'a grade must be 0, 1 or 2' }).max(2, { error: 'a grade must be 0, 1 or 2' }),
        ),
      }),
    ),
  })
  .superRefine((file, ctx) => {
    const seen = new Map<string, number>();
    file.queries.forEach(({ query }, index) => {
      const first = seen.get(query);
      if (first === undefined) seen.set(query, index);
      else ctx.addIssue({ code: 'custom', path: ['queries', index, 'query'], message: `queries[${index}].query repeats queries[${first}]; give each query once` });
    });
  });
export type EvaluationQuery = z.infer<typeof evaluationQueriesSchema>['queries'][number];

/** Checks a parsed queries file ({"queries": [{"query": …, "relevant": {slug: grade}}]}); throws invalid_input naming each bad field. */
export const parseEvaluationQueries = (value: unknown): EvaluationQuery[] => parseInput(evaluationQueriesSchema, value).queries;

export interface EvaluatedQuery {
  query: string;
  /** The ranker's top 10 slugs, best first. */
  ranking: string[];
  metrics: QueryMetrics;
}

export interface EvaluationResult {
  ranker: RankerName;
  /** How answers were scored: as served (one entry per provider family) or flat (`group=none`). */
  group: EvaluationGroup;
  /** Listings in the temporary store the queries ran against. */
  listings: number;
  queries: EvaluatedQuery[];
  means: QueryMetrics;
  /** Judged slugs that are not in the loaded corpus: judgments that no ranker can meet. */
  judgedSlugsNotInCorpus: string[];
}

function rankerFor(name: RankerName, ctx: CoreContext, group: EvaluationGroup): (query: string) => Promise<string[]> {
  if (name === 'bm25') {
    // Built from what the import stored, so both rankers see exactly the same listings.
    const bm25: Ranker = createBm25Baseline(ctx.catalogue.ordered().map((entry) => entry.listing));
    return async (query) => bm25(query, CUTOFF);
  }
  return async (query) => (await discoverListings({ ctx, input: { q: query, limit: CUTOFF, ...(group === 'none' ? { group: 'none' as const } : {}) } })).items.map((item) => item.slug);
}

export async function runEvaluation({
  input,
}: {
  input: { listings: readonly Listing[]; queries: readonly EvaluationQuery[]; ranker: RankerName; groups?: readonly EvaluationGroup[] };
}): Promise<EvaluationResult[]> {
  const dir = await mkdtemp(join(tmpdir(), 'apidex-eval-'));
  try {
    const ctx = await openCore({ databaseUrl: `file:${join(dir, 'corpus.db')}`, catalogDir: dir }, {
      loadDefaultCatalogue: false,
      // The temporary store's start-up lines are not the evaluation's output; warnings still show.
      log: { info: () => {}, warn: (message) => console.error(message) },
    });
    try {
      await importListings({ ctx, input: { listings: input.listings } });
      const judged = new Set(input.queries.flatMap((query) => Object.keys(query.relevant)));
      const judgedSlugsNotInCorpus = [...judged].filter((slug) => !ctx.catalogue.get(slug)).sort();
      // The baseline has no providers to group by; it is one flat list.
      const groups: readonly EvaluationGroup[] = input.ranker === 'bm25' ? ['none'] : (input.groups ?? ['served']);
      const results: EvaluationResult[] = [];
      for (const group of groups) {
        const rank = rankerFor(input.ranker, ctx, group);
        const queries: EvaluatedQuery[] = [];
        for (const { query, relevant } of input.queries) {
          const ranking = (await rank(query)).slice(0, CUTOFF);
          queries.push({ query, ranking, metrics: queryMetrics(ranking, relevant) });
        }
        results.push({ ranker: input.ranker, group, listings: ctx.catalogue.size, queries, means: meanMetrics(queries.map((query) => query.metrics)), judgedSlugsNotInCorpus });
      }
      return results;
    } finally {
      await ctx.store.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
