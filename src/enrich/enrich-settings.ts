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
  /**
   * GitHub's REST API for the SDK repository's stars and issue close ratio (issue 30): read only
   * with a token (GITHUB_TOKEN), at APIDEX_GITHUB_API (a loopback replay in tests), one request
   * every APIDEX_GITHUB_MIN_INTERVAL_MS at most (the search API allows 30 a minute with a token).
   */
  github?: { apiUrl: string; token?: string | undefined; minIntervalMs: number };
}

export const DEFAULT_GITHUB_API = 'https://api.github.com';
export const DEFAULT_GITHUB_MIN_INTERVAL_MS = 2100;

export const DEFAULT_ENRICH_SETTINGS: EnrichSettings = {
  npmRegistryUrl: 'https://registry.npmjs.org',
  npmDownloadsApiUrl: 'https://api.npmjs.org',
  retry: { attempts: 3, timeoutMs: 10_000, backoffMs: 500, maxBackoffMs: 8_000 },
  github: { apiUrl: DEFAULT_GITHUB_API, minIntervalMs: DEFAULT_GITHUB_MIN_INTERVAL_MS },
};

export const ENRICH_BOUNDS = {
  timeoutMs: { min: 10, max: 120_000 },
  attempts: { min: 1, max: 10 },
  backoffMs: { min: 0, max: 60_000 },
  githubMinIntervalMs: { min: 0, max: 600_000 },
} as const;
