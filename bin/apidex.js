#!/usr/bin/env node
// `npx apidex <command>`: the CLI, compiled from dist/ when fresh, else from src/ through tsx (bin/entry.js).
import { importEntry } from './entry.js';

const { runCli, processIo } = await importEntry('cli/main');
// A reader that stops early (`| head`) closes the pipe; that is not an error of the command.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
process.exitCode = await runCli(process.argv.slice(2), processIo);
