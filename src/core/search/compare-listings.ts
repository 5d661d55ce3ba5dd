import { z } from 'zod';
import { detailOf } from '../catalogue/catalogue-index.ts';
import { listingReviewStats } from '../reviews/listing-review-stats.ts';
import type { CoreContext } from '../context.ts';
import { AppError, type FieldProblem } from '../errors.ts';
import { listingDetailSchema, type ListingDetail } from '../listings/listing-detail.ts';
import { suggestSlugs } from '../listings/suggest-slugs.ts';
import { parameters, parseInput } from '../params.ts';
import {
  cliInterval,
  describeCli,
  describeQuality,
  differencesSchema,
  explainDifferences,
  intervalText,
  listWords,
  matchCapabilities,
  qualityInterval,
  relate,
  reviewEvidenceOf,
  type Differences,
  type Relation,
  type ScoreInterval,
} from './explain-differences.ts';

/**
 * Two to five listings side by side: each in the listing-detail shape (every criterion passed,
 * failed or not assessed; both scores with their parts) plus what it shares with the others and
 * how it differs from each; and a verdict that rests only on scores that are known. A missing
 * score is unknown (an interval 0..10), never 0, and the verdict names it.
 */

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 5;
const EXAMPLE = 'slugs=real-time-channels-api,hosted-channels-service';

export const slugListParam = z
  .union([z.string(), z.array(z.string())], {
    error: (issue) =>
      issue.input === undefined
        ? `slugs is required: ${COMPARE_MIN} to ${COMPARE_MAX} listing slugs separated by commas, e.g. ${EXAMPLE}`
        : `slugs must be listing slugs separated by commas, e.g. ${EXAMPLE}`,
  })
  .transform((input, ctx) => {
    // "a,b" as text, or the parameter repeated (slugs=a&slugs=b), or a JSON array; commas split in every form.
    const slugs = [input].flat().flatMap((part) => part.split(',')).map((slug) => slug.trim());
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', input, message });
      return z.NEVER;
    };
    if (slugs.some((slug) => slug === '')) return fail(`slugs has an empty entry; separate ${COMPARE_MIN} to ${COMPARE_MAX} slugs with single commas, e.g. ${EXAMPLE}`);
    const tooLong = slugs.find((slug) => slug.length > 200);
    if (tooLong) return fail(`each slug in slugs must be at most 200 characters; "${tooLong.slice(0, 40)}…" is longer`);
    const repeated = [...new Set(slugs.filter((slug, i) => slugs.indexOf(slug) !== i))];
    if (repeated.length) {
      return fail(`slugs names ${listWords(repeated.map((slug) => `"${slug}"`))} more than once; name each listing once, e.g. ${EXAMPLE}`);
    }
    if (slugs.length < COMPARE_MIN) {
      return fail(`slugs must name ${COMPARE_MIN} to ${COMPARE_MAX} listings to compare; got ${slugs.length}: add another slug after a comma, e.g. ${EXAMPLE}`);
    }
    if (slugs.length > COMPARE_MAX) {
      return fail(`slugs must name at most ${COMPARE_MAX} listings; got ${slugs.length}: compare the rest in another request`);
    }
    return slugs;
  })
  .describe(`${COMPARE_MIN} to ${COMPARE_MAX} listing slugs separated by commas, e.g. "real-time-channels-api,hosted-channels-service"; each once.`);

export const compareListingsInputSchema = parameters({ slugs: slugListParam });
export type CompareListingsInput = z.input<typeof compareListingsInputSchema>;

const capabilityOverlapSchema = z
  .object({
    shared: z
      .array(
        z.object({
          capability: z.string(),
          alsoIn: z.array(z.object({ slug: z.string(), capabilities: z.array(z.string()) })).describe('Listings that cover it too, with their wording.'),
        }),
      )
      .describe('Its capabilities that another compared listing also lists (sharing a content word, e.g. "presence").'),
    only: z.array(z.string()).describe('Its capabilities that no other compared listing lists.'),
  })
  .meta({ id: 'CapabilityOverlap' });

export const compareItemSchema = listingDetailSchema
  .extend({
    comparison: z.object({
      capabilities: capabilityOverlapSchema,
      versus: z.array(differencesSchema.extend({ slug: z.string() })).describe('How it differs from each other compared listing, from its side.'),
    }),
  })
  .meta({ id: 'CompareItem' });
export type CompareItem = z.infer<typeof compareItemSchema>;

