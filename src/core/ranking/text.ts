/** Text normalisation shared by every search path, so lookups and suggestions agree. */

/** Lower-case with accents folded: "Café Créme" → "cafe creme". */
export const foldText = (text: string): string =>
  // Most text is plain ASCII, which has nothing to fold but case.
  /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();

/** Words of a text after folding; anything that is not a letter or digit separates words. */
export const tokenize = (text: string): string[] => foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** "Authentication & Identity" → "authentication-identity". */
export const slugify = (text: string): string => tokenize(text).join('-');
