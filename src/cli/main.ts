import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.ts';
import { registerBackupCommand } from './commands/backup.ts';
import { registerCatalogCommands } from './commands/catalog.ts';
import { registerEvalCommand } from './commands/eval.ts';
import { registerImportCommand } from './commands/import.ts';
import { registerRestoreCommand } from './commands/restore.ts';
import { registerServeCommand } from './commands/serve.ts';
import { CliError, EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';

export function buildProgram(io: CliIo): Command {
  const program = new Command('apidex')
    .description('apidex: a directory of programmable APIs for people and AI agents.\nCommands use the store named by DATABASE_URL (default ./data/apidex.db).')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) })
    .addHelpText('after', '\nExit codes: 0 success, 1 the command found a problem, 2 bad command line, 3 bad environment (configuration, store, folder).');
  registerCatalogCommands(program, io);
  registerImportCommand(program, io);
  registerEvalCommand(program, io);
  registerServeCommand(program, io);
  registerBackupCommand(program, io);
  registerRestoreCommand(program, io);
  return program;
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof CliError) {
      if (error.message) io.err(`apidex: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      io.err(`apidex: ${error.message}`);
      return EXIT.environment;
    }
    io.err(`apidex: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.environment;
  }
}

/** The real process's output and configuration; tests pass their own. */
export const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  config: () => loadConfig(),
};
