import { z } from 'zod';
import type { ListingReviewStats } from '../reviews/review-stats.ts';
import type { ListingDetail } from '../listings/listing-detail.ts';
import type { PricingTier } from '../listings/listing.ts';
import type { CliCriterionKey } from '../scoring/cli-criteria.ts';
import { Lru } from '../lru.ts';
import { foldText } from '../ranking/text.ts';

type CliRelevance = ListingDetail['cliRelevance'];
type Quality = ListingDetail['quality'];

/**
 * Shared wording for recommend, compare and alternatives: how a score reads, how two
 * listings differ, which capabilities they share. Every sentence is built from the listing's
 * data, and a missing score is always "unknown" (a 0-to-10 interval), never 0.
 */

// ─── Scores as intervals ────────────────────────────────────────────────────────────────

/** What is known of a score: an exact value is a one-point interval; unknown is 0..10. */
export interface ScoreInterval {
  min: number;
  max: number;
  exact: boolean;
}

const UNKNOWN: ScoreInterval = { min: 0, max: 10, exact: false };

export function cliInterval(cli: CliRelevance): ScoreInterval {
  if (cli.score !== null) return { min: cli.score, max: cli.score, exact: true };
  if (cli.range) return { min: cli.range.min, max: cli.range.max, exact: false };
  return UNKNOWN;
}

export const qualityInterval = (quality: Quality): ScoreInterval =>
  quality.score === null ? UNKNOWN : { min: quality.score, max: quality.score, exact: true };

/**
 * How `a` stands to `b` on one score: ">" or "<" only when it holds whatever the unknown parts
 * turn out to be, "=" when both are known and equal, "?" when the data cannot say.
 */
export type Relation = '>' | '<' | '=' | '?';

export function relate(a: ScoreInterval, b: ScoreInterval): Relation {
  if (a.min > b.max) return '>';
  if (a.max < b.min) return '<';
  if (a.exact && b.exact) return '=';
  return '?';
}

/** "8", "5 to 9" or "unknown". */
export const intervalText = (interval: ScoreInterval): string =>
  interval.exact ? String(interval.min) : interval === UNKNOWN || (interval.min === 0 && interval.max === 10) ? 'unknown' : `${interval.min} to ${interval.max}`;

// ─── Scores in words ────────────────────────────────────────────────────────────────────

/** "CLI relevance 8/10 (9 of 11 points)", "CLI relevance between 5 and 9 of 10 (3 of 8 criteria assessed)" or "CLI relevance not scored …". */
export function describeCli(cli: CliRelevance): string {
  if (cli.status === 'complete') return `CLI relevance ${cli.score}/10 (${cli.raw} of ${cli.max} points, ${cli.wording} for automated workflows)`;
  if (cli.status === 'partial') return `CLI relevance between ${cli.range!.min} and ${cli.range!.max} of 10 (${cli.assessed} of 8 criteria assessed)`;
  return 'CLI relevance not scored (none of the 8 criteria assessed; unknown, not 0)';
}

export function describeQuality(quality: Quality): string {
  const known = quality.usedInputs.length;
  const total = known + quality.missingInputs.length;
  if (quality.score !== null) return `quality ${quality.score}/10 (from ${known} of ${total} inputs)`;
  return `quality not scored (${known} of ${total} inputs known; unknown, not 0)`;
}

/** "passes official SDK, env-var authentication and headless/CI use; fails CLI tool" (assessed criteria only). */
export function describeCriteria(cli: CliRelevance): string {
  const passed = cli.criteria.filter((c) => c.status === 'passed').map((c) => CRITERION_NAMES[c.key as CliCriterionKey]);
  const failed = cli.criteria.filter((c) => c.status === 'failed').map((c) => CRITERION_NAMES[c.key as CliCriterionKey]);
  return [passed.length ? `passes ${listWords(passed)}` : '', failed.length ? `fails ${listWords(failed)}` : ''].filter(Boolean).join('; ');
}

