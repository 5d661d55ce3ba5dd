/**
 * The request limits' settings and defaults, apart from the limiter (rate-limit.ts) so that
 * config.ts can read them without loading the HTTP layer: every CLI command reads the
 * configuration, and rate-limit.ts pulls in fastify-type-provider-zod and a second copy of zod.
 */

export interface RateLimitQuota {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitSettings {
  writes: RateLimitQuota;
  reads: RateLimitQuota;
}

export type RateLimitKind = keyof RateLimitSettings;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  writes: { limit: 10, windowSeconds: 60 },
  reads: { limit: 300, windowSeconds: 60 },
};
