import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.ts';
import { registerBackupCommand } from './commands/backup.ts';
import { registerCatalogCommands } from './commands/catalog.ts';
import { registerEnrichCommand } from './commands/enrich.ts';
import { registerEvalCommand } from './commands/eval.ts';
import { registerImportCommand } from './commands/import.ts';
import { registerMcpCommand } from './commands/mcp.ts';
import { registerAlternativesCommand } from './commands/alternatives.ts';
import { registerCategoriesCommand } from './commands/categories.ts';
import { registerCompareCommand } from './commands/compare.ts';
import { registerDiscoverCommand } from './commands/discover.ts';
import { registerRecommendCommand } from './commands/recommend.ts';
import { registerReviewCommand } from './commands/review.ts';
import { registerReviewsCommand } from './commands/reviews.ts';
import { registerSearchCommand } from './commands/search.ts';
import { registerSubmitCommand } from './commands/submit.ts';
import { registerShowCommand } from './commands/show.ts';
import { registerQuickstartCommands } from './commands/quickstart.ts';
import { registerChangesCommand } from './commands/changes.ts';
import { registerRestoreCommand } from './commands/restore.ts';
import { registerServeCommand } from './commands/serve.ts';
import { CliError, EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';

export function buildProgram(io: CliIo): Command {
  const program = new Command('apidex')
    .description('apidex: a directory of programmable APIs for people and AI agents.\nCommands use the store named by DATABASE_URL (default ./data/apidex.db);\nsearch, discover, recommend, compare, alternatives, show, quickstart, package, changes, categories, reviews and review ask a running directory instead with --remote URL (or APIDEX_URL).')
    .exitOverride()
    // An unknown flag or a missing argument is followed by the command's usage (issue 16); subcommands inherit this.
    .showHelpAfterError()
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) })
    .addHelpText('after', '\nExit codes: 0 success, 1 the command found a problem (an unknown slug, an invalid catalogue, a failed item), 2 bad command line (an unknown flag, a value out of range), 3 bad environment (configuration, store, folder, a --remote directory that cannot be reached or is rate limiting).');
  registerSearchCommand(program, io);
  registerDiscoverCommand(program, io);
  registerRecommendCommand(program, io);
  registerCompareCommand(program, io);
  registerAlternativesCommand(program, io);
  registerShowCommand(program, io);
  registerQuickstartCommands(program, io);
  registerChangesCommand(program, io);
  registerCategoriesCommand(program, io);
  registerReviewsCommand(program, io);
  registerReviewCommand(program, io);
  registerSubmitCommand(program, io);
  registerCatalogCommands(program, io);
  registerImportCommand(program, io);
  registerEnrichCommand(program, io);
  registerEvalCommand(program, io);
  registerServeCommand(program, io);
  registerMcpCommand(program, io);
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
