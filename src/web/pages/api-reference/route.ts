import { sendPage } from '../../page.ts';
import { PAGE_ROUTE, paramValue, type WebRoute } from '../../web-route.ts';
import { sendNotFoundPage } from '../not-found-page.ts';
import { renderIndexPage } from './index-page.ts';
import { openApiDocumentOf, tagsOf, tagHref } from './operations.ts';
import { renderTagPage } from './tag-page.ts';

/**
 * /docs/api and /docs/api/{tag}: the API reference, rendered from the very document
 * /openapi.json serves (the app's generated OpenAPI 3.1), so the pages cannot drift from the API.
 */

export const apiReferencePageRoute: WebRoute = async (app, { ctx }) => {
  const documentOf = () => openApiDocumentOf(app);

  app.get('/docs/api', PAGE_ROUTE, async (request, reply) => {
    const document = documentOf();
    return sendPage(request, reply, {
      section: 'docs',
      title: 'API reference',
      description: 'Every operation of the apidex JSON API, by section, rendered from /openapi.json.',
      path: '/docs/api',
      main: renderIndexPage(document, tagsOf(document)),
    });
  });

  app.get('/docs/api/:tag', PAGE_ROUTE, async (request, reply) => {
    const document = documentOf();
    const tags = tagsOf(document);
    const tag = tags.find((t) => t.slug === paramValue(request, 'tag'));
    if (!tag) {
      return sendNotFoundPage(ctx, request, reply, { message: `The API reference has no section ${paramValue(request, 'tag')}; its sections are ${tags.map((t) => t.slug).join(', ')}.`, suggestions: [] });
    }
    return sendPage(request, reply, {
      section: 'docs',
      title: `${tag.title}: API reference`,
      description: `The ${tag.title.toLowerCase()} operations of the apidex JSON API: parameters, request and response schemas, examples.`,
      path: tagHref(tag),
      main: renderTagPage(document, tag, tags),
    });
  });
};
