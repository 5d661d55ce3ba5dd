import { createHash } from 'node:crypto';
import { AppError } from '../errors.ts';

/**
 * Opaque keyset cursors: the sort key of the last item returned plus a fingerprint of the
 * query, so a page boundary survives inserts and a cursor cannot be replayed on another query.
 */

export type SortKey = (string | number | null)[];

interface CursorBody {
  q: string;
  k: SortKey;
}

export const queryFingerprint = (query: unknown): string =>
  createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 12);

export const encodeCursor = (fingerprint: string, key: SortKey): string =>
  Buffer.from(JSON.stringify({ q: fingerprint, k: key } satisfies CursorBody)).toString('base64url');

export function decodeCursor(cursor: string, fingerprint: string): SortKey {
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    body = { q: '', k: [] };
  }
  if (!Array.isArray(body?.k) || typeof body.q !== 'string' || body.k.length === 0) {
    throw new AppError('invalid_input', 'The cursor is not one this service issued.', {
      fields: [{ field: 'cursor', message: 'cursor must be the value of a previous response\'s "next" link; drop it to start from the first page' }],
    });
  }
  if (body.q !== fingerprint) {
    throw new AppError('invalid_input', 'The cursor belongs to a different query.', {
      fields: [{ field: 'cursor', message: 'cursor was issued for other query parameters; keep them unchanged while paging, or drop the cursor to start again' }],
    });
  }
  return body.k;
}

/** Ascending comparison of sort keys; null sorts after every value. */
export function compareSortKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  }
  return 0;
}
