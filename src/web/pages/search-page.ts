import { AppError, type FieldProblem } from '../../core/errors.ts';
import { listCategories, type Category } from '../../core/listings/list-categories.ts';
import { discoverListings, type DiscoverFullResult, type DiscoverItem, type DiscoverListingsInput } from '../../core/search/discover-listings.ts';
import type { ListingSummary } from '../../core/listings/listing-detail.ts';
import { LOOKUP_SORTS, lookupListings, type LookupListingsInput, type LookupListingsResult } from '../../core/search/lookup-listings.ts';
import { slugify } from '../../core/ranking/text.ts';
import { listingCards, listingRows, numberedPager, pointsBar } from '../components.ts';
import { checkboxField, MIN_CLI_SCORE_OPTIONS, PRICING_OPTIONS, selectField, viewSwitch, type ListView, type Option } from '../filter-fields.ts';
import { html, type Html } from '../html.ts';
import { sendPage } from '../page.ts';
import { RANKING_PAGE_ROUTE, queryValue, type WebRoute } from '../web-route.ts';
import { searchForm } from './home-page.ts';

/**
 * /search: text lookups (mode=text, GET /api/apis) and described needs (mode=need,
 * GET /api/discover) with their filters. Bad filter values come back as the core words them,
 * beside the filter at fault.
 */

const PAGE_SIZE = 20;
/** A need is ranked once, as deep as discover goes (50), and its answer shown a page at a time. */
const NEED_DEPTH = 50;
// group (provider, or none for the flat list) is set by a link, not the form, and travels with the other choices.
const FILTERS = ['category', 'pricing', 'minCliScore', 'sort', 'envVarAuth', 'headless', 'group'] as const;
type Filter = (typeof FILTERS)[number];

interface SearchState {
  q: string;
  mode: 'text' | 'need';
  values: Partial<Record<Filter, string>>;
  cursor?: string;
  page: number;
  view: ListView;
}

function searchHref(state: SearchState, changes: { page?: number; view?: ListView; cursor?: string | null }): string {
  const params = new URLSearchParams({ q: state.q, mode: state.mode });
  for (const [name, value] of Object.entries(state.values)) if (value) params.set(name, value);
  const view = changes.view ?? state.view;
  if (view !== 'list') params.set('view', view);
  const cursor = changes.cursor === undefined ? state.cursor : changes.cursor;
  if (cursor) params.set('cursor', cursor);
  if (changes.page && changes.page > 1) params.set('page', String(changes.page));
  return `/search?${params}`;
}

const resultsList = (state: SearchState, items: ListingSummary[], extra?: (item: ListingSummary) => Html | undefined): Html =>
  state.view === 'cards' ? listingCards(items, extra) : listingRows(items, extra ? { extra } : {});

const SORT_LABELS: Record<string, string> = { relevance: 'Best match', name: 'Name', 'cli-relevance': 'CLI relevance', quality: 'Quality' };

function filtersForm(state: SearchState, categories: Category[], errors: Map<string, string>): Html {
  const categoryOptions = [{ value: '', label: 'All categories' }, ...categories.map((c) => ({ value: c.slug, label: `${c.name} (${c.count})` }))];
  // A category written by name in the address still shows as chosen.
  if (state.values.category && !categories.some((c) => c.slug === state.values.category)) {
    const bySlug = categories.find((c) => c.slug === slugify(state.values.category!));
    if (bySlug) state = { ...state, values: { ...state.values, category: bySlug.slug } };
  }
  const active = FILTERS.filter((name) => name !== 'sort' && name !== 'group' && state.values[name]).length;
  const select = (id: string, label: string, name: Filter, options: Option[]) => selectField({ id, label, name, options, current: state.values[name] ?? '', error: errors.get(name) });
  const checkbox = (id: string, label: string, name: Filter) => checkboxField({ id, label, name, checked: state.values[name] === 'true', error: errors.get(name) });
  return html`<details class="filters card" data-filters${active || errors.size ? html` open` : ''}>
<summary><h2 id="filters-title" class="summary-title">Filters</h2>${active ? html` <span class="chip price">${active} on</span>` : ''}</summary>
<form action="/search" method="get" aria-labelledby="filters-title">
<input type="hidden" name="q" value="${state.q}">
<input type="hidden" name="mode" value="${state.mode}">
${state.view !== 'list' ? html`<input type="hidden" name="view" value="${state.view}">` : ''}
${state.values.group ? html`<input type="hidden" name="group" value="${state.values.group}">` : ''}
${select('f-category', 'Category', 'category', categoryOptions)}
${select('f-pricing', 'Pricing tier', 'pricing', PRICING_OPTIONS)}
${select('f-min', 'Minimum CLI relevance', 'minCliScore', MIN_CLI_SCORE_OPTIONS)}
${state.mode === 'text' ? select('f-sort', 'Sort by', 'sort', [{ value: '', label: state.q ? 'Best match' : 'Name' }, ...LOOKUP_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s]! }))]) : ''}
${state.mode === 'need' ? html`${checkbox('f-env', 'Env var authentication', 'envVarAuth')}${checkbox('f-headless', 'Works headless / in CI', 'headless')}` : ''}
<button type="submit">Apply filters</button>
</form>
</details>`;
}

