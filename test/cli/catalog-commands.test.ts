import { TEST_CATALOG_DIR } from '../support/test-catalog.ts';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestSqlitePath } from '../support/postgres.ts';

const run = promisify(execFile);

/** Runs the real `apidex` command in a child process, as `npx apidex` would. */
async function apidex(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/apidex.js', ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const copies: string[] = [];
afterAll(async () => {
  await Promise.all(copies.map((dir) => rm(dir, { recursive: true, force: true })));
});

const copyOfCatalogue = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'apidex-catalog-'));
  copies.push(dir);
  await cp(TEST_CATALOG_DIR, dir, { recursive: true });
  return dir;
};

describe('apidex catalog validate', () => {
  it('passes the default catalogue', async () => {
    const result = await apidex(['catalog', 'validate']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('All 6 listings');
  });

  it('refuses links that leave the folder and never prints the content of a file that is not a listing (issue 15)', async () => {
    const dir = await copyOfCatalogue();
    const outside = await mkdtemp(path.join(tmpdir(), 'apidex-secret-'));
    copies.push(outside);
    const SECRET = 'sk_live_do_not_print_4242';
    await writeFile(path.join(outside, 'shadow'), `root:${SECRET}:19000:0:99999:7:::\n`);
    await symlink(path.join(outside, 'shadow'), path.join(dir, 'shadow.yaml'));
    await writeFile(path.join(dir, 'dotenv.yaml'), `API_TOKEN: ${SECRET}\nOTHER: x\n`);
    await writeFile(path.join(dir, 'env-line.yaml'), `API_TOKEN=${SECRET}\n`);
    for (const args of [['catalog', 'validate', '--dir', dir], ['catalog', 'sync', '--dir', dir]]) {
      const result = await apidex(args, { DATABASE_URL: `file:${path.join(outside, 'store.db')}` });
      expect(result.code, args.join(' ')).toBe(1);
      expect(`${result.stdout}${result.stderr}`).not.toContain(SECRET);
      expect(result.stderr).toContain('shadow.yaml the file is a link to a file outside the catalogue folder, which is not read');
      expect(result.stderr).toContain('dotenv.yaml the file is not a listing: none of its keys is a listing field (its content is not shown)');
      expect(result.stderr).toMatch(/env-line\.yaml:1 the top level is a single line of text, not a mapping/);
    }
  });

  it('names each bad file, field and fix, and exits 1', async () => {
    const result = await apidex(['catalog', 'validate', '--dir', 'test/ingest/fixtures/broken']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\.yaml:\d+ pricingtier: .*fix: rename it to "pricingTier"/);
    expect(result.stderr).toMatch(/problems? in \d+ of \d+ files/);
  });

  it('answers a missing folder with exit 3 and the path', async () => {
    const result = await apidex(['catalog', 'validate', '--dir', 'no/such/folder']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('no/such/folder');
  });

  it('prints JSON with --json', async () => {
    const result = await apidex(['catalog', 'validate', '--dir', 'test/ingest/fixtures/broken', '--json']);
    const body = JSON.parse(result.stdout);
    expect(body.problems.length).toBeGreaterThan(0);
    expect(body.problems[0]).toEqual(expect.objectContaining({ file: expect.any(String), field: expect.any(String), fix: expect.any(String) }));
  });
});

describe.each([
  { kind: 'sqlite', databaseUrl: async () => `file:${createTestSqlitePath()}` },
  { kind: 'postgres', databaseUrl: createTestDatabase },
])('apidex catalog sync on $kind', ({ databaseUrl }) => {
  it('reports each listing created, then unchanged, then updated after an edit', async () => {
    const env = { DATABASE_URL: await databaseUrl() };
    const dir = await copyOfCatalogue();

    const first = await apidex(['catalog', 'sync', '--dir', dir, '--json'], env);
    expect(first.code).toBe(0);
    const created = JSON.parse(first.stdout).items;
    expect(created).toHaveLength(6);
    expect(created.every((item: any) => item.outcome === 'created')).toBe(true);

    const second = await apidex(['catalog', 'sync', '--dir', dir], env);
    expect(second.stdout).toContain('0 created, 0 updated, 6 unchanged, 0 failed');

    const file = path.join(dir, 'country-reference-data-service.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('search countries', 'search countries by name'));
    const third = await apidex(['catalog', 'sync', '--dir', dir, '--json'], env);
    const outcomes = Object.fromEntries(JSON.parse(third.stdout).items.map((item: any) => [item.slug, item.outcome]));
    expect(outcomes['country-reference-data-service']).toBe('updated');
    expect(Object.values(outcomes).filter((outcome) => outcome === 'unchanged')).toHaveLength(5);
  });

  it('syncs the good files, reports the bad one as failed and exits 1', async () => {
    const env = { DATABASE_URL: await databaseUrl() };
    const dir = await copyOfCatalogue();
    await writeFile(path.join(dir, 'broken-listing.yaml'), 'slug: broken-listing\nname: Broken\ndescription: x\ncategory: Tools\npricingTier: Gratis\n');
    const result = await apidex(['catalog', 'sync', '--dir', dir, '--json'], env);
    expect(result.code).toBe(1);
    const items = JSON.parse(result.stdout).items;
    expect(items.filter((item: any) => item.outcome === 'created')).toHaveLength(6);
    expect(items.find((item: any) => item.outcome === 'failed')).toMatchObject({ file: path.join(dir, 'broken-listing.yaml') });
  });
});

describe('apidex usage errors', () => {
  it('exits 2 on an unknown command', async () => {
    const result = await apidex(['catalog', 'frobnicate']);
    expect(result.code).toBe(2);
  });

  it('explains DATABASE_URL when it names an unsupported store, exit 3', async () => {
    const result = await apidex(['catalog', 'sync'], { DATABASE_URL: 'mysql://localhost/apidex' });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('DATABASE_URL');
  });
});
