import type { Command } from 'commander';
import { watchCatalogue } from '../../core/catalogue/watch-catalogue.ts';
import { openCore } from '../../open-core.ts';
import { serveMcpOverStdio } from '../../mcp/stdio.ts';
import type { CliIo } from '../io.ts';

export function registerMcpCommand(program: Command, io: CliIo): void {
  program
    .command('mcp')
    .description(
      'Serve the directory to an MCP client over stdio (stdin/stdout carry the protocol; logs go to stderr). ' +
        'Uses the local store (DATABASE_URL), loading the default catalogue into a fresh one. Over HTTP, `apidex serve` also answers MCP at /mcp.',
    )
    .addHelpText(
      'after',
      '\nTools: discover_apis, search_apis, get_api, compare_apis, find_alternatives, recommend_api, list_categories, get_reviews, submit_review.\n' +
        '\nExamples:\n  npx apidex mcp\n  claude mcp add apidex -- npx apidex mcp\n' +
        '  {"mcpServers": {"apidex": {"command": "npx", "args": ["apidex", "mcp"], "cwd": "/path/to/apidex"}}}\n' +
        '  {"mcpServers": {"apidex": {"type": "http", "url": "http://localhost:3000/mcp"}}}',
    )
    .action(async () => {
      const config = io.config();
      // stdout belongs to the protocol: every log line goes to stderr.
      const log = { info: (message: string) => io.err(message), warn: (message: string) => io.err(message) };
      const core = await openCore(config, { log });
      const watch = watchCatalogue(core.catalogue, { intervalMs: config.refreshIntervalMs, onError: (error) => io.err(`apidex mcp: catalogue refresh failed: ${String(error)}`) });
      try {
        await serveMcpOverStdio(core);
      } finally {
        await watch.stop();
        await core.store.close();
      }
    });
}
