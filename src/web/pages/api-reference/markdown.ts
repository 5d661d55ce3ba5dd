import { html, safeHref, type Html } from '../../html.ts';

/**
 * The Markdown the API's descriptions use, and no more: `code`, **bold**, [links](url),
 * paragraphs and "- " lists. Every piece of text goes through `html`, so it is escaped like
 * any other; a link whose address is not http(s) or on this site stays text.
 */

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** One line or table cell: code spans, bold and links; line breaks are spaces. */
export function inlineMarkdown(text: string): Html {
  const parts: Html[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    parts.push(html`${text.slice(last, match.index)}`);
    const [, code, bold, label, url] = match;
    if (code !== undefined) parts.push(html`<code>${code}</code>`);
    else if (bold !== undefined) parts.push(html`<strong>${bold}</strong>`);
    else {
      const href = safeHref(url);
      parts.push(href ? html`<a href="${href}">${label}</a>` : html`${label}`);
    }
    last = match.index + match[0].length;
  }
  parts.push(html`${text.slice(last)}`);
  return html`${parts}`;
}

const LIST_ITEM = /^\s*[-*]\s+/;

/** Blocks separated by blank lines: a paragraph each, or a list when every line is an item. */
export function markdown(text: string | undefined): Html {
  if (!text) return html``;
  return html`${text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((line) => LIST_ITEM.test(line))) return html`<ul>${lines.map((line) => html`<li>${inlineMarkdown(line.replace(LIST_ITEM, ''))}</li>`)}</ul>`;
      return html`<p>${inlineMarkdown(lines.join(' '))}</p>`;
    })}`;
}
