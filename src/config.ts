import path from 'node:path';
import { DEFAULT_REVIEW_POLICY, type ReviewPolicy } from './core/reviews/review-policy.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitQuota, type RateLimitSettings } from './http/rate-limit-settings.ts';
import { DEFAULT_ENRICH_SETTINGS, DEFAULT_GITHUB_API, DEFAULT_GITHUB_MIN_INTERVAL_MS, ENRICH_BOUNDS, type EnrichSettings } from './enrich/enrich-settings.ts';

/** The one place that reads the environment. Everything else receives a Config. */
export interface Config {
  port: number;
  host: string;
  /** Unset: SQLite at ./data/apidex.db; `file:PATH`: SQLite; `postgres://…`: PostgreSQL. */
  databaseUrl: string | undefined;
  /** Folder of the default catalogue's YAML files. */
  catalogDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Check every response against its published schema (APIDEX_VALIDATE_RESPONSES=1). */
  validateResponses: boolean;
  /**
   * How often a server polls the store's change feed for listings written by other processes
   * (another server on the same PostgreSQL, a `catalog sync`); 0 turns polling off.
   */
  refreshIntervalMs: number;
  /** Per-address request limits (APIDEX_RATE_LIMITS, APIDEX_RATE_LIMIT_WRITES, APIDEX_RATE_LIMIT_READS), or 'off'. */
  rateLimits: RateLimitSettings | 'off';
  /** The site's public origin for absolute URLs (APIDEX_PUBLIC_URL); http://localhost:PORT when unset. */
  publicUrl: string;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe for the client address (APIDEX_TRUST_PROXY). */
  trustProxy: boolean | number | string;
  /** Bearer token of the moderation endpoints (APIDEX_ADMIN_TOKEN); undefined disables them. */
  adminToken: string | undefined;
  /** Review intake settings (APIDEX_REVIEW_BURST). */
  reviewPolicy: ReviewPolicy;
  /** A running directory the CLI's read and review commands ask instead of the local store (APIDEX_URL; --remote wins). */
  remoteUrl: string | undefined;
  /** Where `apidex enrich` reads npm and how patiently (APIDEX_NPM_REGISTRY, APIDEX_NPM_DOWNLOADS_API, APIDEX_ENRICH_TIMEOUT_MS, APIDEX_ENRICH_ATTEMPTS, APIDEX_ENRICH_BACKOFF_MS). */
  enrich: EnrichSettings;
}

function parseRemoteUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`APIDEX_URL must be the http(s) address of a running directory, e.g. http://localhost:3000; got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`APIDEX_URL must start with http:// or https://; got "${value}"`);
  }
  return value;
}

/** A base URL such as https://registry.npmjs.org, without its trailing slash. */
function parseBaseUrl(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an http(s) base URL, e.g. ${fallback}; got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(`${name} must be an http(s) base URL without query or fragment, e.g. ${fallback}; got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function parseBoundedInteger(name: string, value: string | undefined, fallback: number, { min, max }: { min: number; max: number }, unit: string): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}${unit}; got "${value}"`);
  }
  return number;
}

function parseEnrichSettings(env: NodeJS.ProcessEnv): EnrichSettings {
  const defaults = DEFAULT_ENRICH_SETTINGS;
  return {
    npmRegistryUrl: parseBaseUrl('APIDEX_NPM_REGISTRY', env.APIDEX_NPM_REGISTRY, defaults.npmRegistryUrl),
    npmDownloadsApiUrl: parseBaseUrl('APIDEX_NPM_DOWNLOADS_API', env.APIDEX_NPM_DOWNLOADS_API, defaults.npmDownloadsApiUrl),
    retry: {
      ...defaults.retry,
      timeoutMs: parseBoundedInteger('APIDEX_ENRICH_TIMEOUT_MS', env.APIDEX_ENRICH_TIMEOUT_MS, defaults.retry.timeoutMs, ENRICH_BOUNDS.timeoutMs, ' milliseconds'),
      attempts: parseBoundedInteger('APIDEX_ENRICH_ATTEMPTS', env.APIDEX_ENRICH_ATTEMPTS, defaults.retry.attempts, ENRICH_BOUNDS.attempts, ' (1 = no retry)'),
      backoffMs: parseBoundedInteger('APIDEX_ENRICH_BACKOFF_MS', env.APIDEX_ENRICH_BACKOFF_MS, defaults.retry.backoffMs, ENRICH_BOUNDS.backoffMs, ' milliseconds'),
    },
    github: {
      apiUrl: parseBaseUrl('APIDEX_GITHUB_API', env.APIDEX_GITHUB_API, DEFAULT_GITHUB_API),
      token: env.GITHUB_TOKEN?.trim() || undefined,
      minIntervalMs: parseBoundedInteger('APIDEX_GITHUB_MIN_INTERVAL_MS', env.APIDEX_GITHUB_MIN_INTERVAL_MS, DEFAULT_GITHUB_MIN_INTERVAL_MS, ENRICH_BOUNDS.githubMinIntervalMs, ' milliseconds'),
    },
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseFlag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0' || value === 'false' || value === 'off') return false;
  if (value === '1' || value === 'true' || value === 'on') return true;
  throw new ConfigError(`${name} must be 1, true, on, 0, false or off; got "${value}"`);
}

/** Polling faster than this only loads the database; slower than an hour is not "fresh". */
const REFRESH_INTERVAL_BOUNDS = { min: 100, max: 3_600_000, default: 1000 } as const;

function parseRefreshInterval(value: string | undefined): number {
  if (value === undefined || value === '') return REFRESH_INTERVAL_BOUNDS.default;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || (ms !== 0 && (ms < REFRESH_INTERVAL_BOUNDS.min || ms > REFRESH_INTERVAL_BOUNDS.max))) {
    throw new ConfigError(
      `APIDEX_REFRESH_INTERVAL_MS must be 0 (no polling) or an integer from ${REFRESH_INTERVAL_BOUNDS.min} to ${REFRESH_INTERVAL_BOUNDS.max} milliseconds; got "${value}"`,
    );
  }
  return ms;
}

