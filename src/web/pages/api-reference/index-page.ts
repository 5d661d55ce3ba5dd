import { breadcrumbs } from '../../components.ts';
import { html, type Html } from '../../html.ts';
import { markdown, inlineMarkdown } from './markdown.ts';
import { schemaAnchor, schemasUsedBy, tagHref, type Json, type Tag } from './operations.ts';

/** /docs/api: the API in one screen or two, every operation on one line, each linking to its section on its tag's page. */

export function renderIndexPage(document: Json, tags: Tag[]): Html {
  const problemPage = tags.find((tag) => schemasUsedBy(tag.operations, document).includes('Problem'));
  return html`<div class="wrap">
${breadcrumbs([{ href: '/', label: 'Home' }, { label: 'API reference' }])}
<h1>${document.info?.title ?? 'API'} API reference <span class="muted small">version ${document.info?.version ?? ''}</span></h1>
${markdown(document.info?.description)}
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${document.openapi ?? '3.1'}) · <a href="/.well-known/api-catalog">/.well-known/api-catalog</a> · <a href="/llms.txt">/llms.txt</a></p>
${
  problemPage
    ? html`<p>Every error is answered as <code>application/problem+json</code>: a <a href="${tagHref(problemPage)}#${schemaAnchor('Problem')}">Problem</a> whose <code>type</code> links to its kind, e.g. <a href="/problems/not-found">/problems/not-found</a>.</p>`
    : ''
}
${tags.map(
  (tag) => html`<section class="section api-tag" aria-labelledby="tag-${tag.slug}">
<h2 id="tag-${tag.slug}"><a href="${tagHref(tag)}">${tag.title}</a></h2>
${tag.description ? html`<p class="muted">${inlineMarkdown(tag.description)}</p>` : ''}
<ul class="api-index">${tag.operations.map(
    ({ method, path, op, anchor }) =>
      html`<li><a href="${tagHref(tag)}#${anchor}"><code>${method.toUpperCase()} ${path}</code></a>${op.summary ? html` <span class="muted">${inlineMarkdown(op.summary)}</span>` : ''}</li>`,
  )}</ul>
</section>`,
)}
</div>`;
}
