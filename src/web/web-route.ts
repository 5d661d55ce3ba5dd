import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CoreContext } from '../core/context.ts';
import { SERVED_IN_TURN } from '../http/served-in-turn.ts';

/** A page module: a Fastify plugin that receives the core context, like the JSON API's routes. */
export type WebRoute = FastifyPluginAsync<{ ctx: CoreContext }>;

/** Route options every page shares: kept out of /openapi.json (pages are not the JSON API). */
export const PAGE_ROUTE = { schema: { hide: true } } as const;

/** Route options of a page that ranks listings (search, compare, a listing's alternatives): served in turn like the JSON routes that rank. */
export const RANKING_PAGE_ROUTE = { ...PAGE_ROUTE, ...SERVED_IN_TURN } as const;

/** A query string value as one string: repeated parameters take the first, absent is undefined. */
export function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

export const paramValue = (request: FastifyRequest, name: string): string => String((request.params as Record<string, unknown>)[name] ?? '');
