import { z } from 'zod';
import { CLI_CRITERIA } from '../scoring/cli-criteria.ts';
import { computeCliRelevance, type CliRelevance, type CriterionOutcome } from '../scoring/cli-relevance.ts';
import { computeQuality, QUALITY_RULES, type Quality } from '../scoring/quality.ts';
import { slugify } from '../ranking/text.ts';
import { compactNumber } from './compact-number.ts';
import { agentFactsSchema, curatedFact, PRICING_TIERS, pricingFactsSchema, type Listing } from './listing.ts';
import { listingReviewStatsSchema, listingReviewSummarySchema } from '../reviews/review-stats.ts';
import { buildListingFaq } from './listing-faq.ts';
import { alsoFromSchema } from '../providers/group-by-provider.ts';
import { providerOf, providerSchema } from '../providers/provider-of.ts';
import { safeInstallLine } from './snippet-facts.ts';
import { isNpmPackageName } from './snippet-quoting.ts';

/**
 * The shape every surface shows a listing in. Unknown values are null (never left
 * undefined, never a default), and both scores travel with all their parts.
 */

const criterionOutcomeSchema = z.object({
  key: z.enum(CLI_CRITERIA.map((c) => c.key) as [string, ...string[]]),
  label: z.string(),
  status: z.enum(['passed', 'failed', 'not_assessed']),
  points: z.number().int(),
  maxPoints: z.number().int(),
  evidence: z.string().optional(),
  source: z.string().optional().describe('The id of the listing\'s source the evidence was read from (see `sources`).'),
  pointer: z.string().optional().describe('Where in that source: a JSON pointer fragment ("#/components/securitySchemes/key") or a line ("#L812").'),
  evidenceUrl: z.string().optional().describe('The source\'s document with the pointer, or the curated page that shows the result: a link anyone can follow to check it.'),
  asOf: z.string().optional().describe('Curated head: the date of the page at evidenceUrl (YYYY-MM-DD).'),
  dated: z.enum(['captured', 'read']).optional().describe('What asOf is: when the stored copy says its content was captured, or when the page was read.'),
  thirdParty: z.boolean().optional().describe('True when the page is not the provider\'s own.'),
  reason: z.string().optional().describe('Why the criterion is not assessed.'),
  install: z.string().optional().describe('cliTool: the install line the page shows.'),
  figure: z.string().optional().describe('rateLimits: the numbers as the page states them.'),
  packages: z.array(z.object({ registry: z.string(), name: z.string() })).optional().describe('officialSdk: the registry packages that show it.'),
});

const CURATED_OUTCOME_EXTRAS = ['asOf', 'dated', 'thirdParty', 'reason', 'install', 'figure', 'packages'] as const;

export const cliRelevanceSchema = z
  .object({
    score: z.number().int().min(0).max(10).nullable().describe('Shown score out of 10: round(raw × 10 / 11). Null unless all eight criteria are assessed.'),
    raw: z.number().int().min(0).max(11).nullable().describe('Raw points out of 11.'),
    max: z.number().int().describe('Raw maximum: 11.'),
    scoreMax: z.number().int().describe('Shown maximum: 10.'),
    status: z.enum(['complete', 'partial', 'unscored']),
    assessed: z.number().int().min(0).max(8),
    range: z.object({ min: z.number().int(), max: z.number().int() }).nullable().describe('Bounds of the shown score whatever unassessed criteria turn out to be.'),
    wording: z.enum(['excellent', 'moderate']).nullable().describe('"excellent" from 8, "moderate" below.'),
    criteria: z.array(criterionOutcomeSchema),
    version: z.string(),
  })
  .meta({ id: 'CliRelevance' });

const qualityValueSchema = z.union([z.number(), z.boolean(), z.string()]).nullable();

export const qualitySchema = z
  .object({
    score: z.number().int().min(0).max(10).nullable().describe('Integer 0..10; null when less than half of the inputs\' weight is known.'),
    scoreMax: z.number().int(),
    inputs: z.object(Object.fromEntries(QUALITY_RULES.map((rule) => [rule.key, qualityValueSchema])) as Record<(typeof QUALITY_RULES)[number]['key'], typeof qualityValueSchema>),
    breakdown: z.array(
      z.object({
        input: z.string(),
        label: z.string(),
        value: qualityValueSchema,
        used: z.boolean(),
        points: z.number(),
        maxPoints: z.number(),
        illustrative: z.boolean(),
        rule: z.string(),
      }),
    ),
    usedInputs: z.array(z.string()),
    missingInputs: z.array(z.string()),
    earned: z.number(),
    possible: z.number(),
    version: z.string(),
  })
  .meta({ id: 'Quality' });

