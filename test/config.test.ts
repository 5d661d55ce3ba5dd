import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration from the environment', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      catalogDir: path.resolve('catalog'),
      logLevel: 'info',
      validateResponses: false,
      refreshIntervalMs: 1000,
    });
  });

  it('reads each variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'file:x.db',
      APIDEX_CATALOG_DIR: '/tmp/c',
      LOG_LEVEL: 'warn',
      APIDEX_VALIDATE_RESPONSES: 'on',
      APIDEX_REFRESH_INTERVAL_MS: '250',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'file:x.db',
      catalogDir: '/tmp/c',
      logLevel: 'warn',
      validateResponses: true,
      refreshIntervalMs: 250,
    });
  });

  it.each([
    ['0', 0],
    ['100', 100],
    ['3600000', 3_600_000],
  ])('accepts APIDEX_REFRESH_INTERVAL_MS=%s (0 turns polling off)', (value, expected) => {
    expect(loadConfig({ APIDEX_REFRESH_INTERVAL_MS: value }).refreshIntervalMs).toBe(expected);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 0 to 65535; got "abc"'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "loud"'],
    [{ APIDEX_VALIDATE_RESPONSES: 'yes' }, 'APIDEX_VALIDATE_RESPONSES must be 1, true, on, 0, false or off; got "yes"'],
    [{ APIDEX_REFRESH_INTERVAL_MS: 'soon' }, 'APIDEX_REFRESH_INTERVAL_MS must be 0 (no polling) or an integer from 100 to 3600000 milliseconds; got "soon"'],
    [{ APIDEX_REFRESH_INTERVAL_MS: '50' }, 'APIDEX_REFRESH_INTERVAL_MS must be 0 (no polling) or an integer from 100 to 3600000 milliseconds; got "50"'],
    [{ APIDEX_REFRESH_INTERVAL_MS: '3600001' }, 'got "3600001"'],
    [{ APIDEX_REFRESH_INTERVAL_MS: '1.5' }, 'got "1.5"'],
    [{ APIDEX_REFRESH_INTERVAL_MS: '-1' }, 'got "-1"'],
  ])('rejects %o naming the variable and what it accepts', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
