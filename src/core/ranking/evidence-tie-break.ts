import type { IndexedListing } from '../catalogue/catalogue-index.ts';

/**
 * Evidence breaks near ties, never relevance (issue 31, ADR 32). Among listings whose need
 * scores lie within TIE_MARGIN of the best of their run, the one the data shows to be better
 * supported comes first: a listing of the curated head (chosen by public signals of use, its
 * facts read from the provider's pages), more so one among the head list's first ranks, and one
 * with an official SDK on a public registry. A listing more than the margin below another is
 * never lifted above it. The margin and the signals were chosen on the halves of the real-needs
 * set (ADR 32): each gains on both halves; the number of sources and the CLI score's low end,
 * tried beside them, lost on one. With the head curated to rank 261 (280 listings), 0.05 gained
 * on both halves over 0.1; with capability lines read one by one (tenth session), 0.07-0.08 gains
 * on every half of both copies over 0.05, and both halves choose 0.08.
 */
export const TIE_MARGIN = 0.08;

/**
 * Two listings that match the same words of a need and the same capabilities, and so cover the
 * same share of it, differ in score only by how much else they say (BM25's length normalisation)
 * and where they say it: a tie in relevance however far apart the scores read. A thorough listing
 * ("send SMS and MMS messages" among twelve lines) scored 22% below a one-line one ("SMS
 * Verification"). Such a pair is a near tie within this wider margin. Chosen on the halves of both
 * copies of the real-needs set (ADR 32, seventeenth session): 0.1 and 0.15 gain or hold on every
 * half, 0.2 and wider lose on one.
 */
export const SAME_MATCH_MARGIN = 0.15;

/**
 * The head list's first candidates: the APIs that most independent public lists of integrations
 * name (ADR 27). Chosen on the halves (ADR 32): 100 gains on both, 200 less, 500 nothing.
 */
export const HEAD_FIRST_RANKS = 100;

/** What the data shows of a listing's support, 0 to 3: curated head, among the head's first ranks, official SDK. */
export function evidenceOf(entry: Pick<IndexedListing, 'listing'>): number {
  const { listing } = entry;
  const rank = listing.head?.rank;
  return (listing.head ? 1 : 0) + (rank !== undefined && rank <= HEAD_FIRST_RANKS ? 1 : 0) + (listing.cliCriteria.officialSdk?.status === 'passed' ? 1 : 0);
}

/** What a tie is made of: the score margin, and a wider one for hits that match the need alike (see SAME_MATCH_MARGIN). */
export interface TieRule<T> {
  margin: number;
  sameMatch?: { margin: number; alike: (first: T, hit: T) => boolean };
}

/**
 * Reorders hits (best score first) so that within each run of near ties the better-supported
 * listing leads. A run starts at a hit and holds the hits that follow it while each scores at
 * least (1 − margin) of it, or (1 − the wider margin) of it when it matches the need alike; the
 * order between runs is never changed.
 */
export function breakNearTies<T>(hits: readonly T[], scoreOf: (hit: T) => number, evidence: (hit: T) => number, rule: TieRule<T> = { margin: TIE_MARGIN }): T[] {
  const { margin, sameMatch } = rule;
  if ((margin <= 0 && !sameMatch) || hits.length < 2) return [...hits];
  const out: T[] = [];
  let start = 0;
  while (start < hits.length) {
    const first = hits[start]!;
    const bar = scoreOf(first) * (1 - margin);
    const sameMatchBar = sameMatch ? scoreOf(first) * (1 - sameMatch.margin) : Infinity;
    let end = start + 1;
    for (; end < hits.length; end += 1) {
      const score = scoreOf(hits[end]!);
      if (score < bar && !(score >= sameMatchBar && sameMatch!.alike(first, hits[end]!))) break;
    }
    if (end - start === 1) out.push(hits[start]!);
    else {
      // Evidence is read only where there is a tie to break: most hits stand alone.
      const run = hits.slice(start, end).map((hit, i) => ({ hit, i, e: evidence(hit) }));
      run.sort((a, b) => b.e - a.e || a.i - b.i);
      for (const { hit } of run) out.push(hit);
    }
    start = end;
  }
  return out;
}
