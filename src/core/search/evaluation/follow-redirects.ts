import { SlugRedirects, type SlugRedirect } from '../../catalogue/slug-redirects.ts';
import type { EvaluationQuery } from './run-evaluation.ts';

/**
 * Judgments name the slugs of the catalogue they were labelled on. When a later build merges,
 * renames or splits a listing, its judgment follows the catalogue's redirect map, so a rebuilt
 * catalogue is measured on the same needs without relabelling: a moved slug keeps its grade, and
 * after a split each new slug gets it (the labeller graded the whole that was split). Where two
 * judged slugs land on one listing, the higher grade stands.
 */
export function followRedirects(
  queries: readonly EvaluationQuery[],
  redirects: readonly SlugRedirect[],
  exists: (slug: string) => boolean,
): { queries: EvaluationQuery[]; moved: number } {
  const map = new SlugRedirects(redirects);
  let moved = 0;
  const mapped = queries.map(({ query, relevant }) => {
    const next: Record<string, number> = {};
    for (const [slug, grade] of Object.entries(relevant)) {
      const move = exists(slug) ? undefined : map.resolve(slug, exists);
      if (move) moved += 1;
      for (const target of move?.to ?? [slug]) next[target] = Math.max(next[target] ?? 0, grade);
    }
    return { query, relevant: next };
  });
  return { queries: mapped, moved };
}
