import type { Command } from 'commander';
import type { z } from 'zod';
import { remoteDirectory, type Directory } from '../../client/directory.ts';
import { parseInput } from '../../core/params.ts';
import type { CliIo } from '../io.ts';
import { toCliError, type ArgumentNames } from '../output/errors.ts';

/**
 * What every directory command shares: `--json`, `--remote URL` (or APIDEX_URL) to ask a
 * running directory instead of the local store, checking the input with the operation's zod
 * schema before anything is opened, and turning the core's or the API's errors into exit
 * codes and messages on stderr.
 */

export interface DirectoryOptions {
  json?: boolean;
  remote?: string;
}

export const REMOTE_HELP = 'ask the directory at this URL (e.g. http://localhost:3000) instead of the local store; default: APIDEX_URL';

export function addDirectoryOptions(command: Command): Command {
  return command.option('--json', 'print the answer as JSON (the JSON API\'s shape), for scripts and jq').option('--remote <url>', REMOTE_HELP);
}

/** APIDEX_URL: read here, beside the flag it stands in for. */
/** Opens the directory the options name; the local store is migrated and given the default catalogue when fresh, as `npm start` does. */
export async function openDirectory(io: CliIo, options: DirectoryOptions): Promise<Directory> {
  const remote = options.remote ?? io.config().remoteUrl;
  if (remote) return remoteDirectory(remote);
  // Loaded only here: a --remote command needs neither the store's drivers nor the core's verbs.
  const [{ openCore }, { localDirectory }, { needIndexCacheOfBuild }] = await Promise.all([
    import('../../open-core.ts'),
    import('../../client/local-directory.ts'),
    import('../need-index-cache.ts'),
  ]);
  const core = await openCore(io.config(), {
    log: { info: () => {}, warn: (message) => io.err(message) },
    // One command, then the process ends: the need index is built, or read back, only by the commands that rank needs.
    needIndexOnFirstUse: true,
    needIndexCache: needIndexCacheOfBuild(),
  });
  return localDirectory(core);
}

/** Checks `input` with `schema` (exit 2 with the fix when it does not pass), then runs `work` against the directory and closes it. */
export async function runOnDirectory<S extends z.ZodType, T>(
  io: CliIo,
  options: DirectoryOptions,
  schema: S,
  input: unknown,
  work: (directory: Directory, input: z.input<S>) => Promise<T>,
  print: (result: T) => string,
  argumentNames: ArgumentNames = {},
): Promise<void> {
  try {
    parseInput(schema, input);
  } catch (error) {
    throw toCliError(error, argumentNames);
  }
  const directory = await openDirectory(io, options).catch((error: unknown) => {
    throw toCliError(error);
  });
  let result: T;
  try {
    result = await work(directory, input as z.input<S>);
  } catch (error) {
    throw toCliError(error, argumentNames);
  } finally {
    await directory.close();
  }
  io.out(options.json ? JSON.stringify(result, null, 2) : print(result));
}
