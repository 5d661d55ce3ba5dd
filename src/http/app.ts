import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransformObject, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CoreContext } from '../core/context.ts';
import type { Logger } from 'pino';
import { addEtags } from './etag.ts';
import { sendMoved } from './moved.ts';
import { openApiTransform } from './openapi-transform.ts';
import { addRequestLog } from './request-log.ts';
import { answerClientError, problemFromError, sendProblem, toProblem } from './problem.ts';
import { alternativesRoute } from './routes/alternatives.ts';
import { compareRoute } from './routes/compare.ts';
import { discoverRoute } from './routes/discover.ts';
import { badgeRoute } from './routes/badge.ts';
import { changesRoute } from './routes/changes.ts';
import { feedsRoute } from './routes/feeds.ts';
import { getApiRoute } from './routes/get-api.ts';
import { getPackageRoute } from './routes/get-package.ts';
import { getProviderRoute } from './routes/get-provider.ts';
import { getQuickstartRoute } from './routes/get-quickstart.ts';
import { healthRoute } from './routes/health.ts';
import { listApisRoute } from './routes/list-apis.ts';
import { listCategoriesRoute } from './routes/list-categories.ts';
import { listCategoryListingsRoute } from './routes/list-category-listings.ts';
import { openApiRoute } from './routes/openapi.ts';
import { problemTypesRoute } from './routes/problem-types.ts';
import { recommendRoute } from './routes/recommend.ts';
import { addRateLimits, RequestLimiter, trustProxyOption, warnUntrustedForwarding, type RateLimitSettings } from './rate-limit.ts';
import { addServedInTurn } from './served-in-turn.ts';
import { adminListReviewsRoute } from './routes/admin-reviews-list.ts';
import { adminModerateReviewRoute } from './routes/admin-reviews-moderate.ts';
import { getReviewRoute } from './routes/reviews-get.ts';
import { listReviewsRoute } from './routes/reviews-list.ts';
import { submitReviewRoute } from './routes/reviews-submit.ts';
import { adminDecideSubmissionRoute } from './routes/admin-submissions-decide.ts';
import { adminListSubmissionsRoute } from './routes/admin-submissions-list.ts';
import { getSubmissionRoute } from './routes/submissions-get.ts';
import { submitListingRoute } from './routes/submissions-submit.ts';
import { mcpRoute } from '../mcp/http-route.ts';
import { sendNotFoundPage, wantsPage } from '../web/pages/not-found-page.ts';
import { webPlugin } from '../web/web-plugin.ts';

export const API_VERSION = '0.1.0';

export interface HttpAppOptions {
  ctx: CoreContext;
  logger?: FastifyServerOptions['logger'];
  /** The server's own log (see request-log.ts); used instead of `logger` when given. */
  loggerInstance?: Logger;
  /**
   * Check every response body against its published schema before sending (a drift is a 500).
   * The tests turn it on; in production it is off by default because it costs about a third
   * of a list request's time (see README, APIDEX_VALIDATE_RESPONSES).
   */
  validateResponses?: boolean;
  /** Per-address request limits; off unless given (src/main.ts passes the configured ones). */
  rateLimits?: RateLimitSettings | 'off';
  /** Which proxies to believe for the client address (Fastify's trustProxy). */
  trustProxy?: boolean | number | string;
  /** Bearer token of the moderation endpoints; undefined disables them. */
  adminToken?: string | undefined;
  /** The public origin of the site (APIDEX_PUBLIC_URL), for absolute URLs in pages and well-known files. */
  publicUrl?: string;
}

export type App = FastifyInstance;

export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
  /** Whether its requests wait their turn (served-in-turn.ts). */
  servedInTurn: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, so a test can prove the OpenAPI document covers them all. */
    registeredRoutes: RegisteredRoute[];
    /** Whether responses are checked against their schemas (HttpAppOptions.validateResponses). */
    checksResponses: boolean;
    /** The origin absolute URLs are built from (HttpAppOptions.publicUrl). */
    publicOrigin: string;
  }
}

/** The methods registered for routes whose pattern matches a concrete path. */
function methodsServing(routes: RegisteredRoute[], path: string): string[] {
  const methods = routes
    .filter((route) => new RegExp(`^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`).test(path))
    .map((route) => route.method);
  if (methods.includes('GET')) methods.push('HEAD');
  return [...new Set(methods)];
}

const serializeWithoutChecking = () => (data: unknown) => JSON.stringify(data);

