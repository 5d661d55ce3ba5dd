import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem, toProblem } from '../problem.ts';

/**
 * Who may moderate: a request with `Authorization: Bearer <APIDEX_ADMIN_TOKEN>`. No header is
 * a 401, another token a 403; without a configured token the admin endpoints are disabled (404).
 */

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time, so response times do not reveal how much of a guess was right. */
const sameToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

export type AdminCheck = 'admin' | 'anonymous';

/**
 * For admin endpoints: sends the problem and returns false unless the request carries the
 * admin token. With `optional`, a request without Authorization is let through as anonymous.
 */
export function checkAdmin(request: FastifyRequest, reply: FastifyReply, adminToken: string | undefined, { optional = false } = {}): AdminCheck | false {
  const header = request.headers.authorization;
  if (adminToken === undefined) {
    if (optional) return 'anonymous';
    sendProblem(reply, toProblem('not_found', 'The admin endpoints are disabled on this server: it was started without APIDEX_ADMIN_TOKEN.', { instance: request.url }));
    return false;
  }
  if (header === undefined) {
    if (optional) return 'anonymous';
    reply.header('www-authenticate', 'Bearer realm="apidex-admin"');
    sendProblem(reply, toProblem('unauthorized', 'This endpoint is for moderators: send Authorization: Bearer with the admin token (APIDEX_ADMIN_TOKEN).', { instance: request.url }));
    return false;
  }
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match || !sameToken(match[1]!, adminToken)) {
    reply.header('www-authenticate', 'Bearer realm="apidex-admin", error="invalid_token"');
    sendProblem(reply, toProblem('forbidden', 'The Authorization header does not carry the admin token; send Authorization: Bearer <APIDEX_ADMIN_TOKEN>.', { instance: request.url }));
    return false;
  }
  return 'admin';
}

/** A route module that also needs the admin token (undefined: admin endpoints disabled). */
export type AdminAwareRoute = import('fastify').FastifyPluginAsync<
  { ctx: import('../../core/context.ts').CoreContext; adminToken?: string | undefined },
  import('fastify').RawServerDefault,
  import('fastify-type-provider-zod').ZodTypeProvider
>;
