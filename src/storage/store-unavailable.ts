import { AppError } from '../core/errors.ts';

/**
 * Errors that mean the store cannot answer right now, not that the request is wrong or the
 * service broken: SQLite busy or locked by another writer, PostgreSQL down, restarting or out
 * of connections. Every surface answers them as `unavailable` (HTTP 503 with Retry-After, an
 * MCP error, CLI exit 3), never as an internal error (issue 15).
 */

const SQLITE_BUSY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED', 'SQLITE_LOCKED_SHAREDCACHE']);
// Connection failures (class 08), shutdown and restart (57P01-57P03), too many connections (53300).
const POSTGRES_CODES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
const POSTGRES_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

export const STORE_RETRY_AFTER_SECONDS = 2;

export function isStoreUnavailable(error: unknown): boolean {
  const candidate = error as { code?: unknown; message?: unknown; errors?: unknown[] } | null;
  if (!candidate || typeof candidate !== 'object') return false;
  const code = typeof candidate.code === 'string' ? candidate.code : '';
  if (SQLITE_BUSY.has(code) || POSTGRES_CODES.has(code) || NETWORK_CODES.has(code)) return true;
  if (typeof candidate.message === 'string' && POSTGRES_MESSAGES.test(candidate.message)) return true;
  // Node's AggregateError of a failed connect (both IPv4 and IPv6 refused).
  return Array.isArray(candidate.errors) && candidate.errors.some(isStoreUnavailable);
}

export function storeUnavailableError(): AppError {
  return new AppError('unavailable', `The store cannot answer right now (busy, restarting or unreachable); nothing was changed. Retry in ${STORE_RETRY_AFTER_SECONDS} seconds.`, {
    extensions: { retryAfterSeconds: STORE_RETRY_AFTER_SECONDS },
  });
}
