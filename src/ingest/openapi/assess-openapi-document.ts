import type { FieldProblem } from '../../core/errors.ts';
import type { CliCriteria, CriterionResult } from '../../core/listings/listing.ts';
import { cutAtWord, removeTrackingParameters } from '../corpus-json/read-corpus-listings.ts';
import { slugFromText } from '../source-items.ts';

/**
 * Reads what an OpenAPI 3.0/3.1 or Swagger 2.0 document shows about an API: the fields of one
 * listing, and the CLI criteria a document can evidence, each with a JSON pointer into the
 * document as its evidence (ADR 16). Pure: no I/O, the document is an already parsed value.
 *
 * Assessed here, and only here:
 * - jsonResponse: passed when a response is documented with a JSON media type; failed when
 *   responses name concrete media types and none is JSON (no wildcard like `*\/*`).
 * - envVarAuth: passed by an apiKey scheme, an http scheme (bearer, basic: static secrets a
 *   script reads from the environment) or an OAuth 2 flow that needs no browser
 *   (clientCredentials, password; Swagger's application); failed when the only schemes in use
 *   are interactive OAuth flows (authorizationCode, implicit; Swagger's accessCode); passed
 *   when the document explicitly requires no security (`security: []` and no schemes).
 * - curlExamples: passed by an `x-codeSamples`/`x-code-samples` entry in curl or shell, or a
 *   description holding a curl command line.
 * - rateLimits: passed by a 429 response or a rate-limit response header.
 * Everything else (officialSdk, headless, cliTool, machineReadablePricing) and every criterion
 * the document is silent on stays not assessed: silence is never a failure.
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
  /** Who provides the API (info.x-providerName, else the host of its url or servers), to tell same-named APIs apart. */
  provider: string | null;
  /** What stops the document from becoming a listing, each with its fix; empty when it can. */
  problems: FieldProblem[];
  /** How the fields were chosen where a choice was made (description cut, category fallback, …). */
  notes: string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const asString = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** RFC 6901: "~" → "~0", "/" → "~1". */
const escapeToken = (token: string | number) => String(token).replaceAll('~', '~0').replaceAll('/', '~1');
const pointerOf = (path: readonly (string | number)[]) => (path.length === 0 ? '' : `/${path.map(escapeToken).join('/')}`);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Located<T> {
  value: T;
  path: (string | number)[];
}

