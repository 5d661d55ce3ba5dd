import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrichSettings } from '../../src/enrich/enrich-settings.ts';
import { NpmReadError, readNpmPackage } from '../../src/enrich/npm/read-npm-package.ts';
import { RegistryReplayServer } from './registry-replay-server.ts';

let server: RegistryReplayServer;
let settings: EnrichSettings;
beforeAll(async () => {
  server = await RegistryReplayServer.start();
  settings = { npmRegistryUrl: server.registryUrl, npmDownloadsApiUrl: server.downloadsApiUrl, retry: { attempts: 2, timeoutMs: 200, backoffMs: 1, maxBackoffMs: 2 } };
});
afterAll(async () => {
  await server.close();
});

const NOW = new Date('2026-11-21T12:00:00Z');
const read = (name: string) => readNpmPackage(name, { settings, now: NOW });

describe('reading a package from the npm registry (recorded documents)', () => {
  it('ably: latest version, release age, typings field, shorthand repository, downloads', async () => {
    expect(await read('ably')).toEqual({
      name: 'ably',
      latestVersion: '2.28.0',
      lastReleaseAt: '2026-08-24T16:12:21.632Z',
      daysSinceLastRelease: 88,
      typeDefinitions: true,
      typesFrom: 'typings field',
      deprecated: false,
      repositoryUrl: 'https://github.com/ably/ably-js',
      weeklyDownloads: 150000,
    });
    // Its own types: no @types lookup.
    expect(server.requestsFor('/registry/@types/ably')).toHaveLength(0);
  });

  it('pusher-js: no types of its own, so @types/pusher-js is looked up (abbreviated document) and counts', async () => {
    const reading = await read('pusher-js');
    expect(reading).toMatchObject({ latestVersion: '8.6.0', typeDefinitions: true, typesFrom: '@types/pusher-js', repositoryUrl: 'https://github.com/pusher/pusher-js', weeklyDownloads: 1000000 });
    const [typesRequest] = server.requestsFor('/registry/@types/pusher-js');
    expect(typesRequest?.accept).toContain('application/vnd.npm.install-v1+json');
    expect(typesRequest?.rawUrl).toBe('/registry/@types%2fpusher-js');
  });

  it('a scoped package is asked for with its slash encoded; types from its types field', async () => {
    const reading = await read('@supabase/supabase-js');
    expect(reading).toMatchObject({ latestVersion: '2.119.1', typesFrom: 'types field', repositoryUrl: 'https://github.com/supabase/supabase-js', weeklyDownloads: 4000000 });
    expect(server.requestsFor('/registry/@supabase/supabase-js')[0]?.rawUrl).toBe('/registry/@supabase%2fsupabase-js');
    expect(server.requestsFor('/api/downloads/point/last-week/@supabase/supabase-js')).toHaveLength(1);
  });

  it('left-pad: an ssh repository URL made browsable; a deprecation message read as is', async () => {
    expect(await read('left-pad')).toMatchObject({ deprecated: false, repositoryUrl: 'https://github.com/stevemao/left-pad', typesFrom: 'types field', daysSinceLastRelease: 807 });
    server.script('/registry/left-pad', { fixture: 'registry/left-pad.deprecated.json' });
    try {
      expect((await read('left-pad')).deprecated).toBe('use String.prototype.padStart()');
    } finally {
      server.script('/registry/left-pad', { fixture: 'registry/left-pad.json' });
    }
  });

  it('no types field and no @types package: no type definitions', async () => {
    server.script('/registry/@types/request', { status: 404, body: '{"error":"Not found"}' });
    try {
      expect(await read('request')).toMatchObject({ typeDefinitions: false, typesFrom: null, latestVersion: '2.88.2' });
    } finally {
      server.script('/registry/@types/request', { fixture: 'registry/@types__request.json' });
    }
    expect(await read('request')).toMatchObject({ typeDefinitions: true, typesFrom: '@types/request' });
  });

  it('a package the downloads API does not know has no download count (null), not 0', async () => {
    server.script('/registry/quiet-package', { fixture: 'registry/left-pad.json' });
    expect((await read('quiet-package')).weeklyDownloads).toBeNull();
  });

  it.each([
    ['an unknown package', 'no-such-package-anywhere', undefined, /the npm registry has no package "no-such-package-anywhere" \(GET .*: HTTP 404\)/],
    ['a document without a latest version', 'tagless', { status: 200, body: '{"name":"tagless","versions":{}}' }, /has no latest version \(dist-tags\.latest\)/],
    ['a document that is not an object', 'listy', { status: 200, body: '[1,2,3]' }, /is not a package document/],
    ['malformed JSON', 'garbled', { status: 200, body: '{"name": "garbled", "dist-tags": ' }, /garbled: the answer is not valid JSON .*\(after 2 attempts\)/],
    ['a registry that keeps failing', 'down', { status: 503 }, /down: HTTP 503 Service Unavailable \(after 2 attempts\)/],
    ['a registry that never answers', 'silent', { hang: true as const }, /silent: no answer within 200 ms \(after 2 attempts\)/],
  ])('%s is an NpmReadError saying what happened', async (_what, name, behaviour, message) => {
    if (behaviour) server.script(`/registry/${name}`, behaviour);
    const reading = read(name);
    await expect(reading).rejects.toThrow(NpmReadError);
    await expect(reading).rejects.toThrow(message);
  });

  it('a failing downloads API fails the whole reading', async () => {
    server.script('/api/downloads/point/last-week/ably', { status: 500 });
    try {
      await expect(read('ably')).rejects.toThrow(/downloads\/point\/last-week\/ably: HTTP 500/);
    } finally {
      server.script('/api/downloads/point/last-week/ably', { fixture: 'downloads/ably.json' });
    }
  });
});
