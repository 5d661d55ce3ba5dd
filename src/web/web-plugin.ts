import type { FastifyPluginAsync } from 'fastify';
import type { CoreContext } from '../core/context.ts';
import { ASSETS } from './assets.ts';
import { sendErrorPage } from './pages/not-found-page.ts';
import { apiReferencePageRoute } from './pages/api-reference/route.ts';
import { categoryPagesRoute } from './pages/category-pages.ts';
import { comparePagesRoute } from './pages/compare-pages.ts';
import { homePageRoute } from './pages/home-page.ts';
import { listingPageRoute } from './pages/listing-page.ts';
import { providerPageRoute } from './pages/provider-page.ts';
import { reviewFormPageRoute } from './pages/review-form-page.ts';
import { searchPageRoute } from './pages/search-page.ts';
import { wellKnownFilesRoute } from './pages/well-known-files.ts';
import { PAGE_ROUTE, queryValue } from './web-route.ts';

/**
 * The website: server-rendered pages over the same core verbs as the JSON API. Registered as
 * an encapsulated plugin, so its error page and its form parser apply to pages only; the JSON
 * API keeps answering problem+json and accepting JSON bodies only.
 */

export const FORM_BODY_LIMIT = 64 * 1024;

/** A urlencoded form as a map of field name to values (a field may repeat). */
export type FormBody = Record<string, string[]>;

/** Into a map without a prototype: a field named "__proto__", "constructor" or "toString" is just a field. */
export function parseForm(text: string): FormBody {
  const form: FormBody = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) (form[name] ??= []).push(value);
  return form;
}

export const webPlugin: FastifyPluginAsync<{ ctx: CoreContext }> = async (app, { ctx }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, parseForm(String(body)));
  });
  app.setErrorHandler((error, request, reply) => sendErrorPage(ctx, error, request, reply));

  for (const asset of ASSETS) {
    app.get(asset.path, PAGE_ROUTE, async (request, reply) => {
      const current = queryValue(request, 'v') === asset.version;
      return reply
        .header('content-type', asset.type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .send(asset.body);
    });
  }

  const pages = [homePageRoute, searchPageRoute, categoryPagesRoute, listingPageRoute, providerPageRoute, reviewFormPageRoute, comparePagesRoute, apiReferencePageRoute, wellKnownFilesRoute];
  for (const route of pages) await app.register(route, { ctx });
};
