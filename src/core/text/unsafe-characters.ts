/**
 * Characters no text of the directory may hold (issue 28, finding 4), because some output
 * would break on them or show them as something else:
 * - C0 and C1 controls (U+0000–U+001F, U+007F–U+009F): PostgreSQL refuses U+0000, XML 1.0
 *   refuses most C0 controls, and a terminal reads U+009B as the start of an escape sequence;
 * - U+2028 and U+2029, the line and paragraph separators, which break lines where none shows;
 * - noncharacters (U+FDD0–U+FDEF and the last two code points of every plane, U+FFFE, U+FFFF,
 *   U+1FFFE …), which XML 1.0 refuses;
 * - lone surrogates, which are no UTF-8 at all, so strict JSON and XML parsers reject them.
 * Tab, line feed and carriage return are left to each field's own rule (one line or several).
 */

const PLANE_ENDS = Array.from({ length: 16 }, (_, plane) => `\\u{${(plane + 1).toString(16)}FFFE}\\u{${(plane + 1).toString(16)}FFFF}`).join('');
// With the `u` flag a surrogate pair is one code point, so [\uD800-\uDFFF] matches only a lone surrogate.
const UNSAFE = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u2028\\u2029\\uFDD0-\\uFDEF\\uFFFE\\uFFFF\\uD800-\\uDFFF${PLANE_ENDS}]`, 'u');
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'gu');

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** What kind of character it is, for a message. */
function kindOf(character: string): string {
  const code = character.codePointAt(0)!;
  if (code <= 0x1f || code === 0x7f) return 'a control character';
  if (code <= 0x9f) return 'a C1 control character';
  if (code === 0x2028) return 'the line separator';
  if (code === 0x2029) return 'the paragraph separator';
  if (code >= 0xd800 && code <= 0xdfff) return 'a lone surrogate, half of a UTF-16 pair and no character on its own';
  return 'a noncharacter';
}

/** A sentence naming the first character `text` must not hold, e.g. "U+FFFF (a noncharacter)"; undefined when it has none. */
export function unsafeCharacterIn(text: string): string | undefined {
  const match = UNSAFE.exec(text);
  if (!match) return undefined;
  const character = match[0];
  return `${hex(character.codePointAt(0)!)} (${kindOf(character)})`;
}

/** The message of a field holding such a character: names the field, the character and the fix. */
export const unsafeCharacterMessage = (field: string, found: string) => `${field} must not contain ${found}; remove it or write the character it stands for`;

/** Text with every such character replaced: separators by a space or a line break, the rest by nothing (lone surrogates by U+FFFD). */
export function withoutUnsafeCharacters(text: string, { multiline = false }: { multiline?: boolean } = {}): string {
  return text.replace(UNSAFE_ALL, (character) => {
    const code = character.codePointAt(0)!;
    if (code === 0x2028 || code === 0x2029 || code === 0x85) return multiline ? '\n' : ' ';
    if (code >= 0xd800 && code <= 0xdfff) return '\uFFFD';
    return '';
  });
}

/**
 * Every string in a value with such characters replaced: for listings built from third-party
 * documents, which a character of theirs must not sink (each text field stays on its own rule).
 */
export function withoutUnsafeText<T>(value: T): T {
  if (typeof value === 'string') return withoutUnsafeCharacters(value, { multiline: value.includes('\n') }) as T;
  if (Array.isArray(value)) return value.map(withoutUnsafeText) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, nested]) => [key, withoutUnsafeText(nested)])) as T;
  return value;
}

/**
 * Text for a terminal or an agent's context: each such character written as its \uXXXX escape,
 * visible and inert, which is also a valid escape inside a JSON string (so --json output stays JSON).
 * For what older stored data may still hold; the schemas refuse these characters.
 */
export function escapeUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE_ALL, (character) => Array.from({ length: character.length }, (_, index) => `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`).join(''));
}
