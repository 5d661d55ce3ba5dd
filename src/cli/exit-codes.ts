/** Exit codes of the `apidex` command, documented in the README. */
export const EXIT = {
  ok: 0,
  /** The command ran and found a problem: an invalid catalogue, an unknown slug, a failed item. */
  failed: 1,
  /** The command line itself is wrong: an unknown command, flag or value. */
  usage: 2,
  /** The environment is wrong: bad configuration, unreachable store, missing folder. */
  environment: 3,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
