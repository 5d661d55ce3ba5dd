import type { Command } from 'commander';
import type { z } from 'zod';
import { toToolJsonSchema } from '../../mcp/tool-schema.ts';

/**
 * Command-line flags generated from an operation's zod input schema (the one the HTTP API and
 * the MCP tools use): one flag per parameter, `--min-cli-score` for minCliScore, its help from
 * the schema's description and allowed values. Values are passed to the same schema, which
 * says what is wrong with them. A yes/no parameter is a bare flag (`--headless`), with
 * `--no-x` as well where false means something (`negatable`).
 */

interface JsonProperty {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  items?: JsonProperty;
  properties?: Record<string, JsonProperty>;
}

export const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const help = (property: JsonProperty) =>
  [property.description?.replace(/\s+$/, ''), property.enum ? `One of: ${property.enum.join(', ')}.` : ''].filter(Boolean).join(' ');

export interface SchemaFlags {
  /** The schema's parameters taken from the parsed options, with numbers as numbers where the schema wants them. */
  read(options: Record<string, unknown>): Record<string, unknown>;
}

export function addSchemaOptions(
  command: Command,
  schema: z.ZodType,
  { skip = [], negatable = false, properties: only }: { skip?: string[]; negatable?: boolean; properties?: Record<string, JsonProperty> } = {},
): SchemaFlags {
  const properties = only ?? ((toToolJsonSchema(schema, 'input').properties ?? {}) as Record<string, JsonProperty>);
  const keys = Object.keys(properties).filter((key) => !skip.includes(key));
  for (const key of keys) {
    const property = properties[key]!;
    const flag = kebab(key);
    if (property.type === 'boolean') {
      command.option(`--${flag}`, help(property) || `${key}: true`);
      if (negatable) command.option(`--no-${flag}`, `${key}: false`);
    } else if (property.type === 'array') {
      command.option(`--${flag} <value...>`, help(property));
    } else {
      const value = property.type === 'integer' || property.type === 'number' ? 'number' : property.enum ? 'value' : 'text';
      command.option(`--${flag} <${value}>`, help(property));
    }
  }
  return {
    read(options) {
      const input: Record<string, unknown> = {};
      for (const key of keys) {
        const value = options[key];
        if (value === undefined) continue;
        const type = properties[key]!.type;
        // A number flag is passed as a number when it is one, so a JSON-typed field accepts it; otherwise as written, for the schema to reject by name.
        input[key] = (type === 'integer' || type === 'number') && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
      }
      return input;
    },
  };
}
