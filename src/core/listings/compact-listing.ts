import { z } from 'zod';
import { enumParam } from '../params.ts';
import { computeCliRelevance } from '../scoring/cli-relevance.ts';
import { qualityScore } from '../scoring/quality.ts';
import { linksOf, type ListingSummary } from './listing-detail.ts';
import { PRICING_TIERS, type Listing } from './listing.ts';
import type { AlsoFrom } from '../providers/group-by-provider.ts';

/**
 * The lean shape of a listing in lists, for agents that pay for every token (issue 14): what
 * choosing needs, and a link to the rest. A full answer's item is about 2 kB; this one a tenth.
 */

export const VIEWS = ['full', 'compact'] as const;
export type View = (typeof VIEWS)[number];

export const viewParam = enumParam('view', VIEWS).describe(
  'full: each listing with both scores and all their parts; compact: only slug, name, a short description, category, pricing tier, CLI score or range, quality score and a link to the listing (about a tenth of the size).',
);

const DESCRIPTION_MAX = 64;

export const compactListingSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string().describe(`The one-line description, cut to ${DESCRIPTION_MAX} characters.`),
    category: z.string(),
    pricingTier: z.enum(PRICING_TIERS).nullable(),
    cli: z
      .string()
      .nullable()
      .describe('CLI relevance in a few characters: "8/10 excellent" when every criterion is assessed, "6-10/10" (the bounds) when some are, null when none is.'),
    quality: z.number().int().nullable().describe('Quality 0..10, or null when too little is known.'),
    link: z.string().describe('The listing in full: GET this path.'),
    also: z
      .object({
        provider: z.string().describe('The provider\'s id; GET /api/providers/{id} lists its products.'),
        count: z.number().int().min(1).describe('How many more of its products are in these results, besides this entry.'),
      })
      .optional()
      .describe('In grouped results (the default): how many of the provider\'s other products these results hold (the full view names them). Absent when there are none.'),
  })
  .meta({ id: 'CompactListing' });
export type CompactListing = z.infer<typeof compactListingSchema>;

/** A compact answer counts the provider's other products; the full view and the provider's page name them. */
export const compactAlso = (also: AlsoFrom) => ({ provider: also.provider.id, count: also.count });

const cut = (text: string) => (text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, '')}…`);

function cliText(cli: Pick<ListingSummary['cliRelevance'], 'score' | 'range' | 'wording'>): string | null {
  const wording = cli.wording ? ` ${cli.wording}` : '';
  if (cli.score !== null) return `${cli.score}/10${wording}`;
  return cli.range ? `${cli.range.min}-${cli.range.max}/10${wording}` : null;
}

export function toCompactListing(item: ListingSummary): CompactListing {
  return {
    slug: item.slug,
    name: item.name,
    description: cut(item.description),
    category: item.category,
    pricingTier: item.pricingTier,
    cli: cliText(item.cliRelevance),
    quality: item.quality.score,
    link: item.links.self,
    ...(item.also ? { also: compactAlso(item.also) } : {}),
  };
}

/**
 * The compact item's JSON straight from the listing: the text of
 * JSON.stringify(toCompactListing(toListingSummaryOf(listing, …))), which the tests hold it to,
 * without building the full item first.
 */
export function compactListingJson(listing: Listing): string {
  const j = JSON.stringify;
  const quality = qualityScore(listing.qualityInputs);
  return (
    `{"slug":${j(listing.slug)},"name":${j(listing.name)},"description":${j(cut(listing.description))},"category":${j(listing.category)}` +
    `,"pricingTier":${j(listing.pricingTier ?? null)},"cli":${j(cliText(computeCliRelevance(listing.cliCriteria)))},"quality":${quality === null ? 'null' : String(quality)},"link":${j(linksOf(listing).self)}}`
  );
}

export const isCompact = (item: ListingSummary | CompactListing): item is CompactListing => !('cliRelevance' in item);
