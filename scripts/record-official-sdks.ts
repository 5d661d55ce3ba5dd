/**
 * Records the npm registry's package document of every package named in
 * catalog-sources/official-sdks.yaml and of every npm package a curated provider file names as
 * its official SDK (catalog-sources/curated/*.yaml, ADR 27), one single look-up per named package (never a guessed
 * name), trimmed to what the catalogue build reads, in catalog-sources/npm-registry/. The build
 * reads only these recordings, so it needs no network and gives the same output every time.
 *
 *   node --import tsx scripts/record-official-sdks.ts [--registry https://registry.npmjs.org] [--only-missing]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { officialSdkMappingSchema, recordedPackageFileName, trimRegistryDocument } from '../src/catalogue-build/official-sdks.ts';
import { readCuratedHead } from '../src/catalogue-build/read-curated-head.ts';

const registry = process.argv.includes('--registry') ? process.argv[process.argv.indexOf('--registry') + 1]! : 'https://registry.npmjs.org';
const folder = 'catalog-sources';
const mapping = officialSdkMappingSchema.parse(parse(readFileSync(join(folder, 'official-sdks.yaml'), 'utf8')));
mkdirSync(join(folder, 'npm-registry'), { recursive: true });
const readAt = new Date().toISOString().slice(0, 10);
const onlyMissing = process.argv.includes('--only-missing');
const curated = readCuratedHead(join(folder, 'curated')).providers.flatMap(({ data }) =>
  data.products.flatMap((product) => (product.criteria.officialSdk.status === 'passed' ? (product.criteria.officialSdk.packages ?? []) : []).filter((item) => item.registry === 'npm').map((item) => item.name)),
);
const names = [...new Set([...mapping.map((entry) => entry.package), ...curated])].filter((name) => !onlyMissing || !existsSync(join(folder, 'npm-registry', recordedPackageFileName(name))));
for (const entry of names.map((name) => ({ package: name }))) {
  const url = `${registry.replace(/\/$/, '')}/${entry.package.replace('/', '%2F')}`;
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) {
    process.stderr.write(`${entry.package}: ${response.status} from ${url}; not recorded\n`);
    continue;
  }
  const document = trimRegistryDocument(await response.json(), { url, readAt });
  writeFileSync(join(folder, 'npm-registry', recordedPackageFileName(entry.package)), `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`${entry.package}: ${document['dist-tags']?.latest ?? 'no latest'}\n`);
}
