/**
 * Where `apidex enrich` reads package data and how patiently. Read from the environment in
 * src/config.ts (APIDEX_NPM_REGISTRY, APIDEX_NPM_DOWNLOADS_API, APIDEX_ENRICH_TIMEOUT_MS,
 * APIDEX_ENRICH_ATTEMPTS, APIDEX_ENRICH_BACKOFF_MS); tests point it at a loopback server and
 * shrink the timeout and backoff.
 */

export interface RetryPolicy {
  /** Requests per URL at most, the first included (1 = no retry). */
  attempts: number;
  /** Time allowed for one request, answer body included. */
  timeoutMs: number;
  /** Base of the exponential backoff: the wait before retry n is up to backoffMs × 2^(n-1), jittered. */
  backoffMs: number;
  /** No single wait is longer than this, whatever the attempt or a Retry-After header asks. */
  maxBackoffMs: number;
}

export interface EnrichSettings {
  /** Base URL of the npm registry: GET {npmRegistryUrl}/{name} is a package document. */
  npmRegistryUrl: string;
  /** Base URL of npm's download counts API: GET {npmDownloadsApiUrl}/downloads/point/last-week/{name}. */
  npmDownloadsApiUrl: string;
  retry: RetryPolicy;
}

export const DEFAULT_ENRICH_SETTINGS: EnrichSettings = {
  npmRegistryUrl: 'https://registry.npmjs.org',
  npmDownloadsApiUrl: 'https://api.npmjs.org',
  retry: { attempts: 3, timeoutMs: 10_000, backoffMs: 500, maxBackoffMs: 8_000 },
};

export const ENRICH_BOUNDS = {
  timeoutMs: { min: 10, max: 120_000 },
  attempts: { min: 1, max: 10 },
  backoffMs: { min: 0, max: 60_000 },
} as const;
