import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CoreContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import { DEFAULT_REVIEW_POLICY } from '../core/reviews/review-policy.ts';
import { canonicalJson } from '../storage/kysely-store.ts';
import type { RecordedResponse } from '../core/store.ts';
import { sendProblem, toProblem } from './problem.ts';
import { clientAddressOf } from './rate-limit.ts';

/**
 * The HTTP side of `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header): reading the
 * key, fingerprinting the request it came with, and refusing a second request with the same
 * key while the first is still being handled here. The response itself is recorded by the
 * store in the transaction that saves the review, so it survives a crash with it.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_FORMAT = /^[\x21-\x7E]{1,255}$/;

/** The request's Idempotency-Key, if any; a malformed one is a 400 naming the header. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw : [raw];
  // A structured-field string ("…") or a bare token are both accepted.
  const key = value.length === 1 ? value[0]!.trim().replace(/^"(.*)"$/, '$1') : undefined;
  if (key === undefined || !KEY_FORMAT.test(key)) {
    throw new AppError('invalid_input', 'The Idempotency-Key header is not valid.', {
      fields: [{ field: 'Idempotency-Key', in: 'header', message: 'Idempotency-Key must be sent once, as 1 to 255 visible ASCII characters, e.g. a UUID' }],
    });
  }
  return key;
}

/**
 * The key as stored: scoped to the client as the rate limiter identifies it (its address after
 * trusted proxy hops, hashed), so a key one client chose can never replay another's answer
 * (issue 28), and two clients choosing the same key do not collide.
 */
export const scopedKey = (request: FastifyRequest, key: string) => scopedKeyFor(clientAddressOf(request), key);
export const scopedKeyFor = (clientAddress: string, key: string) => `${createHash('sha256').update(`apidex-idempotency-client:${clientAddress}`).digest('hex').slice(0, 32)}:${key}`;

/** What makes two requests "the same" for a key: method, path and the body's JSON value. */
export const requestFingerprint = (request: FastifyRequest, body: unknown) =>
  createHash('sha256').update(`${request.method} ${request.url.split('?')[0]}\n${canonicalJson(body)}`).digest('hex');

/** Keys whose first request is being handled by this process right now. */
export class InFlightKeys {
  readonly #keys = new Set<string>();

  /** False when the key is already in flight; otherwise claims it until `release`. */
  claim(key: string): boolean {
    if (this.#keys.has(key)) return false;
    this.#keys.add(key);
    return true;
  }

  release(key: string): void {
    this.#keys.delete(key);
  }
}

/**
 * The write behind an idempotent POST: with `idempotency`, it must record its response under
 * the key in the transaction that saves it, and answer 'key-taken' when the key is already
 * recorded (another request won the race).
 */
export type KeyedWrite = (idempotency: { key: string; fingerprint: string } | undefined) => Promise<RecordedResponse | 'key-taken'>;

/** Every this many keyed requests, keys past retention are deleted. */
const PURGE_EVERY = 100;

/**
 * POST handling with Idempotency-Key for one route: without a key the write just runs; with
 * one (scoped to the client), a recorded response is replayed as recorded, the same key with
 * another request is a 422, and a retry while the first is in flight in this process is a 409.
 */
export function idempotentPost(ctx: CoreContext) {
  const inFlight = new InFlightKeys();
  const retentionMs = (ctx.reviewPolicy ?? DEFAULT_REVIEW_POLICY).idempotencyRetentionMs;
  let keyedRequests = 0;

  return async function handle(request: FastifyRequest, reply: FastifyReply, write: KeyedWrite): Promise<FastifyReply> {
    const send = (response: RecordedResponse, replayed = false) => {
      reply.code(response.statusCode).type('application/json; charset=utf-8').header('cache-control', 'no-store');
      if (response.location) reply.header('location', response.location);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.send(response.body);
    };
    const key = idempotencyKeyOf(request);
    if (key === undefined) {
      const response = await write(undefined);
      if (response === 'key-taken') throw new Error('A write without an idempotency key cannot collide with one.');
      return send(response);
    }

    const fingerprint = requestFingerprint(request, request.body);
    const stored = scopedKey(request, key);
    const replay = async () => {
      const recorded = await ctx.store.getIdempotentResponse(stored);
      if (!recorded || Date.parse(recorded.createdAt) < Date.now() - retentionMs) return undefined;
      if (recorded.fingerprint !== fingerprint) {
        return sendProblem(
          reply,
          toProblem('invalid_input', `The Idempotency-Key "${key}" was first used with another request; use a new key for a new request.`, {
            instance: request.url,
            status: 422,
            fields: [{ field: 'Idempotency-Key', in: 'header', message: 'this key was already used with a different body or endpoint; send a new key, or resend the first body unchanged' }],
          }),
        );
      }
      return send(recorded, true);
    };
    const conflict = () => {
      reply.header('retry-after', '1');
      return sendProblem(reply, toProblem('conflict', `A request with the Idempotency-Key "${key}" is still being handled; retry in a second to get its response.`, { instance: request.url }));
    };

    const answered = await replay();
    if (answered) return answered;
    if (!inFlight.claim(stored)) return conflict();
    try {
      keyedRequests += 1;
      if (keyedRequests % PURGE_EVERY === 0) await ctx.store.purgeIdempotencyKeys(new Date(Date.now() - retentionMs).toISOString());
      const response = await write({ key: stored, fingerprint });
      if (response === 'key-taken') return (await replay()) ?? conflict();
      return send(response);
    } finally {
      inFlight.release(stored);
    }
  };
}
