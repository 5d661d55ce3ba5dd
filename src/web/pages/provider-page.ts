import { getProvider, type ProviderDetail, type ProviderProduct } from '../../core/providers/get-provider.ts';
import { breadcrumbs } from '../components.ts';
import { html, safeHref, type Html } from '../html.ts';
import { originOf, sendPage } from '../page.ts';
import { PAGE_ROUTE, paramValue, type WebRoute } from '../web-route.ts';

/** /providers/{id}: a provider and every product of it the directory lists, with what each does and its scores. */

const cliWords = (cli: ProviderProduct['cliRelevance']) =>
  cli.score !== null ? `${cli.score}/10` : cli.range ? `${cli.range.min}–${cli.range.max} of 10` : 'not scored';

function productRow(product: ProviderProduct): Html {
  return html`<tr data-slug="${product.slug}">
<th scope="row"><a href="${product.links.page}">${product.name}</a><span class="line">${product.description}</span>${product.capabilities.length ? html`<span class="line small muted">${product.capabilities.slice(0, 5).join(' · ')}</span>` : ''}</th>
<td><a class="quiet" href="/categories/${product.categorySlug}">${product.category}</a>${product.subcategory ? html`<span class="line">${product.subcategory}</span>` : ''}</td>
<td class="num">${cliWords(product.cliRelevance)}</td>
<td class="num">${product.quality.score === null ? 'not scored' : `${product.quality.score}/10`}</td>
</tr>`;
}

export function renderProviderPage(provider: ProviderDetail): Html {
  const home = safeHref(provider.url);
  return html`<div class="wrap">
${breadcrumbs([{ href: '/', label: 'Home' }, { label: provider.name }])}
<h1>${provider.name}</h1>
<p class="lede muted" data-provider-count>${provider.count} ${provider.count === 1 ? 'product' : 'products'} in the directory${provider.categories.length ? html`, filed under ${provider.categories.map((c, i) => html`${i ? ', ' : ''}<a href="/categories/${c.slug}">${c.name}</a> (${c.count})`)}` : ''}.${home ? html` <a href="${home}" rel="noopener noreferrer">Home page</a>.` : ''}</p>
<section class="section" aria-labelledby="products">
<h2 id="products">Products</h2>
<div class="table-scroll"><table class="listing-rows">
<caption class="visually-hidden">${provider.name}'s products, best CLI relevance first</caption>
<thead><tr><th scope="col">API</th><th scope="col">Category</th><th scope="col" class="num">CLI</th><th scope="col" class="num">Quality</th></tr></thead>
<tbody>${provider.products.map(productRow)}</tbody>
</table></div>
</section>
<p class="small muted section">For programs: <a href="${provider.links.self}">this provider as JSON</a>.</p>
</div>`;
}

export const providerPageRoute: WebRoute = async (app, { ctx }) => {
  app.get('/providers/:id', PAGE_ROUTE, async (request, reply) => {
    const provider = await getProvider({ ctx, input: { id: paramValue(request, 'id') } });
    const origin = originOf(request);
    return sendPage(request, reply, {
      title: `${provider.name} APIs`,
      description: `${provider.count} programmable APIs from ${provider.name}, with what each does and its CLI relevance and quality scores.`,
      path: `/providers/${provider.id}`,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: `${provider.name} APIs`,
          itemListElement: provider.products.map((product, i) => ({ '@type': 'ListItem', position: i + 1, url: `${origin}${product.links.page}`, name: product.name })),
        },
      ],
      main: renderProviderPage(provider),
    });
  });
};
