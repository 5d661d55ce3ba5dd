import { listingSchema, type CliCriteria, type CriterionResult, type CuratedSource, type Listing, type SourceRecord } from '../core/listings/listing.ts';
import { CLI_CRITERIA } from '../core/scoring/cli-criteria.ts';
import { describeFieldProblems, toFieldProblems } from '../core/validation-messages.ts';
import { capabilityLinesOf, type CuratedProduct, type CuratedProvider } from './curated-provider.ts';
import { confirmOfficialSdk, type OfficialSdkMapping, type RecordedPackage } from './official-sdks.ts';
import { headRanksOf, type CuratedHead } from './read-curated-head.ts';

/**
 * The curated head into the built catalogue (issue 30, ADR 27). Each curated product becomes a
 * listing, or merges into the built listing with its slug: curated facts win, an assessed
 * criterion is never replaced by a curated not_assessed, and `sources[]` gains a
 * `curated-<provider>` record whose `fields` name what it gave. A slug of a hand-written listing
 * is never taken. Pure given its inputs.
 */

export interface CuratedHeadInputs {
  listings: readonly Listing[];
  head: CuratedHead;
  recordedPackages: ReadonlyMap<string, RecordedPackage>;
  /** The official-SDK mapping, for the GitHub organisations a package may live under. */
  sdkMapping?: OfficialSdkMapping;
  reservedSlugs: ReadonlySet<string>;
}

export interface CuratedHeadReport {
  created: string[];
  merged: string[];
  failed: { file: string; slug: string; reason: string }[];
  notes: string[];
}