export const faqEntryOutputSchema = z.object({ question: z.string(), answer: z.string(), generated: z.boolean() });

const listingBaseSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string().nullable().describe('The "Visit API" link; null when not shown.'),
  pricingTier: z.enum(PRICING_TIERS).nullable(),
  category: z.string(),
  categorySlug: z.string(),
  subcategory: z.string().nullable(),
  install: z.string().nullable(),
  weeklyDownloads: z.number().int().nullable(),
  weeklyDownloadsCompact: z.string().nullable().describe('Compact form, e.g. "77k".'),
  capabilities: z.array(z.string()),
  illustrativeValues: z
    .array(z.string())
    .describe('Inputs whose values were chosen inside the source\'s observed ranges rather than observed for this listing, e.g. "weeklyDownloads".'),
  updatedAt: z.string(),
  links: z.object({ self: z.string(), page: z.string() }),
});

/** In lists, both scores keep their parts but drop the labels and rules every listing shares. */
export const cliRelevanceSummarySchema = cliRelevanceSchema
  .extend({
    criteria: z.array(
      criterionOutcomeSchema.omit({ label: true, source: true, pointer: true, evidenceUrl: true, asOf: true, dated: true, thirdParty: true, reason: true, install: true, figure: true, packages: true }),
    ),
  })
  .meta({ id: 'CliRelevanceSummary' });

export const qualitySummarySchema = qualitySchema
  .pick({ score: true, scoreMax: true, usedInputs: true, missingInputs: true, version: true })
  .extend({
    breakdown: z.array(z.object({ input: z.string(), value: qualityValueSchema, points: z.number(), maxPoints: z.number(), illustrative: z.boolean() })),
  })
  .meta({ id: 'QualitySummary' });

export const listingSummarySchema = listingBaseSchema
  .extend({
    cliRelevance: cliRelevanceSummarySchema,
    quality: qualitySummarySchema,
    auth: z.array(z.string()).nullable().describe('Kinds of authentication the sources show (as AccessFacts.auth of the detail); null when none shows.'),
    reviews: listingReviewSummarySchema.optional().describe('The main figures of the listing\'s published reviews (lookup and discover results carry them).'),
    also: alsoFromSchema.optional().describe('In grouped results (the default): the provider\'s other products among these results, which this entry stands for. Absent when there are none, and with group=none.'),
  })
  .meta({ id: 'ListingSummary' });

export const packageDetailSchema = z
  .object({
    name: z.string(),
    registry: z.enum(['npm']),
    latestVersion: z.string().nullable(),
    lastReleaseAt: z.string().nullable().describe('When the latest version was published.'),
    deprecated: z.union([z.string(), z.literal(false)]).nullable().describe('The deprecation message of the latest version, false when not deprecated, null when not known.'),
    repositoryUrl: z.string().nullable(),
    source: z.string().nullable().describe('Where these values were read, e.g. "npm registry".'),
    refreshedAt: z.string().nullable().describe('When they were last read.'),
  })
  .meta({ id: 'PackageInfo' });

const sourceDetailSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    version: z.string(),
    licence: z.string(),
    url: z.string().describe('The document evidence pointers resolve against.'),
    locator: z.string().nullable().describe('Where in the source the listing comes from.'),
    asOf: z.string().describe('When this version of the source was published or read (YYYY-MM-DD).'),
  })
  .meta({ id: 'ListingSource' });

const factSchema = <T extends z.ZodType>(value: T) =>
  z.object({ value, source: z.string(), pointer: z.string().nullable(), evidenceUrl: z.string().nullable() }).nullable();

export const accessDetailSchema = z
  .object({
    auth: factSchema(z.array(z.string())).describe('Kinds of authentication the sources show: none, apiKey, http-basic, http-bearer, oauth2, openIdConnect, other.'),
    https: factSchema(z.boolean()),
    cors: factSchema(z.enum(['yes', 'no', 'unknown'])),
  })
  .meta({ id: 'AccessFacts' });

