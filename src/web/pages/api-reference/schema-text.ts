import { html, type Html } from '../../html.ts';

export type Json = Record<string, any>;

export const refName = (ref: string) => ref.split('/').at(-1) ?? ref;

/** A schema in a few words: "string", "integer 1..100", "one of: a, b", a linked schema name. */
export function schemaText(schema: Json | undefined): Html {
  if (!schema) return html`any`;
  if (schema.$ref) return html`<a href="#schema-${refName(schema.$ref)}">${refName(schema.$ref)}</a>`;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return html`${alternatives.map((s: Json, i: number) => html`${i ? ' or ' : ''}${schemaText(s)}`)}`;
  if (Array.isArray(schema.enum)) return html`one of: ${schema.enum.map((v: unknown) => String(v)).join(', ')}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  if (type === 'array') return html`array of ${schemaText(schema.items)}`;
  const bounds = schema.minimum !== undefined || schema.maximum !== undefined ? ` ${schema.minimum ?? ''}..${schema.maximum ?? ''}` : '';
  const length = schema.maxLength !== undefined ? ` (≤ ${schema.maxLength} chars)` : '';
  return html`${type}${bounds}${length}`;
}
