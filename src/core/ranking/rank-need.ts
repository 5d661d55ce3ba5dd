import type { CatalogueIndex, IndexedListing } from '../catalogue/catalogue-index.ts';
import type { NeedSearchResult } from './need-index.ts';
import { narrowerReadings } from './run-context.ts';
import { breakNearTies, evidenceOf, SAME_MATCH_MARGIN, TIE_MARGIN, type TieRule } from './evidence-tie-break.ts';

/**
 * Ranks listings by how well they serve a described need, and says how sure it is. The shared
 * step under discover, recommend and alternatives.
 */

export type Confidence = 'high' | 'medium' | 'low';

export interface MatchedOn {
  /** Listing fields where words of the need matched: name, description, category, subcategory, capabilities. */
  fields: string[];
  /** The need's words that matched, as the need wrote them (folded), one per stem. */
  terms: string[];
  /** Capabilities of the vocabulary that the need and the listing both name. */
  capabilities: string[];
}

export interface NeedMatch {
  entry: IndexedListing;
  /** 0..1, comparable across needs: the share of the need the listing matches, discounted by how far it scores below the best. */
  relevance: number;
  confidence: Confidence;
  matchedOn: MatchedOn;
}

export interface RankNeedOptions {
  keep?: (entry: IndexedListing) => boolean;
  limit: number;
  /** Slugs never to return (a listing's own slug, for alternatives). */
  exclude?: ReadonlySet<string>;
}

export interface RankedNeed {
  matches: NeedMatch[];
  /** Why there is no match, when `matches` is empty. */
  emptyReason?: 'no_known_words' | 'weak_matches' | 'filtered_out';
  /** Categories whose listings serve the need best, for browsing when nothing matched well. */
  nearCategories: string[];
  /** How many listings serve the need before filters are applied; tells "filtered out" from "nothing serves it". */
  unfilteredCount: number;
  /** The shorter reading of the need that was ranked, when the whole need matched nothing (see narrowerReadings). */
  readAs?: string;
}

/** Below this share of the need matched, a listing is filler, not an answer. */
export const MIN_COVERAGE = 0.4;
/** Results far below the best one are dropped: a long tail of weak matches helps nobody. */
const MIN_RELEVANCE = 0.1;
/** What some hit must reach for an answer to be given at all: a share of the need, and how many of its words. */
interface ServingBar {
  coverage: number;
  terms: number;
}
const WHOLE_NEED_BAR: ServingBar = { coverage: MIN_COVERAGE, terms: 0 };
/**
 * When no listing covers MIN_COVERAGE of a need, nor of a shorter reading of it, one that covers a
 * quarter of it and meets at least two of its words is still shown, marked low: one known word in a
 * long unrelated need stays no match.
 */
const RESCUE_BAR: ServingBar = { coverage: 0.25, terms: 2 };
/** A listing below the best may match less of the need and still be worth showing, marked low confidence. */
const MIN_HIT_COVERAGE = 0.25;
/**
 * Whether the whole need is served is read on its first this-many hits, whatever depth the caller
 * asks for: a grouped answer reads four times deeper than it shows, and a hit covering enough of
 * the need at rank 30 kept a reading whose first page all covered too little ("spam bots … contact
 * form"), where a flat answer fell back to the narrower reading. 5, 7 and 10 read the same (ADR 32).
 */
const WHOLE_NEED_DEPTH = 10;
/**
 * Near ties are broken over the hits read (see breakNearTies), so a shallow read cuts a run short:
 * read ten deep, a dozen geocoders scoring alike stopped before Google's, which discover's default
 * grouped answer (forty deep) put first, and recommend (ten candidates) and a flat page of ten
 * never showed it. Every answer reads at least as deep as that default, so its first entries are
 * the default answer's. Reading each run to its end instead cost 1.76 times the ranking time.
 */
const MIN_READ_DEPTH = 40;

const round2 = (value: number) => Math.round(value * 100) / 100;

function confidenceOf(relevance: number, capabilities: number, terms: number): Confidence {
  if (relevance >= 0.7 && capabilities + terms >= 2) return 'high';
  if (relevance >= 0.45) return 'medium';
  return 'low';
}

/** The matches alone, best first. */
export const rankNeed = (catalogue: CatalogueIndex, need: string, options: RankNeedOptions): NeedMatch[] => rankNeedExplained(catalogue, need, options).matches;