/** Short names of the criteria for sentences; the full labels travel with the scores. */
export const CRITERION_NAMES: Record<CliCriterionKey, string> = {
  officialSdk: 'official SDK',
  envVarAuth: 'env-var authentication',
  headless: 'headless/CI use',
  cliTool: 'CLI tool',
  jsonResponse: 'JSON responses',
  curlExamples: 'command-line HTTP examples in the docs',
  rateLimits: 'rate limits fit for scripts',
  machineReadablePricing: 'machine-readable pricing',
};

export const listWords = (words: readonly string[]): string =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

// ─── Pricing ────────────────────────────────────────────────────────────────────────────

/** How much of the listing can be used without paying: 2 all of it, 1 a free tier, 0 nothing. */
const FREE_LEVEL: Record<PricingTier, number> = { Free: 2, 'Open source': 2, Freemium: 1, 'Usage-based': 0, Paid: 0, Enterprise: 0 };

const TIER_WORDS: Record<PricingTier, string> = {
  Free: 'completely free',
  'Open source': 'open source',
  Freemium: 'free tier',
  'Usage-based': 'pay per use',
  Paid: 'paid',
  Enterprise: 'enterprise sales',
};

/** Tiers that can be used at no cost: the whole service, or its free tier. */
export const NO_COST_TIERS: readonly PricingTier[] = ['Free', 'Open source', 'Freemium'];

export function describePricing(tier: PricingTier | null): string {
  switch (tier) {
    case null:
      return 'pricing tier not shown';
    case 'Freemium':
      return 'Freemium (a free tier with paid plans for more usage)';
    case 'Free':
      return 'Free (completely free to use)';
    case 'Open source':
      return 'Open source (free to run yourself)';
    case 'Usage-based':
      return 'Usage-based (billed by usage)';
    case 'Paid':
      return 'Paid (no free tier)';
    case 'Enterprise':
      return 'Enterprise (sold through sales, no public price)';
  }
}

// ─── Capabilities ───────────────────────────────────────────────────────────────────────

/** Words that say what is done to a thing rather than what the thing is; two listings do not share a capability over them. */
const GENERIC_WORDS = new Set(
  (
    'a an the and or of to for in on by with from via into as at ' +
    'manage managing management get gets getting send sending create list lists search searching filter filtering find ' +
    'implement handle handling detect detection track tracking publish subscribe make use using run add update delete read write ' +
    'data info information api service support supports based'
  ).split(' '),
);

/** A light stem, enough for phrases of a few words: "countries" → "country", "channels" → "channel". */
function lightStem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The content words of a capability phrase, stemmed. Hyphenated and joined words stay whole
 * ("real-time" → "realtime"), so "real-time" and "realtime" meet and "time zones" does not.
 */
export function capabilityKeys(phrase: string): string[] {
  const words = foldText(phrase)
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter((word) => word.length >= 2 && !GENERIC_WORDS.has(word));
  return [...new Set(words.map(lightStem))];
}

// Alternatives match one listing's capabilities against those of a few hundred candidates, and
// the same phrases come back for every candidate: folding and stemming them each time, and
// comparing every pair of phrases, took 0.14-0.19 s of `show` for a listing with 30 capabilities.
const keysKept = new Lru<string, readonly string[]>(20_000);
const keysOf = (phrase: string): readonly string[] => keysKept.get(phrase, () => capabilityKeys(phrase));

export interface CapabilityCounterpart {
  capability: string;
  /** Capabilities of the other listing that share a content word with it. */
  counterparts: string[];
}

