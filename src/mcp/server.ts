import { isStoreUnavailable, storeUnavailableError } from '../storage/store-unavailable.ts';
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../core/errors.ts';
import { parseInput } from '../core/params.ts';
import type { ToolContext, ToolDefinition } from './tool.ts';
import { toToolJsonSchema } from './tool-schema.ts';
import { TOOLS } from './tools/index.ts';
import { escapeUnsafeCharacters } from '../core/text/unsafe-characters.ts';

/**
 * The apidex MCP server: one tool per core verb. Each call is validated with the operation's
 * zod schema, runs one verb, and answers with structured content (the verb's result, checked
 * by clients against the published output schema) plus compact text for the agent's context.
 * A core error becomes a tool result with isError and the message that says how to fix it.
 * Built on the SDK's low-level Server so that validation messages are the core's own
 * (docs/adr/0012-mcp-and-cli-surfaces.md).
 */

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const INSTRUCTIONS = [
  'apidex is a directory of programmable APIs, each scored for CLI/agent use (CLI relevance, 8 criteria) and quality.',
  'To find an API for a job: discover_apis (a need in your own words), then get_api, compare_apis or recommend_api.',
  'Slugs are exact: an unknown slug is an error listing close matches, never another listing.',
  'Missing data reads "not shown" (null in structured content); a missing score reads "not scored": unknown, not 0.',
  'After integrating an API, report how it went with submit_review, with an honest evidenceLevel.',
].join(' ');

const withRequired = (schema: Tool['inputSchema'], required: string[]): Tool['inputSchema'] =>
  required.length ? { ...schema, required: [...new Set([...(schema.required ?? []), ...required])] } : schema;

function describeTool(tool: ToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: withRequired(toToolJsonSchema(tool.input.schema, 'input'), tool.input.required),
    outputSchema: toToolJsonSchema(tool.output, 'output'),
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

/** The error as the agent reads it: code, what is wrong and how to fix each field, close matches. */
export function toolError(thrown: unknown, tool: ToolDefinition, stage: 'arguments' | 'verb'): CallToolResult {
  const error = isStoreUnavailable(thrown) ? storeUnavailableError() : thrown;
  if (error instanceof AppError) {
    // Checking the arguments names the tool's parameters; the verb names its own (q for query).
    const fields = error.fields.map((field) => `- ${stage === 'verb' ? tool.input.fieldName(field.field) : field.field}: ${tool.input.reword(field.message)}`);
    const suggestions = Array.isArray(error.extensions.suggestions) ? (error.extensions.suggestions as string[]) : [];
    // Invalid arguments: one line per field says what to send instead; other errors say what happened.
    const head = error.code === 'invalid_input' && fields.length ? [`invalid_input: fix ${fields.length === 1 ? 'this argument' : 'these arguments'} and call ${tool.name} again:`, ...fields] : [`${error.code}: ${tool.input.reword(error.message)}`];
    const movedTo = Array.isArray(error.extensions.movedTo) ? (error.extensions.movedTo as string[]) : [];
    const tail = movedTo.length ? [`Moved to (exact slug${movedTo.length === 1 ? '' : 's'}): ${movedTo.join(', ')}`] : suggestions.length ? [`Close matches (exact slugs): ${suggestions.join(', ')}`] : [];
    const text = [...head, ...tail].join('\n');
    return { isError: true, content: [{ type: 'text', text }] };
  }
  console.error(`apidex mcp: ${tool.name} failed:`, error);
  return { isError: true, content: [{ type: 'text', text: `internal: ${tool.name} failed inside the directory. The call may be retried; if it keeps failing, report it.` }] };
}

export async function callTool(tool: ToolDefinition, args: unknown, context: ToolContext): Promise<CallToolResult> {
  let input: Record<string, unknown>;
  try {
    input = parseInput(tool.input.schema, args ?? {}) as Record<string, unknown>;
  } catch (error) {
    return toolError(error, tool, 'arguments');
  }
  try {
    if (!tool.readOnly) context.beforeWrite?.();
    const { structured, text } = await tool.run(tool.input.toOperation(input), context);
    // The text goes into an agent's context: a control character or separator from older stored data arrives as a visible escape (issue 28).
    return { content: [{ type: 'text', text: escapeUnsafeCharacters(text) }], structuredContent: structured };
  } catch (error) {
    return toolError(error, tool, 'verb');
  }
}

/**
 * Runs calls one at a time, each after a turn of the event loop. The SDK starts every message of
 * a batch at once, as microtasks of one task, so a batch of 100 calls would hold the loop for all
 * 100 (issue 28); queued here, each call starts from setImmediate, after timers and I/O have had
 * their turn, and no other request waits longer than one call.
 */
export function callsInTurn(): <T>(call: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (call) => {
    const run = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(call);
    last = run.catch(() => undefined);
    return run;
  };
}

/** The tools by name and as listed, made once: converting every schema took tens of ms, and HTTP makes a server per POST. */
let tools: { byName: Map<string, ToolDefinition>; listed: Tool[] } | undefined;
const toolsOnce = () => (tools ??= { byName: new Map(TOOLS.map((tool) => [tool.name, tool])), listed: TOOLS.map(describeTool) });

export function createMcpServer(context: ToolContext): Server {
  const server = new Server({ name: 'apidex', title: 'apidex: a directory of programmable APIs', version: VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const { byName, listed } = toolsOnce();
  const inTurn = callsInTurn();
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `There is no tool "${request.params.name}"; the tools are ${TOOLS.map((t) => t.name).join(', ')}.`);
    return inTurn(() => callTool(tool, request.params.arguments, context));
  });
  return server;
}