/** The matches, and when there are none, why and where to look instead. */
export function rankNeedExplained(catalogue: CatalogueIndex, need: string, options: RankNeedOptions): RankedNeed {
  // Without a filter or exclusions every listing the index holds is kept (toMatches skips one the catalogue no longer has).
  const keepSlug =
    options.exclude || options.keep
      ? (slug: string) => {
          if (options.exclude?.has(slug)) return false;
          const entry = catalogue.get(slug);
          return entry !== undefined && (!options.keep || options.keep(entry));
        }
      : undefined;
  const depth = Math.max(options.limit, MIN_READ_DEPTH);
  const result = catalogue.needs.search(need, { limit: depth, keep: keepSlug });
  const nearCategories = result.categories.map((category) => category.name);
  if (result.units.length === 0) return { matches: [], emptyReason: 'no_known_words', nearCategories, unfilteredCount: 0 };

  const matches = toMatches(catalogue, result).slice(0, options.limit);
  if (matches.length > 0) return { matches, nearCategories, unfilteredCount: matches.length };
  // No listing serves the need whole: perhaps a phrase of it only says where the call runs.
  for (const reading of narrowerReadings(need)) {
    const narrower = toMatches(catalogue, catalogue.needs.search(reading, { limit: depth, keep: keepSlug })).slice(0, options.limit);
    if (narrower.length > 0) return { matches: narrower, nearCategories, unfilteredCount: narrower.length, readAs: reading };
  }
  // A long need whose asides dilute it ("… instead of trusting the LLM's arithmetic") can leave every
  // listing below MIN_COVERAGE: the listings that still meet several of its words are shown, marked low.
  const rescued = toMatches(catalogue, result, RESCUE_BAR).slice(0, options.limit);
  if (rescued.length > 0) return { matches: rescued.map((match) => ({ ...match, confidence: 'low' as const })), nearCategories, unfilteredCount: rescued.length };
  // Tell "nothing serves this" from "the filters left out what does".
  const unfiltered = options.keep ? toMatches(catalogue, catalogue.needs.search(need, { limit: 50, keep: (slug) => !options.exclude?.has(slug) })) : [];
  return { matches: [], emptyReason: unfiltered.length > 0 ? 'filtered_out' : 'weak_matches', nearCategories, unfilteredCount: unfiltered.length };
}

type Hit = NeedSearchResult['hits'][number];
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);
/** Two hits match a need alike when they meet the same words and capabilities of it, covering the same share. */
const matchAlike = (first: Hit, hit: Hit) => hit.coverage === first.coverage && sameList(hit.terms, first.terms) && sameList(hit.capabilities, first.capabilities);
const TIE_RULE: TieRule<Hit> = { margin: TIE_MARGIN, sameMatch: { margin: SAME_MATCH_MARGIN, alike: matchAlike } };

function toMatches(catalogue: CatalogueIndex, result: NeedSearchResult, bar = WHOLE_NEED_BAR): NeedMatch[] {
  const best = result.hits[0];
  // "No good match" only when no hit reaches the bar, not only the top-scoring one.
  if (!best || !result.hits.slice(0, WHOLE_NEED_DEPTH).some((hit) => hit.coverage >= bar.coverage && hit.terms.length >= bar.terms)) return [];
  const matches: NeedMatch[] = [];
  let previous = 1;
  const evidence = (hit: NeedSearchResult['hits'][number]) => {
    const entry = catalogue.get(hit.slug);
    return entry ? evidenceOf(entry) : 0;
  };
  for (const hit of breakNearTies(result.hits, (hit) => hit.score, evidence, TIE_RULE)) {
    const entry = catalogue.get(hit.slug);
    if (!entry || hit.coverage < MIN_HIT_COVERAGE) continue;
    // Never more relevant than a listing ranked above it.
    const relevance = Math.min(previous, round2(hit.coverage * (hit.score / best.score) ** 0.25));
    previous = relevance;
    if (relevance < MIN_RELEVANCE) continue;
    matches.push({
      entry,
      relevance,
      confidence: confidenceOf(relevance, hit.capabilities.length, hit.terms.length),
      matchedOn: { fields: hit.fields, terms: hit.terms, capabilities: hit.capabilities },
    });
  }
  return matches;
}
