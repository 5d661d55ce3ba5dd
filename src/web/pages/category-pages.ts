import { listCategories } from '../../core/listings/list-categories.ts';
import { CATEGORY_SORTS, listCategoryListings, type CategoryListings, type ListCategoryListingsInput } from '../../core/listings/list-category-listings.ts';
import { slugify } from '../../core/search/text.ts';
import { breadcrumbs, listingCards } from '../components.ts';
import { html, type Html } from '../html.ts';
import { originOf, sendPage } from '../page.ts';
import { PAGE_ROUTE, paramValue, queryValue, type WebRoute } from '../web-route.ts';
import { categoryList } from './home-page.ts';

/** /categories (every category with its count) and /categories/{slug} (its listings, by subcategory and score). */

const SORT_LABELS: Record<(typeof CATEGORY_SORTS)[number], string> = { 'cli-relevance': 'CLI relevance', quality: 'Quality', name: 'Name' };

function pageHref(result: CategoryListings, changes: { page?: number; sort?: string; subcategory?: string | null }): string {
  const params = new URLSearchParams();
  const subcategory = changes.subcategory === undefined ? result.subcategory : changes.subcategory;
  if (subcategory) params.set('subcategory', subcategory);
  const sort = changes.sort ?? result.sort;
  if (sort !== 'cli-relevance') params.set('sort', sort);
  const page = changes.page ?? 1;
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/categories/${result.category.slug}${query ? `?${query}` : ''}`;
}

function renderCategory(result: CategoryListings): Html {
  const { category } = result;
  const title = result.subcategory ? `${result.subcategory}` : category.name;
  return html`<div class="wrap">
${breadcrumbs([{ href: '/', label: 'Home' }, { href: '/categories', label: 'Categories' }, ...(result.subcategory ? [{ href: `/categories/${category.slug}`, label: category.name }] : []), { label: title }])}
<h1>${title}</h1>
<p class="lede muted">${result.total.toLocaleString('en')} ${result.total === 1 ? 'listing' : 'listings'}${result.subcategory ? html` in ${category.name}` : ''}, best ${SORT_LABELS[result.sort]} first${result.sort === 'name' ? '' : '; unscored listings last'}.</p>
${
  category.subcategories.length
    ? html`<nav aria-label="Subcategories"><ul class="chips">
<li><a class="chip${result.subcategory ? '' : ' price'}" href="${pageHref(result, { subcategory: null })}"${result.subcategory ? '' : html` aria-current="page"`}>All (${category.count})</a></li>
${category.subcategories.map((s) => {
  const current = result.subcategory !== null && slugify(result.subcategory) === slugify(s.name);
  return html`<li><a class="chip${current ? ' price' : ''}" href="${pageHref(result, { subcategory: s.name })}"${current ? html` aria-current="page"` : ''}>${s.name} (${s.count})</a></li>`;
})}
</ul></nav>`
    : ''
}
<p class="small">Sort by: ${CATEGORY_SORTS.map((s, i) => html`${i ? ' · ' : ''}${s === result.sort ? html`<strong aria-current="true">${SORT_LABELS[s]}</strong>` : html`<a href="${pageHref(result, { sort: s })}">${SORT_LABELS[s]}</a>`}`)}</p>
${result.items.length ? listingCards(result.items) : html`<p class="muted">No listings on this page.</p>`}
${
  result.pages > 1
    ? html`<nav class="pager" aria-label="Pages">${result.page > 1 ? html`<a class="button secondary" rel="prev" href="${pageHref(result, { page: result.page - 1 })}">Previous</a>` : ''}
<span class="muted">Page ${result.page} of ${result.pages}</span>
${result.page < result.pages ? html`<a class="button secondary" rel="next" href="${pageHref(result, { page: result.page + 1 })}">Next</a>` : ''}</nav>`
    : ''
}
</div>`;
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
    const subcategory = queryValue(request, 'subcategory');
    const sort = queryValue(request, 'sort');
    const page = queryValue(request, 'page');
    const result = await listCategoryListings({
      ctx,
      input: { category: paramValue(request, 'slug'), ...(subcategory ? { subcategory } : {}), ...(sort ? { sort } : {}), ...(page ? { page } : {}) } as ListCategoryListingsInput, // the verb checks every value
    });
    const origin = originOf(request);
    return sendPage(request, reply, {
      section: 'categories',
      title: result.subcategory ? `${result.subcategory} APIs (${result.category.name})` : `${result.category.name} APIs`,
      description: `${result.total} programmable APIs in ${result.subcategory ?? result.category.name}, ranked by CLI relevance and quality.`,
      path: pageHref(result, { page: result.page, sort: result.sort }),
      noindex: result.page > 1 || result.sort !== 'cli-relevance',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: result.category.name,
          itemListElement: result.items.map((item, i) => ({ '@type': 'ListItem', position: (result.page - 1) * 24 + i + 1, url: `${origin}/apis/${item.slug}`, name: item.name })),
        },
      ],
      main: renderCategory(result),
    });
  });
};
