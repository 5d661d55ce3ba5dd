/**
 * Writes schema/listing.schema.json from `listingSchema`.
 * Run `npm run schema:build` after changing the listing schema; a test fails while the file is stale.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LISTING_JSON_SCHEMA_PATH, renderListingJsonSchema } from '../src/ingest/catalog-folder/listing-json-schema.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outputPath = resolve(projectRoot, LISTING_JSON_SCHEMA_PATH);

await mkdir(dirname(outputPath), { recursive: true });
await writeFile(outputPath, renderListingJsonSchema());
console.log(`wrote ${LISTING_JSON_SCHEMA_PATH}`);
