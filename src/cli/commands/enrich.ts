import { Option, type Command } from 'commander';
import { enrichListings, type EnrichReportItem } from '../../enrich/enrich-listings.ts';
import { readNpmPackage } from '../../enrich/npm/read-npm-package.ts';
import { readGithubRepository } from '../../enrich/github/read-github-repository.ts';
import { createPacer } from '../../enrich/pacer.ts';
import { openCore } from '../../open-core.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import type { CliIo } from '../io.ts';
import { toCliError } from '../output/errors.ts';
import { createProgress } from '../output/progress.ts';

const countOutcomes = (items: readonly EnrichReportItem[]) => ({
  updated: items.filter((item) => item.outcome === 'updated').length,
  unchanged: items.filter((item) => item.outcome === 'unchanged').length,
  skipped: items.filter((item) => item.outcome === 'skipped').length,
  failed: items.filter((item) => item.outcome === 'failed').length,
});

const scoreText = (score: number | null) => (score === null ? 'not scored' : String(score));

function itemLine(item: EnrichReportItem): string {
  const head = `${item.outcome.padEnd(9)} ${item.slug}${item.package ? ` (${item.package})` : ''}`;
  const warnings = item.warnings?.length ? ` [${item.warnings.join('; ')}]` : '';
  if (item.reason) return `${head}: ${item.reason}`;
  if (item.changes) {
    const quality = item.quality && item.quality.before !== item.quality.after ? `; quality ${scoreText(item.quality.before)} → ${scoreText(item.quality.after)}` : '';
    return `${head}: ${item.changes.join(', ')}${quality}${warnings}`;
  }
  return `${head}${warnings}`;
}

export function registerEnrichCommand(program: Command, io: CliIo): void {
  program
    .command('enrich')
    .description(
      'Read each listing\'s npm package (from its install instruction) from the registry: latest version, days since the last release, type definitions, ' +
        'deprecation, repository and weekly downloads; recompute the quality score and record where and when each input was read. ' +
        'Report each listing as updated, unchanged, skipped (no npm package) or failed (the registry could not be read; the listing is left as it was).',
    )
    .addOption(new Option('--source <registry>', 'the package registry to read').choices(['npm']).default('npm'))
    .option('--slug <slug>', 'enrich this listing only')
    .option('--dry-run', 'read the registry and report what would change, without saving anything')
    .option('--resume', 'skip listings read within the last 24 hours, so a stopped run picks up where it stopped')
    .option('--json', 'print the report as JSON: every listing with its outcome, reason, changes and quality before and after')
    .option('--verbose', 'also list unchanged and skipped listings')
    .addHelpText(
      'after',
      '\nExamples:\n  npx apidex enrich\n  npx apidex enrich --slug real-time-channels-api --dry-run\n  APIDEX_NPM_REGISTRY=https://registry.npmmirror.com npx apidex enrich --json\n' +
        '\nSettings: APIDEX_NPM_REGISTRY, APIDEX_NPM_DOWNLOADS_API, APIDEX_ENRICH_TIMEOUT_MS, APIDEX_ENRICH_ATTEMPTS, APIDEX_ENRICH_BACKOFF_MS (README, "Enrichment").' +
        '\nWith GITHUB_TOKEN set, the SDK repository\'s stars and issue close ratio are read from GitHub\'s REST API too (APIDEX_GITHUB_API, APIDEX_GITHUB_MIN_INTERVAL_MS, default one request every 2.1 s).' +
        '\nExit codes: 0 every listing updated, unchanged or skipped, 1 some listing failed or the slug is unknown, 3 the store cannot be opened.',
    )
    .action(async (options: { source: 'npm'; slug?: string; dryRun?: boolean; resume?: boolean; json?: boolean; verbose?: boolean }) => {
      const config = io.config();
      const ctx = await openCore(config, { loadDefaultCatalogue: true });
      try {
        const now = new Date();
        const github = config.enrich.github?.token ? createPacer(config.enrich.github.minIntervalMs) : undefined;
        const progress = createProgress(options.dryRun ? 'enriching (dry run)' : 'enriching');
        let items: EnrichReportItem[];
        try {
          items = await enrichListings({
            ctx,
            input: { source: options.source, dryRun: options.dryRun === true, resume: options.resume === true, ...(options.slug !== undefined ? { slug: options.slug } : {}) },
            readPackage: (name) => readNpmPackage(name, { settings: config.enrich, now }),
            ...(github ? { readRepository: (repository: string) => readGithubRepository(repository, { settings: config.enrich, pace: github }) } : {}),
            now: () => now,
            // A bar on stderr while stdout is a terminal; nothing when it is piped or redirected.
            onProgress: ({ done, total }) => progress.update(done, total),
          });
        } catch (error) {
          throw toCliError(error, { slug: '--slug' });
        } finally {
          progress.finish();
        }
        const counts = countOutcomes(items);
        if (options.json) {
          io.out(
            JSON.stringify(
              { source: options.source, dryRun: options.dryRun === true, registry: config.enrich.npmRegistryUrl, github: github ? config.enrich.github!.apiUrl : null, store: ctx.store.location, summary: counts, items },
              null,
              2,
            ),
          );
        } else {
          for (const item of items) {
            if (options.verbose || item.outcome === 'updated' || item.outcome === 'failed') io.out(itemLine(item));
          }
          io.out(`updated ${counts.updated}, unchanged ${counts.unchanged}, skipped ${counts.skipped}, failed ${counts.failed}`);
          const notes = [
            `${items.length} listings, registry ${config.enrich.npmRegistryUrl}, store ${ctx.store.location}`,
            github ? `GitHub ${config.enrich.github!.apiUrl}` : 'GitHub not read (no GITHUB_TOKEN): stars and issue close ratio stay unknown',
            ...(options.dryRun ? ['dry run: nothing was saved'] : []),
            ...(!options.verbose && counts.unchanged + counts.skipped > 0 ? ['unchanged and skipped listings are not listed (--verbose lists them)'] : []),
          ];
          io.out(`(${notes.join('; ')})`);
        }
        if (counts.failed > 0) throw new CliError('', EXIT.failed);
      } finally {
        await ctx.store.close();
      }
    });
}
