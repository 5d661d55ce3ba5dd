import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AnswerCache } from '../catalogue/answer-cache.ts';
import { listingReviewSummaries, listingReviewSummaryTexts } from '../reviews/listing-review-stats.ts';
import type { ListingReviewSummary } from '../reviews/review-stats.ts';
import { summaryOf } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';
import { compactAlso, compactListingSchema, toCompactListing, viewParam, type View } from '../listings/compact-listing.ts';
import { listingSummarySchema } from '../listings/listing-detail.ts';
import { boundedInt, parameters, parseInput, requiredText } from '../params.ts';
import { listCategories } from '../listings/list-categories.ts';
import { hasListingFilter, listingFilter, listingFilterShape } from './listing-filter.ts';
import { MIN_COVERAGE, rankNeedExplained, type NeedMatch, type RankedNeed } from '../ranking/rank-need.ts';
import { slugify } from '../ranking/text.ts';
import { asciiJson } from '../text/ascii-json.ts';
import { alsoFromOf, familiesOf, groupParam, type AlsoFrom } from '../providers/group-by-provider.ts';
import { leadByFlagship } from '../providers/lead-by-flagship.ts';
import { HEAD_FIRST_RANKS } from '../ranking/evidence-tie-break.ts';

export const discoverListingsInputSchema = parameters({
  q: requiredText('q', 300, 'send+real-time+notifications+to+browser+clients').describe(
    'The need, in your own words, e.g. "send real-time notifications to browser clients". Words may be joined with plus signs.',
  ),
  limit: boundedInt('limit', 1, 50).default(10).describe('Most items to return, 1 to 50 (default 10).'),
  ...listingFilterShape,
  view: viewParam.default('full'),
  group: groupParam,
});
export type DiscoverListingsInput = z.input<typeof discoverListingsInputSchema>;

export const matchedOnSchema = z
  .object({
    fields: z.array(z.string()).describe('Listing fields where words of the need matched.'),
    terms: z.array(z.string()).describe('Words of the need that matched, as the need wrote them (lower case, accents removed); a word and its forms ("payments", "payment") match each other.'),
    capabilities: z.array(z.string()).describe('Capabilities of the need-to-capability vocabulary that the need and the listing share.'),
  })
  .meta({ id: 'MatchedOn' });

export const discoverItemSchema = listingSummarySchema
  .extend({
    relevance: z.number().min(0).max(1).describe('How well the listing serves the need, 0..1.'),
    confidence: z.enum(['high', 'medium', 'low']).describe('How sure the ranking is that the listing serves the need.'),
    matchedOn: matchedOnSchema,
  })
  .meta({ id: 'DiscoverItem' });
export type DiscoverItem = z.infer<typeof discoverItemSchema>;

export const noGoodMatchSchema = z
  .object({
    reason: z.string().describe('Why nothing was returned.'),
    suggestedCategories: z
      .array(z.object({ name: z.string(), slug: z.string(), count: z.number().int() }))
      .describe('Categories near the need (or the largest ones), to browse instead.'),
  })
  .meta({ id: 'NoGoodMatch' });
export type NoGoodMatch = z.infer<typeof noGoodMatchSchema>;

export const discoverCompactItemSchema = compactListingSchema
  .extend({ relevance: discoverItemSchema.shape.relevance, confidence: discoverItemSchema.shape.confidence })
  .meta({ id: 'DiscoverCompactItem' });

const noGoodMatchField = noGoodMatchSchema.optional().describe('Present only when items is empty: why, and where to look instead.');
const readAsField = z
  .string()
  .optional()
  .describe('Present when no listing served the whole need and a shorter reading of it was ranked instead (a trailing phrase about where the call runs, say): the words that were ranked.');
export const discoverFullResultSchema = z.object({ items: z.array(discoverItemSchema), readAs: readAsField, noGoodMatch: noGoodMatchField });
/** view=full (the default) or view=compact: one object either way, its items in the view asked for. */
export const discoverResultSchema = z.object({
  items: z.array(z.union([discoverItemSchema, discoverCompactItemSchema])).describe('Best first; each in the view asked for: full, or compact (view=compact).'),
  readAs: readAsField,
  noGoodMatch: noGoodMatchField,
});
export type DiscoverFullResult = z.infer<typeof discoverFullResultSchema>;
export type DiscoverResult = z.infer<typeof discoverResultSchema>;

const answers = new AnswerCache<DiscoverResult>(500);
/**
 * Answers in either view as the JSON text HTTP sends. Kept apart from the answers themselves:
 * a kept answer is an object graph that outlives a young-generation collection and dies in the
 * old one, where a string is one object.
 */
const bodies = new AnswerCache<AnswerBody>(500);

