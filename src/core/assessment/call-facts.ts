import type { CallFacts } from '../listings/listing.ts';
import { asString, fragmentOf, isObject, resolve, type OpenApiView, type Operation, type PathTokens } from './openapi-view.ts';
import type { SecurityUse } from './rules/security-schemes.ts';
import { snippetFactsOf } from '../listings/snippet-facts.ts';

/**
 * What a script needs to make a first call, read from the API's own OpenAPI document (issue 17):
 * the base URL, where the credential goes, and a safe read operation to try. Each fact carries
 * the pointer it was read at; what the document does not show is left out, never guessed.
 */

/** More required parameters than this and an operation is no first request. */
const MAX_REQUIRED_PARAMETERS = 3;

/**
 * The facts, less any that break the rules that keep a generated command safe to paste (a
 * header name that is no HTTP token, say): those are left out and their reasons added to `dropped`.
 * A third party's document never sinks the listing it describes.
 */
export function callFactsOf(view: OpenApiView, security: SecurityUse, source: string, dropped: string[] = []): CallFacts {
  const checked = snippetFactsOf({ call: documentedCallFactsOf(view, security, source) });
  for (const fact of checked.omitted) dropped.push(fact.reason);
  return checked.call;
}

function documentedCallFactsOf(view: OpenApiView, security: SecurityUse, source: string): CallFacts {
  const facts: CallFacts = {};
  const base = baseUrlOf(view);
  if (base) facts.baseUrl = { value: base.url, source, pointer: fragmentOf(base.path) };
  const auth = authOf(security);
  if (auth) facts.auth = { value: auth.value, source, pointer: fragmentOf(auth.path) };
  const first = firstRequestOf(view);
  if (first) facts.firstRequest = { value: first.value, source, pointer: fragmentOf(first.path) };
  return facts;
}

function absoluteHttp(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? url.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

function baseUrlOf({ root, version }: OpenApiView): { url: string; path: PathTokens } | undefined {
  if (version === 'swagger-2.0') {
    const host = asString(root.host);
    if (!host) return undefined;
    const schemes = Array.isArray(root.schemes) ? root.schemes.filter((scheme): scheme is string => typeof scheme === 'string') : [];
    const scheme = schemes.includes('https') ? 'https' : (schemes[0] ?? 'https');
    const url = absoluteHttp(`${scheme}://${host}${asString(root.basePath) ?? ''}`);
    return url ? { url, path: ['host'] } : undefined;
  }
  if (!Array.isArray(root.servers)) return undefined;
  for (const [index, server] of root.servers.entries()) {
    if (!isObject(server)) continue;
    let url = asString(server.url);
    if (!url) continue;
    // Server variables take their defaults: "https://{region}.example.com" → "https://eu.example.com".
    const variables = isObject(server.variables) ? server.variables : {};
    url = url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const variable = variables[name];
      return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
    });
    const absolute = !url.includes('{') ? absoluteHttp(url) : undefined;
    if (absolute) return { url: absolute, path: ['servers', index, 'url'] };
  }
  return undefined;
}

function authOf(security: SecurityUse): { value: NonNullable<CallFacts['auth']>['value']; path: PathTokens } | undefined {
  if (security.explicitlyOpen) return { value: { type: 'none', browserNeeded: false }, path: ['security'] };
  const order = ['http-bearer', 'apiKey', 'http-basic', 'oauth2'];
  const verdicts = [...security.verdicts].sort((a, b) => {
    const rank = (kind: string, auth: string) => (kind === 'static' ? 0 : 10) + (order.includes(auth) ? order.indexOf(auth) : order.length);
    return rank(a.kind, a.auth) - rank(b.kind, b.auth);
  });
  const chosen = verdicts[0];
  if (!chosen) return undefined;
  const type = chosen.auth === 'http-bearer' ? 'bearer' : chosen.auth === 'http-basic' ? 'basic' : chosen.auth === 'apiKey' ? 'apiKey' : chosen.auth === 'oauth2' ? 'oauth2' : undefined;
  if (!type) return undefined;
  const placement = chosen.placement ?? (type === 'oauth2' ? { in: 'header' as const, name: 'Authorization' } : undefined);
  return {
    value: { type, browserNeeded: chosen.kind === 'interactive', ...(placement && placement.in !== 'cookie' ? { in: placement.in, name: placement.name } : {}) },
    path: chosen.path,
  };
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  example?: string;
}

