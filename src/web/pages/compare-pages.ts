import type { FastifyRequest } from 'fastify';
import type { CoreContext } from '../../core/context.ts';
import { getListingFaq } from '../../core/listings/get-listing-faq.ts';
import { compareListings, COMPARE_MAX, type CompareItem, type CompareResult } from '../../core/search/compare-listings.ts';
import { lookupListings } from '../../core/search/lookup-listings.ts';
import { breadcrumbs, cliText, criterionStatus, pricingChip, qualityText, qualityValueText } from '../components.ts';
import { html, type Html } from '../html.ts';
import { sendPage } from '../page.ts';
import { RANKING_PAGE_ROUTE, paramValue, queryValue, type WebRoute } from '../web-route.ts';

/**
 * /compare (a picker) and /compare/{a}-vs-{b} (side by side, over compareListings): every
 * criterion, both scores with their parts, shared capabilities and the verdict with what it
 * rests on. A missing score reads "not scored", never 0.
 */

/** Splits "a-vs-b[-vs-c…]" into listing slugs, choosing the split whose every part is a listing (slugs may contain "-vs-"). */
export function slugsOfPair(ctx: CoreContext, pair: string): string[] {
  const parts = pair.split('-vs-');
  if (parts.length >= 2 && parts.length <= COMPARE_MAX && parts.every((p) => ctx.catalogue.get(p))) return parts;
  for (let i = 1; i < parts.length; i += 1) {
    const a = parts.slice(0, i).join('-vs-');
    const b = parts.slice(i).join('-vs-');
    if (ctx.catalogue.get(a) && ctx.catalogue.get(b)) return [a, b];
  }
  // Let compareListings name what is unknown (with close matches).
  return parts.length >= 2 ? [parts[0]!, parts.slice(1).join('-vs-')] : parts;
}

function rows(items: CompareItem[]): Html {
  const row = (label: string, cell: (item: CompareItem) => Html | string) =>
    html`<tr><th scope="row">${label}</th>${items.map((item) => html`<td>${cell(item)}</td>`)}</tr>`;
  const criteria = items[0]!.cliRelevance.criteria.map((criterion, index) =>
    row(`${criterion.label} (${criterion.maxPoints} pt${criterion.maxPoints === 1 ? '' : 's'})`, (item) => {
      const c = item.cliRelevance.criteria[index]!;
      return html`${criterionStatus(c.status)} <span class="small muted">${c.status === 'not_assessed' ? '—' : c.points}/${c.maxPoints}</span>`;
    }),
  );
  const inputs = items[0]!.quality.breakdown.map((input, index) =>
    row(input.label, (item) => {
      const b = item.quality.breakdown[index]!;
      return html`${qualityValueText(b.input, b.value)} <span class="small muted">${b.used ? `${b.points}/${b.maxPoints}` : `—/${b.maxPoints}`}</span>`;
    }),
  );
  return html`<tbody>
${row('Description', (item) => item.description)}
${row('Pricing tier', (item) => pricingChip(item.pricingTier))}
${row('Category', (item) => html`<a href="/categories/${item.categorySlug}">${item.category}</a>${item.subcategory ? html` · ${item.subcategory}` : ''}`)}
<tr><th scope="row"><strong>CLI relevance</strong></th>${items.map((item) => html`<td data-cli><strong>${cliText(item.cliRelevance)}</strong>${item.cliRelevance.raw !== null ? html` <span class="small muted">(${item.cliRelevance.raw}/11 raw${item.cliRelevance.wording ? `, ${item.cliRelevance.wording}` : ''})</span>` : ''}</td>`)}</tr>
${criteria}
<tr><th scope="row"><strong>Quality</strong></th>${items.map((item) => html`<td data-quality><strong>${qualityText(item.quality)}</strong></td>`)}</tr>
${inputs}
${row('Install', (item) => (item.install ? html`<code>${item.install}</code>` : html`<span class="not-shown">not shown</span>`))}
${row('Shared capabilities', (item) => (item.comparison.capabilities.shared.length ? html`<ul>${item.comparison.capabilities.shared.map((s) => html`<li>${s.capability}</li>`)}</ul>` : html`<span class="muted">none</span>`))}
${row('Only this one', (item) => (item.comparison.capabilities.only.length ? html`<ul>${item.comparison.capabilities.only.map((s) => html`<li>${s}</li>`)}</ul>` : html`<span class="muted">none</span>`))}
</tbody>`;
}

function renderComparison(result: CompareResult): Html {
  const { items, verdict } = result;
  const names = items.map((item) => item.name).join(' vs ');
  return html`<div class="wrap">
${breadcrumbs([{ href: '/', label: 'Home' }, { href: '/compare', label: 'Compare' }, { label: names }])}
<h1>${names}</h1>
<section class="card verdict section" aria-labelledby="verdict">
<h2 id="verdict">Verdict</h2>
<p data-verdict="${verdict.status}">${verdict.summary}</p>
<h3>What it rests on</h3>
<ul>${verdict.restsOn.map((line) => html`<li>${line}</li>`)}</ul>
<h3>Not weighed</h3>
<ul>${verdict.notWeighed.map((line) => html`<li>${line}</li>`)}</ul>
</section>
<section class="card section" aria-labelledby="side-by-side">
<h2 id="side-by-side">Side by side</h2>
<div class="table-scroll"><table class="compare-table cols-${items.length}">
<caption class="visually-hidden">${names}: every criterion and input</caption>
<thead><tr><td></td>${items.map((item) => html`<th scope="col"><a href="/apis/${item.slug}">${item.name}</a></th>`)}</tr></thead>
${rows(items)}
</table></div>
</section>
<section class="card section" aria-labelledby="differences">
<h2 id="differences">How each differs</h2>
${items.map((item) => html`<h3>${item.name}</h3><ul>${item.comparison.versus.map((v) => html`<li>Against ${items.find((o) => o.slug === v.slug)?.name ?? v.slug}: ${[...v.better.map((b) => `better: ${b}`), ...v.worse.map((w) => `worse: ${w}`), ...v.unknown.map((u) => `not comparable: ${u}`)].join('; ') || 'no difference shows in the data'}</li>`)}</ul>`)}
</section>
${picker(items[0]!.slug, items[1]?.slug ?? '', new Map())}
</div>`;
}

