import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CoreContext } from '../core/context.ts';
import { createMcpServer } from './server.ts';

/** Serves MCP over this process's stdin and stdout until the client closes them. */
export async function serveMcpOverStdio(core: CoreContext): Promise<void> {
  const server = createMcpServer({ core, client: { address: 'stdio' } });
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  // The SDK's stdio transport does not notice the end of stdin on its own.
  process.stdin.once('end', () => void server.close());
  await closed;
}
