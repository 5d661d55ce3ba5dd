import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.ts';
import { runCli } from '../../src/cli/main.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const CATALOG = 'test/fixtures/catalog-providers';

/** The command line in this process, with captured output, on a fresh store of the providers fixture (or --remote). */
async function apidex(args: string[], databaseUrl: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text), config: () => loadConfig({ DATABASE_URL: databaseUrl, APIDEX_CATALOG_DIR: CATALOG }) };
  const code = await runCli(args, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('apidex provider, grouped search and discover, and moved slugs', () => {
  let server: TestServer;
  const local = `file:${createTestSqlitePath()}`;

  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`, { catalogDir: CATALOG });
  });
  afterAll(async () => server?.close());

  it('apidex provider prints the provider and its products, locally and from a running directory alike', async () => {
    const shown = await apidex(['provider', 'skyline'], local);
    expect(shown.code).toBe(0);
    expect(shown.stdout.split('\n')[0]).toBe('Skyline Messaging [provider skyline] https://skyline.example/: 4 products (Communication 3, Data & Information 1).');
    expect(shown.stdout).toContain('4. Skyline Lookup [skyline-lookup] Data & Information / Reference Data;');
    const remote = await apidex(['provider', 'skyline', '--remote', server.baseUrl], local);
    expect(remote).toEqual(shown);
    const json = JSON.parse((await apidex(['provider', 'relaypost', '--json'], local)).stdout);
    expect(json).toMatchObject({ id: 'relaypost', name: 'Relaypost', count: 2 });
  });

  it('apidex provider fails on an unknown id with exit 1 and the close ids', async () => {
    const unknown = await apidex(['provider', 'skyliner'], local);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('No provider has the id "skyliner"; did you mean "skyline"?');
  });

  it('search --category shows each provider once with what else it offers; --group none lists every listing', async () => {
    const grouped = await apidex(['search', '--category', 'communication', '--sort', 'cli-relevance', '--limit', '3'], local);
    expect(grouped.code).toBe(0);
    const rows = grouped.stdout.split('\n').filter((line) => /^\d+\s{2,}/.test(line));
    expect(rows.map((row) => row.split(/\s{2,}/)[2])).toEqual(['skyline-sms', 'textbeam', 'relaypost-sms']);
    expect(grouped.stdout).toContain('  #1 also from Skyline Messaging: skyline-voice, skyline-chat (npx apidex provider skyline)');
    expect(grouped.stdout).toContain('  #3 also from Relaypost: relaypost-email (npx apidex provider relaypost)');
    expect(grouped.stdout).toContain("3 of 3 entries (a provider's products count once; --group none for every listing)");
    const flat = await apidex(['search', '--category', 'communication', '--sort', 'cli-relevance', '--limit', '3', '--group', 'none'], local);
    expect(flat.stdout.split('\n').filter((line) => /^\d+\s{2,}/.test(line)).map((row) => row.split(/\s{2,}/)[2])).toEqual(['skyline-sms', 'skyline-voice', 'textbeam']);
    expect(flat.stdout).toContain('3 of 6 listings');
    expect(flat.stdout).not.toContain('also from');
    const bad = await apidex(['search', '--group', 'vendor'], local);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('fix --group: group must be one of provider, none; got "vendor"');
  });

  it('discover --json carries also; the same answer locally and remotely', async () => {
    const localAnswer = JSON.parse((await apidex(['discover', 'send sms messages', '--json'], local)).stdout);
    const remoteAnswer = JSON.parse((await apidex(['discover', 'send sms messages', '--json', '--remote', server.baseUrl], local)).stdout);
    expect(remoteAnswer.items.map((item: any) => [item.slug, item.also?.count ?? 0])).toEqual(localAnswer.items.map((item: any) => [item.slug, item.also?.count ?? 0]));
    expect(localAnswer.items.filter((item: any) => item.slug.startsWith('skyline-'))).toHaveLength(1);
    expect(localAnswer.items.some((item: any) => item.also?.provider.id === 'skyline')).toBe(true);
  });

  it('show says where a moved slug went, with exit 1, locally and from a running directory', async () => {
    for (const extra of [[], ['--remote', server.baseUrl]]) {
      const moved = await apidex(['show', 'skyline-texts', ...extra], local);
      expect(moved.code).toBe(1);
      expect(moved.stdout).toBe('');
      expect(moved.stderr).toContain('The listing "skyline-texts" moved to "skyline-sms" (renamed twice); ask for "skyline-sms".');
      expect(moved.stderr).toContain('  moved to: skyline-sms');
      const split = await apidex(['quickstart', 'relaypost', ...extra], local);
      expect(split.code).toBe(1);
      expect(split.stderr).toContain('was split into "relaypost-sms", "relaypost-email"');
      expect(split.stderr).toContain('  moved to: relaypost-sms, relaypost-email');
    }
  });

  it('show names the provider of a listing', async () => {
    const shown = await apidex(['show', 'skyline-chat'], local);
    expect(shown.stdout).toContain('category Communication / Chat; pricing Freemium; provider Skyline Messaging [skyline]');
  });
});