/** Follows local `$ref`s ("#/components/…") up to a few hops; the path is where the value really is. */
function resolve(root: Json, located: Located<unknown>): Located<unknown> {
  let current = located;
  for (let hops = 0; hops < 10 && isObject(current.value) && typeof current.value.$ref === 'string'; hops += 1) {
    const ref = current.value.$ref;
    if (!ref.startsWith('#/')) return current;
    const path = ref
      .slice(2)
      .split('/')
      .map((token) => decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~'));
    let value: unknown = root;
    for (const token of path) value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[token] : undefined;
    if (value === undefined) return current;
    current = { value, path };
  }
  return current;
}

interface Operation {
  path: (string | number)[];
  operation: Json;
}

function operationsOf(root: Json): Operation[] {
  const operations: Operation[] = [];
  if (!isObject(root.paths)) return operations;
  for (const [route, rawItem] of Object.entries(root.paths)) {
    const item = resolve(root, { value: rawItem, path: ['paths', route] });
    if (!isObject(item.value)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item.value[method];
      if (isObject(operation)) operations.push({ path: [...item.path, method], operation });
    }
  }
  return operations;
}

interface Response {
  code: string;
  path: (string | number)[];
  response: Json;
}

function responsesOf(root: Json, operations: Operation[]): Response[] {
  const responses: Response[] = [];
  for (const { path, operation } of operations) {
    if (!isObject(operation.responses)) continue;
    for (const [code, raw] of Object.entries(operation.responses)) {
      const response = resolve(root, { value: raw, path: [...path, 'responses', code] });
      if (isObject(response.value)) responses.push({ code, path: response.path, response: response.value });
    }
  }
  return responses;
}

const evidenceOf = (base: string, path: readonly (string | number)[], detail: string): string => {
  const text = `${base}#${pointerOf(path)}: ${detail}`;
  return text.length <= 500 ? text : cutAtWord(text, 500);
};

// ---------------------------------------------------------------------------------------------
// Criteria

const mediaTypeOf = (text: string) => text.split(';')[0]!.trim().toLowerCase();
const isJsonMediaType = (text: string) => /^[a-z*]+\/(?:[\w.+-]*[+.-])?json$/.test(mediaTypeOf(text)) && !mediaTypeOf(text).startsWith('*');
const isWildcard = (text: string) => mediaTypeOf(text).includes('*');

function assessJsonResponse(root: Json, version: NonNullable<OpenApiAssessment['version']>, operations: Operation[], responses: Response[], base: string): CriterionResult | undefined {
  const mediaTypes: Located<string>[] = [];
  if (version === 'swagger-2.0') {
    // Swagger 2: what operations produce (their own list, or the document's).
    const rootProduces = Array.isArray(root.produces) ? root.produces : [];
    rootProduces.forEach((type, index) => typeof type === 'string' && mediaTypes.push({ value: type, path: ['produces', index] }));
    for (const { path, operation } of operations) {
      if (!Array.isArray(operation.produces)) continue;
      operation.produces.forEach((type, index) => typeof type === 'string' && mediaTypes.push({ value: type, path: [...path, 'produces', index] }));
    }
    for (const { path, response } of responses) {
      if (isObject(response.examples)) for (const type of Object.keys(response.examples)) mediaTypes.push({ value: type, path: [...path, 'examples', type] });
    }
  } else {
    for (const { path, response } of responses) {
      if (isObject(response.content)) for (const type of Object.keys(response.content)) mediaTypes.push({ value: type, path: [...path, 'content', type] });
    }
  }
  const json = mediaTypes.find((type) => isJsonMediaType(type.value));
  if (json) return { status: 'passed', evidence: evidenceOf(base, json.path, `responses are documented as ${mediaTypeOf(json.value)}`) };
  if (mediaTypes.length > 0 && !mediaTypes.some((type) => isWildcard(type.value))) {
    const kinds = [...new Set(mediaTypes.map((type) => mediaTypeOf(type.value)))];
    return {
      status: 'failed',
      evidence: evidenceOf(base, mediaTypes[0]!.path, `every documented response media type is non-JSON (${kinds.slice(0, 5).join(', ')}${kinds.length > 5 ? ', …' : ''})`),
    };
  }
  return undefined;
}

const NON_INTERACTIVE_FLOWS = new Set(['clientCredentials', 'password', 'application']);
const INTERACTIVE_FLOWS = new Set(['authorizationCode', 'implicit', 'accessCode']);

interface SchemeVerdict {
  kind: 'static' | 'interactive' | 'unknown';
  path: (string | number)[];
  detail: string;
}

function classifyScheme(scheme: Json, path: (string | number)[]): SchemeVerdict {
  const type = String(scheme.type ?? '');
  if (type === 'apiKey') {
    const where = asString(scheme.in) ?? 'request';
    const name = asString(scheme.name);
    return { kind: 'static', path, detail: `an API key sent in the ${where}${where === 'query' ? ' parameter' : ''}${name ? ` "${name}"` : ''}, a static secret a script can read from an environment variable` };
  }
  if (type === 'http' || type === 'basic') {
    const httpScheme = (asString(scheme.scheme) ?? (type === 'basic' ? 'basic' : 'http')).toLowerCase();
    return { kind: 'static', path, detail: `HTTP ${httpScheme} authentication, static credentials a script can read from environment variables` };
  }
  if (type === 'oauth2') {
    // OpenAPI 3: flows { clientCredentials: …, authorizationCode: … }; Swagger 2: flow: "application" | "accessCode" | …
    const flows: [string, (string | number)[]][] = isObject(scheme.flows)
      ? Object.keys(scheme.flows).map((flow) => [flow, [...path, 'flows', flow]])
      : typeof scheme.flow === 'string'
        ? [[scheme.flow, [...path, 'flow']]]
        : [];
    const scripted = flows.find(([flow]) => NON_INTERACTIVE_FLOWS.has(flow));
    if (scripted) return { kind: 'static', path: scripted[1], detail: `the OAuth 2 ${scripted[0]} flow, which gets a token without a browser` };
    const interactive = flows.filter(([flow]) => INTERACTIVE_FLOWS.has(flow));
    if (interactive.length > 0 && interactive.length === flows.length) {
      return { kind: 'interactive', path, detail: `OAuth 2 with ${interactive.map(([flow]) => flow).join(' and ')} only, which needs a person in a browser` };
    }
    return { kind: 'unknown', path, detail: 'OAuth 2 with flows that are not described' };
  }
  return { kind: 'unknown', path, detail: type || 'a scheme of no known type' };
}

function assessEnvVarAuth(root: Json, version: NonNullable<OpenApiAssessment['version']>, operations: Operation[], base: string): CriterionResult | undefined {
  const schemesPath = version === 'swagger-2.0' ? ['securityDefinitions'] : ['components', 'securitySchemes'];
  const container = version === 'swagger-2.0' ? root.securityDefinitions : isObject(root.components) ? root.components.securitySchemes : undefined;
  const schemes = new Map<string, Located<unknown>>();
  if (isObject(container)) {
    for (const [name, raw] of Object.entries(container)) schemes.set(name, resolve(root, { value: raw, path: [...schemesPath, name] }));
  }

  // The schemes the document's security requirements use; without any requirement, all defined ones.
  const requirementLists: unknown[] = [root.security, ...operations.map(({ operation }) => operation.security)];
  const hasRequirements = requirementLists.some((list) => Array.isArray(list));
  const used = new Set<string>();
  for (const list of requirementLists) {
    if (!Array.isArray(list)) continue;
    for (const requirement of list) if (isObject(requirement)) for (const name of Object.keys(requirement)) if (schemes.has(name)) used.add(name);
  }
  const names = hasRequirements && used.size > 0 ? [...used] : [...schemes.keys()];
  const verdicts = names.flatMap((name) => {
    const scheme = schemes.get(name)!;
    return isObject(scheme.value) ? [classifyScheme(scheme.value, scheme.path)] : [];
  });

  const scripted = verdicts.find((verdict) => verdict.kind === 'static');
  if (scripted) return { status: 'passed', evidence: evidenceOf(base, scripted.path, scripted.detail) };
  if (verdicts.length > 0 && verdicts.every((verdict) => verdict.kind === 'interactive')) {
    return { status: 'failed', evidence: evidenceOf(base, verdicts[0]!.path, verdicts[0]!.detail) };
  }
  // `security: []` at the top, no schemes anywhere and no operation asking for one: the document says no credentials are needed.
  if (schemes.size === 0 && Array.isArray(root.security) && root.security.length === 0 && !operations.some(({ operation }) => Array.isArray(operation.security) && operation.security.some((requirement) => isObject(requirement) && Object.keys(requirement).length > 0))) {
    return { status: 'passed', evidence: evidenceOf(base, ['security'], 'the document requires no authentication (empty security requirement, no security schemes)') };
  }
  return undefined;
}

const CURL_LANG = /^(curl|shell|bash|sh|zsh|console|cli|cURL)$/i;
const CURL_COMMAND = /(^|[\s`'"(>$])curl\s+(-{1,2}[a-zA-Z]|["']?https?:\/\/|\$\{?[A-Z_])/m;

function assessCurlExamples(root: Json, operations: Operation[], base: string): CriterionResult | undefined {
  for (const { path, operation } of operations) {
    for (const key of ['x-codeSamples', 'x-code-samples']) {
      const samples = operation[key];
      if (!Array.isArray(samples)) continue;
      for (let index = 0; index < samples.length; index += 1) {
        const sample = samples[index];
        if (!isObject(sample)) continue;
        const lang = asString(sample.lang) ?? asString(sample.label) ?? '';
        const source = asString(sample.source) ?? '';
        if (CURL_LANG.test(lang.trim()) || CURL_COMMAND.test(source)) {
          return { status: 'passed', evidence: evidenceOf(base, [...path, key, index], `a ${lang || 'command-line'} code sample${CURL_COMMAND.test(source) ? ' running curl' : ''}`) };
        }
      }
    }
  }
  const described: Located<unknown>[] = [
    { value: isObject(root.info) ? root.info.description : undefined, path: ['info', 'description'] },
    ...operations.flatMap(({ path, operation }) => [
      { value: operation.description, path: [...path, 'description'] },
      { value: operation.summary, path: [...path, 'summary'] },
    ]),
    ...(Array.isArray(root.tags) ? root.tags.map((tag, index) => ({ value: isObject(tag) ? tag.description : undefined, path: ['tags', index, 'description'] })) : []),
  ];
  const withCurl = described.find((text) => typeof text.value === 'string' && CURL_COMMAND.test(text.value));
  if (withCurl) return { status: 'passed', evidence: evidenceOf(base, withCurl.path, 'a description with a curl command line') };
  return undefined;
}

const RATE_LIMIT_HEADER = /rate-?limit|retry-after/i;

function assessRateLimits(responses: Response[], base: string): CriterionResult | undefined {
  const tooMany = responses.find((response) => response.code === '429');
  if (tooMany) return { status: 'passed', evidence: evidenceOf(base, tooMany.path, 'a 429 Too Many Requests response is documented') };
  for (const { path, response } of responses) {
    if (!isObject(response.headers)) continue;
    const header = Object.keys(response.headers).find((name) => RATE_LIMIT_HEADER.test(name));
    if (header) return { status: 'passed', evidence: evidenceOf(base, [...path, 'headers', header], `responses carry the ${header} header`) };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Listing fields

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Markdown and HTML to plain text, enough for a one-line description. */
function plainText(markdown: string): string {
  return collapse(
    markdown
      .replace(/<[^>]+>/g, ' ')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^#{1,6}\s+/gm, '')
      .replace(/[*_`]{1,3}([^*_`]+)[*_`]{1,3}/g, '$1')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  );
}