/** Which of `own` capabilities the `other` list covers (by a shared content word), and which it does not. */
export function matchCapabilities(own: readonly string[], other: readonly string[]): { shared: CapabilityCounterpart[]; onlyOwn: string[] } {
  // Each of `own` with the other capabilities that share a key with it, in the order of `other`:
  // one pass over the other list's keys instead of a comparison of every pair.
  const ownByKey = new Map<string, number[]>();
  own.forEach((capability, index) => {
    for (const key of keysOf(capability)) {
      const owners = ownByKey.get(key);
      if (owners === undefined) ownByKey.set(key, [index]);
      else if (owners.at(-1) !== index) owners.push(index);
    }
  });
  const counterparts: string[][] = own.map(() => []);
  const lastCounted = new Array<number>(own.length).fill(-1);
  other.forEach((capability, otherIndex) => {
    for (const key of keysOf(capability)) {
      for (const index of ownByKey.get(key) ?? []) {
        if (lastCounted[index] === otherIndex) continue;
        lastCounted[index] = otherIndex;
        counterparts[index]!.push(capability);
      }
    }
  });
  const shared: CapabilityCounterpart[] = [];
  const onlyOwn: string[] = [];
  own.forEach((capability, index) => {
    if (counterparts[index]!.length) shared.push({ capability, counterparts: counterparts[index]! });
    else onlyOwn.push(capability);
  });
  return { shared, onlyOwn };
}

// ─── Reviews (seam) ─────────────────────────────────────────────────────────────────────

export const reviewEvidenceSchema = z
  .object({
    count: z.number().int().min(1).describe('How many reviews the evidence rests on.'),
    averageRating: z.number().nullable(),
    summary: z.string().describe('The evidence in one sentence, e.g. "4 reviews, 3 of them report it worked headless".'),
  })
  .meta({ id: 'ReviewEvidence' });
export type ReviewEvidence = z.infer<typeof reviewEvidenceSchema>;

const share = (rate: { value: number | null; sampleSize: number }) => `${Math.round((rate.value ?? 0) * rate.sampleSize)} of ${rate.sampleSize}`;

/**
 * A listing's review evidence in one sentence, from its published reviews; null when it has
 * none, which recommend and compare never read as a bad sign. Integration claims count only
 * from reports with live evidence.
 */
export function reviewEvidenceOf(reviews: ListingReviewStats | undefined): ReviewEvidence | null {
  if (!reviews || reviews.stats.count === 0) return null;
  const { stats, integrationStats: live } = reviews;
  const parts = [`${stats.count} published ${stats.count === 1 ? 'review' : 'reviews'}`];
  if (stats.averageRating.value !== null) parts.push(`average rating ${stats.averageRating.value}/5`);
  if (stats.recommendRate.value !== null) parts.push(`${share(stats.recommendRate)} would recommend it`);
  if (live.liveReports > 0) {
    const claims = [
      live.authSuccessRate.sampleSize ? `authentication worked in ${share(live.authSuccessRate)}` : '',
      live.headlessRate.sampleSize ? `it worked headless in ${share(live.headlessRate)}` : '',
      live.meanTimeToFirstRequest.value !== null ? `first request after ${live.meanTimeToFirstRequest.value} minutes on average` : '',
    ].filter(Boolean);
    parts.push(`${live.liveReports} live integration ${live.liveReports === 1 ? 'report' : 'reports'}${claims.length ? ` (${claims.join(', ')})` : ''}`);
  }
  return { count: stats.count, averageRating: stats.averageRating.value, summary: parts.join('; ') };
}

// ─── Differences between two listings ───────────────────────────────────────────────────

export interface Differences {
  /** What the candidate does better than the reference, e.g. "higher CLI relevance (9 vs 4)". */
  better: string[];
  /** What it does worse, e.g. "paid vs free tier". */
  worse: string[];
  /** What cannot be compared because a value is missing, e.g. "quality not scored". */
  unknown: string[];
}

