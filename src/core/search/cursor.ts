import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * Opaque keyset cursors: the sort key of the last item returned, a fingerprint of the query,
 * and, for orders that depend on the whole catalogue (relevance), the catalogue generation.
 * A page boundary then survives inserts, and a cursor cannot be replayed on another query or,
 * for relevance, on a catalogue whose scores have since moved.
 */

export type SortKey = (string | number | null)[];

const cursorBodySchema = z.object({
  q: z.string(),
  g: z.number().int().optional(),
  k: z.array(z.union([z.string(), z.number(), z.null()])).min(1),
});

export const queryFingerprint = (query: unknown): string =>
  createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 12);

export const encodeCursor = (fingerprint: string, key: SortKey, generation?: number): string =>
  Buffer.from(JSON.stringify({ q: fingerprint, ...(generation === undefined ? {} : { g: generation }), k: key })).toString('base64url');

const cursorError = (detail: string, message: string) =>
  new AppError('invalid_input', detail, { fields: [{ field: 'cursor', message }] });

export function decodeCursor(cursor: string, expected: { fingerprint: string; keyLength: number; generation?: number }): SortKey {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const body = cursorBodySchema.safeParse(decoded);
  if (!body.success || body.data.k.length !== expected.keyLength) {
    throw cursorError('The cursor is not one this service issued.', 'cursor must be the value of a previous response\'s "next" link; drop it to start from the first page');
  }
  if (body.data.q !== expected.fingerprint) {
    throw cursorError('The cursor belongs to a different query.', 'cursor was issued for other query parameters; keep them unchanged while paging, or drop the cursor to start again');
  }
  if (body.data.g !== expected.generation) {
    throw cursorError(
      'The catalogue changed since this cursor was issued, so relevance ranks have moved.',
      'cursor has expired because listings changed; drop it to start again from the first page',
    );
  }
  return body.data.k;
}

/** Ascending comparison of sort keys; null sorts after every value. */
export function compareSortKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}
