import type { QualityInputs } from '../listings/listing.ts';
import { QUALITY_LEVELS, type BreakingChanges, type DocsQuality } from './quality-inputs.ts';

/**
 * Quality score, formula version 1 (see docs/adr/0004-quality-score-formula.md).
 * Each input earns points on its own curve; the curves are non-decreasing in the input
 * (monotone) and flatten out (log-scaled popularity, half-life freshness), so no single
 * input can carry a listing. Each input's points are rounded to hundredths, so the breakdown
 * adds up to exactly what is shown; the score is 10 × earned ÷ possible over the inputs that
 * are known, rounded; with less than half the weight known there is no score.
 */
export const QUALITY_VERSION = 'quality/1';
export const QUALITY_MIN_KNOWN_WEIGHT = 5;

type InputKey = keyof QualityInputs;
type InputValue<K extends InputKey> = NonNullable<QualityInputs[K]>['value'];

interface InputRule<K extends InputKey> {
  key: K;
  label: string;
  maxPoints: number;
  /** Share of maxPoints earned, 0..1, non-decreasing in the input's goodness. */
  share: (value: InputValue<K>) => number;
  explain: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

const logShare = (value: number, saturatesAt: number) => Math.min(1, Math.log10(1 + value) / Math.log10(1 + saturatesAt));

const DOCS_SHARE: Record<DocsQuality, number> = { none: 0, basic: 0.4, good: 0.7, excellent: 1 };
const BREAKING_SHARE: Record<BreakingChanges, number> = { frequent: 0, occasional: 0.4, rare: 0.8, none: 1 };

export const QUALITY_RULES = [
  {
    key: 'weeklyDownloads',
    label: 'Package downloads per week',
    maxPoints: 2.5,
    share: (downloads: number) => logShare(downloads, 10_000_000),
    explain: 'log-scaled; full points at 10,000,000 a week',
  } satisfies InputRule<'weeklyDownloads'>,
  {
    key: 'stars',
    label: 'Repository stars',
    maxPoints: 2,
    share: (stars: number) => logShare(stars, 100_000),
    explain: 'log-scaled; full points at 100,000 stars',
  } satisfies InputRule<'stars'>,
  {
    key: 'daysSinceLastRelease',
    label: 'Days since last release',
    maxPoints: 1.5,
    share: (days: number) => 0.5 ** (days / 90),
    explain: 'halves every 90 days without a release',
  } satisfies InputRule<'daysSinceLastRelease'>,
  {
    key: 'issueCloseRatio',
    label: 'Issue close ratio',
    maxPoints: 1,
    share: (ratio: number) => ratio,
    explain: 'proportional to the share of issues closed',
  } satisfies InputRule<'issueCloseRatio'>,
  {
    key: 'typeDefinitions',
    label: 'Type definitions present',
    maxPoints: 1,
    share: (present: boolean) => (present ? 1 : 0),
    explain: 'all points when types ship with the package',
  } satisfies InputRule<'typeDefinitions'>,
  {
    key: 'docsQuality',
    label: 'Docs quality',
    maxPoints: 1,
    share: (level: DocsQuality) => DOCS_SHARE[level],
    explain: `by level: ${QUALITY_LEVELS.docsQuality.map((level) => `${level} ${DOCS_SHARE[level]}`).join(', ')}`,
  } satisfies InputRule<'docsQuality'>,
  {
    key: 'breakingChanges',
    label: 'Breaking changes',
    maxPoints: 1,
    share: (level: BreakingChanges) => BREAKING_SHARE[level],
    explain: `by level: ${QUALITY_LEVELS.breakingChanges.map((level) => `${level} ${BREAKING_SHARE[level]}`).join(', ')}`,
  } satisfies InputRule<'breakingChanges'>,
] as const;

export const QUALITY_MAX_POINTS = QUALITY_RULES.reduce((sum, rule) => sum + rule.maxPoints, 0);

export interface QualityBreakdownEntry {
  input: InputKey;
  label: string;
  value: InputValue<InputKey> | null;
  used: boolean;
  points: number;
  maxPoints: number;
  illustrative: boolean;
  rule: string;
}

export interface Quality {
  /** Integer 0..10, or null when less than half of the weight is known. */
  score: number | null;
  scoreMax: 10;
  /** The input values, null where not known. */
  inputs: Record<InputKey, InputValue<InputKey> | null>;
  breakdown: QualityBreakdownEntry[];
  usedInputs: InputKey[];
  missingInputs: InputKey[];
  earned: number;
  possible: number;
  version: typeof QUALITY_VERSION;
}

/** The score alone, exactly as computeQuality gives it, without building the breakdown (index time, 100k listings). */
export function qualityScore(inputs: QualityInputs): number | null {
  let earned = 0;
  let possible = 0;
  for (const rule of QUALITY_RULES) {
    const value = inputs[rule.key]?.value ?? null;
    if (value === null) continue;
    earned += round2(rule.maxPoints * (rule.share as (value: unknown) => number)(value));
    possible += rule.maxPoints;
  }
  return scoreFrom(round2(earned), possible);
}

// Rounded to 9 places first so that float noise never tips a .5 boundary.
const scoreFrom = (earned: number, possible: number): number | null =>
  possible >= QUALITY_MIN_KNOWN_WEIGHT ? Math.round(Math.round(((10 * earned) / possible) * 1e9) / 1e9) : null;

export function computeQuality(inputs: QualityInputs): Quality {
  const breakdown: QualityBreakdownEntry[] = QUALITY_RULES.map((rule) => {
    const measured = inputs[rule.key];
    const value = measured?.value ?? null;
    const share = value === null ? 0 : (rule.share as (value: unknown) => number)(value);
    return {
      input: rule.key,
      label: rule.label,
      value,
      used: value !== null,
      points: value === null ? 0 : round2(rule.maxPoints * share),
      maxPoints: rule.maxPoints,
      illustrative: measured?.illustrative === true,
      rule: rule.explain,
    };
  });
  const used = breakdown.filter((entry) => entry.used);
  const earned = round2(used.reduce((sum, entry) => sum + entry.points, 0));
  const possible = used.reduce((sum, entry) => sum + entry.maxPoints, 0);
  return {
    score: scoreFrom(earned, possible),
    scoreMax: 10,
    inputs: Object.fromEntries(breakdown.map((entry) => [entry.input, entry.value])) as Quality['inputs'],
    breakdown,
    usedInputs: used.map((entry) => entry.input),
    missingInputs: breakdown.filter((entry) => !entry.used).map((entry) => entry.input),
    earned,
    possible,
    version: QUALITY_VERSION,
  };
}
