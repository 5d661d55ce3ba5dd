import type { Listing } from '../core/listings/listing.ts';
import { CLI_CRITERIA } from '../core/scoring/cli-criteria.ts';
import { headRanksOf, type CuratedHead } from './read-curated-head.ts';

/**
 * The curated head as issue 30 measures it (ADR 27): how many criteria each curated listing has
 * assessed, which have no pricing tier, and how much of the head list's first candidates a
 * curated file covers. Read from the built catalogue and the curated files that made it.
 */

/** The head list's first candidates, which the first batch of curation covers. */
export const HEAD_BATCH = 100;

export interface CuratedHeadCohort {
  listings: number;
  /** Median over curated listings of the criteria passed or failed (of 8). */
  medianAssessed: number | null;
  /** Curated listings by how many criteria they have assessed, 0 to 8. */
  assessedCounts: number[];
  atLeastSeven: number;
  notAssessedByCriterion: Record<string, number>;
  withoutTier: string[];
  /** Facts and criteria that cite a third-party page, not the provider's own. */
  thirdPartyCitations: number;
}

export interface CuratedHeadAudit extends CuratedHeadCohort {
  /**
   * The same figures for the first batch (head/first-batch.yaml: the head list's first
   * HEAD_BATCH candidates and the products curated with them) and for the listings curated
   * since, which are still to be raised and checked from outside.
   */
  cohorts: { firstBatch: CuratedHeadCohort; laterRanks: CuratedHeadCohort & { ranks: [number, number] | null } };
  firstBatch: { size: number; covered: number; notCovered: { rank: number; key: string; name: string }[] };
}

const isCurated = (listing: Listing) => listing.head !== undefined;

/** How many of a value's facts and criteria say they cite a third-party page (`thirdParty: true`, at any depth). */
function thirdPartyIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + thirdPartyIn(item), 0);
  if (!value || typeof value !== 'object') return 0;
  return Object.entries(value).reduce((sum, [key, item]) => sum + (key === 'thirdParty' && item === true ? 1 : thirdPartyIn(item)), 0);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function cohortOf(curated: readonly Listing[]): CuratedHeadCohort {
  const notAssessedByCriterion: Record<string, number> = Object.fromEntries(CLI_CRITERIA.map(({ key }) => [key, 0]));
  const assessedCounts = Array.from({ length: CLI_CRITERIA.length + 1 }, () => 0);
  const assessed = curated.map((listing) => {
    let count = 0;
    for (const { key } of CLI_CRITERIA) {
      const status = listing.cliCriteria[key]?.status ?? 'not_assessed';
      if (status === 'not_assessed') notAssessedByCriterion[key]! += 1;
      else count += 1;
    }
    assessedCounts[count]! += 1;
    return count;
  });
  return {
    listings: curated.length,
    medianAssessed: median(assessed),
    assessedCounts,
    atLeastSeven: assessed.filter((count) => count >= 7).length,
    notAssessedByCriterion,
    withoutTier: curated.filter((listing) => !listing.pricingTier).map((listing) => listing.slug),
    thirdPartyCitations: curated.reduce((sum, listing) => sum + thirdPartyIn(listing), 0),
  };
}

export function auditCuratedHead(listings: readonly Listing[], head: CuratedHead): CuratedHeadAudit {
  const curated = listings.filter(isCurated);
  // Without a first-batch file, the first batch is what ranks among the first candidates (or has no rank).
  const inFirstBatch = (listing: Listing) => (head.firstBatch ? head.firstBatch.has(listing.slug) : (listing.head?.rank ?? 0) <= HEAD_BATCH);
  const later = curated.filter((listing) => !inFirstBatch(listing));
  const laterRanks = later.map((listing) => listing.head!.rank!);
  const covered = new Set<number>();
  for (const { data } of head.providers) for (const product of data.products) for (const rank of headRanksOf(head, product, data.provider.id)) covered.add(rank);
  const batch = head.candidates.filter((candidate) => candidate.rank <= HEAD_BATCH);
  return {
    ...cohortOf(curated),
    cohorts: {
      firstBatch: cohortOf(curated.filter(inFirstBatch)),
      laterRanks: { ...cohortOf(later), ranks: later.length > 0 ? [Math.min(...laterRanks), Math.max(...laterRanks)] : null },
    },
    firstBatch: { size: batch.length, covered: batch.filter((candidate) => covered.has(candidate.rank)).length, notCovered: batch.filter((candidate) => !covered.has(candidate.rank)) },
  };
}

export function curatedHeadText(audit: CuratedHeadAudit): string[] {
  const lines = ['', `Curated head (ADR 27): ${audit.listings} listings`];
  const cohortLines = (cohort: CuratedHeadCohort) => [
    `    criteria assessed (passed or failed), median ${cohort.medianAssessed ?? '–'} of 8; ${cohort.atLeastSeven} listings at 7 or more`,
    `    listings by criteria assessed: ${cohort.assessedCounts.map((count, assessed) => `${assessed}: ${count}`).filter((_, assessed) => cohort.assessedCounts[assessed]! > 0).join(', ')}`,
    `    not assessed, by criterion: ${Object.entries(cohort.notAssessedByCriterion).map(([key, count]) => `${key} ${count}`).join(', ')}`,
    `  ${String(cohort.withoutTier.length).padStart(5)}  listings without a pricing tier${cohort.withoutTier.length > 0 ? `: ${cohort.withoutTier.join(', ')}` : ''}`,
    `  ${String(cohort.thirdPartyCitations).padStart(5)}  citations of a third-party page (where the provider has none)`,
  ];
  const { firstBatch, laterRanks } = audit.cohorts;
  lines.push(`  first batch (issue 30: the head list's first ${HEAD_BATCH} candidates and the products curated with them): ${firstBatch.listings} listings`, ...cohortLines(firstBatch));
  if (laterRanks.ranks) lines.push(`  curated since (head ranks ${laterRanks.ranks[0]}-${laterRanks.ranks[1]}), still to be raised and checked from outside: ${laterRanks.listings} listings`, ...cohortLines(laterRanks));
  const { size, covered, notCovered } = audit.firstBatch;
  lines.push(`  head list's first ${size} candidates: ${covered} with a curated file${notCovered.length > 0 ? `; not: ${notCovered.map((candidate) => `${candidate.rank} ${candidate.name}`).join(', ')}` : ''}`);
  return lines;
}
