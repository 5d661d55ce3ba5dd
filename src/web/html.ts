/**
 * Escaping by default: the one way pages are written. `html` is a tagged template whose
 * interpolated values are escaped unless they are themselves `Html` (the result of another
 * `html` template), so text from listings and reviews can only ever become text. Arrays are
 * joined, and null, undefined and false render as nothing (for `cond && html`…``).
 * There is deliberately no "raw" escape hatch for strings; the few trusted fragments that are
 * not templates (JSON-LD) go through their own serialiser, `jsonScriptContent`.
 */

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

const SPECIAL = /[&<>"'`]/;

/** Text made safe for element content and quoted attribute values. */
export const escapeHtml = (text: string): string => (SPECIAL.test(text) ? text.replace(/[&<>"'`]/g, (c) => ESCAPES[c]!) : text);

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false || value === true) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i += 1) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** Joins fragments with a separator that is itself markup (e.g. html`<span>, </span>`) or text. */
export const join = (items: readonly HtmlValue[], separator: HtmlValue): Html =>
  new Html(items.map(render).join(render(separator)));

/**
 * An href that can only leave the page for http(s) or stay on this site: anything else
 * (javascript:, data:, vbscript:, protocol-relative //host) becomes null, so callers show
 * text instead of a link.
 */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * JSON for a <script type="application/ld+json"> block: `<`, `>`, `&` and the line
 * separators are written as \u escapes, so no value can close the script element or start
 * a comment, whatever text a listing holds.
 */
export const jsonScriptContent = (value: unknown): Html =>
  new Html(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
