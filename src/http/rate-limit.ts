import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem, toProblem } from './problem.ts';
import type { RateLimitKind, RateLimitQuota, RateLimitSettings } from './rate-limit-settings.ts';

export { DEFAULT_RATE_LIMITS, type RateLimitKind, type RateLimitQuota, type RateLimitSettings } from './rate-limit-settings.ts';

/**
 * Per-client-address request limits: one read quota and one write quota per client, counted
 * in fixed windows in this process's memory, whatever path spelling (`/%61pi/…`) or surface
 * (JSON API, website pages and forms, each JSON-RPC message to /mcp) the work arrives by.
 * Every limited answer says where the client stands, in the fields of the IETF draft
 * "RateLimit header fields for HTTP": `RateLimit-Policy: "writes";q=10;w=60` and
 * `RateLimit: "writes";r=7;t=42`; a refused request is a 429 problem with Retry-After.
 *
 * Loopback clients are limited like any other (a local reverse proxy is loopback too); the
 * operator's load tests turn limits off with APIDEX_RATE_LIMITS=off. Behind a proxy,
 * APIDEX_TRUST_PROXY makes request.ip the forwarded client address. Behind several instances
 * each counts its own share; a shared counter is future work (docs/adr/0011-reviews.md).
 */

export interface RateDecision {
  kind: RateLimitKind;
  quota: RateLimitQuota;
  remaining: number;
  resetSeconds: number;
  allowed: boolean;
}

/** The counters every surface of one server shares. */
export class RequestLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep: number;
  private readonly longestMs: number;

  constructor(
    readonly settings: RateLimitSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
    this.longestMs = Math.max(settings.writes.windowSeconds, settings.reads.windowSeconds) * 1000;
  }

  /** Counts `count` requests of a kind for an address and says whether they are within the quota. */
  take(kind: RateLimitKind, address: string, count = 1): RateDecision {
    const quota = this.settings[kind];
    const windowMs = quota.windowSeconds * 1000;
    const time = this.now();
    if (time - this.lastSweep > this.longestMs) {
      for (const [key, window] of this.windows) if (time - window.start >= this.longestMs) this.windows.delete(key);
      this.lastSweep = time;
    }
    const key = `${kind} ${address}`;
    let window = this.windows.get(key);
    if (!window || time - window.start >= windowMs) this.windows.set(key, (window = { start: time, count: 0 }));
    window.count += count;
    return {
      kind,
      quota,
      remaining: Math.max(0, quota.limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.start + windowMs - time) / 1000)),
      allowed: window.count <= quota.limit,
    };
  }
}

export const rateLimitMessage = ({ kind, quota, resetSeconds }: RateDecision) =>
  `This address may make ${quota.limit} ${kind === 'writes' ? 'write' : 'read'} requests every ${quota.windowSeconds} seconds; retry in ${resetSeconds} seconds.`;

/** Sets the RateLimit headers of a decision; a refused one gets Retry-After and a 429 problem. */
export function answerRateDecision(request: FastifyRequest, reply: FastifyReply, decision: RateDecision): FastifyReply | undefined {
  reply.header('ratelimit-policy', `"${decision.kind}";q=${decision.quota.limit};w=${decision.quota.windowSeconds}`);
  reply.header('ratelimit', `"${decision.kind}";r=${decision.remaining};t=${decision.resetSeconds}`);
  if (decision.allowed) return undefined;
  reply.header('retry-after', String(decision.resetSeconds));
  return sendProblem(reply, toProblem('rate_limited', rateLimitMessage(decision), { instance: request.url, extensions: { retryAfterSeconds: decision.resetSeconds } }));
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Requests that do no work worth limiting: the health check and the site's static files. */
const UNCOUNTED = /^\/(?:healthz(?:[?#]|$)|assets\/|favicon\.ico|robots\.txt)/;

/** /mcp counts each JSON-RPC message in its own route, once the body is read. */
const COUNTED_BY_ROUTE = /^\/mcp(?:[/?#]|$)/;

export function addRateLimits(app: FastifyInstance, limiter: RequestLimiter): void {
  app.addHook('onRequest', async (request, reply) => {
    if (UNCOUNTED.test(request.url) || COUNTED_BY_ROUTE.test(request.url)) return;
    const decision = limiter.take(WRITE_METHODS.has(request.method) ? 'writes' : 'reads', request.ip);
    return answerRateDecision(request, reply, decision);
  });
}

/**
 * APIDEX_TRUST_PROXY as Fastify wants it. A number is a count of proxy hops in front of this
 * server: Fastify 5 takes a bare number as "trust nothing" (issue 15), so hops become a
 * function that trusts the first `hops` addresses counted from the socket.
 */
export function trustProxyOption(value: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return value === 0 ? false : (_address: string, hop: number) => hop < value;
  return value;
}

/** Logs once that clients send X-Forwarded-For this server does not believe (no APIDEX_TRUST_PROXY, or another proxy). */
export function warnUntrustedForwarding(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined || request.ip !== request.socket.remoteAddress) return;
    warned = true;
    app.log.warn(
      `requests from ${request.socket.remoteAddress} carry X-Forwarded-For, which is not trusted: every client behind that proxy shares its rate limits. Set APIDEX_TRUST_PROXY to the number of proxy hops or the proxy's addresses.`,
    );
  });
}

/** The client address the limits and the review burst count: the forwarded one when a trusted proxy says so. */
export const clientAddressOf = (request: FastifyRequest) => request.ip;
