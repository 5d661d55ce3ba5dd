/**
 * Writes schema/listing.schema.json from `listingSchema` and schema/curated-provider.schema.json from `curatedProviderSchema`.
 * Run `npm run schema:build` after changing the listing schema; a test fails while the file is stale.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LISTING_JSON_SCHEMA_PATH, renderListingJsonSchema } from '../src/ingest/catalog-folder/listing-json-schema.ts';
import { CURATED_JSON_SCHEMA_PATH, renderCuratedProviderJsonSchema } from '../src/catalogue-build/curated-provider.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
for (const [path, render] of [
  [LISTING_JSON_SCHEMA_PATH, renderListingJsonSchema],
  [CURATED_JSON_SCHEMA_PATH, renderCuratedProviderJsonSchema],
] as const) {
  const outputPath = resolve(projectRoot, path);
  await mkdir(dirname(outputPath), { recursive: true });
  await writeFile(outputPath, render());
  console.log(`wrote ${path}`);
}
