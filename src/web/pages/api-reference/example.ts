import { PROBLEM_TYPES, problemTypeUri } from '../../../http/problem.ts';
import type { ErrorCode } from '../../../core/errors.ts';
import { componentSchema, refName, type Json } from './operations.ts';

/**
 * A JSON value that fits a schema, to show what a body looks like: the first of any choice,
 * one item per array, every field of an object. A string takes the example its description
 * gives ("e.g. "stripe"") when it gives one.
 */

const MAX_DEPTH = 8;

const described = (schema: Json) => (typeof schema.description === 'string' ? /e\.g\. "([^"]+)"/.exec(schema.description)?.[1] : undefined);

function plainStringExample(schema: Json): string {
  if (schema.format === 'date-time') return '2026-01-31T12:00:00.000Z';
  if (schema.format === 'date') return '2026-01-31';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
  if (schema.format === 'email') return 'someone@example.com';
  return described(schema) ?? 'string';
}

/** With a pattern, the first of a few simple candidates that matches it ("#…" for a fragment, a run of letters of the length it asks). */
function stringExample(schema: Json): string {
  const plain = plainStringExample(schema);
  if (typeof schema.pattern !== 'string') return plain;
  const lengths = [...schema.pattern.matchAll(/\{(\d+)/g)].map((m) => Number(m[1]));
  const pattern = new RegExp(schema.pattern, 'u');
  return [plain, `#${plain}`, ...lengths.map((n) => 'a'.repeat(Math.max(n, 1)))].find((candidate) => pattern.test(candidate)) ?? plain;
}

function numberExample(schema: Json, integer: boolean): number {
  const low = schema.minimum ?? schema.exclusiveMinimum;
  const high = schema.maximum ?? schema.exclusiveMaximum;
  const value = low !== undefined && low > Number.MIN_SAFE_INTEGER ? low : high !== undefined && high < 0 ? high : integer ? 1 : 0.5;
  return high !== undefined && value > high ? high : value;
}

export function exampleOf(schema: Json | undefined, document: Json, seen: readonly string[] = []): unknown {
  if (!schema) return null;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.$ref) {
    const name = refName(schema.$ref);
    const target = componentSchema(document, name);
    return target && !seen.includes(name) && seen.length < MAX_DEPTH ? exampleOf(target, document, [...seen, name]) : {};
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives: Json[] | undefined = schema.anyOf ?? schema.oneOf;
  if (alternatives) return exampleOf(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], document, seen);
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : 'null')];
  const type = types.find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries((schema.properties ?? {}) as Json).map(([key, value]) => [key, exampleOf(value as Json, document, seen)]));
    case 'array':
      return seen.length < MAX_DEPTH ? [exampleOf(schema.items, document, [...seen, ''])] : [];
    case 'string':
      return stringExample(schema);
    case 'integer':
      return numberExample(schema, true);
    case 'number':
      return numberExample(schema, false);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

export interface ProblemExampleOptions {
  /** What the response's description says, as plain text. */
  detail: string;
  instance: string;
  /** A field of the operation, for the `errors` of an invalid-input problem. */
  field?: { name: string; in: string } | undefined;
  /** Whether the operation looks a listing up by slug, so a 404 suggests close matches. */
  bySlug?: boolean;
}

/** The problem a status answers with, as problemFromError writes it: its type, title and code, and the fields that kind carries. */
export function problemExample(status: number, { detail, instance, field, bySlug = false }: ProblemExampleOptions): Json {
  // A moved slug (src/http/moved.ts): not found under the old slug, with where it went.
  if (status === 301 || status === 300) {
    const movedTo = status === 301 ? ['country-reference-data-service'] : ['country-reference-data-service', 'country-flags-service'];
    return {
      type: problemTypeUri('not_found'),
      title: status === 301 ? 'Moved Permanently' : 'Multiple Choices',
      status,
      detail,
      instance,
      code: 'not_found',
      suggestions: movedTo,
      movedFrom: 'country-data',
      movedTo,
      movedReason: status === 301 ? 'renamed' : 'split into two APIs',
      locations: movedTo.map((slug) => instance.replace('example', slug)),
    };
  }
  const code = (Object.keys(PROBLEM_TYPES) as ErrorCode[]).find((c) => PROBLEM_TYPES[c].status === status) ?? 'invalid_input';
  return {
    type: problemTypeUri(code),
    title: PROBLEM_TYPES[code].title,
    status,
    detail,
    instance,
    code,
    ...(code === 'invalid_input' && field ? { errors: [{ field: field.name, in: field.in, message: 'is not valid' }] } : {}),
    ...(code === 'not_found' && bySlug ? { suggestions: ['country-reference-data-service'] } : {}),
  };
}