/** "COUNT/SECONDS", e.g. "10/60": COUNT requests per SECONDS. */
function parseQuota(name: string, value: string | undefined, fallback: RateLimitQuota): RateLimitQuota {
  if (value === undefined || value === '') return fallback;
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*s?\s*$/.exec(value);
  const limit = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]);
  if (!match || limit < 1 || limit > 1_000_000 || windowSeconds < 1 || windowSeconds > 86_400) {
    throw new ConfigError(`${name} must be COUNT/SECONDS with COUNT from 1 to 1000000 and SECONDS from 1 to 86400, e.g. "${fallback.limit}/${fallback.windowSeconds}"; got "${value}"`);
  }
  return { limit, windowSeconds };
}

function parseRateLimits(env: NodeJS.ProcessEnv): RateLimitSettings | 'off' {
  const switchValue = env.APIDEX_RATE_LIMITS;
  if (switchValue !== undefined && switchValue !== '' && !['on', 'off'].includes(switchValue)) {
    throw new ConfigError(`APIDEX_RATE_LIMITS must be on or off; got "${switchValue}"`);
  }
  const writes = parseQuota('APIDEX_RATE_LIMIT_WRITES', env.APIDEX_RATE_LIMIT_WRITES, DEFAULT_RATE_LIMITS.writes);
  const reads = parseQuota('APIDEX_RATE_LIMIT_READS', env.APIDEX_RATE_LIMIT_READS, DEFAULT_RATE_LIMITS.reads);
  // Loopback used to be exempt unless this said "on"; it is limited like any client now (issue 15).
  const loopback = env.APIDEX_RATE_LIMIT_LOOPBACK;
  if (loopback !== undefined && loopback !== '' && loopback !== 'on') {
    throw new ConfigError(
      `APIDEX_RATE_LIMIT_LOOPBACK is gone: loopback clients are limited like any other, since a local proxy is loopback too; remove it, or set APIDEX_RATE_LIMITS=off for a load test; got "${loopback}"`,
    );
  }
  return switchValue === 'off' ? 'off' : { writes, reads };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'off' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (/^[0-9a-fA-F.:/,\s]+$/.test(value)) return value;
  throw new ConfigError(`APIDEX_TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8); got "${value}"`);
}

function parsePublicUrl(value: string | undefined, port: number): string {
  if (value === undefined || value === '') return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`APIDEX_PUBLIC_URL must be the site's public address, e.g. https://apidex.example.org; got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    throw new ConfigError(`APIDEX_PUBLIC_URL must be an http(s) origin without a path, query or credentials, e.g. https://apidex.example.org; got "${value}"`);
  }
  return url.origin;
}

function parseAdminToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 16 || !/^[\x21-\x7E]+$/.test(value)) {
    throw new ConfigError('APIDEX_ADMIN_TOKEN must be at least 16 visible ASCII characters without spaces (e.g. the output of `openssl rand -hex 32`); leave it unset to disable the admin endpoints');
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535; got "${env.PORT}"`);
  }
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${env.LOG_LEVEL}"`);
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    catalogDir: path.resolve(env.APIDEX_CATALOG_DIR || 'catalog'),
    logLevel,
    validateResponses: parseFlag('APIDEX_VALIDATE_RESPONSES', env.APIDEX_VALIDATE_RESPONSES),
    refreshIntervalMs: parseRefreshInterval(env.APIDEX_REFRESH_INTERVAL_MS),
    rateLimits: parseRateLimits(env),
    trustProxy: parseTrustProxy(env.APIDEX_TRUST_PROXY),
    publicUrl: parsePublicUrl(env.APIDEX_PUBLIC_URL, port),
    adminToken: parseAdminToken(env.APIDEX_ADMIN_TOKEN),
    remoteUrl: parseRemoteUrl(env.APIDEX_URL),
    enrich: parseEnrichSettings(env),
    reviewPolicy: {
      ...DEFAULT_REVIEW_POLICY,
      burst: (({ limit, windowSeconds }) => ({ max: limit, windowMs: windowSeconds * 1000 }))(
        parseQuota('APIDEX_REVIEW_BURST', env.APIDEX_REVIEW_BURST, { limit: DEFAULT_REVIEW_POLICY.burst.max, windowSeconds: DEFAULT_REVIEW_POLICY.burst.windowMs / 1000 }),
      ),
    },
  };
}
