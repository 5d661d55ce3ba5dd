import type { z } from 'zod';
import type { CoreContext } from '../core/context.ts';
import { toolInput } from './tool-schema.ts';
import { parameters } from '../core/params.ts';

/** What a tool call may use: the core, and who is calling (for review intake). */
export interface ToolContext {
  core: CoreContext;
  /** The caller's address (HTTP) or "stdio"; hashed before it is stored. */
  client: { address: string };
  /** Called before a tool that writes runs; throws rate_limited when the caller is over its limit. */
  beforeWrite?: () => void;
}

export type ToolInput = ReturnType<typeof toolInput>;

/** One MCP tool: a thin adapter over one core verb. */
export interface ToolDefinition {
  name: string;
  title: string;
  /** When an agent should use the tool, and what it returns. */
  description: string;
  input: ToolInput;
  /** The structured result's schema: the core verb's result schema. */
  output: z.ZodType;
  readOnly: boolean;
  run(args: Record<string, unknown>, context: ToolContext): Promise<{ structured: Record<string, unknown>; text: string }>;
}

/**
 * A tool whose input is the operation's own schema, field for field. Every tool refuses an
 * argument it does not take, naming the ones it does (issue 28): an operation schema that lets
 * unknown keys pass (the slug of a path) is made strict here.
 */
export const sameInput = (schema: z.ZodObject): ToolInput => ({
  schema: (isStrict(schema) ? schema : parameters(schema.shape)) as ToolInput['schema'],
  required: [],
  toOperation: (input) => input,
  fieldName: (field) => field,
  reword: (message) => message,
});

export { toolInput };

const isStrict = (schema: z.ZodObject): boolean => schema._zod.def.catchall?._zod.def.type === 'never';
