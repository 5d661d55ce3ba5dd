import { z } from 'zod';
import { detailOf, summaryOf, type IndexedListing } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';
import { listingSummarySchema, type ListingDetail } from '../listings/listing-detail.ts';
import { booleanParam, enumParam, optionalText, parameters, parseInput } from '../params.ts';
import { costText, decidingFactSchema, documentedRateLimit, monthlyCostSchema, priceAtVolume, rateLimitSchema, type DecidingFact, type DocumentedRateLimit, type MonthlyCost } from './price-at-volume.ts';
import { matchedOnSchema } from './discover-listings.ts';
import { listingFilter, listingFilterShape } from './listing-filter.ts';
import {
  cliInterval,
  CRITERION_NAMES,
  describeCli,
  describeCriteria,
  describePricing,
  describeQuality,
  differenceClauses,
  explainDifferences,
  intervalText,
  listWords,
  NO_COST_TIERS,
  qualityInterval,
  relate,
  reviewEvidenceOf,
  reviewEvidenceSchema,
  type ScoreInterval,
} from './explain-differences.ts';
import { listingReviewStats } from '../reviews/listing-review-stats.ts';
import type { ListingReviewStats } from '../reviews/review-stats.ts';
import { rankNeed, type NeedMatch } from '../ranking/rank-need.ts';
import { foldText, slugify } from '../ranking/text.ts';
import { analyzeText } from '../ranking/analyze-text.ts';

/**
 * One pick and a runner-up for a task, in any category, with the reasons in words.
 *
 * The rule (documented in the OpenAPI description too):
 * 1. Rank the listings that pass the constraints by how well they serve the task (rankNeed).
 * 2. The relevance band is every match within RELEVANCE_BAND of the best relevance, among the
 *    first CANDIDATES matches. Outside the band relevance alone decides.
 * 3. Inside the band scores break the tie, in this order: CLI relevance, then quality. A
 *    listing drops out only when another is surely higher, whatever the unknown parts turn out
 *    to be; a missing score is an interval from 0 to 10 ("unknown"), never 0, so an unscored
 *    listing neither wins nor loses a tie-break for being unscored.
 * 4. Then the higher relevance, then the order the need ranked them in: among near ties it puts
 *    the listing the data supports better first (curated head, official SDK; see
 *    evidence-tie-break.ts), as discover does, where the name used to decide.
 * The runner-up is the pick of what is left, by the same rule.
 */

export const RELEVANCE_BAND = 0.1;
export const CANDIDATES = 10;
/** How many serving listings the "nothing fits" message looks at to say which constraint is to blame. */
const DIAGNOSE_LIMIT = 200;

const TASK_EXAMPLE = 'send+real-time+notifications+to+browser+clients';

export const PRIORITIES = ['cost', 'simplicity', 'scale'] as const;
export const RECOMMEND_CONSTRAINTS = ['no-credit-card', 'free-tier'] as const;
type RecommendConstraint = (typeof RECOMMEND_CONSTRAINTS)[number];

/** A non-negative amount (query strings and CLI flags as text, JSON as numbers); its message names the parameter. */
function amountParam(field: string, max: number, example: string) {
  return z
    .unknown()
    .transform((input, ctx) => {
      const text = typeof input === 'string' ? input.trim().replace(/_/g, '') : input;
      const value = typeof text === 'string' && /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : text;
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max) {
        const message = Array.isArray(input) ? `${field} was given ${input.length} times; give it once` : `${field} must be a number from 0 to ${max}, e.g. ${field}=${example}; got ${JSON.stringify(input) ?? String(input)}`;
        ctx.issues.push({ code: 'custom', input, message });
        return z.NEVER;
      }
      return value;
    })
    .meta({ type: 'number', minimum: 0, maximum: max });
}

const constraintsParam = z
  .unknown()
  .transform((input, ctx) => {
    const parts = (Array.isArray(input) ? input : [input]).flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]));
    const values: RecommendConstraint[] = [];
    for (const part of parts) {
      const value = typeof part === 'string' ? part.trim().toLowerCase() : part;
      if (value === '') continue;
      if (!RECOMMEND_CONSTRAINTS.includes(value as RecommendConstraint)) {
        ctx.issues.push({ code: 'custom', input, message: `constraints must be a comma-separated list of ${RECOMMEND_CONSTRAINTS.join(', ')}; got ${JSON.stringify(part) ?? String(part)}` });
        return z.NEVER;
      }
      if (!values.includes(value as RecommendConstraint)) values.push(value as RecommendConstraint);
    }
    return values;
  })
  .meta({ type: 'string', description: 'no-credit-card, free-tier, comma-separated' });

