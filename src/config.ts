import path from 'node:path';

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
  };
}