export const listingDetailSchema = listingBaseSchema
  .extend({
    provider: providerSchema.nullable().describe('Who provides the API: its id (GET /api/providers/{id} lists its products), name and home page; null when no source names it.'),
    access: accessDetailSchema.describe('What the sources show about reaching the API, each fact with its source.'),
    sources: z.array(sourceDetailSchema).describe('Where the listing\'s data comes from, with version, licence and date; criteria and facts name one by id.'),
    cliRelevance: cliRelevanceSchema,
    quality: qualitySchema,
    faq: z.array(faqEntryOutputSchema),
    reviews: listingReviewStatsSchema.optional().describe('Statistics of the listing\'s published reviews (the listing detail and compare items carry them).'),
    package: packageDetailSchema.nullable().describe('The package behind the install instruction as its registry last described it (`apidex enrich`); null when not read.'),
    docsUrl: curatedFact(z.string(), 'The documentation\'s address, with the page that shows it.').nullable().describe('Curated head: the docs URL with its page and date; null when not curated.'),
    pricing: pricingFactsSchema.nullable().describe('Curated head: pricing facts (tier, unit, free allowance, pay-as-you-go, plans, credit card), each with its page and date; null when none is curated.'),
    agent: agentFactsSchema.nullable().describe('Curated head: the official MCP server, OpenAPI document and sandbox, each with its page and date; null when none is curated.'),
    head: z.object({ provider: z.string(), rank: z.number().int().optional() }).nullable().describe('Present when the listing is in the curated head (ADR 27): its provider file and its rank in the head list.'),
  })
  .meta({ id: 'ListingDetail' });

export type ListingSummary = z.infer<typeof listingSummarySchema>;
export type ListingDetail = z.infer<typeof listingDetailSchema>;

// Compile-time guard: the scoring modules' types must fit the published schemas.
const _cliFits = (value: CliRelevance): z.input<typeof cliRelevanceSchema> => value;
const _qualityFits = (value: Quality): z.input<typeof qualitySchema> => value;
void _cliFits;
void _qualityFits;

/** A source's document with a pointer into it, or null when the listing does not name the source. */
export function evidenceUrlOf(listing: Listing, source: string | undefined, pointer: string | undefined): string | null {
  if (!source || !pointer) return null;
  const record = listing.sources?.find((candidate) => candidate.id === source);
  return record ? `${record.url.replace(/#.*$/, '')}${pointer}` : null;
}

function factOf<T>(listing: Listing, fact: { value: T; source: string; pointer?: string | undefined } | undefined) {
  return fact ? { value: fact.value, source: fact.source, pointer: fact.pointer ?? null, evidenceUrl: evidenceUrlOf(listing, fact.source, fact.pointer) } : null;
}

/** The detail but its FAQ and package: all a list item is made from, and the FAQ is the costliest part to build. */
type ListingBase = Omit<ListingDetail, 'faq' | 'package' | 'reviews' | 'cliRelevance' | 'docsUrl' | 'pricing' | 'agent' | 'head'> & { cliRelevance: ReturnType<typeof cliRelevanceOf> };

/** The listing's CLI relevance with a link to each criterion's evidence where one can be made. */
function cliRelevanceOf(listing: Listing) {
  const scored = computeCliRelevance(listing.cliCriteria);
  return {
    ...scored,
    criteria: scored.criteria.map((criterion): CriterionOutcome & { evidenceUrl?: string } & Partial<Pick<z.infer<typeof criterionOutcomeSchema>, (typeof CURATED_OUTCOME_EXTRAS)[number]>> => {
      const result = listing.cliCriteria[criterion.key];
      const url = result?.url ?? evidenceUrlOf(listing, criterion.source, criterion.pointer);
      const extras = Object.fromEntries(CURATED_OUTCOME_EXTRAS.filter((key) => result?.[key] !== undefined).map((key) => [key, result![key]]));
      return { ...criterion, ...(url ? { evidenceUrl: url } : {}), ...extras };
    }),
  };
}

export function toListingDetail(listing: Listing, updatedAt: string): ListingDetail {
  const base = toListingBase(listing, updatedAt);
  return {
    ...base,
    faq: buildListingFaq(listing, base.cliRelevance),
    package: listing.package && isNpmPackageName(listing.package.name)
      ? {
          name: listing.package.name,
          registry: listing.package.registry,
          latestVersion: listing.package.latestVersion ?? null,
          lastReleaseAt: listing.package.lastReleaseAt ?? null,
          deprecated: listing.package.deprecated ?? null,
          repositoryUrl: listing.package.repositoryUrl ?? null,
          source: listing.package.source ?? null,
          refreshedAt: listing.package.refreshedAt ?? null,
        }
      : null,
    docsUrl: listing.docsUrl ?? null,
    pricing: listing.pricing ?? null,
    agent: listing.agent ?? null,
    head: listing.head ?? null,
  };
}

