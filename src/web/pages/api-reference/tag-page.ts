import { breadcrumbs } from '../../components.ts';
import { html, type Html } from '../../html.ts';
import { inlineMarkdown, markdown } from './markdown.ts';
import { operationSection } from './operation-view.ts';
import { componentSchema, schemaAnchor, schemasUsedBy, tagHref, type Json, type Tag } from './operations.ts';
import { schemaSection } from './schema-view.ts';

/** /docs/api/{tag}: the operations of one tag in full, then each schema they use, once. */

export function renderTagPage(document: Json, tag: Tag, tags: Tag[]): Html {
  const schemas = schemasUsedBy(tag.operations, document);
  return html`<div class="wrap">
${breadcrumbs([{ href: '/', label: 'Home' }, { href: '/docs/api', label: 'API reference' }, { label: tag.title }])}
<h1>${tag.title} <span class="muted small">${document.info?.title ?? 'API'} API reference</span></h1>
${markdown(tag.description)}
<nav aria-label="Sections of the API reference"><ul class="chips">${tags.map(
    (other) => html`<li><a class="chip${other === tag ? ' price' : ''}" href="${tagHref(other)}"${other === tag ? html` aria-current="page"` : ''}>${other.title}</a></li>`,
  )}</ul></nav>
<nav class="card section" aria-label="Operations on this page"><ul class="api-index">${tag.operations.map(
    ({ method, path, op, anchor }) => html`<li><a href="#${anchor}"><code>${method.toUpperCase()} ${path}</code></a>${op.summary ? html` <span class="muted">${inlineMarkdown(op.summary)}</span>` : ''}</li>`,
  )}${schemas.length ? html`<li><a href="#schemas">Schemas</a> <span class="muted">${schemas.length} used by these operations</span></li>` : ''}</ul></nav>
${tag.operations.map((operation) => operationSection(operation, document))}
${
  schemas.length
    ? html`<section class="section" aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>
<p class="small muted">Each schema these operations use, once: ${schemas.map((name, i) => html`${i ? ', ' : ''}<a href="#${schemaAnchor(name)}">${name}</a>`)}.</p>
${schemas.map((name) => schemaSection(name, componentSchema(document, name)!))}</section>`
    : ''
}
</div>`;
}