function parametersOf(view: OpenApiView, { operation, sharedParameters, path }: Operation): Parameter[] | undefined {
  const lists: [unknown[], PathTokens][] = [
    [sharedParameters, path.slice(0, -1)],
    [Array.isArray(operation.parameters) ? operation.parameters : [], path],
  ];
  const required: Parameter[] = [];
  for (const [list, at] of lists) {
    list.forEach((raw, index) => {
      const parameter = resolve(view.root, { value: raw, path: [...at, 'parameters', index] }).value;
      if (!isObject(parameter)) return;
      const where = parameter.in;
      const name = asString(parameter.name)?.replace(/\s+/g, ' ').trim().slice(0, 100);
      if (!name || (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'body' && where !== 'formData')) return;
      if (where !== 'path' && parameter.required !== true) return;
      if (where === 'header' || where === 'body' || where === 'formData') {
        required.push({ name, in: 'query', example: '\u0000' }); // marks the operation as unfit below
        return;
      }
      if (required.some((known) => known.name === name && known.in === where)) return;
      const example = exampleOf(view, parameter);
      required.push({ name, in: where, ...(example !== undefined ? { example } : {}) });
    });
  }
  return required.some((parameter) => parameter.example === '\u0000') ? undefined : required;
}

function exampleOf(view: OpenApiView, parameter: Record<string, unknown>): string | undefined {
  const schema = resolve(view.root, { value: parameter.schema ?? parameter, path: [] }).value;
  const candidates = [parameter.example, isObject(schema) ? schema.example : undefined, isObject(schema) ? schema.default : undefined, isObject(schema) && Array.isArray(schema.enum) ? schema.enum[0] : undefined];
  const found = candidates.find((value) => (typeof value === 'string' && value.trim() !== '') || typeof value === 'number' || typeof value === 'boolean');
  return found === undefined ? undefined : String(found).replace(/\s+/g, ' ').trim().slice(0, 100);
}

/** The safe read to try first: a GET with no required body, the fewest required parameters, path parameters counting double. */
function firstRequestOf(view: OpenApiView): { value: NonNullable<CallFacts['firstRequest']>['value']; path: PathTokens } | undefined {
  let best: { value: NonNullable<CallFacts['firstRequest']>['value']; path: PathTokens; cost: number } | undefined;
  for (const operation of view.operations) {
    if (operation.method !== 'get' || operation.operation.deprecated === true) continue;
    // Some documents give GETs an optional empty form body (Stripe's): only a required one rules a GET out.
    const body = resolve(view.root, { value: operation.operation.requestBody, path: [] }).value;
    if (isObject(body) && body.required === true) continue;
    const parameters = parametersOf(view, operation);
    if (!parameters || parameters.length > MAX_REQUIRED_PARAMETERS) continue;
    const cost = parameters.reduce((sum, parameter) => sum + (parameter.in === 'path' ? 2 : 1), 0) * 1000 + operation.route.length;
    if (best && cost >= best.cost) continue;
    const summary = asString(operation.operation.summary) ?? asString(operation.operation.operationId);
    best = {
      value: { method: 'GET', path: operation.route.slice(0, 300), parameters: parameters.slice(0, MAX_REQUIRED_PARAMETERS), ...(summary ? { summary: summary.replace(/\s+/g, ' ').trim().slice(0, 200) } : {}) },
      path: operation.path,
      cost,
    };
  }
  return best && { value: best.value, path: best.path };
}
