import { z } from 'zod';
import '../core/validation-messages.ts';
import { agentFactsSchema, curatedFact, curatedSourceSchema, PACKAGE_REGISTRIES, pricingFactsSchema, slugSchema } from '../core/listings/listing.ts';
import { CLI_CRITERIA, type CliCriterionKey } from '../core/scoring/cli-criteria.ts';
import { CATEGORIES, isPlacement, TAXONOMY } from '../core/taxonomy/taxonomy.ts';
import { isOwnPage } from './curation.ts';
import { githubOrganisationOf } from './official-sdks.ts';

/**
 * One curated provider file, catalog-sources/curated/<provider-id>.yaml (issue 30, ADR 27): the
 * provider and its products, every fact with the page that shows it and the page's date. The one
 * source of truth of the format: `npm run schema:build` writes schema/curated-provider.schema.json
 * from it, and `npx apidex catalog build` validates each file with it.
 */

const line = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((value) => !/[\r\n\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value), { error: `${field} must be a single line without control characters` });

const evidence = line('evidence', 500).describe('What the page shows, in our own words.');
const reason = z
  .string({ error: (issue) => (issue.input === undefined ? 'reason is required when status is not_assessed: say what was looked for and not found' : 'reason must be text') })
  .pipe(line('reason', 500))
  .describe('Why it is not assessed: what was looked for and not found.');

/** A criterion assessed from a page (passed, or failed on a page that shows the contrary), plus the extras its key allows. */
const assessed = <T extends z.ZodRawShape>(extra: T) =>
  z.strictObject({
    status: z.enum(['passed', 'failed'], { error: 'status must be passed, failed or not_assessed' }),
    evidence,
    source: curatedSourceSchema,
    ...extra,
  });

const notAssessed = z.strictObject({
  status: z.literal('not_assessed'),
  reason,
});

const EXTRAS = {
  officialSdk: {
    packages: z
      .array(
        z.strictObject({
          registry: z.enum(PACKAGE_REGISTRIES, { error: `packages[].registry must be one of ${PACKAGE_REGISTRIES.join(', ')}` }),
          name: line('packages[].name', 214),
        }),
      )
      .min(1, { error: 'packages must name at least one package, or leave the field out' })
      .max(12)
      .optional()
      .describe('The registry packages that show it; npm ones are confirmed against the recorded registry document.'),
  },
  cliTool: { install: line('install', 300).optional().describe('The install line the page shows.') },
  rateLimits: { figure: line('figure', 300).optional().describe('The numbers as the page states them, e.g. "100 requests per second".') },
} satisfies Partial<Record<CliCriterionKey, z.ZodRawShape>>;

/** A curated criterion as the build reads it. */
export type CuratedCriterion =
  | {
      status: 'passed' | 'failed';
      evidence: string;
      source: z.infer<typeof curatedSourceSchema>;
      packages?: { registry: (typeof PACKAGE_REGISTRIES)[number]; name: string }[] | undefined;
      install?: string | undefined;
      figure?: string | undefined;
    }
  | { status: 'not_assessed'; reason: string };

const criterionSchema = (key: CliCriterionKey): z.ZodType<CuratedCriterion> =>
  z
    .discriminatedUnion('status', [assessed((EXTRAS as Record<string, z.ZodRawShape>)[key] ?? {}), notAssessed], {
      error: (issue) =>
        issue.input === undefined
          ? `criteria.${key} is required: all eight criteria are listed; write status: not_assessed with a reason when no page shows it`
          : `criteria.${key} needs status passed, failed or not_assessed; passed/failed with evidence and source, not_assessed with reason`,
    })
    .describe(`${CLI_CRITERIA.find((criterion) => criterion.key === key)!.label}.`) as unknown as z.ZodType<CuratedCriterion>;

export const curatedCriteriaSchema = z
  .strictObject(Object.fromEntries(CLI_CRITERIA.map(({ key }) => [key, criterionSchema(key)])) as Record<CliCriterionKey, ReturnType<typeof criterionSchema>>)
  .describe('All eight criteria, each assessed from a page or not_assessed with the reason.');
export type CuratedCriteria = z.infer<typeof curatedCriteriaSchema>;

/** A capability line as written: a phrase, or a phrase with the page it was read from. */
const capabilitySchema = z.union([
  line('capabilities[]', 80),
  curatedFact(line('capabilities[].value', 80), 'A capability with the page that shows it; lines added after a product was first curated each name their page (ADR 32).'),
]);
export type CuratedCapability = z.infer<typeof capabilitySchema>;

/** The capability phrases of a curated product, as the listing shows them. */
export const capabilityLinesOf = (product: { capabilities: readonly CuratedCapability[] }): string[] =>
  product.capabilities.map((capability) => (typeof capability === 'string' ? capability : capability.value));

