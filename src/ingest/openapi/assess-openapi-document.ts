import { assessOpenApiEvidence } from '../../core/assessment/assess-openapi-evidence.ts';
import { asString, isObject, operationsOf, type Json, type Operation } from '../../core/assessment/openapi-view.ts';
import type { FieldProblem } from '../../core/errors.ts';
import type { AccessFacts, CallFacts, CliCriteria } from '../../core/listings/listing.ts';
import { cutAtWord, removeTrackingParameters } from '../corpus-json/read-corpus-listings.ts';
import { slugFromText } from '../source-items.ts';
import { collapse, describingSentence, firstSentence, plainText } from './describing-sentence.ts';

/**
 * Reads what an OpenAPI 3.0/3.1 or Swagger 2.0 document shows about an API: the fields of one
 * listing, and the CLI criteria a document can evidence, each with a JSON pointer into the
 * document as its evidence (ADR 16). Pure: no I/O, the document is an already parsed value.
 *
 * The criteria and access facts come from the core's assessment rules (src/core/assessment/,
 * ADR 18): this reader turns the document into listing fields and hands it to them.
 */

export interface OpenApiListingFields {
  /** Made from the name; importers make it unique. */
  slug?: string;
  name?: string;
  description?: string;
  url?: string;
  category?: string;
  capabilities: string[];
}

export interface OpenApiAssessment {
  /** Which kind of document it is; null when it is not an OpenAPI or Swagger document. */
  version: 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1' | null;
  listing: OpenApiListingFields;
  /** Only the assessed criteria; a criterion left out is not assessed. */
  cliCriteria: CliCriteria;
  /** What the document shows about reaching the API (auth kinds), when a source id was given. */
  access: AccessFacts;
  /** What a script needs for a first call (base URL, credential placement, a safe GET), when a source id was given. */
  call: CallFacts;
  /** Call facts the document shows that no snippet may carry, each with the reason it was left out. */
  callDropped: string[];
  /** Who provides the API (info.x-providerName, else the host of its url or servers), to tell same-named APIs apart. */
  provider: string | null;
  /** What stops the document from becoming a listing, each with its fix; empty when it can. */
  problems: FieldProblem[];
  /** How the fields were chosen where a choice was made (description cut, category fallback, …). */
  notes: string[];
  /** Whether the description is a first sentence that only heads the text or speaks of the document ("Welcome to the … API reference."), none near it saying what the API does. */
  descriptionIsPreamble: boolean;
}

// ---------------------------------------------------------------------------------------------
// Listing fields

const CATEGORY_WORDS: Record<string, string> = { ecommerce: 'E-commerce', iot: 'IoT', developer_tools: 'Developer Tools', open_data: 'Open Data', machine_learning: 'Machine Learning' };

/** "open_data" → "Open Data". */
const humanise = (value: string) =>
  CATEGORY_WORDS[value] ??
  collapse(value.replace(/[_-]+/g, ' '))
    .split(' ')
    .map((word) => (word === word.toLowerCase() ? `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}` : word))
    .join(' ');

function absoluteHttpUrl(value: unknown): string | undefined {
  const text = asString(value)?.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? removeTrackingParameters(text).url : undefined;
  } catch {
    return undefined;
  }
}

function serverUrls(root: Json, version: NonNullable<OpenApiAssessment['version']>): string[] {
  if (version === 'swagger-2.0') {
    const host = asString(root.host);
    if (!host) return [];
    const schemes = Array.isArray(root.schemes) ? root.schemes.filter((scheme): scheme is string => scheme === 'https' || scheme === 'http') : [];
    const basePath = asString(root.basePath) ?? '';
    return (schemes.length > 0 ? schemes : ['https']).map((scheme) => `${scheme}://${host}${basePath}`).flatMap((url) => absoluteHttpUrl(url) ?? []);
  }
  if (!Array.isArray(root.servers)) return [];
  return root.servers.flatMap((server) => (isObject(server) ? (absoluteHttpUrl(server.url) ?? []) : []));
}

const hostOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
};

const CAPABILITY_LIMIT = 50;

/** How long a capability phrase may be; a longer one is cut at a word ("…" marks the cut). */
const CAPABILITY_LENGTH = 80;

/**
 * An operation's id as words, for an operation with neither summary nor description:
 * "appCategories-get_collection" → "App categories get collection", "FetchDomainCertV4" →
 * "Fetch domain cert v4". '' for an id with fewer than two words ("op1").
 */