/** A listing as list items show it, built without the parts only its detail has. */
const qualitySummaryOf = (quality: ListingDetail['quality']): ListingSummary['quality'] => ({
  score: quality.score,
  scoreMax: quality.scoreMax,
  breakdown: quality.breakdown.map(({ input, value, points, maxPoints, illustrative }) => ({ input, value, points, maxPoints, illustrative })),
  usedInputs: quality.usedInputs,
  missingInputs: quality.missingInputs,
  version: quality.version,
});

/** What a listing says of itself that its detail and its list item both begin with, in this order. */
export function listedFactsOf(listing: Listing) {
  const downloads = listing.qualityInputs.weeklyDownloads?.value ?? null;
  return {
    slug: listing.slug,
    name: listing.name,
    description: listing.description,
    url: listing.url ?? null,
    pricingTier: listing.pricingTier ?? null,
    category: listing.category,
    categorySlug: slugify(listing.category),
    subcategory: listing.subcategory ?? null,
    install: safeInstallLine(listing.install),
    weeklyDownloads: downloads,
    weeklyDownloadsCompact: downloads === null ? null : compactNumber(downloads),
    capabilities: listing.capabilities,
  };
}

export const illustrativeInputsOf = (listing: Listing): string[] =>
  Object.entries(listing.qualityInputs)
    .filter(([, measured]) => measured?.illustrative)
    .map(([input]) => input);

export const linksOf = (listing: Listing) => ({ self: `/api/apis/${listing.slug}`, page: `/apis/${listing.slug}` });

/**
 * The list item of a listing, built directly: what toListingSummary makes of the detail, without
 * the evidence links, sources and access facts it would build only to drop. A large catalogue
 * builds one for every listing an answer holds whose item is not kept (catalogue-index.ts).
 */
export function toListingSummaryOf(listing: Listing, updatedAt: string): ListingSummary {
  const cli = computeCliRelevance(listing.cliCriteria);
  return {
    ...listedFactsOf(listing),
    illustrativeValues: illustrativeInputsOf(listing),
    updatedAt,
    links: linksOf(listing),
    auth: listing.access?.auth?.value ?? null,
    cliRelevance: { ...cli, criteria: cli.criteria.map(({ label: _label, source: _source, pointer: _pointer, ...criterion }) => criterion) },
    quality: qualitySummaryOf(computeQuality(listing.qualityInputs)),
  };
}

function toListingBase(listing: Listing, updatedAt: string): ListingBase {
  const cliRelevance = cliRelevanceOf(listing);
  return {
    ...listedFactsOf(listing),
    provider: providerOf(listing),
    access: { auth: factOf(listing, listing.access?.auth), https: factOf(listing, listing.access?.https), cors: factOf(listing, listing.access?.cors) },
    sources: (listing.sources ?? []).map((source) => ({ ...source, locator: source.locator ?? null })),
    illustrativeValues: illustrativeInputsOf(listing),
    cliRelevance,
    quality: computeQuality(listing.qualityInputs),
    updatedAt,
    links: linksOf(listing),
  };
}

export function toListingSummary({
  faq: _faq,
  reviews: _reviews,
  package: _package,
  provider: _provider,
  access,
  sources: _sources,
  cliRelevance,
  quality,
  docsUrl: _docsUrl,
  pricing: _pricing,
  agent: _agent,
  head: _head,
  ...base
}: ListingBase & Partial<Pick<ListingDetail, 'faq' | 'package' | 'reviews' | 'docsUrl' | 'pricing' | 'agent' | 'head'>>): ListingSummary {
  return {
    ...base,
    auth: access.auth?.value ?? null,
    cliRelevance: {
      ...cliRelevance,
      criteria: cliRelevance.criteria.map(({ key, status, points, maxPoints, evidence }) => ({ key, status, points, maxPoints, ...(evidence !== undefined ? { evidence } : {}) })),
    },
    quality: qualitySummaryOf(quality),
  };
}
