import type { CriterionResult } from '../listings/listing.ts';

/**
 * A parsed OpenAPI 3.x or Swagger 2.0 document seen the way the assessment rules read it: its
 * operations and responses with the JSON pointer of each, local `$ref`s followed. Pure: no I/O.
 */

export type Json = Record<string, unknown>;
export type OpenApiVersion = 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1';
export type PathTokens = (string | number)[];

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const asString = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** RFC 6901: "~" → "~0", "/" → "~1". */
const escapeToken = (token: string | number) => String(token).replaceAll('~', '~0').replaceAll('/', '~1');
/** The URI fragment of a JSON pointer: ["paths", "/charges", "get"] → "#/paths/~1charges/get". */
export const fragmentOf = (path: readonly (string | number)[]) => `#${path.length === 0 ? '' : `/${path.map(escapeToken).join('/')}`}`;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Located<T> {
  value: T;
  path: PathTokens;
}

export interface Operation {
  path: PathTokens;
  route: string;
  method: (typeof HTTP_METHODS)[number];
  operation: Json;
  /** The path item's parameters, which every operation under it shares. */
  sharedParameters: unknown[];
}

export interface Response {
  code: string;
  path: PathTokens;
  response: Json;
}

export interface OpenApiView {
  root: Json;
  version: OpenApiVersion;
  operations: Operation[];
  responses: Response[];
  /** Starts every evidence sentence, e.g. "openapi:" → "openapi:#/components/…: detail". */
  evidencePrefix: string;
}

const decodeToken = (token: string): string | undefined => {
  try {
    return decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
  } catch {
    return undefined; // "%" without two hex digits: a broken reference, followed no further
  }
};

/** The tokens of a JSON pointer's URI fragment ("#/paths/~1charges/get" → paths, /charges, get), or undefined when it is no local pointer or a token is broken. */
function tokensOf(fragment: string): string[] | undefined {
  if (fragment === '#') return [];
  if (!fragment.startsWith('#/')) return undefined;
  const tokens = fragment.slice(2).split('/').map(decodeToken);
  return tokens.some((token) => token === undefined) ? undefined : (tokens as string[]);
}

function valueAtTokens(root: unknown, tokens: readonly string[]): unknown {
  let value: unknown = root;
  for (const token of tokens) value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[token] : undefined;
  return value;
}

/** The value a JSON pointer's URI fragment ("#/paths/~1charges/get") names in a document, or undefined when it names none. */
export function valueAtFragment(root: unknown, fragment: string): unknown {
  const tokens = tokensOf(fragment);
  return tokens === undefined ? undefined : valueAtTokens(root, tokens);
}

/** Follows local `$ref`s ("#/components/…") up to a few hops; the path is where the value really is. */
export function resolve(root: Json, located: Located<unknown>): Located<unknown> {
  let current = located;
  for (let hops = 0; hops < 10 && isObject(current.value) && typeof current.value.$ref === 'string'; hops += 1) {
    const path = current.value.$ref.startsWith('#/') ? tokensOf(current.value.$ref) : undefined;
    if (path === undefined) return current;
    const value = valueAtTokens(root, path);
    if (value === undefined) return current;
    current = { value, path };
  }
  return current;
}

export function operationsOf(root: Json): Operation[] {
  const operations: Operation[] = [];
  if (!isObject(root.paths)) return operations;
  for (const [route, rawItem] of Object.entries(root.paths)) {
    const item = resolve(root, { value: rawItem, path: ['paths', route] });
    if (!isObject(item.value)) continue;
    const sharedParameters = Array.isArray(item.value.parameters) ? item.value.parameters : [];
    for (const method of HTTP_METHODS) {
      const operation = item.value[method];
      if (isObject(operation)) operations.push({ path: [...item.path, method], route, method, operation, sharedParameters });
    }
  }
  return operations;
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

export function openApiView(root: Json, version: OpenApiVersion, evidencePrefix = 'openapi:'): OpenApiView {
  const operations = operationsOf(root);
  return { root, version, operations, responses: responsesOf(root, operations), evidencePrefix };
}

const EVIDENCE_MAX = 500;

/**
 * A criterion result read at `path` of the document: the sentence names the pointer, `pointer`
 * carries it alone. `not_assessed` results carry the reason a reader can check there.
 */
export function resultAt(view: Pick<OpenApiView, 'evidencePrefix'>, status: CriterionResult['status'], path: readonly (string | number)[], detail: string): CriterionResult {
  const pointer = fragmentOf(path);
  let evidence = `${view.evidencePrefix}${pointer}: ${detail}`;
  if (evidence.length > EVIDENCE_MAX) evidence = `${evidence.slice(0, EVIDENCE_MAX - 1).replace(/\s+\S*$/, '')}…`;
  return pointer.length <= EVIDENCE_MAX ? { status, evidence, pointer } : { status, evidence };
}
