import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { asciiJson } from '../core/text/ascii-json.ts';

/**
 * Answers the core keeps (discover's per-generation answers) are sent again and again; their
 * JSON text and ETag are computed once per answer object and live exactly as long as it does.
 * When the app checks responses against their schemas (the tests), the answer goes through
 * the normal serializer instead, so it is still checked.
 */

const sent = new WeakMap<object, { body: string; etag: string }>();

export const etagOf = (payload: string | Buffer): string => `"${createHash('sha1').update(payload).digest('base64url')}"`;

/**
 * Sends `answer` as JSON: its text from the first time it was sent (characters past ASCII
 * escaped, so the kept text is one byte a character; see ascii-json.ts), or through the
 * serializer when responses are checked.
 */
export function sendJsonOnce(reply: FastifyReply, answer: object): FastifyReply {
  if (reply.server.checksResponses) return reply.send(answer);
  let serialized = sent.get(answer);
  if (!serialized) {
    const body = asciiJson(JSON.stringify(answer));
    serialized = { body, etag: etagOf(body) };
    sent.set(answer, serialized);
  }
  return sendJsonText(reply, serialized);
}

/** Sends JSON already written (by this module, or by the core), with its tag. */
export function sendJsonText(reply: FastifyReply, { body, etag }: { body: string | Buffer; etag: string }): FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('etag', etag);
  return reply.send(body);
}
