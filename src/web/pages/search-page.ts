import { AppError, type FieldProblem } from '../../core/errors.ts';
import { listCategories, type Category } from '../../core/listings/list-categories.ts';
import { PRICING_TIERS } from '../../core/listings/listing.ts';
import { discoverListings, type DiscoverFullResult } from '../../core/search/discover-listings.ts';
import { LOOKUP_SORTS, lookupListings, type LookupListingsInput, type LookupListingsResult } from '../../core/search/lookup-listings.ts';
import { slugify } from '../../core/search/text.ts';
import { listingCards } from '../components.ts';
import { html, type Html } from '../html.ts';
import { sendPage } from '../page.ts';
import { PAGE_ROUTE, queryValue, type WebRoute } from '../web-route.ts';
import { searchForm } from './home-page.ts';

/**
 * /search: text lookups (mode=text, GET /api/apis) and described needs (mode=need,
 * GET /api/discover) with their filters. Bad filter values come back as the core words them,
 * beside the filter at fault.
 */

const PAGE_SIZE = 20;
const FILTERS = ['category', 'pricing', 'minCliScore', 'sort', 'envVarAuth', 'headless'] as const;
type Filter = (typeof FILTERS)[number];

interface SearchState {
  q: string;
  mode: 'text' | 'need';
  values: Partial<Record<Filter, string>>;
  cursor?: string;
}

const SORT_LABELS: Record<string, string> = { relevance: 'Best match', name: 'Name', 'cli-relevance': 'CLI relevance', quality: 'Quality' };

function select(id: string, label: string, name: Filter, options: { value: string; label: string }[], state: SearchState, errors: Map<string, string>): Html {
  const current = state.values[name] ?? '';
  const error = errors.get(name);
  return html`<div class="field">
<label for="${id}">${label}</label>
<select id="${id}" name="${name}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${options.map((o) => html`<option value="${o.value}"${o.value === current ? html` selected` : ''}>${o.label}</option>`)}
</select>
${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}
</div>`;
}

function checkbox(id: string, label: string, name: Filter, state: SearchState, errors: Map<string, string>): Html {
  const error = errors.get(name);
  return html`<div class="field choices"><label for="${id}"><input type="checkbox" id="${id}" name="${name}" value="true"${state.values[name] === 'true' ? html` checked` : ''}> ${label}</label>
${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}</div>`;
}

function filtersForm(state: SearchState, categories: Category[], errors: Map<string, string>): Html {
  const categoryOptions = [{ value: '', label: 'All categories' }, ...categories.map((c) => ({ value: c.slug, label: `${c.name} (${c.count})` }))];
  // A category written by name in the address still shows as chosen.
  if (state.values.category && !categories.some((c) => c.slug === state.values.category)) {
    const bySlug = categories.find((c) => c.slug === slugify(state.values.category!));
    if (bySlug) state = { ...state, values: { ...state.values, category: bySlug.slug } };
  }
  return html`<aside class="filters card" aria-labelledby="filters-title">
<h2 id="filters-title">Filters</h2>
<form action="/search" method="get">
<input type="hidden" name="q" value="${state.q}">
<input type="hidden" name="mode" value="${state.mode}">
${select('f-category', 'Category', 'category', categoryOptions, state, errors)}
${select('f-pricing', 'Pricing tier', 'pricing', [{ value: '', label: 'Any pricing' }, ...PRICING_TIERS.map((t) => ({ value: slugify(t), label: t }))], state, errors)}
${select('f-min', 'Minimum CLI relevance', 'minCliScore', [{ value: '', label: 'Any score' }, ...Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: `${i + 1} or more` }))], state, errors)}
${state.mode === 'text' ? select('f-sort', 'Sort by', 'sort', [{ value: '', label: state.q ? 'Best match' : 'Name' }, ...LOOKUP_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s]! }))], state, errors) : ''}
${state.mode === 'need' ? html`${checkbox('f-env', 'Env var authentication', 'envVarAuth', state, errors)}${checkbox('f-headless', 'Works headless / in CI', 'headless', state, errors)}` : ''}
<button type="submit">Apply filters</button>
</form>
</aside>`;
}

function needResults(result: DiscoverFullResult, q: string): Html {
  if (result.items.length === 0) {
    const none = result.noGoodMatch;
    return html`<div class="card" role="status" data-no-match>
<h2>No good match</h2>
<p>${none?.reason ?? `Nothing serves “${q}”.`}</p>
${none?.suggestedCategories.length ? html`<p>Browse instead:</p><ul class="chips">${none.suggestedCategories.map((c) => html`<li><a class="chip" href="/categories/${c.slug}">${c.name} (${c.count})</a></li>`)}</ul>` : ''}
</div>`;
  }
  const byslug = new Map(result.items.map((item) => [item.slug, item]));
  return html`<p class="results-meta" role="status">${result.items.length} ${result.items.length === 1 ? 'listing serves' : 'listings serve'} “${q}”, best first.</p>
${listingCards(result.items, (item) => {
  const match = byslug.get(item.slug)!;
  return html`<p class="match">Serves ${Math.round(match.relevance * 100)}% of the need · ${match.confidence} confidence${match.matchedOn.capabilities.length ? html` · matched: ${match.matchedOn.capabilities.join(', ')}` : ''}</p>`;
})}`;
}

