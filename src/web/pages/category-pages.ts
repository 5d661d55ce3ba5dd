import { AppError, type FieldProblem } from '../../core/errors.ts';
import { listCategories } from '../../core/listings/list-categories.ts';
import { CATEGORY_SORTS, listCategoryListings, type CategoryListings, type ListCategoryListingsInput } from '../../core/listings/list-category-listings.ts';
import { slugify } from '../../core/ranking/text.ts';
import { AUTH_WORDS, breadcrumbs, listingCards, listingRows, numberedPager } from '../components.ts';
import { AUTH_KINDS } from '../../core/listings/listing.ts';
import { checkboxField, MIN_CLI_SCORE_OPTIONS, PRICING_OPTIONS, selectField, viewSwitch, type ListView, type Option } from '../filter-fields.ts';
import { html, type Html } from '../html.ts';
import { originOf, sendPage } from '../page.ts';
import { PAGE_ROUTE, paramValue, queryValue, type WebRoute } from '../web-route.ts';
import { categoryList } from './home-page.ts';

/** /categories (every category with its count) and /categories/{slug} (its listings, by subcategory and score). */

const SORT_LABELS: Record<(typeof CATEGORY_SORTS)[number], string> = { 'cli-relevance': 'CLI relevance', quality: 'Quality', name: 'Name' };
const PAGE_SIZE = 30;
// group is not a filter a reader sets in the form, but it travels with the page's other choices.
const FILTERS = ['pricing', 'minCliScore', 'envVarAuth', 'headless', 'auth', 'group'] as const;
type Filter = (typeof FILTERS)[number];

interface CategoryState {
  subcategory?: string;
  sort?: string;
  page?: string;
  view: ListView;
  filters: Partial<Record<Filter, string>>;
}