export const recommendListingInputSchema = parameters({
  task: optionalText('task', 300).describe('The task, in your own words, e.g. "send real-time notifications to browser clients". Words may be joined with plus signs.'),
  q: optionalText('q', 300).describe('Alias of task.'),
  ...listingFilterShape,
  free: booleanParam('free')
    .optional()
    .describe('true: only listings usable at no cost: Free, Open source, or Freemium (within its free tier). Use pricing=free for completely free ones only.'),
  volume: amountParam('volume', 1e12, '50000')
    .optional()
    .describe('Billed units per month (requests, emails, messages, tokens: each candidate\'s own billed unit, named in the answer). Each candidate is priced at this volume from its curated pricing facts.'),
  budget: amountParam('budget', 1e9, '100')
    .optional()
    .describe('US dollars per month. With volume: a candidate whose known monthly cost is above it is left out; one whose cost is unknown stays, marked unknown.'),
  priority: enumParam('priority', PRIORITIES)
    .optional()
    .describe('What decides among the candidates that serve the task: cost (lowest known monthly cost at volume; needs volume), simplicity (highest CLI relevance), scale (highest documented rate limit).'),
  constraints: constraintsParam
    .optional()
    .describe('Comma-separated: no-credit-card (its pricing page shows no card is needed to start), free-tier (a free allowance, a $0 plan, or a Free, Freemium or Open source tier).'),
}).superRefine((input, ctx) => {
  if (input.priority === 'cost' && input.volume === undefined) {
    ctx.addIssue({ code: 'custom', path: ['volume'], message: 'volume is required with priority=cost: the billed units per month to price, e.g. volume=50000' });
  }
  if (input.budget !== undefined && input.volume === undefined) {
    ctx.addIssue({ code: 'custom', path: ['volume'], message: 'volume is required with budget: the monthly cost is priced at a volume, e.g. volume=50000&budget=100' });
  }
  if (input.task === undefined && input.q === undefined) {
    ctx.addIssue({ code: 'custom', path: ['task'], message: `task is required: describe the task, e.g. task=${TASK_EXAMPLE} (q is accepted as an alias)` });
  } else if (input.task !== undefined && input.q !== undefined && input.task !== input.q) {
    ctx.addIssue({ code: 'custom', path: ['q'], message: 'q is an alias of task and differs from it; give the task once, as task or as q' });
  }
});
export type RecommendListingInput = z.input<typeof recommendListingInputSchema>;

export const recommendationPickSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    reasoning: z.string().describe('Why this listing, in sentences built from its data: what it matched, both scores and their parts, pricing, review evidence, and how the rule chose it.'),
    reasons: z.array(z.string()).describe('The same reasoning, one point per entry.'),
    relevance: z.number().min(0).max(1),
    confidence: z.enum(['high', 'medium', 'low']),
    matchedOn: matchedOnSchema,
    matchedCapabilities: z.array(z.string()).describe("The listing's own capabilities that the task's words touched."),
    decidedBy: z
      .enum(['only-match', 'relevance', 'cli-relevance', 'quality', 'ranking-order', 'cost', 'simplicity', 'scale'])
      .describe("What set it apart from the rest of its relevance band: relevance alone, a surely higher CLI relevance or quality, or (all else equal or unknown) the order discover ranks them in, which among near ties puts the better-supported listing first (curated head, official SDK); with priority, the priority that ranked it (cost, simplicity, scale)."),
    reviews: reviewEvidenceSchema.nullable().describe('Review evidence; null while there is none (reviews are not collected yet).'),
    listing: listingSummarySchema,
    cost: monthlyCostSchema.optional().describe('With volume: its monthly cost at the volume, in its billed unit, from its pricing facts (monthlyUsd null when they do not say).'),
    rateLimit: rateLimitSchema.nullable().optional().describe('With priority=scale: the documented rate limit that ranked it; null when none is documented.'),
  })
  .meta({ id: 'RecommendationPick' });

export const pricedCandidateSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    relevance: z.number(),
    cliScore: z.number().nullable(),
    cost: monthlyCostSchema.nullable().describe('Its monthly cost at volume; null when no volume was given.'),
    withinBudget: z.boolean().nullable().describe('Whether its known cost is within budget; null when no budget was given or its cost is unknown.'),
    rateLimit: rateLimitSchema.nullable(),
    decidingFacts: z.array(decidingFactSchema).describe('The facts the ranking used for it, with their pages.'),
  })
  .meta({ id: 'PricedCandidate' });

export const rankingSchema = z
  .object({
    priority: z.enum(PRIORITIES).nullable(),
    volume: z.number().nullable().describe('Billed units per month the candidates were priced at.'),
    budget: z.number().nullable().describe('US dollars per month.'),
    candidates: z.array(pricedCandidateSchema).describe('The candidates that serve the task, in the order the priority ranks them; those over budget are left out (see message).'),
  })
  .meta({ id: 'RecommendRanking' });
