import type { FastifyInstance } from 'fastify';
import { etagOf } from './json-once.ts';

/**
 * Strong ETags on successful GET and HEAD responses, and 304 for a matching If-None-Match
 * (a list of tags, weak or strong, or "*"), as RFC 9110 section 13.1.2 asks. Errors carry no
 * ETag, so a cached error can never turn into a 304.
 */

const matches = (header: string, etag: string): boolean => {
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
};

export function addEtags(app: FastifyInstance): void {
  // A callback hook, not an async one: every response passes here, and a promise each costs.
  app.addHook('onSend', (request, reply, payload, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // A route that already knows its tag (see json-once.ts) saves hashing the body again.
    const etag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload);
    reply.header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && matches(ifNoneMatch, etag)) {
      reply.code(304);
      // No body and no Content-Length: a 304 carries none (RFC 9110 §8.6); a null payload tells Fastify so.
      reply.removeHeader('content-length');
      return done(null, null);
    }
    done(null, payload);
  });
}