export async function buildHttpApp({ ctx, logger = false, loggerInstance, validateResponses = false, rateLimits = 'off', trustProxy = false, adminToken, publicUrl = 'http://localhost' }: HttpAppOptions): Promise<App> {
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance: loggerInstance as FastifyBaseLogger } : { logger }),
    // One line per request instead of two (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(trustProxy) as FastifyServerOptions['trustProxy'],
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    // Errors the router raises before any route runs (a malformed %-escape, say) are problems too.
    frameworkErrors: (error, request, reply) => sendProblem(reply, problemFromError(error, request)),
    // And so are those Node's parser raises before Fastify sees a request (a request line over 16 KB).
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  addRequestLog(app);
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.decorate('checksResponses', validateResponses);
  app.decorate('publicOrigin', new URL(publicUrl).origin);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url, hidden: route.schema?.hide === true, servedInTurn: route.config?.servedInTurn === true });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(validateResponses ? serializerCompiler : serializeWithoutChecking);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'apidex',
        version: API_VERSION,
        description:
          'A directory of programmable APIs for people and AI agents. Every listing carries a CLI relevance score (eight pass/fail criteria, 11 raw points scaled to 10) and a quality score, each with the parts it is made of. Errors are RFC 9457 problem details.',
      },
      tags: [
        { name: 'listings', description: 'Look up listings and read them in full.' },
        { name: 'browse', description: 'Browse the directory by category and by provider: a provider\'s products as one family.' },
        { name: 'changes', description: 'Follow what changed: the change feed, Atom and JSON feeds, and embeddable badges.' },
        { name: 'discovery', description: 'Find listings for a task, get a recommendation, and compare listings side by side.' },
        { name: 'reviews', description: 'Submit reviews with integration reports, and read them with their statistics.' },
        { name: 'submissions', description: 'Propose a listing and follow its status until a moderator approves or rejects it.' },
        { name: 'moderation', description: 'Hold, publish and reject reviews; approve and reject proposed listings (Authorization: Bearer with the admin token).' },
        { name: 'service', description: 'Health and description of the service itself.' },
      ],
      components: { securitySchemes: { adminToken: { type: 'http', scheme: 'bearer', description: 'The token in APIDEX_ADMIN_TOKEN.' } } },
    },
    transform: openApiTransform,
    transformObject: jsonSchemaTransformObject,
  });
  addEtags(app);
  // Bodies are JSON or nothing: without a text/plain parser, any other type is a 415.
  app.removeContentTypeParser('text/plain');
  // One read and one write quota per client, shared by every surface of this server.
  const limiter = rateLimits === 'off' ? undefined : new RequestLimiter(rateLimits);
  if (limiter) addRateLimits(app, limiter);
  addServedInTurn(app);
  warnUntrustedForwarding(app);

  app.setErrorHandler((error, request, reply) => (sendMoved(error, request, reply) ? reply : sendProblem(reply, problemFromError(error, request))));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = methodsServing(registeredRoutes, path);
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendProblem(reply, toProblem('method_not_allowed', `${request.method} is not served at ${path}; use ${allowed.join(' or ')}.`, { instance: request.url }));
    }
    // Outside the JSON API, a person (or crawler) gets the helpful HTML 404 page.
    if (wantsPage(request)) return sendNotFoundPage(ctx, request, reply);
    return sendProblem(
      reply,
      toProblem('not_found', `Nothing is served at ${request.method} ${path}. The API lives under /api/ and is described at /openapi.json.`, { instance: request.url }),
    );
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    done(null, payload);
  });

  for (const route of [healthRoute, listApisRoute, getApiRoute, getProviderRoute, getQuickstartRoute, getPackageRoute, badgeRoute, changesRoute, feedsRoute, alternativesRoute, listCategoriesRoute, listCategoryListingsRoute, discoverRoute, recommendRoute, compareRoute, openApiRoute, problemTypesRoute]) {
    await app.register(route, { ctx });
  }
  await app.register(submitReviewRoute, { ctx });
  await app.register(listReviewsRoute, { ctx });
  await app.register(getReviewRoute, { ctx, adminToken });
  await app.register(adminListReviewsRoute, { ctx, adminToken });
  await app.register(adminModerateReviewRoute, { ctx, adminToken });
  await app.register(submitListingRoute, { ctx });
  await app.register(getSubmissionRoute, { ctx });
  await app.register(adminListSubmissionsRoute, { ctx, adminToken });
  await app.register(adminDecideSubmissionRoute, { ctx, adminToken });
  // MCP over Streamable HTTP (src/mcp), over the same core verbs and the same quotas: each JSON-RPC message a read, submit_review a write too.
  await app.register(mcpRoute, { ctx, ...(limiter ? { limiter } : {}) });
  // The website (src/web): pages over the same core verbs, in their own encapsulated plugin.
  await app.register(webPlugin, { ctx });
  await app.ready();
  return app;
}