export const VERDICT_STATUSES = ['settled', 'provisional', 'split', 'tied', 'open'] as const;

export const verdictSchema = z
  .object({
    status: z
      .enum(VERDICT_STATUSES)
      .describe(
        'settled: one listing is ahead on the scores whatever the unknown parts are; provisional: ahead where scores are known, but a missing score could change it; split: the known scores disagree; tied: two or more listings are level at the top on every known score; open: missing scores leave it undecided.',
      ),
    leader: z.string().nullable().describe('Slug of the listing ahead (settled or provisional); null otherwise.'),
    summary: z.string().describe('The verdict in words, naming every missing score.'),
    restsOn: z.array(z.string()).describe('What the verdict rests on: each score of each listing, or that it is missing.'),
    notWeighed: z.array(z.string()).describe('What is shown but not weighed in the verdict (pricing, capabilities, reviews).'),
    missingScores: z
      .array(z.object({ slug: z.string(), scores: z.array(z.enum(['cliRelevance', 'quality'])), detail: z.string() }))
      .describe('Listings whose scores are missing or only partly assessed; unknown, never counted as 0.'),
  })
  .meta({ id: 'CompareVerdict' });
export type Verdict = z.infer<typeof verdictSchema>;

export const compareResultSchema = z.object({ items: z.array(compareItemSchema), verdict: verdictSchema }).meta({ id: 'Comparison' });
export type CompareResult = z.infer<typeof compareResultSchema>;

interface Scored {
  detail: ListingDetail;
  cli: ScoreInterval;
  quality: ScoreInterval;
}

const DIMENSIONS = [
  { key: 'cliRelevance', label: 'CLI relevance', of: (s: Scored) => s.cli, describe: (d: ListingDetail) => describeCli(d.cliRelevance) },
  { key: 'quality', label: 'quality', of: (s: Scored) => s.quality, describe: (d: ListingDetail) => describeQuality(d.quality) },
] as const;

type Standing = 'surely-better' | 'better-where-known' | 'equal' | 'other';

/** How `a` stands to `b` across both scores: surely better needs every score decided and none lower. */
function standing(a: Scored, b: Scored): Standing {
  const relations: Relation[] = DIMENSIONS.map((dim) => relate(dim.of(a), dim.of(b)));
  if (relations.includes('<')) return 'other';
  if (relations.every((r) => r === '=')) return 'equal';
  if (!relations.includes('>')) return 'other';
  return relations.includes('?') ? 'better-where-known' : 'surely-better';
}

const scoreValue = (interval: ScoreInterval) => (interval.exact ? `${interval.min}/10` : intervalText(interval) === 'unknown' ? 'not scored' : `${intervalText(interval)} of 10, partly assessed`);

function missingOf(scored: Scored[]): Verdict['missingScores'] {
  return scored.flatMap((s) => {
    const missing = DIMENSIONS.filter((dim) => !dim.of(s).exact);
    if (!missing.length) return [];
    return [{ slug: s.detail.slug, scores: missing.map((dim) => dim.key), detail: `${s.detail.name}: ${listWords(missing.map((dim) => dim.describe(s.detail)))}` }];
  });
}

/** "CLI relevance 9 vs 2; quality 4 vs 3", or with more listings "CLI relevance 9 (vs Social sign-in service 2, Country reference data service 4)", on the scores where it is ahead. */
function leadText(leader: Scored, others: Scored[]): string {
  return DIMENSIONS.map((dim) => {
    const behind = others.filter((o) => relate(dim.of(leader), dim.of(o)) === '>');
    if (!behind.length) return '';
    const mine = intervalText(dim.of(leader));
    if (others.length === 1) return `${dim.label} ${mine} vs ${intervalText(dim.of(behind[0]!))}`;
    return `${dim.label} ${mine} (vs ${behind.map((o) => `${o.detail.name} ${intervalText(dim.of(o))}`).join(', ')})`;
  })
    .filter(Boolean)
    .join('; ');
}

function missingSentence(missing: Verdict['missingScores'], scored: Scored[]): string {
  const phrases = missing.map((m) => {
    const s = scored.find((x) => x.detail.slug === m.slug)!;
    const parts = DIMENSIONS.filter((dim) => m.scores.includes(dim.key)).map((dim) =>
      intervalText(dim.of(s)) === 'unknown' ? `no ${dim.label} score` : `only a partly assessed ${dim.label} (${intervalText(dim.of(s))})`,
    );
    return `${s.detail.name} has ${listWords(parts)}`;
  });
  return `${listWords(phrases)} (unknown, not 0)`;
}

