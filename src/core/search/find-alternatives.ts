import { z } from 'zod';
import { detailOf, summaryOf, type IndexedListing } from '../catalogue/catalogue-index.ts';
import type { CatalogueIndex } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';
import { slugInputSchema } from '../listings/slug-input.ts';
import { listingEntryOr404 } from '../listings/suggest-slugs.ts';
import { listingSummarySchema } from '../listings/listing-detail.ts';
import { boundedInt, parameters, parseInput } from '../params.ts';
import { matchedOnSchema } from './discover-listings.ts';
import { differenceClauses, differencesSchema, explainDifferences, listWords, matchCapabilities, type CapabilityCounterpart } from './explain-differences.ts';
import { rankNeed, type NeedMatch } from '../ranking/rank-need.ts';

/**
 * Listings that serve the same capabilities as a given one, ranked by how much of what that
 * listing does they serve (each of its capabilities, and its description with its subcategory,
 * ranked as a need of its own), each with what it does better or worse than the listing.
 */

/** Needs ranked per listing at most: its first 19 capabilities and its description. */
const MAX_NEEDS = 20;

export const findAlternativesParamsSchema = slugInputSchema;

export const findAlternativesQuerySchema = parameters({
  limit: boundedInt('limit', 1, 20).default(5).describe('Most alternatives to return, 1 to 20 (default 5).'),
});

export const findAlternativesInputSchema = z.object({ ...findAlternativesParamsSchema.shape, ...findAlternativesQuerySchema.shape });
export type FindAlternativesInput = z.input<typeof findAlternativesInputSchema>;

export const alternativeItemSchema = listingSummarySchema
  .extend({
    relevance: z.number().min(0).max(1).describe("How much of what the listing does it serves, 0..1: the mean of its relevance to each of the listing's capabilities and to its description."),
    confidence: z.enum(['high', 'medium', 'low']).describe('high from a relevance of 0.6, medium from 0.3.'),
    matchedOn: matchedOnSchema,
    sharedCapabilities: z
      .array(z.object({ capability: z.string(), counterparts: z.array(z.string()) }))
      .describe("The listing's capabilities that this one has too, each with its own capabilities that share a content word with it."),
    ...differencesSchema.shape,
    summary: z.string().describe('The differences in one sentence.'),
  })
  .meta({ id: 'AlternativeItem' });
export type AlternativeItem = z.infer<typeof alternativeItemSchema>;

export const alternativesResultSchema = z
  .object({
    items: z.array(alternativeItemSchema),
    message: z.string().optional().describe('Present when there are no alternatives: why.'),
  })
  .meta({ id: 'Alternatives' });
export type AlternativesResult = z.infer<typeof alternativesResultSchema>;

/**
 * The needs a listing describes, one per capability, then its description (with its
 * subcategory). Ranked one by one rather than as one long text: a ranker that measures how
 * much of a need a listing covers (as the need engine does) finds no other listing covering
 * all of a listing's text, while "serves the same capabilities" is a question per capability.
 */
export function needsOf(entry: IndexedListing): string[] {
  const { capabilities, description, subcategory } = entry.listing;
  return [...capabilities.slice(0, MAX_NEEDS - 1), [description, subcategory].filter(Boolean).join('. ')];
}

/** Matches looked at per need, per alternative wanted. */
const OVERSAMPLE = 4;

const round2 = (value: number) => Math.round(value * 100) / 100;

interface Alternative {
  entry: IndexedListing;
  relevance: number;
  confidence: NeedMatch['confidence'];
  matchedOn: NeedMatch['matchedOn'];
  /** The listing's capabilities it serves, with its own wording of each where a word is shared. */
  shared: { capability: string; counterparts: string[] }[];
}

const union = (lists: string[][]) => [...new Set(lists.flat())];

/**
 * Ranks listings by the share of the listing's needs they serve: relevance is the mean, over
 * its needs, of each match's relevance (0 where a need did not match). A listing counts as an
 * alternative only if it has one of the listing's capabilities, worded with a shared content
 * word ("detect presence" and "presence tracking").
 */
