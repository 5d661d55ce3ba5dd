import type { Config } from '../config.ts';

/** What a command may touch of the outside world; tests give their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  config(): Config;
}
