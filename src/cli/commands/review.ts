import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { submittedText } from '../../client/text.ts';
import { integrationReportInputSchema, reviewInputSchema } from '../../core/reviews/review-schema.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import type { CliIo } from '../io.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';
import { addSchemaOptions } from './schema-options.ts';

async function readReviewFile(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = file === '-' ? await new Response(process.stdin as unknown as ReadableStream).text() : await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read the review file ${file}: ${(error as Error).message}`, EXIT.environment);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CliError(`The review file ${file} is not valid JSON (${(error as Error).message}); give one object with the review fields, as POST /api/reviews takes.`, EXIT.usage);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new CliError(`The review file ${file} must hold one JSON object with the review fields.`, EXIT.usage);
  return value as Record<string, unknown>;
}

export function registerReviewCommand(program: Command, io: CliIo): void {
  const command = program
    .command('review')
    .description(
      'Submit a review of a listing with an integration report, from flags or a JSON file (the body of POST /api/reviews); flags override the file. ' +
        'Same rules as the HTTP API: one review per reviewer and listing (a second one updates the first); links, near-duplicates and bursts are held for moderation.',
    )
    .argument('[slug]', 'the exact slug of the listing reviewed (targetSlug)')
    .option('--file <path>', 'read the review from a JSON file ("-" for stdin)');
  const top = addSchemaOptions(command, reviewInputSchema, { skip: ['integrationReport', 'targetSlug'], negatable: true });
  const report = addSchemaOptions(command, integrationReportInputSchema, { negatable: true });
  addDirectoryOptions(command)
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  npx apidex review real-time-channels-api --reviewer-type agent --reviewer-name ci-bot --rating 4 \\\n' +
        '    --title "Worked first time from CI" --body "API key from an env var; the SDK did the rest." \\\n' +
        '    --auth-worked --worked-headless --time-to-first-request 5 --strengths "env var auth" --evidence-level production-live\n' +
        '  npx apidex review --file review.json --remote http://localhost:3000\n' +
        '\nEvidence levels: docs-only, mocked, sandbox-live, production-live; only the live ones count in integration statistics.',
    )
    .action(async (slug: string | undefined, options: DirectoryOptions & { file?: string } & Record<string, unknown>) => {
      const fromFile = options.file ? await readReviewFile(options.file) : {};
      const reportFlags = report.read(options);
      const fileReport = fromFile.integrationReport;
      const input: Record<string, unknown> = {
        targetType: 'api',
        ...fromFile,
        ...(slug ? { targetSlug: slug } : {}),
        ...top.read(options),
        ...(Object.keys(reportFlags).length
          ? { integrationReport: { ...(fileReport && typeof fileReport === 'object' ? fileReport : {}), ...reportFlags } }
          : {}),
      };
      await runOnDirectory(io, options, reviewInputSchema, input, (directory, review) => directory.submitReview(review), submittedText, { targetSlug: '[slug]' });
    });
}