/** The verdict: who is ahead on the scores, how sure that is, and what it rests on. */
export function judge(details: ListingDetail[]): Verdict {
  const scored: Scored[] = details.map((detail) => ({ detail, cli: cliInterval(detail.cliRelevance), quality: qualityInterval(detail.quality) }));
  const missing = missingOf(scored);
  const restsOn = DIMENSIONS.map((dim) => `${dim.label.charAt(0).toUpperCase()}${dim.label.slice(1)}: ${scored.map((s) => `${s.detail.name} ${scoreValue(dim.of(s))}`).join('; ')}`);
  const reviewed = details.flatMap((d) => {
    const evidence = reviewEvidenceOf(d.reviews);
    return evidence ? [{ ...evidence, name: d.name }] : [];
  });
  const notWeighed = [
    'Pricing tiers and capabilities: shown in each item\'s comparison, for you to weigh for your task',
    reviewed.length ? `Reviews: ${reviewed.map((r) => `${r.name}: ${r.summary}`).join('. ')}` : 'Reviews: none published yet for these listings, so there is no review evidence',
  ];
  const base = { restsOn, notWeighed, missingScores: missing };
  const names = (ss: Scored[]) => listWords(ss.map((s) => s.detail.name));

  for (const candidate of scored) {
    const others = scored.filter((s) => s !== candidate);
    const standings = others.map((o) => standing(candidate, o));
    if (standings.every((s) => s === 'surely-better')) {
      const tail = missing.length ? ` It holds whatever the missing parts turn out to be: ${missingSentence(missing, scored)}.` : ' Every compared listing has both scores.';
      return { ...base, status: 'settled', leader: candidate.detail.slug, summary: `${candidate.detail.name} is ahead on the scores: ${leadText(candidate, others)}.${tail}` };
    }
    if (standings.every((s) => s === 'surely-better' || s === 'better-where-known')) {
      return {
        ...base,
        status: 'provisional',
        leader: candidate.detail.slug,
        summary: `${candidate.detail.name} is ahead where scores are known (${leadText(candidate, others)}), but ${missingSentence(missing, scored)}, so the verdict is provisional.`,
      };
    }
  }

  // No leader: say what the known scores do show.
  const conflicts: string[] = [];
  const pairs = scored.flatMap((a, i) => scored.slice(i + 1).map((b) => [a, b] as const));
  for (const [a, b] of pairs) {
    const relations = DIMENSIONS.map((dim) => ({ dim, r: relate(dim.of(a), dim.of(b)) }));
    const up = relations.filter((x) => x.r === '>');
    const down = relations.filter((x) => x.r === '<');
    if (up.length && down.length) {
      conflicts.push(
        `${a.detail.name} leads on ${up.map((x) => `${x.dim.label} (${intervalText(x.dim.of(a))} vs ${intervalText(x.dim.of(b))})`).join(', ')}, ${b.detail.name} on ${down.map((x) => `${x.dim.label} (${intervalText(x.dim.of(b))} vs ${intervalText(x.dim.of(a))})`).join(', ')}`,
      );
    }
  }
  if (conflicts.length) {
    const tail = missing.length ? ` Also, ${missingSentence(missing, scored)}.` : '';
    return { ...base, status: 'split', leader: null, summary: `No overall leader: ${conflicts.join('; ')}. Choose by which score matters more for your task.${tail}` };
  }
  const top = scored.filter((c) => scored.every((o) => o === c || ['surely-better', 'better-where-known', 'equal'].includes(standing(c, o))));
  if (top.length >= 2) {
    const values = DIMENSIONS.map((dim) => `${dim.label} ${intervalText(dim.of(top[0]!))}`).join(', ');
    const rest = scored.filter((s) => !top.includes(s));
    const tail = missing.length ? ` Also, ${missingSentence(missing, scored)}.` : '';
    return {
      ...base,
      status: 'tied',
      leader: null,
      summary: `${names(top)} tie on every score (${values})${rest.length ? `, ahead of ${names(rest)}` : ''}; choose between them on capabilities and pricing.${tail}`,
    };
  }
  const ahead = pairs.flatMap(([a, b]) => {
    const [winner, loser] = ['surely-better', 'better-where-known'].includes(standing(a, b)) ? [a, b] : ['surely-better', 'better-where-known'].includes(standing(b, a)) ? [b, a] : [];
    return winner && loser ? [`${winner.detail.name} is ahead of ${loser.detail.name} (${leadText(winner, [loser])})`] : [];
  });
  const withScores = scored.filter((s) => DIMENSIONS.some((dim) => dim.of(s).exact));
  const scoredPart = withScores.length
    ? ` Known: ${withScores.map((s) => `${s.detail.name} ${DIMENSIONS.filter((dim) => dim.of(s).exact).map((dim) => `${dim.label} ${intervalText(dim.of(s))}`).join(', ')}`).join('; ')}.`
    : '';
  const aheadPart = ahead.length ? ` Where scores are known, ${ahead.join('; ')}.` : '';
  const without = scored.filter((s) => !DIMENSIONS.some((dim) => dim.of(s).exact));
  const advice = without.length ? ` Compare on capabilities and pricing, or wait until ${names(without)} ${without.length === 1 ? 'is' : 'are'} assessed.` : ' Compare on capabilities and pricing.';
  return {
    ...base,
    status: 'open',
    leader: null,
    summary: `The scores cannot decide: ${missingSentence(missing, scored)}.${scoredPart}${aheadPart}${advice}`,
  };
}

