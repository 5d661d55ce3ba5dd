import { distance } from 'fastest-levenshtein';
import { z } from 'zod';
import type { IndexedListing } from '../catalogue/catalogue-index.ts';
import type { CoreContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { linksOf } from '../listings/listing-detail.ts';
import { PRICING_TIERS } from '../listings/listing.ts';
import { parameters, parseInput } from '../params.ts';
import { computeCliRelevance } from '../scoring/cli-relevance.ts';
import { slugify } from '../ranking/text.ts';
import { providerOf, providerSchema } from './provider-of.ts';

/**
 * A provider and its family of products, each with what it does and its scores: what
 * /providers/{id}, GET /api/providers/{id}, the get_provider tool and `apidex provider` show.
 */

export const getProviderInputSchema = parameters({
  id: z
    .string({ error: 'id must be text' })
    .trim()
    .min(1, { error: 'id must not be empty' })
    .max(120, { error: 'id must be at most 120 characters' })
    .describe('The provider\'s id, e.g. "twilio" (from its domain, twilio.com); list items name it in `also.provider.id`.'),
});
export type GetProviderInput = z.input<typeof getProviderInputSchema>;

export const providerProductSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string().describe('What the product does, in one line.'),
    category: z.string(),
    categorySlug: z.string(),
    subcategory: z.string().nullable(),
    capabilities: z.array(z.string()).describe('Short phrases of what it does.'),
    pricingTier: z.enum(PRICING_TIERS).nullable(),
    cliRelevance: z.object({
      score: z.number().int().nullable().describe('Out of 10; null unless every criterion is assessed.'),
      range: z.object({ min: z.number().int(), max: z.number().int() }).nullable().describe('Bounds of the score while some criteria are not assessed.'),
      status: z.enum(['complete', 'partial', 'unscored']),
    }),
    quality: z.object({ score: z.number().int().nullable().describe('Out of 10; null when too little is known.') }),
    links: z.object({ self: z.string(), page: z.string() }),
  })
  .meta({ id: 'ProviderProduct' });
export type ProviderProduct = z.infer<typeof providerProductSchema>;

export const providerDetailSchema = providerSchema
  .extend({
    count: z.number().int().describe('How many products of the provider the directory lists.'),
    categories: z.array(z.object({ name: z.string(), slug: z.string(), count: z.number().int() })).describe('Where its products are filed, most first.'),
    products: z.array(providerProductSchema).describe('Every product, best CLI relevance first (unscored last), then by name.'),
    links: z.object({ self: z.string(), page: z.string() }),
  })
  .meta({ id: 'ProviderDetail' });
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

function productOf(entry: IndexedListing): ProviderProduct {
  const { listing } = entry;
  const cli = computeCliRelevance(listing.cliCriteria);
  return {
    slug: listing.slug,
    name: listing.name,
    description: listing.description,
    category: listing.category,
    categorySlug: entry.categorySlug,
    subcategory: listing.subcategory ?? null,
    capabilities: listing.capabilities,
    pricingTier: listing.pricingTier ?? null,
    cliRelevance: { score: cli.score, range: cli.range, status: cli.status },
    quality: { score: entry.qualityScore },
    links: linksOf(listing),
  };
}

/** Higher floor first, unscored last, then by name: the catalogue's CLI relevance order. */
const byCliThenName = (a: IndexedListing, b: IndexedListing) =>
  a.cliFloor === b.cliFloor ? (a.foldedName < b.foldedName ? -1 : a.foldedName > b.foldedName ? 1 : a.slug < b.slug ? -1 : 1) : a.cliFloor === null ? 1 : b.cliFloor === null ? -1 : b.cliFloor - a.cliFloor;

/** The name most of the family's listings give the provider, and the first home page any gives. */
function providerOfFamily(members: readonly IndexedListing[]) {
  const names = new Map<string, number>();
  let url: string | null = null;
  for (const { listing } of members) {
    const provider = providerOf(listing)!;
    names.set(provider.name, (names.get(provider.name) ?? 0) + 1);
    url ??= provider.url;
  }
  const name = [...names].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  return { name, url };
}

export async function getProvider({ ctx, input }: { ctx: CoreContext; input: GetProviderInput }): Promise<ProviderDetail> {
  const { id: given } = parseInput(getProviderInputSchema, input);
  const id = slugify(given);
  const members = id ? ctx.catalogue.family(id) : [];
  if (members.length === 0) throw providerNotFound(ctx, given, id);
  const { name, url } = providerOfFamily(members);
  const categories = new Map<string, { name: string; slug: string; count: number }>();
  for (const entry of members) {
    const category = categories.get(entry.categorySlug) ?? { name: entry.listing.category, slug: entry.categorySlug, count: 0 };
    category.count += 1;
    categories.set(entry.categorySlug, category);
  }
  return {
    id,
    name,
    url,
    count: members.length,
    categories: [...categories.values()].sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1)),
    products: [...members].sort(byCliThenName).map(productOf),
    links: { self: `/api/providers/${id}`, page: `/providers/${id}` },
  };
}

/** Not found, with the nearest provider ids, and the listing when the id is a listing's slug (a listing without a provider has no page of its own). */
function providerNotFound(ctx: CoreContext, given: string, id: string): AppError {
  const ids = [...ctx.catalogue.families().keys()].filter((key) => !key.startsWith('listing/'));
  const tolerance = Math.max(2, Math.floor(id.length * 0.3));
  const suggestions = id
    ? ids
        .map((candidate) => ({ candidate, edits: candidate.startsWith(id) || id.startsWith(candidate) ? 1 : distance(id, candidate) }))
        .filter((near) => near.edits <= tolerance)
        .sort((a, b) => a.edits - b.edits || (a.candidate < b.candidate ? -1 : 1))
        .slice(0, 3)
        .map((near) => near.candidate)
    : [];
  const listing = id ? ctx.catalogue.get(id) : undefined;
  const hint = suggestions.length
    ? `did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?`
    : listing
      ? `"${listing.slug}" is a listing whose provider is not named: see /api/apis/${listing.slug}.`
      : 'a list item names its provider in `also.provider.id`, and a listing in `provider.id`.';
  return new AppError('not_found', `No provider has the id "${given}"; ${hint}`, {
    fields: [{ field: 'id', in: 'path', message: `no provider has the id "${given}"` }],
    extensions: { suggestions, ...(listing ? { listing: `/api/apis/${listing.slug}` } : {}) },
  });
}