export const curatedProductSchema = z
  .strictObject({
    slug: slugSchema.describe('An existing catalogue slug (catalog/<slug>.yaml) to merge into, else a new one.'),
    headKey: z
      .string()
      .regex(/^[a-z0-9]+$/, { error: 'headKey must be a key of catalog-sources/head/head-list.yaml: lower-case letters and digits' })
      .optional()
      .describe('The head list\'s key for this product, when neither its slug nor its provider id spells it ("jira" for the-jira-cloud-platform).'),
    name: line('name', 120),
    description: line('description', 160).describe('One sentence in our own words: what the API does and for whom.'),
    docsUrl: curatedFact(z.url({ protocol: /^https?$/, error: 'docsUrl.value must be an absolute http(s) URL' }), 'The documentation\'s address, with the page that shows it.'),
    category: z.enum(CATEGORIES, { error: `category must be a category of the taxonomy (src/core/taxonomy/taxonomy.ts): ${CATEGORIES.join(', ')}` }),
    subcategory: line('subcategory', 80),
    capabilities: z
      .array(capabilitySchema)
      .min(4, { error: 'capabilities must list 4 to 12 short verb phrases in our own words; got fewer than 4' })
      .max(12, { error: 'capabilities must list 4 to 12 short verb phrases; got more than 12' }),
    criteria: curatedCriteriaSchema,
    pricing: pricingFactsSchema.optional(),
    agent: agentFactsSchema.optional(),
  })
  .superRefine((product, ctx) => {
    if (!isPlacement(product.category, product.subcategory)) {
      ctx.addIssue({
        code: 'custom',
        path: ['subcategory'],
        message: `subcategory "${product.subcategory}" is not a subcategory of ${product.category}; use one of ${(TAXONOMY[product.category] as readonly string[]).join(', ')}`,
      });
    }
  })
  .describe('A product of the provider: one listing.');
export type CuratedProduct = z.infer<typeof curatedProductSchema>;

export const curatedProviderSchema = z
  .strictObject({
    provider: z.strictObject({
      id: slugSchema.describe('Lower-case, hyphens: the registrable domain\'s first label ("stripe.com" → stripe, "fly.io" → fly).'),
      name: line('provider.name', 120),
      domain: z
        .string({ error: 'provider.domain must be text' })
        .regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/, { error: 'provider.domain must be a registrable domain in lower case, e.g. "stripe.com"' }),
      homepage: z.url({ protocol: /^https?$/, error: 'provider.homepage must be an absolute http(s) URL' }),
      githubOrganisations: z
        .array(z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, { error: 'provider.githubOrganisations[] must be GitHub organisation names, e.g. "getsentry"' }))
        .max(5)
        .optional()
        .describe('The GitHub organisations the provider publishes its SDKs from, when not its id (e.g. getsentry for sentry): an npm package whose repository is under one of them is confirmed as official.'),
    }),
    products: z.array(curatedProductSchema).min(1, { error: 'products must list at least one product' }).max(40),
  })
  .superRefine((file, ctx) => {
    const seen = new Map<string, number>();
    file.products.forEach((product, index) => {
      product.capabilities.forEach((capability, line) => {
        if (typeof capability === 'string' || capability.source.thirdParty) return;
        const own = isOwnPage(capability.source.url, file.provider.homepage) || isOwnPage(capability.source.url, product.docsUrl.value) || isProviderGithub(capability.source.url, file.provider.githubOrganisations ?? []);
        if (!own) {
          ctx.addIssue({
            code: 'custom',
            path: ['products', index, 'capabilities', line, 'source', 'url'],
            message: `${capability.source.url} is not a page of ${file.provider.domain} or of the product's docs; read the provider's own page, or mark the source thirdParty: true`,
          });
        }
      });
      const first = seen.get(product.slug);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['products', index, 'slug'], message: `slug "${product.slug}" is already used by products[${first}]; give each product its own slug` });
      else seen.set(product.slug, index);
    });
  })
  .describe('A curated provider file of the apidex head (catalog-sources/curated/<provider-id>.yaml, ADR 27).');
export type CuratedProvider = z.infer<typeof curatedProviderSchema>;

function isProviderGithub(pageUrl: string, organisations: readonly string[]): boolean {
  const owner = githubOrganisationOf(pageUrl);
  return owner !== null && organisations.some((organisation) => organisation.toLowerCase() === owner);
}

export const CURATED_JSON_SCHEMA_PATH = 'schema/curated-provider.schema.json';

export function renderCuratedProviderJsonSchema(): string {
  const { $schema, ...generated } = z.toJSONSchema(curatedProviderSchema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema instanceof z.ZodURL) {
        const protocol = zodSchema._zod.def.protocol;
        if (protocol && protocol.source.startsWith('^') && protocol.source.endsWith('$')) jsonSchema.pattern = `${protocol.source.slice(0, -1)}:`;
      }
    },
  });
  return `${JSON.stringify({ $schema, $id: 'urn:apidex:schema:curated-provider', title: 'apidex curated provider file', ...generated }, null, 2)}\n`;
}
