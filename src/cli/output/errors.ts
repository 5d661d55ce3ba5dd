import { AppError, type ErrorCode } from '../../core/errors.ts';
import { isStoreUnavailable, storeUnavailableError } from '../../storage/store-unavailable.ts';
import { ApidexHttpError, ApidexUnreachableError } from '../../client/http-client.ts';
import { CliError, EXIT } from '../exit-codes.ts';

/**
 * How a command reports the core's errors (local store) and the API's problems (--remote)
 * alike: the message, one "fix" line per field under its flag name, close matches for an
 * unknown slug, and an exit code by kind (README, "CLI").
 */
export const EXIT_BY_CODE: Record<ErrorCode, number> = {
  invalid_input: EXIT.usage,
  payload_too_large: EXIT.usage,
  not_found: EXIT.failed,
  conflict: EXIT.failed,
  method_not_allowed: EXIT.environment,
  unsupported_media_type: EXIT.environment,
  rate_limited: EXIT.environment,
  unauthorized: EXIT.environment,
  forbidden: EXIT.environment,
  unavailable: EXIT.environment,
  internal: EXIT.environment,
};

/** Command-line arguments that stand for fields, e.g. { slug: '<slug>' }; other fields are flags. */
export type ArgumentNames = Record<string, string>;

const flagOf = (field: string, argumentNames: ArgumentNames) =>
  argumentNames[field] ?? (field === '(root)' || field === '(body)' ? field : `--${field.split('.').at(-1)!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);

/**
 * The core's messages give examples in the API's syntax ("e.g. slugs=a,b", "limit=10"); on the
 * command line they read as arguments ("a b") or flags ("--limit 10").
 */
export function inCliSyntax(message: string, argumentNames: ArgumentNames): string {
  return message.replace(/\b([a-z][A-Za-z]*)=([^\s&"]+)/g, (whole, name: string, value: string) => {
    if (argumentNames[name]) return value.split(',').join(' ');
    return `${flagOf(name, argumentNames)} ${value}`;
  });
}

function describe(code: string, detail: string, fields: { field: string; message: string }[], suggestions: unknown, argumentNames: ArgumentNames, movedTo?: unknown): string {
  const lines = [code === 'invalid_input' && fields.length ? `${fields.length === 1 ? 'one value is' : `${fields.length} values are`} not valid:` : detail];
  if (code !== 'not_found') for (const field of fields) lines.push(`  fix ${flagOf(field.field, argumentNames)}: ${inCliSyntax(field.message, argumentNames)}`);
  // A slug the catalogue moved: its new slug (or a split's), not guesses.
  if (Array.isArray(movedTo) && movedTo.length) lines.push(`  moved to: ${movedTo.join(', ')}`);
  else if (Array.isArray(suggestions) && suggestions.length) lines.push(`  close matches: ${suggestions.join(', ')}`);
  else if (code === 'not_found') lines.push('  find the slug with: npx apidex search <name or words>');
  return lines.join('\n');
}

/** The CliError for an error a directory operation threw; anything else is passed through. */
export function toCliError(thrown: unknown, argumentNames: ArgumentNames = {}): unknown {
  const error = isStoreUnavailable(thrown) ? storeUnavailableError() : thrown;
  if (error instanceof AppError) return new CliError(describe(error.code, error.message, error.fields, error.extensions.suggestions, argumentNames, error.extensions.movedTo), EXIT_BY_CODE[error.code]);
  if (error instanceof ApidexHttpError) {
    const { problem } = error;
    const exit = EXIT_BY_CODE[problem.code as ErrorCode] ?? (error.status >= 500 ? EXIT.environment : EXIT.failed);
    const retry = problem.code === 'rate_limited' && typeof problem.retryAfterSeconds === 'number' ? ` (retry in ${problem.retryAfterSeconds} s)` : '';
    return new CliError(`${describe(problem.code, problem.detail, problem.errors ?? [], problem.suggestions, argumentNames, problem.movedTo)}${retry}`, exit);
  }
  if (error instanceof ApidexUnreachableError) return new CliError(error.message, EXIT.environment);
  return error;
}
