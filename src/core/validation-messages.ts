import { z } from 'zod';
import type { FieldProblem } from './errors.ts';

/**
 * One wording for validation failures on every surface: each message names the field and
 * says what would be accepted. Installed once, globally, when this module is first imported;
 * messages a schema sets itself take precedence.
 */

export const formatPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '');

const describeInput = (input: unknown): string => {
  if (input === undefined) return 'nothing';
  const json = JSON.stringify(input);
  return json === undefined ? String(input) : json.length > 60 ? `${json.slice(0, 57)}...` : json;
};

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

const unit = (origin: string | undefined) => (origin === 'string' ? ' characters' : origin === 'array' || origin === 'set' ? ' items' : '');

z.config({
  customError: (issue) => {
    const field = formatPath(issue.path ?? []) || 'the value';
    switch (issue.code) {
      case 'invalid_type':
        if (Array.isArray(issue.input) && issue.expected !== 'array') return `${field} was given ${issue.input.length} times; give it once`;
        return issue.input === undefined
          ? `${field} is required (${article(issue.expected)})`
          : `${field} must be ${article(issue.expected)}; got ${describeInput(issue.input)}`;
      case 'too_small':
        return `${field} must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}${unit(issue.origin)}; got ${describeInput(issue.input)}`;
      case 'too_big':
        return `${field} must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}${unit(issue.origin)}`;
      case 'invalid_value':
        return `${field} must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}; got ${describeInput(issue.input)}`;
      case 'invalid_format':
        return `${field} must be a valid ${issue.format}; got ${describeInput(issue.input)}`;
      case 'unrecognized_keys':
        return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}; remove ${issue.keys.length > 1 ? 'them' : 'it'}`;
      default:
        return undefined;
    }
  },
});

/** Zod issues as field problems; an unknown key becomes a problem of that key. */
export function toFieldProblems(error: z.ZodError, where?: FieldProblem['in']): FieldProblem[] {
  return error.issues.flatMap((issue) => {
    const base = formatPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, ...(where ? { in: where } : {}), message: issue.message }));
    }
    return [{ field: base || '(root)', ...(where ? { in: where } : {}), message: issue.message }];
  });
}

/** The one-line summary of field problems that every invalid_input error carries as its detail. */
export const describeFieldProblems = (fields: readonly FieldProblem[]): string =>
  `${fields.length === 1 ? 'One field is' : `${fields.length} fields are`} not valid: ${fields.map((field) => field.message).join('; ')}.`;
