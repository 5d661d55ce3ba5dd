#!/usr/bin/env node
// Runs the TypeScript CLI straight from the checkout: `npx apidex <command>`.
import { register } from 'tsx/esm/api';

register();
const { runCli, processIo } = await import('../src/cli/main.ts');
// A reader that stops early (`| head`) closes the pipe; that is not an error of the command.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
process.exitCode = await runCli(process.argv.slice(2), processIo);
