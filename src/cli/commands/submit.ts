import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { parse as parseYaml } from 'yaml';
import { submissionInputSchema } from '../../core/submissions/submission-schema.ts';
import type { SubmitListingResult } from '../../core/submissions/submit-listing.ts';
import { toToolJsonSchema } from '../../mcp/tool-schema.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import type { CliIo } from '../io.ts';
import { addDirectoryOptions, runOnDirectory, type DirectoryOptions } from './directory-options.ts';
import { addSchemaOptions } from './schema-options.ts';

async function readText(file: string, what: string): Promise<string> {
  try {
    return (file === '-' ? await new Response(process.stdin as unknown as ReadableStream).text() : await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    throw new CliError(`Cannot read the ${what} ${file}: ${(error as Error).message}`, EXIT.environment);
  }
}

/** A listing file as the catalogue holds them (YAML) or as POST /api/apis/submit takes it (JSON); YAML reads both. */
async function readListingFile(file: string): Promise<Record<string, unknown>> {
  const text = await readText(file, 'listing file');
  let value: unknown;
  try {
    value = parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new CliError(`The listing file ${file} is neither valid JSON nor valid YAML (${(error as Error).message.split('\n')[0]}); give one object with the listing's fields, as a catalogue file holds them.`, EXIT.usage);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new CliError(`The listing file ${file} must hold one object with the listing's fields (name, description, category, …).`, EXIT.usage);
  return value as Record<string, unknown>;
}

export function submittedListingText(result: SubmitListingResult): string {
  const { submission } = result;
  const assessed = Object.keys(submission.assessment.criteria);
  return [
    `Submission ${submission.id} of "${submission.name}": ${submission.status}.`,
    result.message,
    `OpenAPI assessment: ${submission.assessment.openApi}${assessed.length ? ` (evidence for ${assessed.join(', ')})` : ''}.`,
    ...submission.possibleDuplicates.map((match) => `Possible duplicate for the moderator: ${match.slug} (${match.reason}).`),
    `Status: GET ${submission.links.self}`,
  ].join('\n');
}

// Flags for the one-value fields; nested ones (criteria, quality inputs, FAQ) come from --file.
const flagProperties = () => {
  const properties = (toToolJsonSchema(submissionInputSchema, 'input').properties ?? {}) as Record<string, { type?: string }>;
  return Object.fromEntries(Object.entries(properties).filter(([key, property]) => property.type !== 'object' && !['name', 'openApiDocument', 'faq'].includes(key)));
};

export function registerSubmitCommand(program: Command, io: CliIo): void {
  const command = program
    .command('submit')
    .description(
      'Propose a listing for the directory, from flags or a JSON/YAML file (a catalogue file, or the body of POST /api/apis/submit); flags override the file. ' +
        'It is checked like a catalogue file, its OpenAPI document (--openapi) is assessed, and it waits as pending until a moderator approves or rejects it. ' +
        'An API that is already listed or already proposed is refused with the existing slug or submission id (exit 1).',
    )
    .argument('[name]', 'the API\'s display name (name)')
    .option('--file <path>', 'read the listing from a JSON or YAML file ("-" for stdin)')
    .option('--openapi <path>', 'an OpenAPI 3.x or Swagger 2.0 document (JSON or YAML) of the API, sent as openApiDocument and assessed');
  const flags = addSchemaOptions(command, submissionInputSchema, { properties: flagProperties() });
  addDirectoryOptions(command)
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  npx apidex submit "Harbour tides API" --description "Tide tables and water levels as JSON" \\\n' +
        '    --category "Data & Information" --url https://tides.example.org/docs --pricing-tier Free \\\n' +
        '    --capabilities "get tide tables" "get water levels" --openapi tides-openapi.yaml\n' +
        '  npx apidex submit --file harbour-tides.yaml --submitted-by ci-bot --remote http://localhost:3000\n' +
        '\nFollow it with GET /api/apis/submissions/{id}; moderators approve it with POST /api/admin/submissions/{id}/approve.',
    )
    .action(async (name: string | undefined, options: DirectoryOptions & { file?: string; openapi?: string } & Record<string, unknown>) => {
      const fromFile = options.file ? await readListingFile(options.file) : {};
      const input: Record<string, unknown> = {
        ...fromFile,
        ...(name ? { name } : {}),
        ...flags.read(options),
        ...(options.openapi ? { openApiDocument: await readText(options.openapi, 'OpenAPI document') } : {}),
      };
      await runOnDirectory(io, options, submissionInputSchema, input, (directory, proposal) => directory.submitListing(proposal), submittedListingText, { name: '[name]', openApiDocument: '--openapi' });
    });
}