export type RecommendationPick = z.infer<typeof recommendationPickSchema>;

export const recommendResultSchema = z
  .object({
    recommendation: recommendationPickSchema.nullable().describe('The pick; null when nothing serves the task under the constraints (see message).'),
    runnerUp: recommendationPickSchema.nullable().describe('The second choice; null when only one listing fits.'),
    message: z.string().optional().describe('Why there is no recommendation or no runner-up, or a warning that the best match is weak.'),
    ranking: rankingSchema.optional().describe('With priority, volume or budget: every candidate ranked, priced and with the facts that decided.'),
  })
  .meta({ id: 'Recommendation' });
export type RecommendResult = z.infer<typeof recommendResultSchema>;

type Query = z.output<typeof recommendListingInputSchema>;

interface Candidate {
  match: NeedMatch;
  /** Its place in the need's ranking (0 first). */
  rank: number;
  detail: ListingDetail;
  cli: ScoreInterval;
  quality: ScoreInterval;
  /** Its monthly cost at the asked volume; undefined when no volume was asked. */
  cost?: MonthlyCost;
  rate: DocumentedRateLimit | null;
}

type DecidedBy = RecommendationPick['decidedBy'];

interface Choice {
  chosen: Candidate;
  decidedBy: DecidedBy;
  /** The listings it was weighed against at the step that decided (empty for only-match). */
  contenders: Candidate[];
  /** The best listing outside its relevance band, if any. */
  nextOutside: Candidate | undefined;
  /** The decision in words, when a priority made it. */
  sentence?: string;
}

/** Relevance, then the order the need ranked the candidates in (`rank`). */
const byRelevanceThenRank = (a: Candidate, b: Candidate) => b.match.relevance - a.match.relevance || a.rank - b.rank;

/** Those of `pool` that no other member is surely above on the given score. */
const undominated = (pool: Candidate[], score: (c: Candidate) => ScoreInterval) =>
  pool.filter((c) => !pool.some((other) => other !== c && relate(score(other), score(c)) === '>'));

/** Picks from the band by the documented rule. */
function chooseFromBand(band: Candidate[]): Pick<Choice, 'chosen' | 'decidedBy' | 'contenders'> {
  if (band.length === 1) return { chosen: band[0]!, decidedBy: 'only-match', contenders: [] };
  const afterCli = undominated(band, (c) => c.cli);
  if (afterCli.length === 1) return { chosen: afterCli[0]!, decidedBy: 'cli-relevance', contenders: band.filter((c) => c !== afterCli[0]) };
  const afterQuality = undominated(afterCli, (c) => c.quality);
  if (afterQuality.length === 1) return { chosen: afterQuality[0]!, decidedBy: 'quality', contenders: afterCli.filter((c) => c !== afterQuality[0]) };
  const [chosen, ...rest] = [...afterQuality].sort(byRelevanceThenRank) as [Candidate, ...Candidate[]];
  const tied = rest.filter((c) => c.match.relevance === chosen.match.relevance);
  return tied.length ? { chosen, decidedBy: 'ranking-order', contenders: tied } : { chosen, decidedBy: 'relevance', contenders: rest };
}

/** The first two choices: the rule on the band, then the same rule on what is left. */
function firstTwo(candidates: Candidate[]): Choice[] {
  const choices: Choice[] = [];
  let pool = [...candidates].sort(byRelevanceThenRank);
  while (choices.length < 2 && pool.length > 0) {
    const best = pool[0]!.match.relevance;
    const inBand = (c: Candidate) => c.match.relevance >= best - RELEVANCE_BAND - 1e-9;
    const choice = chooseFromBand(pool.filter(inBand));
    choices.push({ ...choice, nextOutside: pool.find((c) => !inBand(c)) });
    pool = pool.filter((c) => c !== choice.chosen);
  }
  return choices;
}

/** The listing's capabilities that share a word with the terms the task matched on (compared by stem: "charging" touches "charge points"). */
function touchedCapabilities(entry: IndexedListing, match: NeedMatch): string[] {
  const terms = match.matchedOn.terms.flatMap((word) => analyzeText(word).terms).filter((term) => term.length >= 3);
  return entry.listing.capabilities.filter((capability) => {
    const words = foldText(capability).split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
    return words.some((word) => terms.some((term) => word.startsWith(term) || term.startsWith(word)));
  });
}

const relevanceText = (value: number) => value.toFixed(2);

const namesOf = (cs: Candidate[]) => listWords(cs.slice(0, 3).map((c) => c.detail.name)) + (cs.length > 3 ? ` and ${cs.length - 3} more` : '');
const valuesOf = (cs: Candidate[], value: (c: Candidate) => string) => cs.map(value).join(', ');

