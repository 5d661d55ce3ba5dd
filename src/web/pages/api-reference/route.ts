import { breadcrumbs } from '../../components.ts';
import { html, type Html } from '../../html.ts';
import { sendPage } from '../../page.ts';
import { PAGE_ROUTE, type WebRoute } from '../../web-route.ts';
import { schemaText, type Json } from './schema-text.ts';

/**
 * /docs/api: the API reference, rendered from the very document /openapi.json serves (the
 * app's generated OpenAPI 3.1), so the page cannot drift from the API.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const paragraphs = (text: string | undefined) => (text ? text.split(/\n\n+/).map((p) => html`<p>${p}</p>`) : '');

const anchorOf = (method: string, path: string) => `op-${method}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;

function operation(path: string, method: string, op: Json): Html {
  const parameters: Json[] = op.parameters ?? [];
  const body = op.requestBody?.content ? Object.entries(op.requestBody.content as Json) : [];
  return html`<section class="card op" aria-labelledby="${anchorOf(method, path)}">
<h3 id="${anchorOf(method, path)}"><span class="method ${method}">${method.toUpperCase()}</span> <span>${path}</span></h3>
${op.summary ? html`<p><strong>${op.summary}</strong></p>` : ''}
${paragraphs(op.description)}
${
  parameters.length
    ? html`<div class="table-scroll"><table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>
${parameters.map((p) => html`<tr><th scope="row"><code>${p.name}</code>${p.required ? html` <span class="small muted">required</span>` : ''}</th><td>${p.in}</td><td>${schemaText(p.schema)}</td><td>${p.description ?? p.schema?.description ?? ''}</td></tr>`)}
</tbody></table></div>`
    : ''
}
${body.map(([type, content]) => html`<p><strong>Request body</strong> (<code>${type}</code>): ${schemaText((content as Json).schema)}</p>`)}
<div class="table-scroll"><table><caption>Responses</caption><thead><tr><th scope="col">Status</th><th scope="col">Description</th><th scope="col">Body</th></tr></thead><tbody>
${Object.entries((op.responses ?? {}) as Json).map(
  ([status, response]) =>
    html`<tr><th scope="row">${status}</th><td>${(response as Json).description ?? ''}</td><td>${Object.entries(((response as Json).content ?? {}) as Json).map(([type, content]) => html`<code>${type}</code> ${schemaText((content as Json).schema)} `)}</td></tr>`,
)}
</tbody></table></div>
</section>`;
}

function schemaSection(name: string, schema: Json): Html {
  const properties = Object.entries((schema.properties ?? {}) as Json);
  const required = new Set<string>(schema.required ?? []);
  return html`<section class="card op" aria-labelledby="schema-${name}">
<h3 id="schema-${name}">${name}</h3>
${paragraphs(schema.description)}
${
  properties.length
    ? html`<div class="table-scroll"><table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>
${properties.map(([field, s]) => html`<tr><th scope="row"><code>${field}</code>${required.has(field) ? html` <span class="small muted">required</span>` : ''}</th><td>${schemaText(s as Json)}</td><td>${(s as Json).description ?? ''}</td></tr>`)}
</tbody></table></div>`
    : html`<p>${schemaText(schema)}</p>`
}
</section>`;
}

export function renderApiReference(document: Json): Html {
  const operations = Object.entries((document.paths ?? {}) as Json).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Json)[m]).map((method) => ({ path, method, op: (item as Json)[method] as Json })),
  );
  const schemas = Object.entries((document.components?.schemas ?? {}) as Json);
  return html`<div class="wrap">
${breadcrumbs([{ href: '/', label: 'Home' }, { label: 'API reference' }])}
<h1>${document.info?.title ?? 'API'} API reference <span class="muted small">version ${document.info?.version ?? ''}</span></h1>
${paragraphs(document.info?.description)}
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${document.openapi ?? '3.1'}) · <a href="/.well-known/api-catalog">/.well-known/api-catalog</a> · <a href="/llms.txt">/llms.txt</a></p>
<nav class="card section" aria-labelledby="toc"><h2 id="toc">Operations</h2><ul class="toc">${operations.map(({ path, method, op }) => html`<li><a href="#${anchorOf(method, path)}"><code>${method.toUpperCase()} ${path}</code></a>${op.summary ? html` <span class="muted small">${op.summary}</span>` : ''}</li>`)}</ul></nav>
<section class="section" aria-labelledby="operations"><h2 id="operations">Operations</h2>${operations.map(({ path, method, op }) => operation(path, method, op))}</section>
${schemas.length ? html`<section class="section" aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${schemas.map(([name, schema]) => schemaSection(name, schema as Json))}</section>` : ''}
</div>`;
}

export const apiReferencePageRoute: WebRoute = async (app) => {
  app.get('/docs/api', PAGE_ROUTE, async (request, reply) => {
    const document = (app as unknown as { swagger(): Json }).swagger();
    return sendPage(request, reply, {
      section: 'docs',
      title: 'API reference',
      description: 'Every operation of the apidex JSON API, its parameters and responses, rendered from /openapi.json.',
      path: '/docs/api',
      main: renderApiReference(document),
    });
  });
};