/**
 * The first sentence: up to a ".", "!" or "?" followed by a space and a capital letter or the
 * end, so "from Sept. 18, 1851" does not end it; a paragraph break ends it too.
 */
export function firstSentence(text: string): string {
  const paragraph = text.split(/\n\s*\n/).map(plainText).find(Boolean) ?? '';
  const end = /[.!?](?=\s+[A-Z"“(]|$)/.exec(paragraph);
  if (!end) return paragraph;
  const candidate = paragraph.slice(0, end.index + 1);
  // An abbreviation of a capitalised short word ("Inc.", "Dr.") or a single letter is not an end.
  if (/(?:\b[A-Z][a-z]{0,3}|\b[A-Za-z])\.$/.test(candidate) && end.index + 1 < paragraph.length) {
    const rest = paragraph.slice(end.index + 1);
    const next = /[.!?](?=\s+[A-Z"“(]|$)/.exec(rest);
    return next ? paragraph.slice(0, end.index + 1 + next.index + 1) : paragraph;
  }
  return candidate;
}

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

function capabilitiesOf(operations: Operation[]): string[] {
  const seen = new Set<string>();
  const capabilities: string[] = [];
  for (const { operation } of operations) {
    // An operation's summary; without one, a short first sentence of its description.
    const summary = asString(operation.summary) ? plainText(operation.summary as string) : asString(operation.description) ? firstSentence(operation.description as string) : '';
    const phrase = summary.replace(/[.!?]+$/, '').trim();
    if (!phrase || phrase.length > 80) continue;
    const key = phrase.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    capabilities.push(phrase);
    if (capabilities.length === 50) break;
  }
  return capabilities;
}

// ---------------------------------------------------------------------------------------------

/**
 * Assesses one parsed OpenAPI 3.0/3.1 or Swagger 2.0 document. `pointerBase` starts every
 * evidence string ("openapi:" by default: evidence reads "openapi:#/components/securitySchemes/key: …").
 */
export function assessOpenApiDocument(document: unknown, { pointerBase = 'openapi:' }: { pointerBase?: string } = {}): OpenApiAssessment {
  const notes: string[] = [];
  const problems: FieldProblem[] = [];
  const empty: OpenApiAssessment = { version: null, listing: { capabilities: [] }, cliCriteria: {}, provider: null, problems, notes };
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

  const summary = asString(info.summary);
  const longDescription = asString(info.description);
  const description = summary ? plainText(summary) : longDescription ? firstSentence(longDescription) : '';
  if (description) {
    listing.description = description.length > 300 ? cutAtWord(description, 300) : description;
    if (listing.description !== description) notes.push(`description: ${description.length} characters cut to 300 at a word boundary ("…" marks the cut)`);
    if (!summary && longDescription && plainText(longDescription) !== description) notes.push('description: the first sentence of info.description');
  } else {
    problems.push({ field: 'info.description', message: 'info.description (or info.summary) is missing; add one sentence saying what the API does' });
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

  const responses = responsesOf(root, operations);
  const cliCriteria: CliCriteria = {};
  const json = assessJsonResponse(root, version, operations, responses, pointerBase);
  if (json) cliCriteria.jsonResponse = json;
  const auth = assessEnvVarAuth(root, version, operations, pointerBase);
  if (auth) cliCriteria.envVarAuth = auth;
  const curl = assessCurlExamples(root, operations, pointerBase);
  if (curl) cliCriteria.curlExamples = curl;
  const rate = assessRateLimits(responses, pointerBase);
  if (rate) cliCriteria.rateLimits = rate;

  return { version, listing, cliCriteria, provider, problems, notes };
}