export function phraseOfOperationId(id: string): string {
  const words = id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.:/]+/)
    .filter(Boolean)
    .map((word) => (/^[A-Z0-9]+$/.test(word) && word.length > 1 && !/^V\d+$/.test(word) ? word : word.toLowerCase()));
  if (words.length < 2) return '';
  const phrase = words.join(' ');
  return `${phrase[0]!.toUpperCase()}${phrase.slice(1)}`;
}

/** An operation with neither summary, description nor id, as its method and path words: "GET /api/albums/{id}/tracks" → "Get albums tracks". */
function phraseOfRoute(method: string, route: string): string {
  const words = route
    .split('/')
    .filter((segment) => segment && !segment.startsWith('{') && !/^(?:api|v\d+(?:\.\d+)*)$/i.test(segment))
    .flatMap((segment) => segment.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_\-.]+/))
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  if (words.length === 0) return '';
  return `${method[0]!.toUpperCase()}${method.slice(1).toLowerCase()} ${words.join(' ')}`;
}

/**
 * Short phrases of what the API does: operation summaries (else the first sentence of the
 * description, else the operation's id as words, else its method and path), cut at a word when
 * long. A large API gives more than a listing holds; they are then taken evenly across the
 * document, so a payments API shows charges and refunds, not only its first fifty account calls.
 */
function capabilitiesOf(operations: Operation[]): string[] {
  const seen = new Set<string>();
  const phrases: string[] = [];
  // An API whose operations have no short summary or first sentence (Twilio's, Apple's App Store
  // Connect) is described by its long first sentences cut at a word, else its operation ids.
  const fallback: string[] = [];
  for (const { operation, method, route } of operations) {
    const summary = asString(operation.summary) ? plainText(operation.summary as string) : asString(operation.description) ? firstSentence(operation.description as string) : '';
    const named = summary || phraseOfOperationId(asString(operation.operationId) ?? '') || phraseOfRoute(method, route);
    const written = named.replace(/[.!?]+$/, '').replace(/\s+,/g, ',').trim();
    if (!written) continue;
    const key = written.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (summary && written.length <= CAPABILITY_LENGTH) phrases.push(written);
    else fallback.push(cutAtWord(written, CAPABILITY_LENGTH));
  }
  const chosen = phrases.length > 0 ? phrases : fallback;
  if (chosen.length <= CAPABILITY_LIMIT) return chosen;
  return Array.from({ length: CAPABILITY_LIMIT }, (_, index) => chosen[Math.floor((index * chosen.length) / CAPABILITY_LIMIT)]!);
}

// ---------------------------------------------------------------------------------------------

/**
 * Assesses one parsed OpenAPI 3.0/3.1 or Swagger 2.0 document. `pointerBase` starts every
 * evidence string ("openapi:" by default: evidence reads "openapi:#/components/securitySchemes/key: …").
 */
