import type { EvaluationQuery } from './run-evaluation.ts';

/** One entry of a catalogue's redirect map: a slug that left in a merge, rename or split, and where it went. */
export interface SlugRedirect {
  from: string;
  to: readonly string[];
}

/**
 * Judgments name the slugs of the catalogue they were labelled on. When a later build merges,
 * renames or splits a listing, its judgment follows the catalogue's redirect map, so a rebuilt
 * catalogue is measured on the same needs without relabelling: a moved slug keeps its grade, and
 * after a split each new slug gets it (the labeller graded the whole that was split). Where two
 * judged slugs land on one listing, the higher grade stands.
 */
export function followRedirects(queries: readonly EvaluationQuery[], redirects: readonly SlugRedirect[]): { queries: EvaluationQuery[]; moved: number } {
  const targets = new Map<string, readonly string[]>();
  for (const redirect of redirects) targets.set(redirect.from, redirect.to);
  // A chain (a → b, later b → c) resolves to its end; a loop stops where it began.
  const resolve = (slug: string, seen = new Set<string>()): string[] => {
    const to = targets.get(slug);
    if (!to || seen.has(slug)) return [slug];
    seen.add(slug);
    return to.flatMap((next) => resolve(next, new Set(seen)));
  };
  let moved = 0;
  const mapped = queries.map(({ query, relevant }) => {
    const next: Record<string, number> = {};
    for (const [slug, grade] of Object.entries(relevant)) {
      const landed = resolve(slug);
      if (landed.length !== 1 || landed[0] !== slug) moved += 1;
      for (const target of landed) next[target] = Math.max(next[target] ?? 0, grade);
    }
    return { query, relevant: next };
  });
  return { queries: mapped, moved };
}
