import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSqlitePath } from '../support/postgres.ts';
import { mcpScenarios } from './mcp-scenarios.ts';

/** `npx apidex mcp` as a client spawns it: a real process on a fresh SQLite store, spoken to over its stdin and stdout. */
describe('apidex mcp over stdio', () => {
  let client: Client;
  let stderr = '';

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['bin/apidex.js', 'mcp'],
      env: { ...(process.env as Record<string, string>), DATABASE_URL: `file:${createTestSqlitePath()}`, APIDEX_REFRESH_INTERVAL_MS: '0' },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk) => (stderr += chunk));
    client = new Client({ name: 'apidex-test', version: '1.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('introduces the server and keeps stdout for the protocol (logs go to stderr)', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'apidex' });
    expect(client.getInstructions()).toContain('discover_apis');
    // The default catalogue was loaded into the fresh store, and said so on stderr only.
    expect(stderr).toMatch(/Loaded \d+ listings from the default catalogue/);
  });

  mcpScenarios(() => client, { reviewer: 'stdio-bot' });
});
