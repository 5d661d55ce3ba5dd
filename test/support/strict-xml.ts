/**
 * A strict XML 1.0 well-formedness check (no DTD, no external entities), for the documents the
 * server writes (Atom, the badge, the sitemap). None of the project's dependencies parses XML;
 * this follows the productions of XML 1.0 (fifth edition) that such documents use and refuses
 * everything else. Returns the first problem, or undefined when the document is well-formed.
 */

// §2.2 Char, with the `u` flag so a lone surrogate is one unmatched code point.
const NOT_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
// §2.3 Name (the letters of NameStartChar approximated by \p{L}, which covers what we write).
const NAME = /^[:A-Z_a-z\p{L}][-.0-9:A-Z_a-z\p{L}\p{M}\u00B7]*/u;
const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

function referenceProblem(text: string): string | undefined {
  for (const match of text.matchAll(/&([^;]*);?/g)) {
    const [whole, body] = match;
    if (!whole.endsWith(';')) return `an "&" not starting a reference near ${JSON.stringify(text.slice(match.index, match.index + 12))}`;
    if (PREDEFINED.has(body!)) continue;
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body!);
    if (!numeric) return `an undeclared entity &${body};`;
    const code = numeric[1] ? Number.parseInt(numeric[1], 16) : Number(numeric[2]);
    if (code > 0x10ffff || NOT_CHAR.test(String.fromCodePoint(code))) return `a character reference &${body}; to a character XML does not allow`;
  }
  return undefined;
}

export function xmlProblem(document: string): string | undefined {
  const bad = NOT_CHAR.exec(document);
  if (bad) return `the character U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at ${bad.index}, which XML 1.0 does not allow`;
  let at = 0;
  const stack: string[] = [];
  let rootSeen = false;
  if (document.startsWith('<?xml')) {
    const end = document.indexOf('?>');
    if (end < 0 || !/^<\?xml version="1\.[0-9]"( encoding="[A-Za-z][A-Za-z0-9._-]*")?( standalone="(yes|no)")? ?\?>$/.test(document.slice(0, end + 2))) return 'a malformed XML declaration';
    at = end + 2;
  }
  while (at < document.length) {
    const next = document.indexOf('<', at);
    const text = document.slice(at, next < 0 ? document.length : next);
    if (stack.length === 0 && text.trim() !== '') return `text outside the root element: ${JSON.stringify(text.slice(0, 20))}`;
    if (text.includes(']]>')) return '"]]>" in text';
    const textProblem = referenceProblem(text);
    if (textProblem) return textProblem;
    if (next < 0) break;
    at = next;
    if (document.startsWith('<!--', at)) {
      const end = document.indexOf('-->', at + 4);
      if (end < 0 || document.slice(at + 4, end).includes('--')) return 'a malformed comment';
      at = end + 3;
    } else if (document.startsWith('<![CDATA[', at)) {
      if (stack.length === 0) return 'CDATA outside the root element';
      const end = document.indexOf(']]>', at);
      if (end < 0) return 'an unclosed CDATA section';
      at = end + 3;
    } else if (document.startsWith('<?', at)) {
      const end = document.indexOf('?>', at);
      const target = NAME.exec(document.slice(at + 2))?.[0];
      if (end < 0 || !target || /^xml$/i.test(target)) return 'a malformed processing instruction';
      at = end + 2;
    } else if (document.startsWith('<!', at)) {
      return 'a DOCTYPE or other declaration, which these documents never need';
    } else if (document.startsWith('</', at)) {
      const name = NAME.exec(document.slice(at + 2))?.[0];
      if (!name) return 'an end tag without a name';
      const rest = /^\s*>/.exec(document.slice(at + 2 + name.length));
      if (!rest) return `a malformed end tag </${name}`;
      if (stack.pop() !== name) return `the end tag </${name}> does not close the open element`;
      at += 2 + name.length + rest[0].length;
    } else {
      const name = NAME.exec(document.slice(at + 1))?.[0];
      if (!name) return `a "<" that starts no tag at ${at}`;
      if (stack.length === 0 && rootSeen) return 'a second root element';
      at += 1 + name.length;
      const attributes = new Set<string>();
      for (;;) {
        const space = /^\s*/.exec(document.slice(at))![0];
        at += space.length;
        if (document.startsWith('/>', at)) {
          at += 2;
          if (stack.length === 0) rootSeen = true;
          break;
        }
        if (document.startsWith('>', at)) {
          at += 1;
          stack.push(name);
          rootSeen = true;
          break;
        }
        if (!space) return `no space before an attribute of <${name}>`;
        const attribute = /^([:A-Z_a-z][-.0-9:A-Z_a-z]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(document.slice(at));
        if (!attribute) return `a malformed attribute in <${name}> near ${JSON.stringify(document.slice(at, at + 20))}`;
        if (attributes.has(attribute[1]!)) return `the attribute ${attribute[1]} twice in <${name}>`;
        attributes.add(attribute[1]!);
        const valueProblem = referenceProblem(attribute[3] ?? attribute[4] ?? '');
        if (valueProblem) return valueProblem;
        at += attribute[0].length;
      }
    }
  }
  if (stack.length > 0) return `<${stack.at(-1)}> is never closed`;
  if (!rootSeen) return 'no root element';
  return undefined;
}

/** Strict JSON: the bytes are UTF-8 (a decoder that throws on any bad sequence), the text parses, and no string in it is a lone surrogate. */
export function jsonProblem(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return 'the bytes are not UTF-8';
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  const walk = (node: unknown): string | undefined => {
    if (typeof node === 'string') return !/[\uD800-\uDFFF]/u.test(node) ? undefined : `the string ${JSON.stringify(node.slice(0, 30))} holds a lone surrogate (a \\uD800-style escape), which strict parsers refuse`;
    if (Array.isArray(node)) return node.map(walk).find(Boolean);
    if (node !== null && typeof node === 'object') return Object.entries(node).flatMap(([key, nested]) => [walk(key), walk(nested)]).find(Boolean);
    return undefined;
  };
  return walk(value);
}
