import { escapeHtml } from './html.ts';

// Everything outside XML 1.0's Char production (§2.2): C0 controls but tab, line feed and
// carriage return; lone surrogates (matched one by one under the `u` flag); U+FFFE and U+FFFF.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text made safe for XML element content and quoted attribute values (Atom, the badge, the
 * sitemap). The schemas already refuse what XML cannot carry (issue 28); a character that
 * still reaches here from older stored data is dropped rather than breaking the document.
 */
export const escapeXml = (text: string): string => escapeHtml(text.replace(NOT_XML_CHAR, ''));
