import { html, join, type Html } from '../../html.ts';
import { refName, schemaAnchor, type Json } from './operations.ts';

/** Bounds zod writes for any safe integer: they say nothing a reader needs. */
const isSafeIntegerBound = (value: unknown) => value === Number.MAX_SAFE_INTEGER || value === Number.MIN_SAFE_INTEGER;

const literal = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

/** A schema in a few words: "string", "integer", "one of …", "array of" a linked schema name. */
export function schemaText(schema: Json | undefined): Html {
  if (!schema || Object.keys(schema).length === 0) return html`any`;
  if (schema.$ref) return html`<a href="#${schemaAnchor(refName(schema.$ref))}">${refName(schema.$ref)}</a>`;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return join(alternatives.map((s: Json) => schemaText(s)), ' or ');
  if (schema.const !== undefined) return html`<code>${literal(schema.const)}</code>`;
  if (Array.isArray(schema.enum)) {
    const values = join(schema.enum.map((v: unknown) => html`<code>${literal(v)}</code>`), ', ');
    return schema.enum.length === 1 ? values : html`one of ${values}`;
  }
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : 'any')];
  return join(
    types.map((type) => (type === 'array' ? html`array of ${schemaText(schema.items)}` : html`${type}${schema.format ? ` (${schema.format})` : ''}`)),
    ' or ',
  );
}

/** What a value must satisfy beyond its type: "1..100", "1 to 200 characters", "at most 10 items", "pattern …". */
export function constraintsText(schema: Json | undefined): string {
  if (!schema) return '';
  const parts: string[] = [];
  const [min, max] = [schema.minimum ?? schema.exclusiveMinimum, schema.maximum ?? schema.exclusiveMaximum].map((v) => (isSafeIntegerBound(v) ? undefined : v));
  if (min !== undefined && max !== undefined) parts.push(`${min}..${max}`);
  else if (min !== undefined) parts.push(`≥ ${min}`);
  else if (max !== undefined) parts.push(`≤ ${max}`);
  const count = (low: number | undefined, high: number | undefined, unit: string) => {
    if (low !== undefined && high !== undefined) parts.push(low === high ? `exactly ${low} ${unit}` : `${low} to ${high} ${unit}`);
    else if (high !== undefined) parts.push(`at most ${high} ${unit}`);
    else if (low !== undefined && low > 0) parts.push(`at least ${low} ${unit}`);
  };
  count(schema.minLength, schema.maxLength, 'characters');
  count(schema.minItems, schema.maxItems, 'items');
  if (schema.pattern) parts.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  const inner = (Array.isArray(schema.anyOf) ? schema.anyOf : []).map(constraintsText).filter(Boolean);
  if (schema.type === 'array' && schema.items && !schema.items.$ref) inner.push(...[constraintsText(schema.items)].filter(Boolean).map((text) => `each ${text}`));
  return [...parts, ...inner].join('; ');
}