const DOMAIN_OF = /^https?:\/\/(?:[^/@]*@)?([^/:?#]+)/i;
const registrable = (url: string | undefined) => {
  const host = url ? DOMAIN_OF.exec(url)?.[1]?.toLowerCase() : undefined;
  return host ? host.split('.').slice(-2).join('.') : null;
};

export const curatedSourceId = (providerId: string) => `curated-${providerId}`.slice(0, 60);

function criterionOf(key: keyof CliCriteria, curated: CuratedProduct['criteria'][keyof CliCriteria], sourceId: string): CriterionResult {
  if (curated.status === 'not_assessed') return { status: 'not_assessed', reason: curated.reason };
  const { status, evidence, source, ...extra } = curated;
  return {
    status,
    evidence,
    source: sourceId,
    url: source.url,
    asOf: source.asOf,
    dated: source.dated,
    ...(source.thirdParty ? { thirdParty: true } : {}),
    ...(key === 'officialSdk' && extra.packages ? { packages: extra.packages } : {}),
    ...(key === 'cliTool' && extra.install ? { install: extra.install } : {}),
    ...(key === 'rateLimits' && extra.figure ? { figure: extra.figure } : {}),
  };
}

/** Every date a product's facts carry: the source record is as of the latest. */
function datesOf(product: CuratedProduct): CuratedSource[] {
  const sources: CuratedSource[] = [product.docsUrl.source];
  for (const capability of product.capabilities) if (typeof capability !== 'string') sources.push(capability.source);
  for (const criterion of Object.values(product.criteria)) if (criterion.status !== 'not_assessed') sources.push(criterion.source);
  const pricing = product.pricing ?? {};
  for (const fact of [pricing.tier, pricing.freeAllowance, pricing.payAsYouGo, pricing.creditCardRequired, ...(pricing.plans ?? [])]) if (fact) sources.push(fact.source);
  const agent = product.agent ?? {};
  for (const fact of [agent.mcpServer, agent.openapiUrl, agent.sandbox]) if (fact) sources.push(fact.source);
  return sources;
}

const isAssessed = (result: CriterionResult | undefined) => result !== undefined && result.status !== 'not_assessed';

interface Merged {
  listing: Listing;
  notes: string[];
}

function mergeProduct(existing: Listing | undefined, provider: CuratedProvider['provider'], product: CuratedProduct, rank: number | undefined, inputs: CuratedHeadInputs, file: string): Merged {
  const sourceId = curatedSourceId(provider.id);
  const notes: string[] = [];
  const fields = ['name', 'description', 'url', 'docsUrl', 'category', 'subcategory', 'capabilities', 'provider'];
  const criteria: CliCriteria = { ...(existing?.cliCriteria ?? {}) };
  for (const { key } of CLI_CRITERIA) {
    const curated = criterionOf(key, product.criteria[key], sourceId);
    // A curated not_assessed is the absence of a fact, not a fact: it never hides an assessed result.
    if (curated.status === 'not_assessed' && isAssessed(criteria[key])) continue;
    criteria[key] = curated;
    if (curated.status !== 'not_assessed') fields.push(`cliCriteria.${key}`);
  }
  const listing: Listing = {
    ...(existing ?? { qualityInputs: {}, faq: [] }),
    slug: product.slug,
    name: product.name,
    description: product.description,
    url: product.docsUrl.value,
    category: product.category,
    subcategory: product.subcategory,
    capabilities: capabilityLinesOf(product),
    cliCriteria: criteria,
    provider: { id: provider.id, name: provider.name, url: provider.homepage },
    docsUrl: product.docsUrl,
    head: { provider: provider.id, ...(rank !== undefined ? { rank } : {}) },
  } as Listing;
  if (product.pricing) {
    listing.pricing = product.pricing;
    fields.push('pricing');
    if (product.pricing.tier) {
      listing.pricingTier = product.pricing.tier.value;
      fields.push('pricingTier');
    }
  }
  if (product.agent) {
    listing.agent = product.agent;
    fields.push('agent');
  }

  // An npm package the curated page names is confirmed by the registry's own document.
  const sdk = product.criteria.officialSdk;
  const npm = sdk.status === 'passed' ? (sdk.packages ?? []).filter((item) => item.registry === 'npm') : [];
  const others = sdk.status === 'passed' ? (sdk.packages ?? []).filter((item) => item.registry !== 'npm') : [];
  const extraSources: SourceRecord[] = [];
  if (npm.length > 0) {
    const reasons: string[] = [];
    let confirmedOne = false;
    for (const item of npm) {
      const mapped = inputs.sdkMapping?.find((entry) => entry.package === item.name);
      const confirmed = confirmOfficialSdk(
        { package: item.name, documents: [provider.domain], organisations: [provider.id, ...(provider.githubOrganisations ?? []), ...(mapped?.organisations ?? [])], domains: [provider.domain, ...(mapped?.domains ?? [])] },
        inputs.recordedPackages.get(item.name),
      );
      if ('reason' in confirmed) {
        reasons.push(confirmed.reason);
        continue;
      }
      confirmedOne = true;
      listing.install = confirmed.install;
      listing.package = confirmed.package;
      listing.qualityInputs = { ...confirmed.qualityInputs, ...Object.fromEntries(Object.entries(listing.qualityInputs ?? {}).filter(([key]) => !(key in confirmed.qualityInputs))) };
      extraSources.push({ ...confirmed.source, fields: ['install', 'package', ...Object.keys(confirmed.qualityInputs).map((key) => `qualityInputs.${key}`)] });
      const sdkResult = listing.cliCriteria.officialSdk;
      if (sdkResult?.status === 'passed' && sdkResult.source === sourceId) {
        // The page names the package; the registry's own document ties it to the provider.
        const proof = confirmed.officialSdk.evidence?.replace(/^npm:\S+: /, '') ?? '';
        listing.cliCriteria = { ...listing.cliCriteria, officialSdk: { ...sdkResult, evidence: `${sdkResult.evidence} Confirmed: ${proof}`.slice(0, 500) } };
      }
      break;
    }
    if (!confirmedOne) {
      notes.push(`${file} ${product.slug}: npm package ${npm.map((item) => item.name).join(', ')} not confirmed: ${reasons.join('; ')}`);
      // The pass rests on npm alone: unconfirmed, it is not a fact yet.
      if (others.length === 0 && !isAssessed(existing?.cliCriteria.officialSdk)) {
        listing.cliCriteria = {
          ...listing.cliCriteria,
          officialSdk: { status: 'not_assessed', reason: `the npm package ${npm.map((item) => item.name).join(', ')} the page names is not confirmed by its registry document: ${reasons.join('; ')}`.slice(0, 500) },
        };
        const at = fields.indexOf('cliCriteria.officialSdk');
        if (at >= 0) fields.splice(at, 1);
      } else if (others.length === 0) {
        listing.cliCriteria = { ...listing.cliCriteria, officialSdk: existing!.cliCriteria.officialSdk! };
      }
    }
  }

  const dates = datesOf(product).map((source) => source.asOf).sort();
  const record: SourceRecord = {
    id: sourceId,
    title: `apidex curated head: ${provider.name}, facts cited from public pages`.slice(0, 160),
    version: `catalog-sources/curated/${provider.id}.yaml`,
    licence: 'facts cited from the pages named with each fact; descriptions and capabilities in apidex\'s own words',
    url: provider.homepage,
    locator: product.slug,
    asOf: dates.at(-1)!,
    fields: [...new Set(fields)].slice(0, 40),
  };
  const kept = (existing?.sources ?? []).filter((source) => source.id !== sourceId && !extraSources.some((extra) => extra.id === source.id));
  listing.sources = [...kept, ...extraSources, record];
  return { listing, notes };
}

export function applyCuratedHead(inputs: CuratedHeadInputs): { listings: Listing[]; report: CuratedHeadReport } {
  const report: CuratedHeadReport = { created: [], merged: [], failed: [], notes: [] };
  const bySlug = new Map(inputs.listings.map((listing) => [listing.slug, listing]));
  for (const { file, data } of inputs.head.providers) {
    data.products.forEach((product) => {
      if (inputs.reservedSlugs.has(product.slug)) {
        report.failed.push({ file, slug: product.slug, reason: `"${product.slug}" is the slug of a hand-written listing; give the curated product another slug` });
        return;
      }
      const existing = bySlug.get(product.slug);
      // A product that answers to several candidates ("Atlassian" and "Jira") takes the best rank.
      const ranks = headRanksOf(inputs.head, product, data.provider.id);
      const rank = ranks.length > 0 ? Math.min(...ranks) : undefined;
      if (product.headKey !== undefined && !inputs.head.ranks.has(product.headKey)) report.notes.push(`${file} ${product.slug}: headKey "${product.headKey}" is not a key of the head list`);
      const { listing, notes } = mergeProduct(existing, data.provider, product, rank, inputs, file);
      report.notes.push(...notes);
      const checked = listingSchema.safeParse(listing);
      if (!checked.success) {
        report.failed.push({ file, slug: product.slug, reason: describeFieldProblems(toFieldProblems(checked.error)) });
        return;
      }
      bySlug.set(product.slug, checked.data);
      (existing ? report.merged : report.created).push(product.slug);
      if (!existing) {
        // A new slug at a domain the catalogue already lists is often the same API under another slug.
        const namesakes = inputs.listings.filter((other) => registrable(other.url) === data.provider.domain || (typeof other.provider === 'object' ? other.provider.id === data.provider.id : other.provider === data.provider.domain));
        if (namesakes.length > 0) report.notes.push(`${file} ${product.slug}: new listing at ${data.provider.domain}, where the catalogue also lists ${namesakes.slice(0, 5).map((other) => other.slug).join(', ')}${namesakes.length > 5 ? ', …' : ''}; use its slug if it is the same API`);
      }
      if (!product.pricing?.tier) report.notes.push(`${file} ${product.slug}: no pricing tier`);
    });
  }
  const listings = [...bySlug.values()].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return { listings, report };
}
