import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CoreContext } from '../../core/context.ts';
import { isStoreUnavailable, STORE_RETRY_AFTER_SECONDS, storeUnavailableError } from '../../storage/store-unavailable.ts';
import { AppError } from '../../core/errors.ts';
import { suggestSlugs } from '../../core/listings/suggest-slugs.ts';
import { html, type Html } from '../html.ts';
import { sendPage } from '../page.ts';
import { movedAnswer } from '../../http/moved.ts';

/**
 * The helpful 404: what was not found, the listings whose slugs or words come closest, a search
 * box already holding the words of the address, and where to go next. Also the page for any
 * other error a page route meets (bad parameters, a failure inside).
 */

/** Whether a request for an unknown address should get the HTML page rather than problem+json. */
export function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/problems/')) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  // A client that asks for JSON and not HTML (an agent, `curl -H 'accept: application/json'`) gets the problem.
  return !(/application\/(problem\+)?json/.test(accept) && !/text\/html/.test(accept));
}

const wordsOf = (path: string) => {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep it as it came
  }
  return decoded.split('/').filter(Boolean).at(-1)?.replace(/[-_+.]+/g, ' ').trim().slice(0, 100) ?? '';
};

function notFoundMain(ctx: CoreContext, path: string, message: string, suggestions: string[]): Html {
  const words = wordsOf(path);
  const found = suggestions.map((slug) => ctx.catalogue.get(slug)).filter((entry) => entry !== undefined);
  return html`<div class="wrap stack">
<div>
<h1>Page not found</h1>
<p class="lede">${message}</p>
</div>
${
  found.length
    ? html`<section class="card" aria-labelledby="suggestions"><h2 id="suggestions">Did you mean</h2>
<ul class="suggestions">${found.map((entry) => html`<li><a href="/apis/${entry.slug}">${entry.listing.name}</a> <span class="muted small">${entry.listing.description}</span></li>`)}</ul></section>`
    : ''
}
<section class="card" aria-labelledby="search-again">
<h2 id="search-again">Search the directory</h2>
<form class="search-form" action="/search" method="get" role="search">
<div class="search-row">
<label class="visually-hidden" for="nf-q">Search APIs</label>
<input id="nf-q" type="search" name="q" value="${words}" placeholder="Name, word or need">
<button type="submit">Search</button>
</div>
</form>
</section>
<section class="card" aria-labelledby="elsewhere">
<h2 id="elsewhere">Or go to</h2>
<ul>
<li><a href="/">The home page</a>: top APIs by CLI relevance</li>
<li><a href="/categories">All categories</a></li>
<li><a href="/compare">Compare two APIs</a></li>
<li><a href="/docs/api">The JSON API reference</a> (the API itself lives under <code>/api/</code>)</li>
</ul>
</section>
</div>`;
}

export function sendNotFoundPage(ctx: CoreContext, request: FastifyRequest, reply: FastifyReply, { message, suggestions }: { message?: string; suggestions?: string[] } = {}): FastifyReply {
  const path = request.url.split('?')[0]!;
  const words = wordsOf(path);
  const close = suggestions ?? (words ? suggestSlugs(ctx.catalogue, words) : []);
  return sendPage(request, reply, {
    status: 404,
    title: 'Page not found',
    description: 'Nothing is published at this address; here are the closest listings and a search box.',
    path,
    noindex: true,
    main: notFoundMain(ctx, path, message ?? `Nothing is published at ${path}.`, close),
  });
}

const STATUS_TITLES: Record<number, string> = {
  400: 'That request could not be read',
  413: 'That was too long',
  415: 'That form could not be read',
  429: 'Too many requests',
  500: 'Something went wrong',
  503: 'The directory is busy or restarting',
};

/** A slug split into several listings: 300 Multiple Choices, each new listing linked with what it does. */
function sendSplitPage(ctx: CoreContext, request: FastifyRequest, reply: FastifyReply, move: { from: string; to: string[]; reason: string }, locations: string[]): FastifyReply {
  return sendPage(request, reply, {
    status: 300,
    title: `${move.from} was split`,
    description: `The listing ${move.from} is now ${move.to.length} listings.`,
    path: request.url.split('?')[0]!,
    noindex: true,
    main: html`<div class="wrap stack"><div><h1>This listing was split</h1><p class="lede">“${move.from}” is now ${move.to.length} listings (${move.reason}). Choose one:</p></div>
<ul class="suggestions" data-moved-to>${move.to.map((slug, i) => {
      const entry = ctx.catalogue.get(slug);
      return html`<li><a href="${locations[i]!}">${entry?.listing.name ?? slug}</a>${entry ? html` <span class="muted small">${entry.listing.description}</span>` : ''}</li>`;
    })}</ul></div>`,
  });
}

/** Any error a page route throws, as a page: not found with suggestions, invalid input naming each field, the rest by status. */
export function sendErrorPage(ctx: CoreContext, thrown: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const error = isStoreUnavailable(thrown) ? storeUnavailableError() : thrown;
  if (error instanceof AppError && error.code === 'unavailable') reply.header('retry-after', String(STORE_RETRY_AFTER_SECONDS));
  const moved = movedAnswer(error, request);
  if (moved?.status === 301) return reply.header('cache-control', 'public, max-age=86400').redirect(moved.locations[0]!, 301);
  if (moved) return sendSplitPage(ctx, request, reply, moved.move, moved.locations);
  if (error instanceof AppError && error.code === 'not_found') {
    const suggestions = Array.isArray(error.extensions.suggestions) ? (error.extensions.suggestions as string[]) : [];
    return sendNotFoundPage(ctx, request, reply, { message: error.message, suggestions });
  }
  const code = error instanceof AppError ? error.code : undefined;
  const rawStatus = (error as { statusCode?: unknown }).statusCode;
  const status = code === 'invalid_input' ? 400 : code === 'rate_limited' ? 429 : code === 'unavailable' ? 503 : typeof rawStatus === 'number' && rawStatus >= 400 && rawStatus < 500 ? rawStatus : 500;
  if (status === 500) request.log.error({ err: error }, 'page failed');
  const fields = error instanceof AppError ? error.fields : [];
  const message = status === 500 ? 'Something failed inside the directory. Try again in a moment; if it keeps failing, please report it.' : error instanceof Error ? error.message : String(error);
  return sendPage(request, reply, {
    status,
    title: STATUS_TITLES[status] ?? 'That did not work',
    description: message,
    path: request.url.split('?')[0]!,
    noindex: true,
    main: html`<div class="wrap stack"><div><h1>${STATUS_TITLES[status] ?? 'That did not work'}</h1><p class="lede">${message}</p></div>
${fields.length ? html`<div class="error-summary" role="alert"><h2>What to fix</h2><ul>${fields.map((f) => html`<li><strong>${f.field}</strong>: ${f.message}</li>`)}</ul></div>` : ''}
<p><a href="/">Back to the home page</a> · <a href="/search">Search the directory</a></p></div>`,
  });
}
