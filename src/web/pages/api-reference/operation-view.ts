import { html, type Html } from '../../html.ts';
import { exampleOf, problemExample } from './example.ts';
import { inlineMarkdown, markdown } from './markdown.ts';
import type { Json, Operation } from './operations.ts';
import { descriptionCell, fieldsTable } from './schema-view.ts';
import { schemaText } from './schema-text.ts';

/** One operation: what it does, its parameters, its request body and every response, with examples. */

const PROBLEM = 'application/problem+json';

/** A JSON body worth an example: not one that is a string of some other format (a JSON Feed is written as text). */
const hasExample = (mediaType: string, schema: Json | undefined) => /[/+]json$/.test(mediaType) && schema?.type !== 'string';

const plainText = (markdownText: string) => markdownText.replace(/`/g, '');

/** Collapsed, so a long body does not stretch the page; each example is labelled when there are several. */
const exampleBlock = (label: string, examples: [caption: string | undefined, value: unknown][]) =>
  html`<details class="api-example"><summary>${label}</summary>${examples.map(
    ([caption, value]) => html`${caption ? html`<p class="small">${caption}</p>` : ''}<pre><code>${JSON.stringify(value, null, 2)}</code></pre>`,
  )}</details>`;

function parametersTable(parameters: Json[]): Html {
  if (parameters.length === 0) return html``;
  return html`<div class="table-scroll"><table class="api-fields"><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>
${parameters.map(
  (p) =>
    html`<tr><th scope="row"><code>${p.name}</code>${p.required ? html` <span class="api-required">required</span>` : ''}</th><td>${p.in}</td><td>${schemaText(p.schema)}</td>${descriptionCell(p.description ?? p.schema?.description, p.schema)}</tr>`,
)}
</tbody></table></div>`;
}

/** An inline schema gets its fields here; a named one is a link to its section, so it is written once per page. */
const bodySchema = (schema: Json | undefined, caption: string): Html =>
  schema && !schema.$ref && (schema.properties || schema.anyOf) ? fieldsTable(schema, caption, { collapsedOver: 20 }) : html``;

function requestBody({ op, method, path }: Operation, document: Json): Html {
  const content = Object.entries((op.requestBody?.content ?? {}) as Json);
  return html`${content.map(
    ([mediaType, { schema }]) => html`<p><strong>Request body</strong> <code>${mediaType}</code>${op.requestBody.required ? ', required' : ''}${schema?.$ref ? html`: ${schemaText(schema)}` : ''}</p>
${bodySchema(schema, `Request body of ${method.toUpperCase()} ${path}`)}
${hasExample(mediaType, schema) ? exampleBlock('Example request body', [[undefined, exampleOf(schema, document)]]) : ''}`,
  )}`;
}

function responses({ op, method, path }: Operation, document: Json): Html {
  const entries = Object.entries((op.responses ?? {}) as Json) as [string, Json][];
  const parameter = (op.parameters as Json[] | undefined)?.[0];
  const bodyField = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {})[0];
  const instance = path.replace(/\{[^}]+\}/g, 'example');
  const successes = entries.filter(([status]) => status.startsWith('2'));
  const problems = entries.filter(([, response]) => response.content?.[PROBLEM]);
  return html`<div class="table-scroll"><table class="api-responses"><caption>Responses</caption><thead><tr><th scope="col">Status</th><th scope="col">Description</th><th scope="col">Body</th></tr></thead><tbody>
${entries.map(
  ([status, response]) =>
    html`<tr><th scope="row">${status}</th><td>${inlineMarkdown(response.description ?? '')}</td><td>${Object.entries((response.content ?? {}) as Json).map(([mediaType, { schema }]) => html`<code>${mediaType}</code> ${schemaText(schema)} `)}</td></tr>`,
)}
</tbody></table></div>
${successes.map(([status, response]) =>
  Object.entries((response.content ?? {}) as Json).map(
    ([mediaType, { schema }]) => html`${bodySchema(schema, `${status} response of ${method.toUpperCase()} ${path}`)}
${hasExample(mediaType, schema) ? exampleBlock(`Example ${status} response`, [[undefined, exampleOf(schema, document)]]) : ''}`,
  ),
)}
${
  problems.length
    ? exampleBlock(
        `Example error responses (${problems.map(([status]) => status).join(', ')})`,
        problems.map(([status, response]) => [
          status,
          problemExample(Number(status), {
            detail: plainText(response.description ?? ''),
            instance,
            field: status === '422' && bodyField ? { name: bodyField, in: 'body' } : parameter ? { name: parameter.name, in: parameter.in } : undefined,
            bySlug: path.includes('{slug}'),
          }),
        ]),
      )
    : ''
}`;
}

export function operationSection(operation: Operation, document: Json): Html {
  const { method, path, op, anchor } = operation;
  return html`<section class="card api-op" aria-labelledby="${anchor}">
<h2 id="${anchor}"><span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code></h2>
${op.summary ? html`<p class="api-summary">${inlineMarkdown(op.summary)}</p>` : ''}
${markdown(op.description)}
${parametersTable((op.parameters as Json[] | undefined) ?? [])}
${requestBody(operation, document)}
${responses(operation, document)}
</section>`;
}
