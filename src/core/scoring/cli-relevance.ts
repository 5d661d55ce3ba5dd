import type { CliCriteria } from '../listings/listing.ts';
import { CLI_CRITERIA, CLI_RAW_MAX, CLI_SHOWN_MAX, type CliCriterionKey } from './cli-criteria.ts';

export const CLI_RELEVANCE_VERSION = 'cli-relevance/1';
export const EXCELLENT_FROM = 8;

export type CriterionStatus = 'passed' | 'failed' | 'not_assessed';
export type CliWording = 'excellent' | 'moderate';

export interface CriterionOutcome {
  key: CliCriterionKey;
  label: string;
  status: CriterionStatus;
  points: number;
  maxPoints: number;
  evidence?: string;
  /** The listing's source the evidence was read from (its `sources[].id`). */
  source?: string;
  /** Where in that source: a JSON pointer fragment or a line. */
  pointer?: string;
}

export interface CliRelevance {
  /** Shown score 0..10, or null unless every criterion is assessed. */
  score: number | null;
  /** Raw points of 11, or null unless every criterion is assessed. */
  raw: number | null;
  max: number;
  scoreMax: number;
  /** complete: all eight assessed; partial: some; unscored: none. */
  status: 'complete' | 'partial' | 'unscored';
  assessed: number;
  /** Bounds of the shown score whatever the unassessed criteria turn out to be; null when unscored. */
  range: { min: number; max: number } | null;
  /** "excellent" from 8, "moderate" below; for a partial listing only when every possible outcome agrees. */
  wording: CliWording | null;
  criteria: CriterionOutcome[];
  version: typeof CLI_RELEVANCE_VERSION;
}

export const scaleCliRaw = (raw: number): number => Math.round((raw * CLI_SHOWN_MAX) / CLI_RAW_MAX);

export const cliWording = (score: number): CliWording => (score >= EXCELLENT_FROM ? 'excellent' : 'moderate');

/**
 * The shown score (null unless all eight are assessed) and the lowest score the listing can
 * have; what filters and sorts need, without the breakdown computeCliRelevance builds.
 */
export function cliScoreBounds(results: CliCriteria): { score: number | null; floor: number | null } {
  let earned = 0;
  let assessed = 0;
  for (const { key, points } of CLI_CRITERIA) {
    const status = results[key]?.status;
    if (status === undefined || status === 'not_assessed') continue;
    assessed += 1;
    if (status === 'passed') earned += points;
  }
  if (assessed === 0) return { score: null, floor: null };
  const floor = scaleCliRaw(earned);
  return { score: assessed === CLI_CRITERIA.length ? floor : null, floor };
}

export function computeCliRelevance(results: CliCriteria): CliRelevance {
  const criteria: CriterionOutcome[] = CLI_CRITERIA.map(({ key, label, points }) => {
    const result = results[key];
    const status: CriterionStatus = result?.status ?? 'not_assessed';
    const outcome: CriterionOutcome = { key, label, status, points: status === 'passed' ? points : 0, maxPoints: points };
    // Set one by one rather than spread from literals: every list item of a large catalogue builds these.
    if (result?.evidence) outcome.evidence = result.evidence;
    if (result?.source) outcome.source = result.source;
    if (result?.pointer) outcome.pointer = result.pointer;
    return outcome;
  });
  const assessed = criteria.filter((criterion) => criterion.status !== 'not_assessed');
  const earned = criteria.reduce((sum, criterion) => sum + criterion.points, 0);
  const unknownPoints = criteria
    .filter((criterion) => criterion.status === 'not_assessed')
    .reduce((sum, criterion) => sum + criterion.maxPoints, 0);
  // Written out in full rather than spread from a shared head: the spread was a fifth of a list item's cost.
  const max = CLI_RAW_MAX;
  const scoreMax = CLI_SHOWN_MAX;
  const version = CLI_RELEVANCE_VERSION;
  if (assessed.length === 0) {
    return { max, scoreMax, assessed: 0, criteria, version, score: null, raw: null, status: 'unscored', range: null, wording: null };
  }
  if (assessed.length === CLI_CRITERIA.length) {
    const score = scaleCliRaw(earned);
    return { max, scoreMax, assessed: assessed.length, criteria, version, score, raw: earned, status: 'complete', range: { min: score, max: score }, wording: cliWording(score) };
  }
  const range = { min: scaleCliRaw(earned), max: scaleCliRaw(earned + unknownPoints) };
  const low = cliWording(range.min);
  return { max, scoreMax, assessed: assessed.length, criteria, version, score: null, raw: null, status: 'partial', range, wording: low === cliWording(range.max) ? low : null };
}
