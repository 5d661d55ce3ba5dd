import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildListingJsonSchema, LISTING_JSON_SCHEMA_PATH } from '../../src/ingest/catalog-folder/listing-json-schema.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

async function readCommittedSchema(): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(projectRoot, LISTING_JSON_SCHEMA_PATH), 'utf8')) as Record<string, unknown>;
}

/** A validator as strict as an editor's, over the committed file (the one editors load). */
async function compileCommittedSchema() {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    // Formats are advisory in JSON Schema; editors check them, ajv needs a plugin. Both fields that
    // use them also carry a pattern, which ajv does check.
    formats: { uri: true, 'date-time': true, date: true },
  });
  return ajv.compile(await readCommittedSchema());
}

const validListing = {
  slug: 'example-service',
  name: 'Example service',
  description: 'An example',
  category: 'Testing',
  pricingTier: 'Freemium',
  url: 'https://example.com/docs',
  cliCriteria: { headless: { status: 'passed' } },
  qualityInputs: { stars: { value: 300, illustrative: true, refreshedAt: '2025-01-31T09:30:00Z' } },
};

describe('schema/listing.schema.json', () => {
  it('is what listingSchema generates', async () => {
    expect(
      await readCommittedSchema(),
      `${LISTING_JSON_SCHEMA_PATH} is stale: run \`npm run schema:build\` and commit the result`,
    ).toEqual(buildListingJsonSchema());
  });

  it('accepts a valid listing, with defaulted fields left out', async () => {
    const validate = await compileCommittedSchema();
    expect(validate(validListing), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ['a bad slug', { ...validListing, slug: 'Example_Service' }, '/slug', 'pattern'],
    ['an unknown key', { ...validListing, pricingtier: 'Free' }, '', 'additionalProperties'],
    ['a bad pricing tier', { ...validListing, pricingTier: 'Premium' }, '/pricingTier', 'enum'],
    ['a missing required field', { ...validListing, category: undefined }, '', 'required'],
    ['a non-http URL', { ...validListing, url: 'ftp://example.com' }, '/url', 'pattern'],
    ['an unknown criterion status', { ...validListing, cliCriteria: { headless: { status: 'passd' } } }, '/cliCriteria/headless/status', 'enum'],
  ])('rejects %s', async (_case, listing, instancePath, keyword) => {
    const validate = await compileCommittedSchema();
    expect(validate(JSON.parse(JSON.stringify(listing)))).toBe(false);
    expect(validate.errors).toContainEqual(expect.objectContaining({ instancePath, keyword }));
  });

  it('accepts every file of the default catalogue, as an editor would check it', async () => {
    const validate = await compileCommittedSchema();
    const catalogDir = join(projectRoot, 'catalog');
    for (const fileName of (await readdir(catalogDir)).filter((name) => name.endsWith('.yaml') && !name.startsWith('_'))) {
      const text = await readFile(join(catalogDir, fileName), 'utf8');
      expect(text.startsWith('# yaml-language-server: $schema=../schema/listing.schema.json\n'), `${fileName} links the schema`).toBe(true);
      expect(validate(parseYaml(text)), `${fileName}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
