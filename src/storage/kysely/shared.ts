import { createHash } from 'node:crypto';

/** What every aggregate of the Kysely store shares: canonical JSON, hashing, limits and chunks. */

// Rows per multi-row statement: 8 parameters a row stays far below SQLite's 32,766 and
// PostgreSQL's 65,535 bound parameters per statement.
export const UPSERT_CHUNK_ROWS = 500;
export const HASH_LOOKUP_CHUNK_SLUGS = 1000;

/** JSON with object keys sorted at every depth, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) => {
    if (nested === null || typeof nested !== 'object' || Array.isArray(nested)) return nested;
    const entries = Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries);
  });
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function checkedLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number of 1 or more; got ${limit}`);
  return limit;
}

export function* chunksOf<T>(items: T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