function decisionSentence({ chosen, decidedBy, contenders, nextOutside, sentence }: Choice, rank: 'pick' | 'runner-up', pickName: string | undefined, constrained: boolean): string {
  if (sentence) return sentence;
  const prefix = rank === 'pick' ? 'Chosen' : 'Runner-up';
  const under = constrained ? ' under the given constraints' : '';
  const band = `within ${RELEVANCE_BAND} of the best relevance`;
  const be = contenders.length === 1 ? 'is' : 'are';
  const cli = (c: Candidate) => intervalText(c.cli);
  const quality = (c: Candidate) => intervalText(c.quality);
  const relevance = (c: Candidate) => relevanceText(c.match.relevance);
  switch (decidedBy) {
    case 'only-match': {
      const outside = nextOutside
        ? `the next match, ${nextOutside.detail.name}, is at ${relevance(nextOutside)}, outside the ${RELEVANCE_BAND} relevance band, so scores did not come into it`
        : '';
      if (rank === 'runner-up') return `Runner-up as the best of the rest once ${pickName} was chosen${outside ? `; ${outside}` : ''}.`;
      return outside ? `${prefix} on relevance: ${outside}.` : `${prefix} as the only listing that serves the task${under}.`;
    }
    case 'cli-relevance':
      return `${prefix} on CLI relevance: ${namesOf(contenders)} ${be} ${band} too, and it is surely higher on CLI relevance (${cli(chosen)} vs ${valuesOf(contenders, cli)}).`;
    case 'quality':
      return `${prefix} on quality: ${namesOf(contenders)} ${be} ${band} too; CLI relevance did not separate them (${cli(chosen)} vs ${valuesOf(contenders, cli)}), quality did (${quality(chosen)} vs ${valuesOf(contenders, quality)}).`;
    case 'relevance':
      return `${prefix} on relevance: ${namesOf(contenders)} ${be} ${band} too, but no score surely separates them (CLI relevance ${cli(chosen)} vs ${valuesOf(contenders, cli)}; quality ${quality(chosen)} vs ${valuesOf(contenders, quality)}; an unknown score is unknown, not 0), so the higher relevance decided (${relevance(chosen)} vs ${valuesOf(contenders, relevance)}).`;
    case 'ranking-order':
      return `${prefix} by the ranking's order: it ties with ${namesOf(contenders)} on relevance and no known score separates them; it ranks first of them for the task, as in discover (among near ties the better-supported listing first: curated head, official SDK).`;
    default:
      return `${prefix} on ${decidedBy}.`;
  }
}

function toPick(
  choice: Choice,
  rank: 'pick' | 'runner-up',
  task: string,
  versus: Candidate | undefined,
  constraints: Constraint[],
  reviewStats: Map<string, ListingReviewStats>,
): RecommendationPick {
  const { chosen } = choice;
  const { match, detail } = chosen;
  const capabilities = touchedCapabilities(match.entry, match);
  const matched = [
    match.matchedOn.capabilities.length ? `capabilities ${listWords(match.matchedOn.capabilities.map((c) => `"${c}"`))}` : '',
    capabilities.length ? `its listed ${capabilities.length === 1 ? 'capability' : 'capabilities'} ${listWords(capabilities.map((c) => `"${c}"`))}` : '',
    !capabilities.length && match.matchedOn.fields.length ? `its ${listWords(match.matchedOn.fields)}` : '',
  ].filter(Boolean);
  const criteria = describeCriteria(detail.cliRelevance);
  const reviews = reviewEvidenceOf(reviewStats.get(detail.slug));
  const reasons = [
    `${detail.name} serves "${task}" with relevance ${relevanceText(match.relevance)} (${match.confidence} confidence)${matched.length ? `, matching ${listWords(matched)}` : ''}.`,
    `${capitalise(describeCli(detail.cliRelevance))}${criteria ? `: ${criteria}` : ''}.`,
    `${capitalise(describeQuality(detail.quality))}.`,
    `Pricing: ${describePricing(detail.pricingTier)}.`,
    ...(reviews ? [`Reviews: ${reviews.summary}.`] : []),
    ...(constraints.length ? [`Meets every constraint: it ${constraints.map((c) => c.passes).join('; ')}.`] : []),
    decisionSentence(choice, rank, rank === 'runner-up' ? versus?.detail.name : undefined, constraints.length > 0),
  ];
  if (versus) {
    const parts = differenceClauses(explainDifferences(detail, versus.detail), 'cannot compare');
    if (parts.length) reasons.push(`Against ${versus.detail.name}, ${parts.join('. ')}.`);
  }
  if (chosen.cost) reasons.splice(4, 0, costSentence(chosen.cost));
  return {
    slug: detail.slug,
    name: detail.name,
    reasoning: reasons.join(' '),
    reasons,
    relevance: match.relevance,
    confidence: match.confidence,
    matchedOn: match.matchedOn,
    matchedCapabilities: capabilities,
    decidedBy: choice.decidedBy,
    reviews,
    listing: summaryOf(match.entry),
    ...(chosen.cost ? { cost: chosen.cost } : {}),
    ...(choice.decidedBy === 'scale' ? { rateLimit: chosen.rate } : {}),
  };
}

