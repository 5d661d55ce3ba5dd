import { z } from 'zod';
import { parameters } from '../core/params.ts';

/**
 * A tool's input or output schema as MCP publishes it: JSON Schema (draft-07, which the SDK's
 * client validates with) generated from the same zod schema that validates the call, with an
 * object at the root as MCP requires (a root that is a reference to a named schema is inlined).
 */
export function toToolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): { type: 'object'; [key: string]: unknown } {
  const json = z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as Record<string, unknown>;
  const ref = typeof json.$ref === 'string' ? /^#\/definitions\/(.+)$/.exec(json.$ref)?.[1] : undefined;
  const definitions = (json.definitions ?? {}) as Record<string, Record<string, unknown>>;
  const { $ref: _ref, $schema: _schema, ...rest } = json;
  const root = ref ? { ...definitions[ref], ...rest } : rest;
  if (root.type !== 'object') throw new Error(`An MCP tool schema must describe an object; got ${JSON.stringify(root.type)}`);
  return root as { type: 'object' };
}

/**
 * A tool's input: the operation's own parameter schemas under the names MCP tools use
 * (`query` for the HTTP API's `q`). Each entry of `fields` maps a tool parameter to the
 * operation's parameter it stands for and its schema.
 */
export function toolInput<const T extends Record<string, { from: string; schema: z.ZodType; required?: boolean }>>(fields: T) {
  const shape = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema])) as { [K in keyof T]: T[K]['schema'] };
  const renamed = Object.entries(fields).filter(([name, field]) => name !== field.from).map(([name, field]) => ({ name, from: field.from }));
  return {
    schema: parameters(shape as z.ZodRawShape),
    /**
     * Parameters the published schema marks required although the zod schema lets them be
     * left out, because the verb's own check gives the better message (recommend's task).
     */
    required: Object.entries(fields).filter(([, field]) => field.required).map(([name]) => name),
    /** The operation's input, under its own parameter names. */
    toOperation(input: Record<string, unknown>): Record<string, unknown> {
      return Object.fromEntries(Object.entries(input).map(([name, value]) => [fields[name]?.from ?? name, value]));
    },
    /** The tool's name of an operation's field. */
    fieldName(field: string): string {
      return renamed.find((entry) => entry.from === field)?.name ?? field;
    },
    /** Messages written for the operation's parameter name, reworded for the tool's. */
    reword(message: string): string {
      return renamed.reduce((text, { name, from }) => text.replace(new RegExp(`(^|[\\s(])${from}(?=[\\s=])`, 'g'), `$1${name}`), message);
    },
  };
}