function textResults(result: LookupListingsResult, state: SearchState): Html {
  if (result.items.length === 0) {
    return html`<div class="card" role="status" data-no-match><h2>Nothing found</h2><p>No listing matches “${state.q}”${Object.values(state.values).some(Boolean) ? ' with these filters' : ''}. Try other words, or <a href="/search?mode=need&amp;q=${encodeURIComponent(state.q)}">describe what you need</a> instead.</p></div>`;
  }
  let next: string | null = null;
  if (result.nextCursor) {
    const params = new URLSearchParams({ q: state.q, mode: 'text' });
    for (const [name, value] of Object.entries(state.values)) if (value) params.set(name, value);
    params.set('cursor', result.nextCursor);
    next = `/search?${params}`;
  }
  return html`<p class="results-meta" role="status">${result.total.toLocaleString('en')} ${result.total === 1 ? 'listing' : 'listings'}${state.q ? html` match “${state.q}”` : ''}${state.cursor ? ' (continued)' : ''}.</p>
${listingCards(result.items)}
${next ? html`<nav class="pager" aria-label="Result pages"><a class="button secondary" href="${next}" rel="next">Next ${PAGE_SIZE}</a></nav>` : ''}`;
}

function readState(request: Parameters<typeof queryValue>[0]): SearchState {
  const values: SearchState['values'] = {};
  for (const name of FILTERS) {
    const value = queryValue(request, name)?.trim();
    if (value) values[name] = value;
  }
  const mode = queryValue(request, 'mode') === 'need' ? 'need' : 'text';
  if (mode === 'need') delete values.sort;
  else {
    delete values.envVarAuth;
    delete values.headless;
  }
  const cursor = queryValue(request, 'cursor');
  return { q: (queryValue(request, 'q') ?? '').trim(), mode, values, ...(cursor && mode === 'text' ? { cursor } : {}) };
}

export const searchPageRoute: WebRoute = async (app, { ctx }) => {
  app.get('/search', PAGE_ROUTE, async (request, reply) => {
    const state = readState(request);
    const categories = await listCategories({ ctx });
    const errors = new Map<string, string>();
    let results: Html = html``;
    let status = 200;
    try {
      if (state.mode === 'need') {
        if (state.q) results = needResults(await discoverListings({ ctx, input: { q: state.q, limit: PAGE_SIZE, ...state.values } }), state.q);
        else results = html`<p class="results-meta">Describe the task in your own words, e.g. “send real-time notifications to browser clients”.</p>`;
      } else {
        const input = { ...(state.q ? { q: state.q } : {}), limit: PAGE_SIZE, ...state.values, ...(state.cursor ? { cursor: state.cursor } : {}) };
        results = textResults(await lookupListings({ ctx, input: input as LookupListingsInput }), state); // the verb checks every value
      }
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'invalid_input') throw error;
      status = 400;
      for (const field of error.fields as FieldProblem[]) errors.set(field.field, field.message);
      const unplaced = error.fields.filter((f) => !(FILTERS as readonly string[]).includes(f.field));
      results = html`<div class="error-summary" role="alert"><h2>Fix the search</h2><ul>${error.fields.map((f) => html`<li>${f.message}</li>`)}</ul>${unplaced.some((f) => f.field === 'cursor') ? html`<p><a href="/search?q=${encodeURIComponent(state.q)}">Start the search again</a></p>` : ''}</div>`;
    }
    const heading = state.q ? (state.mode === 'need' ? `APIs for “${state.q}”` : `Results for “${state.q}”`) : state.mode === 'need' ? 'Describe what you need' : 'All APIs';
    return sendPage(request, reply, {
      status,
      section: 'search',
      title: heading,
      description: state.q ? `Programmable APIs for ${state.q}, with CLI relevance and quality scores.` : 'Search the directory of programmable APIs.',
      path: '/search',
      query: state.q,
      noindex: Boolean(state.q || state.cursor),
      main: html`<div class="wrap">
<h1>${heading}</h1>
<div class="card section">${searchForm({ q: state.q, mode: state.mode, idPrefix: 'search' })}</div>
<div class="with-filters section">
${filtersForm(state, categories, errors)}
<section aria-labelledby="results-title"><h2 id="results-title" class="visually-hidden">Results</h2>${results}</section>
</div>
</div>`,
    });
  });
};