const unitsText = (count: number) => count.toLocaleString('en-US');
const pageText = (fact: DecidingFact) => `${fact.url} (${fact.dated} ${fact.asOf}${fact.thirdParty ? ', third-party page' : ''})`;

function costSentence(cost: MonthlyCost): string {
  const at = `${unitsText(cost.volume)} ${cost.unit ?? 'billed units'} a month`;
  if (cost.monthlyUsd === null) return `Cost at ${at}: unknown, ${cost.basis}.`;
  return `Cost at ${at}: ${costText(cost.monthlyUsd)} a month, ${cost.basis}; from ${listWords(cost.facts.map(pageText))}.`;
}

/** How far below the best relevance a candidate may be and still be ranked by the priority. */
export const PRIORITY_BAND = 0.3;

const costOf = (c: Candidate) => c.cost?.monthlyUsd ?? null;
const knownFirst = (a: number | null, b: number | null, ascending: boolean) =>
  a === null && b === null ? 0 : a === null ? 1 : b === null ? -1 : ascending ? a - b : b - a;

/** The candidates in the order the priority ranks them; relevance, then the need's ranking order, breaks ties. */
function rankByPriority(pool: Candidate[], priority: (typeof PRIORITIES)[number] | undefined): Candidate[] {
  const compare = (a: Candidate, b: Candidate): number => {
    switch (priority) {
      case 'cost':
        return knownFirst(costOf(a), costOf(b), true);
      case 'simplicity':
        return b.cli.min - a.cli.min || b.cli.max - a.cli.max || knownFirst(costOf(a), costOf(b), true);
      case 'scale':
        return knownFirst(a.rate?.perSecond ?? null, b.rate?.perSecond ?? null, false);
      default:
        return 0;
    }
  };
  return [...pool].sort((a, b) => compare(a, b) || byRelevanceThenRank(a, b));
}

/** The priority's decision in words, naming the facts that decided and admitting what is unknown. */
function priorityChoice(ranked: Candidate[], index: number, priority: (typeof PRIORITIES)[number]): Choice {
  const chosen = ranked[index]!;
  const others = ranked.filter((_, position) => position !== index);
  const prefix = index === 0 ? 'Chosen' : 'Runner-up';
  const among = `among ${ranked.length} candidates that serve the task`;
  if (ranked.length === 1) {
    const cost = costOf(chosen);
    const known = priority === 'cost' && cost !== null ? `; at ${unitsText(chosen.cost!.volume)} ${chosen.cost!.unit} it costs ${costText(cost)} a month` : priority === 'scale' && chosen.rate?.perSecond != null ? `; its documented rate limit is "${chosen.rate.figure}"` : '';
    return { chosen, contenders: [], nextOutside: undefined, decidedBy: 'only-match', sentence: `${prefix} as the only candidate that serves the task${known}.` };
  }
  const base = { chosen, contenders: others, nextOutside: undefined };
  const unknownNote = (unknown: Candidate[], what: string) => (unknown.length ? ` ${namesOf(unknown)} ${unknown.length === 1 ? 'has' : 'have'} no known ${what}, which is not counted as better or worse.` : '');
  if (priority === 'cost') {
    const cost = costOf(chosen);
    if (cost === null) {
      return { ...base, decidedBy: 'relevance', sentence: `${prefix} on relevance: no cost at the volume is known for it or the candidates after it, so cost could not decide; it is not claimed to be cheaper.` };
    }
    const known = others.filter((c) => costOf(c) !== null);
    const next = known.find((c) => costOf(c)! >= cost);
    const cheaperEarlier = index > 0 ? ` after ${ranked[0]!.detail.name}` : '';
    return {
      ...base,
      decidedBy: 'cost',
      sentence: `${prefix} on cost: ${costText(cost)} a month at ${unitsText(chosen.cost!.volume)} ${chosen.cost!.unit}, the ${index === 0 ? 'lowest' : 'next lowest'} known cost${cheaperEarlier} ${among}${next ? ` (${next.detail.name}: ${costText(costOf(next)!)})` : ''}.${unknownNote(others.filter((c) => costOf(c) === null), 'cost at this volume')}`,
    };
  }
  if (priority === 'simplicity') {
    return {
      ...base,
      decidedBy: 'simplicity',
      sentence: `${prefix} on simplicity: CLI relevance ${intervalText(chosen.cli)}, the ${index === 0 ? 'highest' : 'next highest'} lower bound ${among} (${others.slice(0, 3).map((c) => `${c.detail.name} ${intervalText(c.cli)}`).join(', ') || 'no other'}).`,
    };
  }
  const rate = chosen.rate?.perSecond ?? null;
  if (rate === null) {
    return { ...base, decidedBy: 'relevance', sentence: `${prefix} on relevance: no documented rate limit is known for it or the candidates after it, so scale could not decide.` };
  }
  return {
    ...base,
    decidedBy: 'scale',
    sentence: `${prefix} on scale: its documented rate limit, "${chosen.rate!.figure}"${chosen.rate!.url ? ` (${chosen.rate!.url}, ${chosen.rate!.asOf})` : ''}, is the ${index === 0 ? 'highest' : 'next highest'} ${among}.${unknownNote(others.filter((c) => c.rate?.perSecond == null), 'rate limit')}`,
  };
}

