import { html, type Html } from '../../html.ts';
import { inlineMarkdown, markdown } from './markdown.ts';
import { schemaAnchor, type Json } from './operations.ts';
import { constraintsText, schemaText } from './schema-text.ts';

/** A schema's fields as a table: nested objects flattened into dotted names (links.self), array items as items[].field. */

const MAX_NESTING = 3;

/** The schema under "X or null", which is how zod writes nullable fields. */
function nonNull(schema: Json): Json {
  const alternatives: Json[] | undefined = schema.anyOf ?? schema.oneOf;
  const others = alternatives?.filter((s) => s.type !== 'null');
  return others?.length === 1 ? others[0]! : schema;
}

/** The inline object whose fields a field has inside it (its own, or its array items'), and the prefix they are named with. */
function nested(name: string, schema: Json): [string, Json] | undefined {
  const inner = nonNull(schema);
  if (inner.properties) return [`${name}.`, inner];
  const items = inner.type === 'array' && inner.items ? nonNull(inner.items) : undefined;
  return items?.properties ? [`${name}[].`, items] : undefined;
}

/** A field's description with its constraints after it, in a table cell. */
export function descriptionCell(description: string | undefined, schema: Json | undefined): Html {
  const constraints = constraintsText(schema);
  return html`<td>${description ? inlineMarkdown(description) : ''}${constraints ? html`${description ? ' ' : ''}<span class="muted">${constraints}</span>` : ''}</td>`;
}

function rows(schema: Json, prefix: string, depth: number): Html[] {
  const required = new Set<string>(schema.required ?? []);
  return Object.entries((schema.properties ?? {}) as Json).flatMap(([field, value]) => {
    const name = `${prefix}${field}`;
    const inner = depth < MAX_NESTING ? nested(name, value as Json) : undefined;
    return [
      html`<tr><th scope="row"><code>${name}</code>${required.has(field) ? html` <span class="api-required">required</span>` : ''}</th><td>${schemaText(value as Json)}</td>${descriptionCell((value as Json).description, value as Json)}</tr>`,
      ...(inner ? rows(inner[1], inner[0], depth + 1) : []),
    ];
  });
}

/** The table of a schema's fields; one longer than `collapsedOver` rows starts collapsed; the caption may be for screen readers only, under a heading that says the same. */
export function fieldsTable(schema: Json, caption: string, { collapsedOver = Infinity, captionShown = true } = {}): Html {
  const body = rows(nonNull(schema), '', 0);
  if (body.length === 0) return html`<p>${caption}: ${schemaText(schema)}${constraintsText(schema) ? html` <span class="muted">${constraintsText(schema)}</span>` : ''}</p>`;
  const table = html`<div class="table-scroll"><table class="api-fields"><caption${captionShown ? '' : html` class="visually-hidden"`}>${caption}</caption><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${body}</tbody></table></div>`;
  return body.length > collapsedOver ? html`<details class="api-example"><summary>${caption}: ${body.length} fields</summary>${table}</details>` : table;
}

/**
 * A component schema, once per page: what its name links to. Collapsed, so a page of many
 * schemas stays short; following a link to it opens it (browsers reveal a closed details
 * element a fragment points into).
 */
export function schemaSection(name: string, schema: Json): Html {
  const count = Object.keys(schema.properties ?? {}).length;
  return html`<details class="api-schema">
<summary><h3>${name}</h3>${count ? html` <span class="muted small">${count} ${count === 1 ? 'field' : 'fields'}</span>` : ''}</summary>
<div class="api-schema-body" id="${schemaAnchor(name)}">
${markdown(schema.description)}
${fieldsTable(schema, `Fields of ${name}`, { captionShown: false })}
</div>
</details>`;
}