function rankAlternatives(catalogue: CatalogueIndex, entry: IndexedListing, limit: number): Alternative[] {
  const needs = needsOf(entry);
  const capabilityNeeds = needs.length - 1;
  const exclude = new Set([entry.slug]);
  const found = new Map<string, { entry: IndexedListing; matches: NeedMatch[] }>();
  for (const need of needs) {
    for (const match of rankNeed(catalogue, need, { exclude, limit: limit * OVERSAMPLE + 10 })) {
      const seen = found.get(match.entry.slug) ?? { entry: match.entry, matches: [] };
      seen.matches.push(match);
      found.set(match.entry.slug, seen);
    }
  }
  const candidates = [...found.values()].map(({ entry: other, matches }) => ({
    other,
    matches,
    relevance: round2(matches.reduce((sum, m) => sum + m.relevance, 0) / needs.length),
  }));
  // Whether a candidate shares a capability is the costly part (its phrases against the
  // listing's), and the order below puts relevance first: it is worked out from the most
  // relevant down, whole relevance levels at a time, until `limit` candidates qualify.
  const sharedOf = new Map<(typeof candidates)[number], CapabilityCounterpart[]>();
  const byRelevance = [...candidates].sort((a, b) => b.relevance - a.relevance);
  let qualified = 0;
  for (let i = 0; i < byRelevance.length && qualified < limit; ) {
    const level = byRelevance[i]!.relevance;
    for (; i < byRelevance.length && byRelevance[i]!.relevance === level; i += 1) {
      const candidate = byRelevance[i]!;
      // Shared only when both listings have it, worded alike, as compare says: serving it as a
      // need through other text (a UV-index API "serving" manage channels) is not having it.
      const shared = matchCapabilities(entry.listing.capabilities, candidate.other.listing.capabilities).shared.map(({ capability, counterparts }) => ({ capability, counterparts }));
      sharedOf.set(candidate, shared);
      // A listing with no capabilities can only be matched on its description.
      if (shared.length > 0 || capabilityNeeds === 0) qualified += 1;
    }
  }
  const alternatives: Alternative[] = [];
  for (const candidate of candidates) {
    const shared = sharedOf.get(candidate);
    if (shared === undefined || (shared.length === 0 && capabilityNeeds > 0)) continue;
    const { other, matches, relevance } = candidate;
    alternatives.push({
      entry: other,
      relevance,
      confidence: relevance >= 0.6 ? 'high' : relevance >= 0.3 ? 'medium' : 'low',
      matchedOn: {
        fields: union(matches.map((m) => m.matchedOn.fields)),
        terms: union(matches.map((m) => m.matchedOn.terms)),
        capabilities: union(matches.map((m) => m.matchedOn.capabilities)),
      },
      shared,
    });
  }
  return alternatives
    .sort((a, b) => b.relevance - a.relevance || b.shared.length - a.shared.length || (a.entry.foldedName < b.entry.foldedName ? -1 : 1))
    .slice(0, limit);
}

export async function findAlternatives({ ctx, input }: { ctx: CoreContext; input: FindAlternativesInput }): Promise<AlternativesResult> {
  const { slug, limit } = parseInput(findAlternativesInputSchema, input);
  const entry = await listingEntryOr404(ctx.catalogue, slug);
  const reference = detailOf(entry);
  const items = rankAlternatives(ctx.catalogue, entry, limit).map((alternative): AlternativeItem => {
    const differences = explainDifferences(detailOf(alternative.entry), reference);
    const parts = differenceClauses(differences, 'not comparable');
    return {
      ...summaryOf(alternative.entry),
      relevance: alternative.relevance,
      confidence: alternative.confidence,
      matchedOn: alternative.matchedOn,
      sharedCapabilities: alternative.shared,
      ...differences,
      summary: `${alternative.entry.listing.name} against ${reference.name}: ${parts.length ? parts.join('. ') : 'no difference shows in the data'}.`,
    };
  });
  if (items.length === 0) {
    return { items, message: `No other listing serves what ${reference.name} does (${listWords(reference.capabilities) || reference.description}).` };
  }
  return { items };
}