function decidingFactsOf(c: Candidate, priority: (typeof PRIORITIES)[number] | undefined, constraintFacts: (c: Candidate) => DecidingFact[]): DecidingFact[] {
  const facts = [...(c.cost?.facts ?? []), ...constraintFacts(c)];
  if (priority === 'scale' && c.rate && c.rate.url && c.rate.asOf) facts.push({ fact: 'rateLimits', value: c.rate.figure, url: c.rate.url, asOf: c.rate.asOf, dated: 'read', thirdParty: false });
  return facts;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface Constraint {
  /** As a query parameter, e.g. "headless=true". */
  parameter: string;
  /** What passing means, after "none": "passes headless/CI use". */
  passes: string;
  /** The same for one listing, after "it": "does not pass headless/CI use". */
  doesNotPass: string;
  test: (entry: IndexedListing) => boolean;
  /** Listings that fail the constraint only because a value is not known. */
  unknown: (entry: IndexedListing) => boolean;
  /** Why those fail, for a count of them: "are not assessed for it, which is not a fail". */
  unknownWords: (count: number) => string;
}

const verb = (count: number, singular: string, plural: string) => (count === 1 ? singular : plural);

function activeConstraints(query: Query): Constraint[] {
  const constraints: Constraint[] = [];
  const noPricing = (n: number) => `${verb(n, 'shows', 'show')} no pricing tier`;
  if (query.category !== undefined) {
    constraints.push({
      parameter: `category=${query.category}`,
      passes: `is in the category "${query.category}"`,
      doesNotPass: `is not in the category "${query.category}"`,
      test: listingFilter({ category: query.category }),
      unknown: () => false,
      unknownWords: () => '',
    });
  }
  if (query.pricing !== undefined) {
    constraints.push({
      parameter: `pricing=${slugify(query.pricing)}`,
      passes: `is on the ${query.pricing} tier`,
      doesNotPass: `is not on the ${query.pricing} tier`,
      test: listingFilter({ pricing: query.pricing }),
      unknown: (entry) => entry.pricingTier === null,
      unknownWords: noPricing,
    });
  }
  if (query.free === true) {
    const tiers = `${listWords(NO_COST_TIERS.map(String))} tier`;
    constraints.push({
      parameter: 'free=true',
      passes: `can be used at no cost (${tiers})`,
      doesNotPass: `cannot be used at no cost (${tiers})`,
      test: (entry) => entry.pricingTier !== null && NO_COST_TIERS.includes(entry.pricingTier),
      unknown: (entry) => entry.pricingTier === null,
      unknownWords: noPricing,
    });
  }
  if (query.minCliScore !== undefined) {
    const min = query.minCliScore;
    constraints.push({
      parameter: `minCliScore=${min}`,
      passes: `has a CLI relevance of at least ${min}`,
      doesNotPass: `does not have a CLI relevance of at least ${min}`,
      test: listingFilter({ minCliScore: min }),
      // Not fully scored, and the unassessed criteria could still lift it to the minimum.
      unknown: (entry) => entry.cliScore === null && cliInterval(detailOf(entry).cliRelevance).max >= min,
      unknownWords: (n) => `${verb(n, 'is', 'are')} not fully scored for CLI relevance, which is unknown, not 0`,
    });
  }
  for (const name of query.constraints ?? []) {
    if (name === 'no-credit-card') {
      constraints.push({
        parameter: 'constraints=no-credit-card',
        passes: 'needs no credit card to start, as its pricing page shows',
        doesNotPass: 'needs a credit card to start, or no page shows that it does not',
        test: (entry) => entry.listing.pricing?.creditCardRequired?.value === false,
        unknown: (entry) => entry.listing.pricing?.creditCardRequired === undefined,
        unknownWords: (n) => `${verb(n, 'has', 'have')} no curated fact on whether a credit card is needed, which is unknown, not a yes`,
      });
    } else {
      constraints.push({
        parameter: 'constraints=free-tier',
        passes: 'has a free tier (a free allowance, a $0 plan, or a Free, Freemium or Open source tier)',
        doesNotPass: 'shows no free tier',
        test: hasFreeTier,
        unknown: (entry) => entry.listing.pricing === undefined && entry.pricingTier === null,
        unknownWords: (n) => `${verb(n, 'shows', 'show')} no pricing facts`,
      });
    }
  }
  for (const key of ['envVarAuth', 'headless'] as const) {
    if (query[key] !== true) continue;
    constraints.push({
      parameter: `${key}=true`,
      passes: `passes ${CRITERION_NAMES[key]}`,
      doesNotPass: `does not pass ${CRITERION_NAMES[key]}`,
      test: listingFilter({ [key]: true }),
      unknown: (entry) => (entry.listing.cliCriteria[key]?.status ?? 'not_assessed') === 'not_assessed',
      unknownWords: (n) => `${verb(n, 'is', 'are')} not assessed for ${CRITERION_NAMES[key]}, which is not a fail`,
    });
  }
  return constraints;
}

function hasFreeTier(entry: IndexedListing): boolean {
  const pricing = entry.listing.pricing;
  const allowance = pricing?.freeAllowance?.value;
  // Units free every month or day, or a monthly credit, keep a small volume free; a one-time credit does not.
  if (allowance && ('units' in allowance ? allowance.units > 0 : allowance.period === 'month' && allowance.creditUsd > 0)) return true;
  if (pricing?.plans?.some((plan) => plan.value.monthlyUsd === 0)) return true;
  return entry.pricingTier !== null && NO_COST_TIERS.includes(entry.pricingTier);
}

/** Why nothing fits: how many listings serve the task at all, and which constraint shuts them out. */
function explainNoFit(ctx: CoreContext, task: string, constraints: Constraint[]): string {
  const served = rankNeed(ctx.catalogue, task, { limit: DIAGNOSE_LIMIT });
  if (served.length === 0 || constraints.length === 0) {
    return `No listing serves "${task}". Try other words for the task, or browse the categories at /api/categories.`;
  }
  const more = served.length >= DIAGNOSE_LIMIT;
  const one = served.length === 1;
  const count = `${served.length}${more ? ' or more' : ''} listing${one ? '' : 's'} ${one ? 'serves' : 'serve'} this task`;
  const unknownNote = (constraint: Constraint, failing: NeedMatch[]) => {
    const unknown = failing.filter((m) => constraint.unknown(m.entry)).length;
    if (!unknown) return '';
    const who = unknown === failing.length ? verb(unknown, 'it', `all ${unknown}`) : `${unknown} of them`;
    return ` (${who} ${constraint.unknownWords(unknown)})`;
  };
  const failingOf = (constraint: Constraint) => served.filter((m) => !constraint.test(m.entry));
  if (constraints.length === 1) {
    const [only] = constraints as [Constraint];
    const clause = one ? `it ${only.doesNotPass}` : `none ${only.passes}`;
    return `${count} but ${clause}${unknownNote(only, failingOf(only))}; drop ${only.parameter} to see ${one ? 'it' : 'them'}.`;
  }
  const fails = constraints
    .map((constraint) => ({ constraint, failing: failingOf(constraint) }))
    .filter((f) => f.failing.length > 0)
    .map((f) => `${f.failing.length} ${verb(f.failing.length, 'fails', 'fail')} ${f.constraint.parameter}${unknownNote(f.constraint, f.failing)}`);
  const freeing = constraints
    .map((dropped) => ({ dropped, count: served.filter((m) => constraints.every((c) => c === dropped || c.test(m.entry))).length }))
    .filter((d) => d.count > 0)
    .map((d) => `dropping ${d.dropped.parameter} would let ${d.count} through`);
  const advice = freeing.length ? `${capitalise(freeing.join('; '))}.` : 'No single constraint is to blame; drop more than one.';
  return `${count} but ${one ? 'it does not pass' : 'none passes'} every constraint: ${fails.join(', ')}. ${advice}`;
}

/** One pick and a runner-up for a task, by the rule above; never a pick that fails a constraint. */
export async function recommendListing({ ctx, input }: { ctx: CoreContext; input: RecommendListingInput }): Promise<RecommendResult> {
  const query = parseInput(recommendListingInputSchema, input);
  const task = (query.task ?? query.q)!;
  const constraints = activeConstraints(query);
  const keep = (entry: IndexedListing) => constraints.every((c) => c.test(entry));
  const matches = rankNeed(ctx.catalogue, task, { keep, limit: CANDIDATES });
  if (matches.length === 0) {
    return { recommendation: null, runnerUp: null, message: explainNoFit(ctx, task, constraints) };
  }
  let candidates: Candidate[] = matches.map((match, rank) => {
    const detail = detailOf(match.entry);
    return {
      match,
      rank,
      detail,
      cli: cliInterval(detail.cliRelevance),
      quality: qualityInterval(detail.quality),
      ...(query.volume !== undefined ? { cost: priceAtVolume(match.entry.listing.pricing, query.volume) } : {}),
      rate: documentedRateLimit(match.entry.listing.cliCriteria.rateLimits),
    };
  });
  const ranked = query.priority !== undefined || query.volume !== undefined || query.budget !== undefined;
  let overBudget: Candidate[] = [];
  if (ranked) {
    const best = Math.max(...candidates.map((c) => c.match.relevance));
    candidates = candidates.filter((c) => c.match.relevance >= best - PRIORITY_BAND - 1e-9);
    if (query.budget !== undefined) {
      overBudget = candidates.filter((c) => costOf(c) !== null && costOf(c)! > query.budget!);
      candidates = candidates.filter((c) => !overBudget.includes(c));
    }
    if (candidates.length === 0) {
      return {
        recommendation: null,
        runnerUp: null,
        message: `${overBudget.length} listing${overBudget.length === 1 ? '' : 's'} serve${overBudget.length === 1 ? 's' : ''} "${task}", but at ${unitsText(query.volume!)} units a month every known cost is above the budget of ${costText(query.budget!)}: ${overBudget.slice(0, 3).map((c) => `${c.detail.name} ${costText(costOf(c)!)}`).join(', ')}. Raise budget or lower volume.`,
        ranking: { priority: query.priority ?? null, volume: query.volume ?? null, budget: query.budget ?? null, candidates: [] },
      };
    }
  }
  const order = query.priority ? rankByPriority(candidates, query.priority) : candidates;
  const [pick, second] = (query.priority ? order.slice(0, 2).map((_, index) => priorityChoice(order, index, query.priority!)) : firstTwo(candidates)) as [Choice, Choice | undefined];
  const reviewStats = await listingReviewStats({ ctx, slugs: [pick, second].flatMap((choice) => (choice ? [choice.chosen.detail.slug] : [])) });
  const result: RecommendResult = {
    recommendation: toPick(pick, 'pick', task, second?.chosen, constraints, reviewStats),
    runnerUp: second ? toPick(second, 'runner-up', task, pick.chosen, constraints, reviewStats) : null,
  };
  const notes: string[] = [];
  if (pick.chosen.match.confidence === 'low') {
    notes.push(`The best match is weak (relevance ${relevanceText(pick.chosen.match.relevance)}, low confidence); check that ${pick.chosen.detail.name} really serves "${task}".`);
  }
  if (!second) {
    notes.push(`No runner-up: ${pick.chosen.detail.name} is the only listing that serves this task${constraints.length ? ' under the given constraints' : ''}.`);
  }
  if (overBudget.length) notes.push(`Left out over the budget of ${costText(query.budget!)}: ${overBudget.map((c) => `${c.detail.name} (${costText(costOf(c)!)})`).join(', ')}.`);
  if (notes.length) result.message = notes.join(' ');
  if (ranked) {
    const creditFacts = (c: Candidate): DecidingFact[] => {
      const fact = c.match.entry.listing.pricing?.creditCardRequired;
      return fact && query.constraints?.includes('no-credit-card')
        ? [{ fact: 'creditCardRequired', value: fact.value ? 'a credit card is required' : 'no credit card is required', url: fact.source.url, asOf: fact.source.asOf, dated: fact.source.dated, thirdParty: fact.source.thirdParty === true }]
        : [];
    };
    result.ranking = {
      priority: query.priority ?? null,
      volume: query.volume ?? null,
      budget: query.budget ?? null,
      candidates: (query.priority ? order : rankByPriority(candidates, undefined)).map((c) => ({
        slug: c.detail.slug,
        name: c.detail.name,
        relevance: c.match.relevance,
        cliScore: c.detail.cliRelevance.score,
        cost: c.cost ?? null,
        withinBudget: query.budget === undefined || costOf(c) === null ? null : costOf(c)! <= query.budget,
        rateLimit: c.rate,
        decidingFacts: decidingFactsOf(c, query.priority, creditFacts),
      })),
    };
  }
  return result;
}