export function assessOpenApiDocument(document: unknown, { pointerBase = 'openapi:', source }: { pointerBase?: string; source?: string } = {}): OpenApiAssessment {
  const notes: string[] = [];
  const problems: FieldProblem[] = [];
  let descriptionIsPreamble = false;
  const empty: OpenApiAssessment = { version: null, listing: { capabilities: [] }, cliCriteria: {}, access: {}, call: {}, callDropped: [], provider: null, problems, notes, descriptionIsPreamble };
  if (!isObject(document)) {
    problems.push({ field: '(document)', message: 'the document is not an object; give an OpenAPI 3.x or Swagger 2.0 document (a mapping with "openapi: 3.x.y" or "swagger: \\"2.0\\"", info and paths)' });
    return empty;
  }
  const root = document;
  const declared = asString(root.openapi) ?? asString(root.swagger) ?? (typeof root.openapi === 'number' || typeof root.swagger === 'number' ? String(root.openapi ?? root.swagger) : undefined);
  const version: OpenApiAssessment['version'] =
    typeof root.swagger !== 'undefined' && /^2(\.0)?$/.test(String(root.swagger))
      ? 'swagger-2.0'
      : declared && /^3\.0(\.\d+)?$/.test(declared) && root.openapi !== undefined
        ? 'openapi-3.0'
        : declared && /^3\.1(\.\d+)?$/.test(declared) && root.openapi !== undefined
          ? 'openapi-3.1'
          : null;
  if (version === null) {
    problems.push(
      declared
        ? { field: root.openapi !== undefined ? 'openapi' : 'swagger', message: `version ${JSON.stringify(declared)} is not supported; give an OpenAPI 3.0 or 3.1 document ("openapi: 3.1.0") or a Swagger 2.0 one ("swagger: \\"2.0\\"")` }
        : { field: 'openapi', message: 'not an OpenAPI or Swagger document: it has no "openapi" or "swagger" field; add "openapi: 3.1.0" (or "swagger: \\"2.0\\"") at the top, or import the file with another --format' },
    );
    return empty;
  }

  const info = isObject(root.info) ? root.info : {};
  const listing: OpenApiListingFields = { capabilities: [] };

  const title = asString(info.title);
  if (title) {
    listing.name = collapse(title).length > 120 ? cutAtWord(collapse(title), 120) : collapse(title);
    if (listing.name !== collapse(title)) notes.push(`name: info.title cut to 120 characters`);
  } else {
    problems.push({ field: 'info.title', message: 'info.title is missing; add the API\'s name as info.title' });
  }

  const summary = asString(info.summary) ? describingSentence(info.summary as string, title).sentence : '';
  const longDescription = asString(info.description);
  const fromDescription = !summary && longDescription ? describingSentence(longDescription, title) : undefined;
  // When no sentence says what the API does, the first one stands, marked so (the catalogue build describes such an API by its operations).
  const firstWritten = asString(info.summary) ? plainText(info.summary as string) : longDescription ? firstSentence(longDescription) : '';
  const written = summary || fromDescription?.sentence || firstWritten;
  descriptionIsPreamble = !summary && !fromDescription?.sentence && firstWritten !== '';
  // An address alone ("https://www.beanstream.com/api/v1") says nothing of what the API does.
  const description = /^\S+:\/\/\S+$/.test(written) ? '' : written;
  if (description) {
    listing.description = description.length > 300 ? cutAtWord(description, 300) : description;
    if (listing.description !== description) notes.push(`description: ${description.length} characters cut to 300 at a word boundary ("…" marks the cut)`);
    if (descriptionIsPreamble) notes.push('description: the first sentence, though it only heads the text or speaks of the document; no sentence near it says what the API does');
    else if (fromDescription && fromDescription.skipped > 0) notes.push(`description: the first sentence of info.description that says what the API does (${fromDescription.skipped} about the document or headings passed over)`);
    else if (fromDescription && plainText(longDescription!) !== description) notes.push('description: the first sentence of info.description');
  } else {
    const missing = written ? `is only an address (${written})` : '(or info.summary) is missing';
    problems.push({ field: 'info.description', message: `info.description ${missing}; add one sentence saying what the API does` });
  }

  const servers = serverUrls(root, version);
  const docs = isObject(root.externalDocs) ? absoluteHttpUrl(root.externalDocs.url) : undefined;
  listing.url = docs ?? servers.find((url) => url.startsWith('https:')) ?? servers[0];
  if (!docs && listing.url) notes.push(`url: from the ${version === 'swagger-2.0' ? 'host and basePath' : 'servers'} (no externalDocs.url)`);
  const providerName = asString(info['x-providerName']);
  const provider = providerName?.toLowerCase() ?? hostOf(listing.url) ?? hostOf(servers[0]);

  const vendorCategories = [info['x-apisguru-categories'], info['x-categories'], root['x-categories'], info['x-category'], root['x-category']]
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  const firstTag = Array.isArray(root.tags) ? root.tags.map((tag) => (isObject(tag) ? asString(tag.name) : undefined)).find(Boolean) : undefined;
  const operations = operationsOf(root);
  const operationTag = operations.map(({ operation }) => (Array.isArray(operation.tags) ? asString(operation.tags[0]) : undefined)).find(Boolean);
  if (vendorCategories[0]) {
    listing.category = humanise(vendorCategories[0]).slice(0, 80);
  } else if (firstTag ?? operationTag) {
    listing.category = collapse(firstTag ?? operationTag!).slice(0, 80);
    notes.push('category: the first tag (no x-apisguru-categories or x-category)');
  } else {
    listing.category = 'Other';
    notes.push('category: "Other" (the document has no x-apisguru-categories, x-category or tags)');
  }

  listing.capabilities = capabilitiesOf(operations);
  if (listing.name) {
    const slug = slugFromText(listing.name) || (provider ? slugFromText(provider) : '');
    if (slug) listing.slug = slug;
    else problems.push({ field: 'info.title', message: `info.title ${JSON.stringify(listing.name)} has no letters or digits to make a slug from; give a title in Latin letters` });
  }

  const { cliCriteria, access, call, callDropped } = assessOpenApiEvidence(root, version, { evidencePrefix: pointerBase, ...(source ? { source } : {}) });
  return { version, listing, cliCriteria, access, call, callDropped, provider, problems, notes, descriptionIsPreamble };
}