function capabilityOverlap(detail: ListingDetail, others: ListingDetail[]): CompareItem['comparison']['capabilities'] {
  const shared = new Map<string, { slug: string; capabilities: string[] }[]>();
  for (const other of others) {
    for (const match of matchCapabilities(detail.capabilities, other.capabilities).shared) {
      shared.set(match.capability, [...(shared.get(match.capability) ?? []), { slug: other.slug, capabilities: match.counterparts }]);
    }
  }
  return {
    shared: detail.capabilities.filter((c) => shared.has(c)).map((capability) => ({ capability, alsoIn: shared.get(capability)! })),
    only: detail.capabilities.filter((c) => !shared.has(c)),
  };
}

/** Throws not_found naming every unknown slug, with where it moved or close matches for each. */
async function notFound(ctx: CoreContext, unknown: string[], requested: string[]): Promise<never> {
  const perSlug = await Promise.all(
    unknown.map(async (slug) => {
      const moved = await ctx.catalogue.movedSlug(slug);
      // A listing already being compared is no suggestion for another one.
      return { slug, moved, suggestions: moved ? moved.to : suggestSlugs(ctx.catalogue, slug, 3 + requested.length).filter((s) => !requested.includes(s)).slice(0, 3) };
    }),
  );
  const quoted = (slugs: string[]) => slugs.map((s) => `"${s}"`).join(', ');
  const hints = perSlug.map(({ slug, moved, suggestions }) =>
    moved ? `"${slug}" (it moved to ${quoted(moved.to)})` : suggestions.length ? `"${slug}" (did you mean ${quoted(suggestions)}?)` : `"${slug}" (look it up with GET /api/apis?q=…)`,
  );
  const fields: FieldProblem[] = perSlug.map(({ slug, moved, suggestions }) => ({
    field: 'slugs',
    message: moved ? `"${slug}" moved to ${quoted(moved.to)} (${moved.reason})` : `no listing has the slug "${slug}"${suggestions.length ? `; did you mean ${quoted(suggestions)}?` : ''}`,
  }));
  throw new AppError('not_found', `No listing has the slug ${listWords(hints)}. Fix ${unknown.length === 1 ? 'it' : 'them'} in slugs and compare again.`, {
    fields,
    extensions: { suggestions: [...new Set(perSlug.flatMap((p) => p.suggestions))], unknownSlugs: unknown },
  });
}

export async function compareListings({ ctx, input }: { ctx: CoreContext; input: CompareListingsInput }): Promise<CompareResult> {
  const { slugs } = parseInput(compareListingsInputSchema, input);
  const entries = slugs.map((slug) => ({ slug, entry: ctx.catalogue.get(slug) }));
  const unknown = entries.filter((e) => !e.entry).map((e) => e.slug);
  if (unknown.length) await notFound(ctx, unknown, slugs);
  const reviews = await listingReviewStats({ ctx, slugs });
  const details = entries.map((e) => ({ ...detailOf(e.entry!), reviews: reviews.get(e.slug) }));
  const items: CompareItem[] = details.map((detail) => {
    const others = details.filter((d) => d !== detail);
    return {
      ...detail,
      comparison: {
        capabilities: capabilityOverlap(detail, others),
        versus: others.map((other) => ({ slug: other.slug, ...(explainDifferences(detail, other) satisfies Differences) })),
      },
    };
  });
  return { items, verdict: judge(details) };
}