function picker(a: string, b: string, errors: Map<string, string>, suggestions: Html = html``): Html {
  const input = (id: 'a' | 'b', label: string, value: string) => {
    const error = errors.get(id);
    return html`<div class="field"><label for="pick-${id}">${label}</label>
<input id="pick-${id}" type="text" name="${id}" value="${value}" placeholder="Name or slug" autocomplete="off" required${error ? html` aria-invalid="true" aria-describedby="pick-${id}-error"` : ''}>
${error ? html`<p class="field-error" id="pick-${id}-error">${error}</p>` : ''}</div>`;
  };
  return html`<section class="card section" aria-labelledby="pick">
<h2 id="pick">Compare two APIs</h2>
<form class="picker" action="/compare" method="get">
${input('a', 'First API', a)}<span class="vs" aria-hidden="true">vs</span>${input('b', 'Second API', b)}
<button type="submit">Compare</button>
</form>
${suggestions}
</section>`;
}

/** The listing a picker entry names: the exact slug, else the best text match. */
async function resolve(ctx: CoreContext, text: string): Promise<string | null> {
  if (ctx.catalogue.get(text)) return text;
  const found = await lookupListings({ ctx, input: { q: text, limit: 1 } });
  return found.items[0]?.slug ?? null;
}

async function suggestedPairs(ctx: CoreContext): Promise<Html> {
  const top = await lookupListings({ ctx, input: { sort: 'cli-relevance', limit: 3 } });
  const pairs = (
    await Promise.all(
      top.items.map(async (item) => {
        const alternative = (await getListingFaq({ ctx, input: { slug: item.slug } })).alternatives[0];
        return alternative ? { a: item, b: alternative } : null;
      }),
    )
  ).filter((pair) => pair !== null);
  if (!pairs.length) return html``;
  return html`<h3>Try</h3><ul>${pairs.map((p) => html`<li><a href="/compare/${p.a.slug}-vs-${p.b.slug}">${p.a.name} vs ${p.b.name}</a></li>`)}</ul>`;
}

async function sendPicker(ctx: CoreContext, request: FastifyRequest, reply: Parameters<typeof sendPage>[1], a: string, b: string, errors: Map<string, string>) {
  return sendPage(request, reply, {
    status: errors.size ? 400 : 200,
    section: 'compare',
    title: 'Compare APIs',
    description: 'Put two programmable APIs side by side: every CLI criterion, both scores with their parts, and a verdict that never counts a missing score as 0.',
    path: '/compare',
    noindex: errors.size > 0,
    main: html`<div class="wrap">${breadcrumbs([{ href: '/', label: 'Home' }, { label: 'Compare' }])}<h1>Compare APIs</h1>
${errors.size ? html`<div class="error-summary" role="alert"><h2>Check the names</h2><ul>${[...errors].map(([id, message]) => html`<li><a href="#pick-${id}">${message}</a></li>`)}</ul></div>` : ''}
${picker(a, b, errors, await suggestedPairs(ctx))}</div>`,
  });
}

export const comparePagesRoute: WebRoute = async (app, { ctx }) => {
  app.get('/compare', RANKING_PAGE_ROUTE, async (request, reply) => {
    const a = (queryValue(request, 'a') ?? '').trim().slice(0, 200);
    const b = (queryValue(request, 'b') ?? '').trim().slice(0, 200);
    if (!a || !b) return sendPicker(ctx, request, reply, a, b, new Map());
    const [slugA, slugB] = await Promise.all([resolve(ctx, a), resolve(ctx, b)]);
    const errors = new Map<string, string>();
    if (!slugA) errors.set('a', `No API matches “${a}”; try its name or slug.`);
    if (!slugB) errors.set('b', `No API matches “${b}”; try its name or slug.`);
    if (slugA && slugA === slugB) errors.set('b', `“${b}” is the same API as the first; pick another one.`);
    if (errors.size) return sendPicker(ctx, request, reply, a, b, errors);
    return reply.redirect(`/compare/${slugA}-vs-${slugB}`, 303);
  });

  app.get('/compare/:pair', RANKING_PAGE_ROUTE, async (request, reply) => {
    const slugs = slugsOfPair(ctx, paramValue(request, 'pair'));
    const result = await compareListings({ ctx, input: { slugs } });
    const names = result.items.map((item) => item.name).join(' vs ');
    return sendPage(request, reply, {
      section: 'compare',
      title: names,
      description: `${names}: CLI relevance, quality and capabilities side by side. ${result.verdict.summary}`.slice(0, 300),
      path: `/compare/${result.items.map((item) => item.slug).join('-vs-')}`,
      main: renderComparison(result),
    });
  });
};
