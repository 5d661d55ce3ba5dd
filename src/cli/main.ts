import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.ts';
import { CliError, EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { escapeUnsafeCharacters } from '../core/text/unsafe-characters.ts';

type Register = (program: Command, io: CliIo) => void;

/**
 * Every command in help order, by the names it registers and how to load its module. A command
 * line that names one loads only that one: loading all of them (the store, the HTTP and MCP
 * layers, the catalogue build) cost a read command most of its time (issue 16).
 */
const COMMANDS: [names: string[], load: () => Promise<Register>][] = [
  [['search'], async () => (await import('./commands/search.ts')).registerSearchCommand],
  [['discover'], async () => (await import('./commands/discover.ts')).registerDiscoverCommand],
  [['recommend'], async () => (await import('./commands/recommend.ts')).registerRecommendCommand],
  [['compare'], async () => (await import('./commands/compare.ts')).registerCompareCommand],
  [['alternatives'], async () => (await import('./commands/alternatives.ts')).registerAlternativesCommand],
  [['show'], async () => (await import('./commands/show.ts')).registerShowCommand],
  [['provider'], async () => (await import('./commands/provider.ts')).registerProviderCommand],
  [['quickstart', 'package'], async () => (await import('./commands/quickstart.ts')).registerQuickstartCommands],
  [['changes'], async () => (await import('./commands/changes.ts')).registerChangesCommand],
  [['categories'], async () => (await import('./commands/categories.ts')).registerCategoriesCommand],
  [['reviews'], async () => (await import('./commands/reviews.ts')).registerReviewsCommand],
  [['review'], async () => (await import('./commands/review.ts')).registerReviewCommand],
  [['submit'], async () => (await import('./commands/submit.ts')).registerSubmitCommand],
  [['catalog'], async () => (await import('./commands/catalog.ts')).registerCatalogCommands],
  [['import'], async () => (await import('./commands/import.ts')).registerImportCommand],
  [['enrich'], async () => (await import('./commands/enrich.ts')).registerEnrichCommand],
  [['eval'], async () => (await import('./commands/eval.ts')).registerEvalCommand],
  [['serve'], async () => (await import('./commands/serve.ts')).registerServeCommand],
  [['mcp'], async () => (await import('./commands/mcp.ts')).registerMcpCommand],
  [['backup'], async () => (await import('./commands/backup.ts')).registerBackupCommand],
  [['restore'], async () => (await import('./commands/restore.ts')).registerRestoreCommand],
];

/** The commands `argv` needs: the one it names, or all of them for help, a bare flag or an unknown name. */
const commandsFor = (argv: string[]) => {
  const named = COMMANDS.find(([names]) => names.includes(argv[0] ?? ''));
  return named ? [named] : COMMANDS;
};

export async function buildProgram(io: CliIo, argv: string[] = []): Promise<Command> {
  const program = new Command('apidex')
    .description('apidex: a directory of programmable APIs for people and AI agents.\nCommands use the store named by DATABASE_URL (default ./data/apidex.db);\nsearch, discover, recommend, compare, alternatives, show, provider, quickstart, package, changes, categories, reviews and review ask a running directory instead with --remote URL (or APIDEX_URL).')
    .exitOverride()
    // An unknown flag or a missing argument is followed by the command's usage (issue 16); subcommands inherit this.
    .showHelpAfterError()
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) })
    .addHelpText('after', '\nExit codes: 0 success, 1 the command found a problem (an unknown slug, an invalid catalogue, a failed item), 2 bad command line (an unknown flag, a value out of range), 3 bad environment (configuration, store, folder, a --remote directory that cannot be reached or is rate limiting).');
  const registers = await Promise.all(commandsFor(argv).map(([, load]) => load()));
  for (const register of registers) register(program, io);
  return program;
}

export async function runCli(argv: string[], given: CliIo): Promise<number> {
  // A control character, separator or noncharacter that older stored data still holds reaches the terminal as a visible \uXXXX escape (issue 28).
  const io: CliIo = { ...given, out: (text) => given.out(escapeUnsafeCharacters(text)), err: (text) => given.err(escapeUnsafeCharacters(text)) };
  try {
    await (await buildProgram(io, argv)).parseAsync(argv, { from: 'user' });
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
