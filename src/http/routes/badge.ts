import { z } from 'zod';
import { detailOf } from '../../core/catalogue/catalogue-index.ts';
import { cliBadgeSvg } from '../../web/cli-badge.ts';
import { listingEntryOr404 } from '../../core/listings/suggest-slugs.ts';
import { problemResponses } from '../problem.ts';
import type { Route } from './route.ts';

const badgeParamsSchema = z.object({
  file: z
    .string()
    .regex(/^[^/]{1,200}\.svg$/, { error: 'the badge path must be /badge/{slug}.svg, e.g. /badge/stripe.svg' })
    .describe('The listing\'s slug followed by ".svg".'),
});

export const badgeRoute: Route = async (app, { ctx }) => {
  app.get(
    '/badge/:file',
    {
      schema: {
        tags: ['changes'],
        summary: 'A CLI relevance badge for README files',
        description:
          'An SVG badge of the listing\'s CLI relevance: the score and its wording, a range for a partly assessed listing, or "not scored". Cacheable for an hour, with an ETag. Embed it as `[![CLI relevance](https://HOST/badge/SLUG.svg)](https://HOST/apis/SLUG)`. An unknown slug is a 404 with close matches.',
        params: badgeParamsSchema,
        // An image embedded in README files gets cache busters and tracking parameters: they are ignored.
        querystring: z.object({}),
        response: { 200: z.string().meta({ description: 'The badge, an SVG image.', contentMediaType: 'image/svg+xml' }), ...problemResponses(300, 301, 400, 404) },
      },
    },
    async (request, reply) => {
      const detail = detailOf(await listingEntryOr404(ctx.catalogue, request.params.file.slice(0, -'.svg'.length)));
      reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff');
      return cliBadgeSvg(detail.name, detail.cliRelevance);
    },
  );
};
