import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { DEFAULT_REVIEW_POLICY } from '../src/core/reviews/review-policy.ts';
import { DEFAULT_ENRICH_SETTINGS } from '../src/enrich/enrich-settings.ts';

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
      rateLimits: { writes: { limit: 10, windowSeconds: 60 }, reads: { limit: 300, windowSeconds: 60 } },
      trustProxy: false,
      publicUrl: 'http://localhost:3000',
      adminToken: undefined,
      reviewPolicy: DEFAULT_REVIEW_POLICY,
      enrich: DEFAULT_ENRICH_SETTINGS,
    });
  });

  it('reads APIDEX_PUBLIC_URL as an origin, and refuses anything else with the fix', () => {
    expect(loadConfig({ APIDEX_PUBLIC_URL: 'https://apidex.example.org/' }).publicUrl).toBe('https://apidex.example.org');
    for (const bad of ['javascript:alert(1)', 'https://apidex.example.org/some/path', 'https://user:pw@apidex.example.org', 'not a url']) {
      expect(() => loadConfig({ APIDEX_PUBLIC_URL: bad }), bad).toThrow(/APIDEX_PUBLIC_URL must be/);
    }
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
      rateLimits: { writes: { limit: 10, windowSeconds: 60 }, reads: { limit: 300, windowSeconds: 60 } },
      trustProxy: false,
      publicUrl: 'http://localhost:8080',
      adminToken: undefined,
      reviewPolicy: DEFAULT_REVIEW_POLICY,
      enrich: DEFAULT_ENRICH_SETTINGS,
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

  it('reads APIDEX_URL, the running directory the CLI asks instead of the local store', () => {
    expect(loadConfig({}).remoteUrl).toBeUndefined();
    expect(loadConfig({ APIDEX_URL: 'https://apidex.example.org' }).remoteUrl).toBe('https://apidex.example.org');
  });

  it('reads the review, rate-limit and admin variables', () => {
    const config = loadConfig({
      APIDEX_RATE_LIMIT_WRITES: '5/30',
      APIDEX_RATE_LIMIT_READS: '100/10s',
      APIDEX_RATE_LIMIT_LOOPBACK: 'on',
      APIDEX_TRUST_PROXY: '127.0.0.1,10.0.0.0/8',
      APIDEX_ADMIN_TOKEN: 'a-long-enough-admin-token',
      APIDEX_REVIEW_BURST: '3/120',
    });
    expect(config.rateLimits).toEqual({ writes: { limit: 5, windowSeconds: 30 }, reads: { limit: 100, windowSeconds: 10 } });
    expect(config.trustProxy).toBe('127.0.0.1,10.0.0.0/8');
    expect(config.adminToken).toBe('a-long-enough-admin-token');
    expect(config.reviewPolicy.burst).toEqual({ max: 3, windowMs: 120_000 });
    expect(loadConfig({ APIDEX_RATE_LIMITS: 'off' }).rateLimits).toBe('off');
    expect(loadConfig({ APIDEX_TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('reads the enrichment variables: npm registry and downloads API base URLs, timeout, attempts and backoff', () => {
    expect(DEFAULT_ENRICH_SETTINGS).toMatchObject({ npmRegistryUrl: 'https://registry.npmjs.org', npmDownloadsApiUrl: 'https://api.npmjs.org' });
    expect(
      loadConfig({
        APIDEX_NPM_REGISTRY: 'http://127.0.0.1:4873/npm/',
        APIDEX_NPM_DOWNLOADS_API: 'https://downloads.example.org',
        APIDEX_ENRICH_TIMEOUT_MS: '250',
        APIDEX_ENRICH_ATTEMPTS: '1',
        APIDEX_ENRICH_BACKOFF_MS: '0',
      }).enrich,
    ).toEqual({
      npmRegistryUrl: 'http://127.0.0.1:4873/npm',
      npmDownloadsApiUrl: 'https://downloads.example.org',
      retry: { ...DEFAULT_ENRICH_SETTINGS.retry, timeoutMs: 250, attempts: 1, backoffMs: 0 },
      github: DEFAULT_ENRICH_SETTINGS.github,
    });
  });

  it('reads GitHub\'s settings for enrich: the token, a base URL tests point at a replay, and the least interval between requests', () => {
    expect(loadConfig({ GITHUB_TOKEN: ' ghp_x ', APIDEX_GITHUB_API: 'http://127.0.0.1:9/gh/', APIDEX_GITHUB_MIN_INTERVAL_MS: '0' }).enrich.github).toEqual({ apiUrl: 'http://127.0.0.1:9/gh', token: 'ghp_x', minIntervalMs: 0 });
    expect(loadConfig({}).enrich.github).toEqual({ apiUrl: 'https://api.github.com', minIntervalMs: 2100 });
    expect(() => loadConfig({ APIDEX_GITHUB_MIN_INTERVAL_MS: 'soon' })).toThrow('APIDEX_GITHUB_MIN_INTERVAL_MS must be an integer from 0 to 600000 milliseconds; got "soon"');
  });

  it.each([
    [{ APIDEX_NPM_REGISTRY: 'registry.npmjs.org' }, 'APIDEX_NPM_REGISTRY must be an http(s) base URL, e.g. https://registry.npmjs.org; got "registry.npmjs.org"'],
    [{ APIDEX_NPM_REGISTRY: 'ftp://registry.example.org' }, 'APIDEX_NPM_REGISTRY must be an http(s) base URL without query or fragment'],
    [{ APIDEX_NPM_DOWNLOADS_API: 'https://api.npmjs.org/?x=1' }, 'APIDEX_NPM_DOWNLOADS_API must be an http(s) base URL without query or fragment'],
    [{ APIDEX_ENRICH_TIMEOUT_MS: '5' }, 'APIDEX_ENRICH_TIMEOUT_MS must be an integer from 10 to 120000 milliseconds; got "5"'],
    [{ APIDEX_ENRICH_ATTEMPTS: '0' }, 'APIDEX_ENRICH_ATTEMPTS must be an integer from 1 to 10 (1 = no retry); got "0"'],
    [{ APIDEX_ENRICH_BACKOFF_MS: 'fast' }, 'APIDEX_ENRICH_BACKOFF_MS must be an integer from 0 to 60000 milliseconds; got "fast"'],
  ])('refuses enrichment setting %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    [{ APIDEX_RATE_LIMITS: 'maybe' }, 'APIDEX_RATE_LIMITS must be on or off; got "maybe"'],
    [{ APIDEX_RATE_LIMIT_WRITES: 'ten' }, 'APIDEX_RATE_LIMIT_WRITES must be COUNT/SECONDS'],
    [{ APIDEX_RATE_LIMIT_READS: '0/60' }, 'APIDEX_RATE_LIMIT_READS must be COUNT/SECONDS'],
    [{ APIDEX_ADMIN_TOKEN: 'short' }, 'APIDEX_ADMIN_TOKEN must be at least 16 visible ASCII characters'],
    [{ APIDEX_TRUST_PROXY: 'everyone' }, 'APIDEX_TRUST_PROXY must be a number of proxy hops'],
    [{ APIDEX_REVIEW_BURST: '5' }, 'APIDEX_REVIEW_BURST must be COUNT/SECONDS'],
    [{ APIDEX_URL: 'localhost:3000' }, 'APIDEX_URL must start with http:// or https://'],
    [{ APIDEX_URL: 'not a url' }, 'APIDEX_URL must be the http(s) address of a running directory'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
