import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { readCuratedHeadOrExplain } from '../../catalogue-build/curated-build-step.ts';
import { rowCurationsOf } from '../../catalogue-build/curation.ts';
import { readCuration } from '../../catalogue-build/read-build-inputs.ts';
import { verifyCuratedEvidence } from '../../catalogue-build/verify-curated-evidence.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import type { CliIo } from '../io.ts';
import { createProgress } from '../output/progress.ts';

const whole = (flag: string, min: number, max: number) => (value: string) => {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) throw new CliError(`${flag} must be a whole number from ${min} to ${max}; got "${value}"`, EXIT.usage);
  return number;
};

/** `apidex catalog verify`: re-reads the pages the curated head cites (ADR 27). */
export function registerCatalogVerifyCommand(catalog: Command, io: CliIo): void {
  catalog
    .command('verify')
    .description('Re-read every page the curated head cites (catalog-sources/curated/) and every page a list row is described from (catalog-sources/curation/): record its HTTP status and whether it still states the fact\'s figure, and list broken, changed or stale evidence (ADR 27, ADR 33).')
    .option('--sources <dir>', 'the folder of recorded sources (its curated/ holds the provider files)', 'catalog-sources')
    .option('--stale-days <days>', 'evidence older than this many days is listed as stale', whole('--stale-days', 0, 36500), 180)
    .option('--concurrency <n>', 'pages read at once', whole('--concurrency', 1, 16), 4)
    .option('--delay-ms <ms>', 'least time between two requests to one host', whole('--delay-ms', 0, 60_000), 1000)
    .option('--timeout-ms <ms>', 'time allowed for one page', whole('--timeout-ms', 100, 120_000), 15_000)
    .option('--report <file>', 'also write the whole report as JSON to this file')
    .option('--json', 'print the report as JSON')
    .addHelpText('after', '\nExamples:\n  npx apidex catalog verify\n  npx apidex catalog verify --stale-days 90 --json | jq .summary\n\nExit codes: 0 every page answered and states its figures, 1 some page is broken or no longer states a figure, 3 no page answered at all (no network).')
    .action(async (options: { sources: string; staleDays: number; concurrency: number; delayMs: number; timeoutMs: number; report?: string; json?: boolean }) => {
      const head = readCuratedHeadOrExplain(options.sources, (message) => new CliError(message, EXIT.failed));
      const rows = rowCurationsOf(readCuration(options.sources));
      if (head.providers.length === 0 && rows.length === 0) throw new CliError(`No curated provider files in ${options.sources}/curated and no list rows described in ${options.sources}/curation; nothing to verify.`, EXIT.environment);
      const progress = createProgress('Re-reading cited pages');
      let report;
      try {
        report = await verifyCuratedEvidence(head, {
          staleDays: options.staleDays,
          concurrency: options.concurrency,
          perHostDelayMs: options.delayMs,
          timeoutMs: options.timeoutMs,
          onProgress: (done, total) => progress.update(done, total),
        }, rows);
      } finally {
        progress.finish();
      }
      if (options.report) writeFileSync(options.report, `${JSON.stringify(report, null, 2)}\n`);
      if (options.json) {
        io.out(JSON.stringify(report, null, 2));
      } else {
        for (const page of report.pages) {
          const where = (facts: typeof page.facts) => [...new Set(facts.map((fact) => `${fact.slug} ${fact.fact}`))].join(', ');
          if (page.broken) io.out(`broken    ${page.url}: ${page.error} (cited by ${where(page.facts)})`);
          for (const fact of page.facts.filter((item) => item.figureFound === false)) io.out(`changed   ${page.url}: no longer states ${fact.missingFigures.join(', ')} (${fact.slug} ${fact.fact}, ${fact.dated} ${fact.asOf})`);
          const stale = page.facts.filter((fact) => fact.stale);
          if (stale.length) io.out(`stale     ${page.url}: ${stale[0]!.ageDays} days old (${where(stale)})`);
        }
        const { summary } = report;
        io.out(
          `\n${summary.pages} pages re-read for ${summary.facts} facts: ${summary.broken} broken, ${summary.figureMissing} of ${summary.figureChecked} figures no longer stated, ${summary.stale} facts older than ${report.staleDays} days.`,
        );
      }
      if (report.pages.length > 0 && report.pages.every((page) => page.status === null)) {
        io.err('No cited page answered at all: this machine may have no network access beyond its registry. The facts are not judged broken by that alone; run verify where the network allows.');
        throw new CliError('', EXIT.environment);
      }
      if (report.summary.broken > 0 || report.summary.figureMissing > 0) throw new CliError('', EXIT.failed);
    });
}
