/**
 * The closed set of failures the core reports. Each surface maps a code to its own form
 * (problem+json for HTTP, isError for MCP, exit code for the CLI); nothing matches on messages.
 */
export const ERROR_CODES = [
  'invalid_input',
  'not_found',
  'method_not_allowed',
  'conflict',
  'rate_limited',
  'unsupported_media_type',
  'payload_too_large',
  'unauthorized',
  'forbidden',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldProblem {
  /** Dotted path of the field, e.g. "limit" or "integrationReport.authWorked". */
  field: string;
  /** Where the field was sent, when a surface knows it. */
  in?: 'query' | 'path' | 'body' | 'header';
  /** What is wrong and how to fix it, e.g. "limit must be an integer from 1 to 100; got \"abc\"". */
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldProblem[];
  /** Extra members a surface may show, such as close matches for an unknown slug. */
  readonly extensions: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: { fields?: FieldProblem[]; extensions?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields ?? [];
    this.extensions = options.extensions ?? {};
  }
}
