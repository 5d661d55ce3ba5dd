import { z } from 'zod';
import { AppError } from './errors.ts';
import { describeFieldProblems, toFieldProblems } from './validation-messages.ts';
import { PRICING_TIERS, type PricingTier } from './listings/listing.ts';
import { slugify } from './ranking/text.ts';

/**
 * Parameter schemas shared by the operations' input schemas. They accept strings (query
 * strings, CLI flags) as well as JSON numbers, and their messages say what is allowed.
 */

const shown = (input: unknown) => JSON.stringify(input) ?? String(input);

export const boundedInt = (field: string, min: number, max: number) =>
  z
    .unknown()
    .transform((input, ctx) => {
      const text = typeof input === 'string' ? input.trim() : input;
      const value = typeof text === 'string' && /^-?\d+$/.test(text) ? Number(text) : text;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        const message = Array.isArray(input)
          ? `${field} was given ${input.length} times; give it once, as an integer from ${min} to ${max}`
          : `${field} must be an integer from ${min} to ${max}; got ${shown(input)}`;
        ctx.issues.push({ code: 'custom', input, message });
        return z.NEVER;
      }
      return value;
    })
    .meta({ type: 'integer', minimum: min, maximum: max });

export const optionalText = (field: string, max: number) =>
  z
    .string({ error: (issue) => (Array.isArray(issue.input) ? `${field} was given ${issue.input.length} times; give it once` : `${field} must be text`) })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .transform((text) => text.trim() || undefined)
    .optional();

const PRICING_BY_KEY = new Map<string, PricingTier>(PRICING_TIERS.map((tier) => [slugify(tier), tier]));

export const pricingTierParam = z
  .string()
  .transform((input, ctx) => {
    const tier = PRICING_BY_KEY.get(slugify(input));
    if (!tier) {
      ctx.issues.push({
        code: 'custom',
        input,
        message: `pricing must be one of ${[...PRICING_BY_KEY.keys()].join(', ')}; got ${shown(input)}`,
      });
      return z.NEVER;
    }
    return tier;
  })
  .meta({ enum: [...PRICING_BY_KEY.keys()] });

export const enumParam = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: (issue) => `${field} must be one of ${values.join(', ')}; got ${shown(issue.input)}` });

/** A strict object of parameters whose unknown-key message lists the parameters it accepts. */
export const parameters = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown parameter${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}; ${
            Object.keys(shape).length ? `accepted: ${Object.keys(shape).join(', ')}` : 'this operation takes no query parameters'
          }`
        : undefined,
  });

/** Parses a verb's input with its schema; failures become one invalid_input error naming every field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = toFieldProblems(result.error);
  throw new AppError('invalid_input', describeFieldProblems(fields), { fields });
}

const BOOLEAN_WORDS = new Map<string, boolean>([
  ['true', true],
  ['1', true],
  ['yes', true],
  ['false', false],
  ['0', false],
  ['no', false],
]);

/** A yes/no parameter: true, false, 1, 0, yes or no (query strings and CLI flags), or a JSON boolean. */
export const booleanParam = (field: string) =>
  z
    .unknown()
    .transform((input, ctx) => {
      if (typeof input === 'boolean') return input;
      const value = typeof input === 'string' ? BOOLEAN_WORDS.get(input.trim().toLowerCase()) : undefined;
      if (value === undefined) {
        ctx.issues.push({ code: 'custom', input, message: `${field} must be true or false; got ${shown(input)}` });
        return z.NEVER;
      }
      return value;
    })
    .meta({ type: 'boolean' });

/** Required free text: trimmed, not empty, at most `max` characters. */
export const requiredText = (field: string, max: number, example: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${field} is required, e.g. ${field}=${example}`
          : Array.isArray(issue.input)
            ? `${field} was given ${issue.input.length} times; give it once`
            : `${field} must be text`,
    })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .transform((text, ctx) => {
      const trimmed = text.trim();
      if (!trimmed) {
        ctx.issues.push({ code: 'custom', input: text, message: `${field} must not be empty; describe what you need, e.g. ${field}=${example}` });
        return z.NEVER;
      }
      return trimmed;
    });