const compactOf = (full: DiscoverFullResult): DiscoverResult => ({
  items: full.items.map((item) => ({ ...toCompactListing(item), relevance: item.relevance, confidence: item.confidence })),
  ...(full.readAs ? { readAs: full.readAs } : {}),
  ...(full.noGoodMatch ? { noGoodMatch: full.noGoodMatch } : {}),
});

const keyOf = (query: z.output<typeof discoverListingsInputSchema>) => JSON.stringify([query.q, query.limit, query.category, query.pricing, query.minCliScore, query.envVarAuth, query.headless, query.group]);

/**
 * Grouped, a need is ranked this many times deeper than the entries asked for (up to
 * GROUPED_DEPTH_MAX listings), so that a provider with many matching products still leaves
 * room for `limit` entries; `also` names the products found within that depth.
 */
const GROUPED_DEPTH_FACTOR = 4;
const GROUPED_DEPTH_MAX = 200;

/** How many listings a need is ranked to, for an answer of `limit` entries grouped by provider or not. */
export const rankingDepthOf = (limit: number, grouped: boolean) => (grouped ? Math.max(limit, Math.min(limit * GROUPED_DEPTH_FACTOR, GROUPED_DEPTH_MAX)) : limit);

/** The full answer, whatever `view` says: for surfaces that render it themselves (pages, text). */
export async function discoverListings({ ctx, input }: { ctx: CoreContext; input: DiscoverListingsInput }): Promise<DiscoverFullResult> {
  const query = parseInput(discoverListingsInputSchema, input);
  return answers.get(ctx.catalogue, keyOf(query), async () => fullAnswerOf(await rankQuery(ctx, query))) as Promise<DiscoverFullResult>;
}

/** The answer in the view asked for: full (the default) or compact. */
export async function discoverListingsInView({ ctx, input }: { ctx: CoreContext; input: DiscoverListingsInput }): Promise<DiscoverResult> {
  const query = parseInput(discoverListingsInputSchema, input);
  if (query.view === 'full') return discoverListings({ ctx, input });
  return answers.get(ctx.catalogue, `compact ${keyOf(query)}`, async () => compactOf(await discoverListings({ ctx, input })));
}

/** An answer's JSON text, and a strong entity tag that changes whenever it does. */
export interface AnswerBody {
  body: string;
  etag: string;
}

/** The answer in the view asked for, as JSON.stringify would write discoverListingsInView's (characters past ASCII escaped, see ascii-json.ts), with its tag. */
export async function discoverListingsBody({ ctx, input }: { ctx: CoreContext; input: DiscoverListingsInput }): Promise<AnswerBody> {
  const query = parseInput(discoverListingsInputSchema, input);
  // A compact item carries no review figures: they are not read for it.
  return bodies.get(ctx.catalogue, `${query.view} ${keyOf(query)}`, async () => answerBodyOf(ctx, await rankQuery(ctx, query, query.view === 'full' ? 'texts' : 'none'), query.view));
}

/** What an answer is made of, before it is written as objects or as text. */
type RankedAnswer =
  | { matches: NeedMatch[]; also?: Map<string, AlsoFrom>; reviews?: Map<string, ListingReviewSummary>; reviewTexts?: Map<string, string>; readAs?: string; noGoodMatch?: undefined }
  | { noGoodMatch: NoGoodMatch };

/** The items' review figures as objects (for answers built as objects), as JSON text (for answers written as text), or none (compact items carry none). */
type ReviewsRead = 'objects' | 'texts' | 'none';

async function rankQuery(ctx: CoreContext, query: z.output<typeof discoverListingsInputSchema>, reviewsRead: ReviewsRead = 'objects'): Promise<RankedAnswer> {
  const grouped = query.group !== 'none';
  const depth = rankingDepthOf(query.limit, grouped);
  // Without a filter, no listing is tested against one, and an empty answer is not ranked a third time to tell "filtered out" from "nothing serves it".
  const ranked = rankNeedExplained(ctx.catalogue, query.q, { keep: hasListingFilter(query) ? listingFilter(query) : undefined, limit: depth });
  if (ranked.matches.length === 0) return { noGoodMatch: await explainNoMatch(ctx, query.q, ranked) };
  const families = leadByFlagship(
    familiesOf(query.group, ranked.matches, (match) => match.entry).slice(0, query.limit),
    (match) => match.relevance,
    (match) => (match.entry.listing.head?.rank ?? Infinity) <= HEAD_FIRST_RANKS,
  );
  const matches = families.map((family) => family.lead);
  const also = new Map<string, AlsoFrom>();
  for (const family of families) {
    const from = alsoFromOf(family, (match) => match.entry);
    if (from) also.set(family.lead.entry.slug, from);
  }
  const slugs = matches.map((match) => match.entry.slug);
  const extras = { ...(ranked.readAs ? { readAs: ranked.readAs } : {}), ...(also.size ? { also } : {}) };
  if (reviewsRead === 'objects') return { matches, reviews: await listingReviewSummaries({ ctx, slugs }), ...extras };
  if (reviewsRead === 'texts') return { matches, reviewTexts: await listingReviewSummaryTexts({ ctx, slugs }), ...extras };
  return { matches, ...extras };
}

