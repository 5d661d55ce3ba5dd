/**
 * Ranking metrics exactly as corpus/README.md defines them. For one query, `ranking` is the
 * list of slugs a ranker returned (only the top 10 count) and `judgments` maps slugs to grades:
 * 2 directly serves the need, 1 partly; an unjudged slug is not relevant (grade 0).
 *
 * Conventions the README leaves open, chosen so that every query has a value and the means
 * stay over all queries:
 * - A slug repeated in a ranking counts at its first position only (a ranker should not
 *   repeat itself, and counting it twice would inflate DCG).
 * - A query without judgments has nDCG 0 (no ideal to reach); one without grade-2 judgments
 *   has Recall 0, and MRR and P@1 are 0 by their definitions.
 */

export type Judgments = Readonly<Record<string, number>>;

export interface QueryMetrics {
  ndcg10: number;
  recall10: number;
  mrr10: number;
  p1: number;
}

export const CUTOFF = 10;
const DIRECT = 2;

const topOf = (ranking: readonly string[]): string[] => [...new Set(ranking)].slice(0, CUTOFF);
const gradeOf = (judgments: Judgments, slug: string): number => judgments[slug] ?? 0;
const gain = (grade: number) => 2 ** grade - 1;
const discount = (position: number) => Math.log2(position + 2);

const dcg = (grades: readonly number[]) => grades.slice(0, CUTOFF).reduce((sum, grade, i) => sum + gain(grade) / discount(i), 0);

/** DCG = Σ_{i<10} (2^rel(rank[i]) − 1) / log2(i + 2), over the ideal DCG of the judgments sorted by grade, top 10. */
export function ndcgAt10(ranking: readonly string[], judgments: Judgments): number {
  const ideal = dcg(Object.values(judgments).sort((a, b) => b - a));
  if (ideal === 0) return 0;
  return dcg(topOf(ranking).map((slug) => gradeOf(judgments, slug))) / ideal;
}

/** |top-10 slugs with grade 2| / min(10, |slugs with grade 2|). */
export function recallAt10(ranking: readonly string[], judgments: Judgments): number {
  const direct = Object.values(judgments).filter((grade) => grade === DIRECT).length;
  if (direct === 0) return 0;
  const found = topOf(ranking).filter((slug) => gradeOf(judgments, slug) === DIRECT).length;
  return found / Math.min(CUTOFF, direct);
}

/** 1 / (position of the first grade-2 slug), 0 if none in the top 10. */
export function mrrAt10(ranking: readonly string[], judgments: Judgments): number {
  const position = topOf(ranking).findIndex((slug) => gradeOf(judgments, slug) === DIRECT);
  return position === -1 ? 0 : 1 / (position + 1);
}

/** 1 if the top slug has grade 2, else 0. */
export function precisionAt1(ranking: readonly string[], judgments: Judgments): number {
  const [top] = topOf(ranking);
  return top !== undefined && gradeOf(judgments, top) === DIRECT ? 1 : 0;
}

export function queryMetrics(ranking: readonly string[], judgments: Judgments): QueryMetrics {
  return {
    ndcg10: ndcgAt10(ranking, judgments),
    recall10: recallAt10(ranking, judgments),
    mrr10: mrrAt10(ranking, judgments),
    p1: precisionAt1(ranking, judgments),
  };
}

/** Each metric's mean over the queries; all 0 for no queries. */
export function meanMetrics(perQuery: readonly QueryMetrics[]): QueryMetrics {
  const mean = (key: keyof QueryMetrics) => (perQuery.length === 0 ? 0 : perQuery.reduce((sum, metrics) => sum + metrics[key], 0) / perQuery.length);
  return { ndcg10: mean('ndcg10'), recall10: mean('recall10'), mrr10: mean('mrr10'), p1: mean('p1') };
}