/** How much of the need a listing serves, as a number and a bar: 0.98 and 0.71 read differently at a glance. */
function matchLine(match: DiscoverItem): Html {
  const share = Math.round(match.relevance * 100);
  return html`<span class="match" data-relevance="${match.relevance}">${pointsBar(share, 100)}<span>Serves ${share}% of the need · ${match.confidence} confidence${match.matchedOn.capabilities.length ? html` · ${match.matchedOn.capabilities.join(', ')}` : ''}</span></span>`;
}

function needResults(result: DiscoverFullResult, state: SearchState): Html {
  if (result.items.length === 0) {
    const none = result.noGoodMatch;
    return html`<div class="card" role="status" data-no-match>
<h2>No good match</h2>
<p>${none?.reason ?? `Nothing serves “${state.q}”.`}</p>
${none?.suggestedCategories.length ? html`<p>Browse instead:</p><ul class="chips">${none.suggestedCategories.map((c) => html`<li><a class="chip" href="/categories/${c.slug}">${c.name} (${c.count})</a></li>`)}</ul>` : ''}
</div>`;
  }
  const total = result.items.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(state.page, pages);
  const shown = result.items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const bySlug = new Map(shown.map((item) => [item.slug, item]));
  const first = (page - 1) * PAGE_SIZE + 1;
  return html`<div class="toolbar"><p class="results-meta" role="status">${total === NEED_DEPTH ? `The ${total} listings` : `${total} ${total === 1 ? 'listing' : 'listings'}`} that serve “${state.q}” best${pages > 1 ? html`, ${first}–${first + shown.length - 1} shown` : ''}, best first.${result.readAs ? html` Read as “${result.readAs}”.` : ''}</p>${viewSwitch(state.view, (view) => searchHref(state, { view }))}</div>
${resultsList(state, shown, (item) => matchLine(bySlug.get(item.slug)!))}
${numberedPager(page, pages, (n) => searchHref(state, { page: n }), 'Result pages')}`;
}

function textResults(result: LookupListingsResult, state: SearchState): Html {
  if (result.items.length === 0) {
    return html`<div class="card" role="status" data-no-match><h2>Nothing found</h2><p>No listing matches “${state.q}”${Object.values(state.values).some(Boolean) ? ' with these filters' : ''}. Try other words, or <a href="/search?mode=need&amp;q=${encodeURIComponent(state.q)}">describe what you need</a> instead.</p></div>`;
  }
  // Cursor pages carry their number so the position reads "41–60 of 2,734".
  const first = (state.page - 1) * PAGE_SIZE + 1;
  const next = result.nextCursor ? searchHref(state, { cursor: result.nextCursor, page: state.page + 1 }) : null;
  return html`<div class="toolbar"><p class="results-meta" role="status">${result.total.toLocaleString('en')} ${result.total === 1 ? 'listing' : 'listings'}${state.q ? html` match “${state.q}”` : ''}${result.total > result.items.length ? html`, ${first.toLocaleString('en')}–${(first + result.items.length - 1).toLocaleString('en')} shown` : ''}.</p>${viewSwitch(state.view, (view) => searchHref(state, { view }))}</div>
${resultsList(state, result.items)}
<nav class="pager" aria-label="Result pages">${state.cursor ? html`<a class="button secondary" href="${searchHref(state, { cursor: null, page: 1 })}">First page</a>` : ''}<span class="muted">Page ${state.page} of ${Math.max(1, Math.ceil(result.total / PAGE_SIZE)).toLocaleString('en')}</span>${next ? html`<a class="button secondary" href="${next}" rel="next">Next ${PAGE_SIZE}</a>` : ''}</nav>`;
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
  const page = Number.parseInt(queryValue(request, 'page') ?? '1', 10);
  return {
    q: (queryValue(request, 'q') ?? '').trim(),
    mode,
    values,
    ...(cursor && mode === 'text' ? { cursor } : {}),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    view: queryValue(request, 'view') === 'cards' ? 'cards' : 'list',
  };
}

export const searchPageRoute: WebRoute = async (app, { ctx }) => {
  app.get('/search', RANKING_PAGE_ROUTE, async (request, reply) => {
    const state = readState(request);
    const categories = await listCategories({ ctx });
    const errors = new Map<string, string>();
    let results: Html = html``;
    let status = 200;
    try {
      if (state.mode === 'need') {
        if (state.q) results = needResults(await discoverListings({ ctx, input: { q: state.q, limit: NEED_DEPTH, ...state.values } as DiscoverListingsInput }), state);
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