/** The address of this page with some choices changed; defaults are left out so addresses stay short. */
function pageHref(result: CategoryListings, state: CategoryState, changes: { page?: number; sort?: string; subcategory?: string | null; view?: ListView }): string {
  const params = new URLSearchParams();
  const subcategory = changes.subcategory === undefined ? result.subcategory : changes.subcategory;
  if (subcategory) params.set('subcategory', subcategory);
  const sort = changes.sort ?? result.sort;
  if (sort !== 'cli-relevance') params.set('sort', sort);
  for (const name of FILTERS) if (state.filters[name]) params.set(name, state.filters[name]!);
  const view = changes.view ?? state.view;
  if (view !== 'list') params.set('view', view);
  const page = changes.page ?? 1;
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/categories/${result.category.slug}${query ? `?${query}` : ''}`;
}

/** The filters as a GET form; on a phone it folds into one line until opened. */
function filtersForm(result: CategoryListings, state: CategoryState, errors: Map<string, string>): Html {
  const active = FILTERS.filter((name) => name !== 'group' && state.filters[name]).length;
  const select = (name: Filter, label: string, options: Option[]) => selectField({ id: `c-${name}`, label, name, options, current: state.filters[name] ?? '', error: errors.get(name) });
  const checkbox = (name: Filter, label: string) => checkboxField({ id: `c-${name}`, label, name, checked: state.filters[name] === 'true', error: errors.get(name) });
  return html`<details class="filters card" data-filters${active || errors.size ? html` open` : ''}>
<summary><span class="summary-title">Filters</span>${active ? html` <span class="chip price">${active} on</span>` : ''}</summary>
<form action="/categories/${result.category.slug}" method="get">
${result.subcategory ? html`<input type="hidden" name="subcategory" value="${result.subcategory}">` : ''}
${result.sort !== 'cli-relevance' ? html`<input type="hidden" name="sort" value="${result.sort}">` : ''}
${state.view !== 'list' ? html`<input type="hidden" name="view" value="${state.view}">` : ''}
${state.filters.group ? html`<input type="hidden" name="group" value="${state.filters.group}">` : ''}
${select('pricing', 'Pricing tier', PRICING_OPTIONS)}
${select('minCliScore', 'Minimum CLI relevance', MIN_CLI_SCORE_OPTIONS)}
${select('auth', 'Authentication', [{ value: '', label: 'Any' }, ...AUTH_KINDS.map((kind) => ({ value: kind, label: AUTH_WORDS[kind] ?? kind }))])}
${checkbox('envVarAuth', 'Env var authentication')}
${checkbox('headless', 'Works headless / in CI')}
<div class="filter-actions"><button type="submit">Apply</button>${active ? html` <a href="${pageHref(result, { ...state, filters: {} }, { page: 1 })}">Clear filters</a>` : ''}</div>
</form>
</details>`;
}

function counts(result: CategoryListings, state: CategoryState, filtered: boolean): Html {
  const n = (value: number) => value.toLocaleString('en');
  const apis = (value: number) => `${n(value)} ${value === 1 ? 'API' : 'APIs'}`;
  // Counts are of listings; the pages are of entries, one per provider unless group=none.
  const toggle =
    result.group === 'provider'
      ? result.total < result.listings
        ? html` Each provider shows once, its other products under it (${n(result.total)} entries); <a href="${pageHref(result, { ...state, filters: { ...state.filters, group: 'none' } }, { page: 1 })}" data-group-toggle>list every API</a>.`
        : ''
      : html` <a href="${pageHref(result, { ...state, filters: { ...state.filters, group: undefined } }, { page: 1 })}" data-group-toggle>Show each provider once</a>.`;
  return html`<p class="lede muted" data-counts>${filtered ? html`${apis(result.listings)} of ${n(result.unfiltered)} match the filters` : apis(result.listings)}${result.subcategory ? html` in ${result.category.name}` : ''}, ${n(result.assessed)} with CLI criteria assessed.${toggle}</p>`;
}

function renderCategory(result: CategoryListings, state: CategoryState, errors: Map<string, string>): Html {
  const { category } = result;
  const title = result.subcategory ? `${result.subcategory}` : category.name;
  const filtered = FILTERS.some((name) => name !== 'group' && state.filters[name]);
  return html`<div class="wrap">
${breadcrumbs([{ href: '/', label: 'Home' }, { href: '/categories', label: 'Categories' }, ...(result.subcategory ? [{ href: `/categories/${category.slug}`, label: category.name }] : []), { label: title }])}
<h1>${title}</h1>
${counts(result, state, filtered)}
${
  category.subcategories.length
    ? html`<nav aria-label="Subcategories"><ul class="chips">
<li><a class="chip${result.subcategory ? '' : ' price'}" href="${pageHref(result, state, { subcategory: null })}"${result.subcategory ? '' : html` aria-current="page"`}>All (${category.count})</a></li>
${category.subcategories.map((s) => {
  const current = result.subcategory !== null && slugify(result.subcategory) === slugify(s.name);
  return html`<li><a class="chip${current ? ' price' : ''}" href="${pageHref(result, state, { subcategory: s.name })}"${current ? html` aria-current="page"` : ''}>${s.name} (${s.count})</a></li>`;
})}
</ul></nav>`
    : ''
}
<div class="with-filters section">
${filtersForm(result, state, errors)}
<section aria-labelledby="results-title">
<h2 id="results-title" class="visually-hidden">Listings</h2>
${errors.size ? html`<div class="error-summary" role="alert"><h2>Fix the filters</h2><p>These values were left out; the listings below are without them.</p><ul>${[...errors].map(([name, message]) => ((FILTERS as readonly string[]).includes(name) ? html`<li><a href="#c-${name}">${message}</a></li>` : html`<li>${message}</li>`))}</ul></div>` : ''}
<div class="toolbar">
<p class="small">Sort: ${CATEGORY_SORTS.map((s, i) => html`${i ? ' · ' : ''}${s === result.sort ? html`<strong aria-current="true">${SORT_LABELS[s]}</strong>` : html`<a href="${pageHref(result, state, { sort: s })}">${SORT_LABELS[s]}</a>`}`)}${result.sort === 'name' ? '' : html` <span class="muted">(not scored last)</span>`}</p>
${viewSwitch(state.view, (view) => pageHref(result, state, { view, page: result.page }))}
</div>
${
  result.items.length
    ? state.view === 'list'
      ? listingRows(result.items, { within: 'category' })
      : listingCards(result.items)
    : result.total > 0
      ? html`<div class="card" role="status" data-no-match><h3>Page ${result.page} is past the last page</h3><p>These listings fill ${result.pages} ${result.pages === 1 ? 'page' : 'pages'}. <a href="${pageHref(result, state, { page: result.pages })}">Go to page ${result.pages}</a>.</p></div>`
      : html`<div class="card" role="status" data-no-match><h3>No listing matches these filters</h3><p>${result.unfiltered.toLocaleString('en')} APIs are in ${title}. <a href="${pageHref(result, { ...state, filters: {} }, {})}">Clear the filters</a>, or <a href="/search?mode=need">describe what you need</a>.</p></div>`
}
${numberedPager(result.page, result.pages, (page) => pageHref(result, state, { page }))}
</section>
</div>
</div>`;
}

/** The query values a reader chooses on the page: a refused one is left out rather than the page refused. */
const ADJUSTABLE = new Set<string>([...FILTERS, 'sort', 'page', 'subcategory']);

function withoutRefused(state: CategoryState, errors: Map<string, string>): CategoryState {
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([name]) => !errors.has(name)));
  const kept: CategoryState = { view: state.view, filters };
  if (state.subcategory && !errors.has('subcategory')) kept.subcategory = state.subcategory;
  if (state.sort && !errors.has('sort')) kept.sort = state.sort;
  if (state.page && !errors.has('page')) kept.page = state.page;
  return kept;
}

function readState(request: Parameters<typeof queryValue>[0]): CategoryState {
  const filters: CategoryState['filters'] = {};
  for (const name of FILTERS) {
    const value = queryValue(request, name)?.trim();
    if (value) filters[name] = value;
  }
  const subcategory = queryValue(request, 'subcategory');
  const sort = queryValue(request, 'sort');
  const page = queryValue(request, 'page');
  return { ...(subcategory ? { subcategory } : {}), ...(sort ? { sort } : {}), ...(page ? { page } : {}), view: queryValue(request, 'view') === 'cards' ? 'cards' : 'list', filters };
}

export const categoryPagesRoute: WebRoute = async (app, { ctx }) => {
  app.get('/categories', PAGE_ROUTE, async (request, reply) => {
    const categories = await listCategories({ ctx });
    return sendPage(request, reply, {
      section: 'categories',
      title: 'Categories',
      description: `All ${categories.length} categories of the directory with their number of APIs.`,
      path: '/categories',
      main: html`<div class="wrap">${breadcrumbs([{ href: '/', label: 'Home' }, { label: 'Categories' }])}<h1>Categories</h1>${categoryList(categories)}</div>`,
    });
  });

  app.get('/categories/:slug', PAGE_ROUTE, async (request, reply) => {
    const state = readState(request);
    const list = ({ filters, view: _view, ...choices }: CategoryState) =>
      listCategoryListings({ ctx, input: { category: paramValue(request, 'slug'), ...choices, ...filters, limit: PAGE_SIZE } as ListCategoryListingsInput }); // the verb checks every value
    const errors = new Map<string, string>();
    let result: CategoryListings;
    try {
      result = await list(state);
    } catch (error) {
      // A refused filter, sort or page: the page shows without it, and says why beside the field.
      const fields = error instanceof AppError && error.code === 'invalid_input' ? (error.fields as FieldProblem[]) : [];
      if (fields.length === 0 || !fields.every((field) => ADJUSTABLE.has(field.field))) throw error;
      for (const field of fields) errors.set(field.field, field.message);
      result = await list(withoutRefused(state, errors));
    }
    const origin = originOf(request);
    return sendPage(request, reply, {
      status: errors.size ? 400 : 200,
      section: 'categories',
      title: result.subcategory ? `${result.subcategory} APIs (${result.category.name})` : `${result.category.name} APIs`,
      description: `${result.listings} programmable APIs in ${result.subcategory ?? result.category.name}, ranked by CLI relevance and quality.`,
      path: pageHref(result, state, { page: result.page, sort: result.sort }),
      noindex: result.page > 1 || result.sort !== 'cli-relevance' || state.view !== 'list' || FILTERS.some((name) => state.filters[name]),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: result.category.name,
          itemListElement: result.items.map((item, i) => ({ '@type': 'ListItem', position: (result.page - 1) * PAGE_SIZE + i + 1, url: `${origin}/apis/${item.slug}`, name: item.name })),
        },
      ],
      main: renderCategory(result, errors.size ? withoutRefused(state, errors) : state, errors),
    });
  });
};
