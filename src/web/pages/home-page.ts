import { listCategories, type Category } from '../../core/listings/list-categories.ts';
import type { ListingSummary } from '../../core/listings/listing-detail.ts';
import { lookupListings } from '../../core/search/lookup-listings.ts';
import { countListings, type ListingCounts } from '../../core/listings/count-listings.ts';
import { listingRows } from '../components.ts';
import { html, type Html } from '../html.ts';
import { originOf, sendPage } from '../page.ts';
import { PAGE_ROUTE, type WebRoute } from '../web-route.ts';

/** The home page: a search box (words or a described need), categories with counts, the top listings by CLI relevance. */

export const TOP_LISTINGS = 8;
export const HOME_CATEGORIES = 12;

export function searchForm({ q = '', mode = 'text', idPrefix = 'home' }: { q?: string; mode?: 'text' | 'need'; idPrefix?: string } = {}): Html {
  return html`<form class="search-form" action="/search" method="get" role="search" aria-label="Search the directory">
<div class="search-row">
<label class="visually-hidden" for="${idPrefix}-q">Search APIs by name, word or need</label>
<input id="${idPrefix}-q" type="search" name="q" value="${q}" placeholder="e.g. country data, or: send notifications to browsers" maxlength="300">
<button type="submit">Search</button>
</div>
<fieldset class="choices" aria-describedby="${idPrefix}-mode-hint">
<legend class="visually-hidden">Search by</legend>
<label><input type="radio" name="mode" value="text"${mode === 'text' ? html` checked` : ''}> Names and words</label>
<label><input type="radio" name="mode" value="need"${mode === 'need' ? html` checked` : ''}> Describe what you need</label>
</fieldset>
<p id="${idPrefix}-mode-hint" class="small muted">“Describe what you need” ranks APIs by how much of the task they serve, and says so when nothing does.</p>
</form>`;
}

export function categoryList(categories: Category[]): Html {
  return html`<ul class="category-list">${categories.map(
    (c) => html`<li><a href="/categories/${c.slug}"><span>${c.name}</span><span class="count" aria-label="${c.count} ${c.count === 1 ? 'listing' : 'listings'}">${c.count}</span></a></li>`,
  )}</ul>`;
}

function renderHome(categories: Category[], top: ListingSummary[], counts: ListingCounts): Html {
  const n = (value: number) => value.toLocaleString('en');
  return html`<div class="hero"><div class="wrap">
<h1>Find an API that works from a terminal, a CI job or an agent</h1>
<p class="lede" data-counts>${n(counts.total)} programmable APIs; ${n(counts.assessed)} have CLI criteria assessed from their own documentation, each result with a pointer to its evidence. What no source shows is marked “not assessed”, never guessed.</p>
${searchForm()}
</div></div>
<div class="wrap stack">
<section aria-labelledby="top">
<h2 id="top">Highest proven CLI relevance</h2>
<p class="small muted">Ranked by the score their assessed criteria already guarantee (the low end of a range). <a href="/search?sort=cli-relevance">See all</a></p>
${top.length ? listingRows(top) : html`<p class="muted">No listings yet.</p>`}
</section>
<section aria-labelledby="categories">
<h2 id="categories">Categories</h2>
${categoryList(categories.slice(0, HOME_CATEGORIES))}
${categories.length > HOME_CATEGORIES ? html`<p class="section"><a href="/categories">All ${categories.length} categories</a></p>` : ''}
</section>
<section class="card" aria-labelledby="agents">
<h2 id="agents">For programs and agents</h2>
<p>Everything here is also a JSON API: <code>GET /api/apis?q=…</code>, <code>GET /api/discover?q=…</code>, <code>GET /api/apis/{slug}</code> and more, described by <a href="/openapi.json">the OpenAPI document</a> and <a href="/docs/api">its reference page</a>. Agents start at <a href="/llms.txt">/llms.txt</a>.</p>
</section>
</div>`;
}

export const homePageRoute: WebRoute = async (app, { ctx }) => {
  app.get('/', PAGE_ROUTE, async (request, reply) => {
    const [categories, top, counts] = await Promise.all([listCategories({ ctx }), lookupListings({ ctx, input: { sort: 'cli-relevance', limit: TOP_LISTINGS } }), countListings({ ctx })]);
    return sendPage(request, reply, {
      section: 'home',
      title: 'apidex: APIs scored for the command line and for agents',
      description: 'A directory of programmable APIs. Each listing has a CLI relevance score (eight criteria) and a quality score, with every part shown.',
      path: '/',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: 'apidex',
          url: `${originOf(request)}/`,
          potentialAction: { '@type': 'SearchAction', target: `${originOf(request)}/search?q={search_term_string}`, 'query-input': 'required name=search_term_string' },
        },
      ],
      main: renderHome(categories, top.items, counts),
    });
  });
};