function fullAnswerOf(ranked: RankedAnswer): DiscoverFullResult {
  if (ranked.noGoodMatch) return { items: [], noGoodMatch: ranked.noGoodMatch };
  const items = ranked.matches.map((match) => ({
    ...summaryOf(match.entry),
    relevance: match.relevance,
    confidence: match.confidence,
    matchedOn: match.matchedOn,
    reviews: ranked.reviews?.get(match.entry.slug),
    ...(ranked.also?.has(match.entry.slug) ? { also: ranked.also.get(match.entry.slug) } : {}),
  }));
  return { items, ...(ranked.readAs ? { readAs: ranked.readAs } : {}) };
}

const REASONS: Record<NonNullable<RankedNeed['emptyReason']>, (need: string, ranked: RankedNeed) => string> = {
  no_known_words: (need) => `No listing mentions any word of "${need}". Describe the task in other words, or browse a category.`,
  weak_matches: (need) =>
    `No listing serves "${need}": the closest ones match less than ${Math.round(MIN_COVERAGE * 100)}% of it, so they are not shown. Describe the task in other words, or browse a category.`,
  filtered_out: (need, ranked) =>
    `${ranked.unfilteredCount === 1 ? 'One listing serves' : `${ranked.unfilteredCount} listings serve`} "${need}", but the filters leave out every one; loosen category, pricing, minCliScore, envVarAuth or headless.`,
};

async function explainNoMatch(ctx: CoreContext, need: string, ranked: RankedNeed): Promise<NoGoodMatch> {
  const categories = await listCategories({ ctx });
  const bySlug = new Map(categories.map((category) => [category.slug, category]));
  const near = ranked.nearCategories.map((name) => bySlug.get(slugify(name))).filter((category) => category !== undefined);
  // With no category near the need, the largest ones are the best places to browse.
  const suggested = (near.length > 0 ? near : categories.slice(0, 3)).map(({ name, slug, count }) => ({ name, slug, count }));
  return { reason: REASONS[ranked.emptyReason ?? 'weak_matches'](need, ranked), suggestedCategories: suggested };
}

const tagOf = (hash: ReturnType<typeof createHash>) => `"${hash.digest('base64url')}"`;

/**
 * The answer's JSON from each listing's item text: a ranked need is new, but its listings'
 * items were written before. The tag is a digest of the items' digests and the few characters
 * written here, so the 25 kB body is not hashed again; those are gathered into one string and
 * hashed in one call, as each call into the hash costs more than the bytes it adds. A string
 * rather than a Buffer: a Buffer of this size is an allocation outside the heap per answer,
 * and freeing thousands of them a second made young-generation collections several times slower.
 */
function answerBodyOf(ctx: CoreContext, ranked: RankedAnswer, view: View): AnswerBody {
  if (ranked.noGoodMatch) {
    const body = asciiJson(JSON.stringify(fullAnswerOf(ranked)));
    return { body, etag: tagOf(createHash('sha1').update(body)) };
  }
  let body = '{"items":[';
  let tagged = '';
  ranked.matches.forEach((match, i) => {
    const item = ctx.catalogue.itemText(match.entry, view);
    const reviews = ranked.reviewTexts?.get(match.entry.slug);
    // relevance is a finite number and confidence a word of [a-z]: String and quotes write them as JSON.stringify does.
    const ranking = `,"relevance":${String(match.relevance)},"confidence":"${match.confidence}"`;
    const from = ranked.also?.get(match.entry.slug);
    const also = from === undefined ? '' : `,"also":${asciiJson(JSON.stringify(view === 'compact' ? compactAlso(from) : from))}`;
    const tail = view === 'compact' ? `${ranking}${also}}` : `${ranking},"matchedOn":${asciiJson(JSON.stringify(match.matchedOn))}${reviews === undefined ? '' : `,"reviews":${reviews}`}${also}}`;
    body += `${i > 0 ? ',' : ''}${item.open}${tail}`;
    // Digests have one length, and each tail is prefixed by its own: no two different answers feed the hash the same text.
    tagged += `${item.digest}${tail.length}:${tail}`;
  });
  const end = `]${ranked.readAs === undefined ? '' : `,"readAs":${asciiJson(JSON.stringify(ranked.readAs))}`}}`;
  return { body: body + end, etag: tagOf(createHash('sha1').update(tagged + end)) };
}