export const differencesSchema = z
  .object({
    better: z.array(z.string()).describe('What it does better, e.g. "higher CLI relevance (9 vs 4)", "free tier vs paid".'),
    worse: z.array(z.string()).describe('What it does worse, e.g. "lower quality (3 vs 7)".'),
    unknown: z.array(z.string()).describe('What cannot be compared because a value is missing, e.g. "quality not scored"; never counted as worse.'),
  })
  .meta({ id: 'Differences' });

function scoreDifference(name: string, candidate: ScoreInterval, reference: ScoreInterval, referenceName: string, out: Differences): void {
  const relation = relate(candidate, reference);
  const pair = `(${intervalText(candidate)} vs ${intervalText(reference)})`;
  if (relation === '>') out.better.push(`higher ${name} ${pair}`);
  else if (relation === '<') out.worse.push(`lower ${name} ${pair}`);
  else if (relation === '?') {
    if (intervalText(candidate) === 'unknown') out.unknown.push(`${name} not scored`);
    else if (!candidate.exact) out.unknown.push(`${name} only partly assessed (${intervalText(candidate)} vs ${intervalText(reference)})`);
    else if (intervalText(reference) === 'unknown') out.unknown.push(`${name} of ${referenceName} not scored, so ${candidate.min} cannot be compared`);
    else out.unknown.push(`${name} of ${referenceName} only partly assessed (${candidate.min} vs ${intervalText(reference)})`);
  }
}

/** How `candidate` differs from `reference`, in short phrases from the candidate's side. */
export function explainDifferences(candidate: ListingDetail, reference: ListingDetail): Differences {
  const out: Differences = { better: [], worse: [], unknown: [] };
  scoreDifference('CLI relevance', cliInterval(candidate.cliRelevance), cliInterval(reference.cliRelevance), reference.name, out);

  // Criteria both sides assessed and that came out differently; a criterion not assessed on either side is not a difference.
  const referenceStatus = new Map(reference.cliRelevance.criteria.map((c) => [c.key, c.status]));
  for (const criterion of candidate.cliRelevance.criteria) {
    const theirs = referenceStatus.get(criterion.key);
    const name = CRITERION_NAMES[criterion.key as CliCriterionKey];
    if (criterion.status === 'passed' && theirs === 'failed') out.better.push(`passes ${name} (${reference.name} fails it)`);
    if (criterion.status === 'failed' && theirs === 'passed') out.worse.push(`fails ${name} (${reference.name} passes it)`);
  }

  scoreDifference('quality', qualityInterval(candidate.quality), qualityInterval(reference.quality), reference.name, out);

  const [mine, theirs] = [candidate.pricingTier, reference.pricingTier];
  if (mine === null) out.unknown.push('pricing tier not shown');
  else if (theirs === null) out.unknown.push(`pricing tier of ${reference.name} not shown`);
  else if (FREE_LEVEL[mine] > FREE_LEVEL[theirs]) out.better.push(`${TIER_WORDS[mine]} vs ${TIER_WORDS[theirs]}`);
  else if (FREE_LEVEL[mine] < FREE_LEVEL[theirs]) out.worse.push(`${TIER_WORDS[mine]} vs ${TIER_WORDS[theirs]}`);

  const extra = matchCapabilities(candidate.capabilities, reference.capabilities).onlyOwn;
  const missing = matchCapabilities(reference.capabilities, candidate.capabilities).onlyOwn;
  if (extra.length) out.better.push(`also lists ${listWords(extra)}`);
  if (missing.length) out.worse.push(`does not list ${listWords(missing)}`);
  return out;
}

/** The differences as clauses, "better: …", "worse: …" and, under `unknownLabel`, what cannot be compared; empty ones left out. */
export function differenceClauses(differences: Differences, unknownLabel: string): string[] {
  return [
    differences.better.length ? `better: ${differences.better.join('; ')}` : '',
    differences.worse.length ? `worse: ${differences.worse.join('; ')}` : '',
    differences.unknown.length ? `${unknownLabel}: ${differences.unknown.join('; ')}` : '',
  ].filter(Boolean);
}
