import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import { canonicalJson } from '../storage/kysely-store.ts';

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
