import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCatalogFolder } from '../../src/ingest/catalog-folder/read-catalog-folder.ts';

const listing = (slug: string) => `slug: ${slug}\nname: ${slug}\ndescription: An API called ${slug}\ncategory: Data & Information\n`;

describe('the catalogue folder\'s _redirects.yaml', () => {
  const made: string[] = [];
  const folder = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'apidex-redirects-'));
    made.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('reads the fixture\'s renames, chain and split beside its listings, and never takes _redirects.yaml for a listing', async () => {
    const result = await readCatalogFolder('test/fixtures/catalog-providers');
    expect(result.problems).toEqual([]);
    expect(result.listings).toHaveLength(8);
    expect(result.redirects).toEqual([
      { from: 'skyline-messaging', to: ['skyline-sms'], reason: "renamed when Skyline's SMS product got a listing of its own" },
      { from: 'skyline-texts', to: ['skyline-messaging'], reason: 'renamed twice' },
      { from: 'relaypost', to: ['relaypost-sms', 'relaypost-email'], reason: 'split into its SMS and email APIs' },
    ]);
  });

  it('skips every file whose name starts with "_"', async () => {
    const dir = folder({ 'alpha.yaml': listing('alpha'), '_notes.yaml': 'anything: at all\n' });
    const result = await readCatalogFolder(dir);
    expect(result.problems).toEqual([]);
    expect(result.listings.map((file) => file.listing.slug)).toEqual(['alpha']);
    expect(result.redirects).toEqual([]);
  });

  it('names each problem with its line and fix, and gives no redirects from a file that has one', async () => {
    const dir = folder({
      'alpha.yaml': listing('alpha'),
      '_redirects.yaml': 'redirects:\n  - from: alpha\n    to: [beta]\n    reason: renamed\n',
    });
    const result = await readCatalogFolder(dir);
    expect(result.redirects).toEqual([]);
    expect(result.listings).toHaveLength(1);
    expect(result.problems.map(({ line, field, message }) => ({ line, field, message }))).toEqual([
      { line: 2, field: 'redirects[0].from', message: '"alpha" still names a listing (alpha.yaml)' },
      { line: 3, field: 'redirects[0].to[0]', message: '"beta" names no listing of the folder' },
    ]);
    const shape = await readCatalogFolder(folder({ '_redirects.yaml': 'redirects:\n  - from: Old Slug\n    to: []\n' }));
    expect(shape.problems.map(({ line, field, message }) => ({ line, field, message }))).toEqual([
      { line: 2, field: 'redirects[0].from', message: 'slug must be lower-case letters and digits joined by single hyphens, e.g. "country-reference-data-service"' },
      { line: 2, field: 'redirects[0].reason', message: 'redirects[0].reason is required (a string)' },
      { line: 3, field: 'redirects[0].to', message: 'to must name at least one new slug' },
    ]);
  });
});
