import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendProblem, toProblem } from './problem.ts';

/**
 * Per-client-address request limits for the JSON API and the website's forms: a tight one on writes, a looser one on
 * reads, counted in fixed windows in this process's memory. Every answer under /api/ says
 * where the client stands, in the fields of the IETF draft "RateLimit header fields for HTTP"
 * (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy: "writes";q=10;w=60` and
 * `RateLimit: "writes";r=7;t=42`; a refused request is a 429 problem with Retry-After.
 * Loopback clients are not limited unless `limitLoopback` says so.
 * Behind several instances each counts its own share; a shared counter is future work
 * (docs/adr/0011-reviews.md).
 */

export interface RateLimitQuota {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitSettings {
  writes: RateLimitQuota;
  reads: RateLimitQuota;
  /**
   * Whether loopback clients are limited too. Off by default: a loopback peer is the
   * operator's own tooling (health checks, benchmarks, tests), or a proxy on the same host,
   * which hides the real clients unless APIDEX_TRUST_PROXY names it (then request.ip is the
   * forwarded client address and the limits apply to it).
   */
  limitLoopback?: boolean;
}

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  writes: { limit: 10, windowSeconds: 60 },
  reads: { limit: 300, windowSeconds: 60 },
};

interface Window {
  start: number;
  count: number;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The client address: the peer of the connection (a proxy in front would need trustProxy). */
export const clientAddressOf = (request: FastifyRequest) => request.ip;

export function addRateLimits(app: FastifyInstance, settings: RateLimitSettings, now: () => number = Date.now): void {
  const windows = new Map<string, Window>();
  let lastSweep = now();
  const longest = Math.max(settings.writes.windowSeconds, settings.reads.windowSeconds) * 1000;

  app.addHook('onRequest', async (request, reply) => {
    // The JSON API, and every write elsewhere (the website's review form); MCP counts its own writes (src/mcp/write-limit.ts).
    const limited = request.url.startsWith('/api/') || (WRITE_METHODS.has(request.method) && !request.url.startsWith('/mcp'));
    if (!limited) return;
    if (!settings.limitLoopback && isLoopback(clientAddressOf(request))) return;
    const kind = WRITE_METHODS.has(request.method) ? 'writes' : 'reads';
    const quota = settings[kind];
    const windowMs = quota.windowSeconds * 1000;
    const time = now();
    if (time - lastSweep > longest) {
      for (const [key, window] of windows) if (time - window.start >= longest) windows.delete(key);
      lastSweep = time;
    }
    const key = `${kind} ${clientAddressOf(request)}`;
    let window = windows.get(key);
    if (!window || time - window.start >= windowMs) {
      window = { start: time, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    const resetSeconds = Math.max(1, Math.ceil((window.start + windowMs - time) / 1000));
    reply.header('ratelimit-policy', `"${kind}";q=${quota.limit};w=${quota.windowSeconds}`);
    reply.header('ratelimit', `"${kind}";r=${Math.max(0, quota.limit - window.count)};t=${resetSeconds}`);
    if (window.count > quota.limit) {
      reply.header('retry-after', String(resetSeconds));
      return sendProblem(
        reply,
        toProblem('rate_limited', `This address may make ${quota.limit} ${kind === 'writes' ? 'write' : 'read'} requests every ${quota.windowSeconds} seconds; retry in ${resetSeconds} seconds.`, {
          instance: request.url,
          extensions: { retryAfterSeconds: resetSeconds },
        }),
      );
    }
  });
}
