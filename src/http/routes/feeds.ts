import { z } from 'zod';
import { toChangeItem, type ChangeItem } from '../../core/catalogue/list-changes.ts';
import { escapeXml } from '../../web/xml.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

/** The latest changes as Atom (/feed.xml) and JSON Feed 1.1 (/feed.json), for feed readers (issue 17). */

const LATEST = 50;
const titleOf = (item: ChangeItem) => `${item.slug}: ${item.kind === 'created' ? 'listed' : 'updated'}`;

async function latestChanges(ctx: Parameters<Route>[1]['ctx']): Promise<ChangeItem[]> {
  return (await ctx.store.listingVersions({ newestFirst: true, limit: LATEST })).map(toChangeItem);
}

export const feedsRoute: Route = async (app, { ctx }) => {
  const describe = (type: string, mediaType: string) => ({
    schema: {
      tags: ['changes'],
      summary: `The latest ${LATEST} changes as ${type}`,
      description: `The newest changes of the change feed (GET /api/changes), newest first, each linking to its listing. Cacheable for five minutes.`,
      // Feed readers and trackers add parameters (utm_source, a cache buster): a feed is a GET for readers and caches, so they are ignored.
      querystring: z.object({}),
      response: { 200: z.string().meta({ description: type, contentMediaType: mediaType }), ...problemResponses(400) },
    },
  });

  app.get('/feed.xml', describe('Atom', 'application/atom+xml'), async (request, reply) => {
    const origin = request.server.publicOrigin;
    const items = await latestChanges(ctx);
    const updated = items[0]?.changedAt ?? new Date(0).toISOString();
    const entries = items.map(
      (item) => `<entry><id>${escapeXml(`${origin}/api/changes#r${item.revision}`)}</id><title>${escapeXml(titleOf(item))}</title><updated>${escapeXml(item.changedAt)}</updated><link href="${escapeXml(`${origin}/apis/${item.slug}`)}"/><summary>${escapeXml(item.summary)}</summary></entry>`,
    );
    reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=300');
    return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><id>${escapeXml(`${origin}/feed.xml`)}</id><title>apidex: catalogue changes</title><updated>${escapeXml(updated)}</updated><link rel="self" href="${escapeXml(`${origin}/feed.xml`)}"/><link href="${escapeXml(`${origin}/`)}"/><author><name>apidex</name><uri>${escapeXml(`${origin}/`)}</uri></author>${entries.join('')}</feed>\n`;
  });

  app.get('/feed.json', describe('JSON Feed 1.1', 'application/feed+json'), async (request, reply) => {
    const origin = request.server.publicOrigin;
    const items = await latestChanges(ctx);
    reply.type('application/feed+json; charset=utf-8').header('cache-control', 'public, max-age=300');
    return JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'apidex: catalogue changes',
      home_page_url: `${origin}/`,
      feed_url: `${origin}/feed.json`,
      items: items.map((item) => ({ id: `${origin}/api/changes#r${item.revision}`, url: `${origin}/apis/${item.slug}`, title: titleOf(item), content_text: item.summary, date_published: item.changedAt })),
    });
  });
};
