import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CoreContext } from '../../core/context.ts';

/** A route module: a Fastify plugin that receives the core context. */
export type Route = FastifyPluginAsync<{ ctx: CoreContext }, import('fastify').RawServerDefault, ZodTypeProvider>;
