/**
 * Longest match for the capability phrases a listing's text contains: a phrase that lies inside
 * a longer phrase of another capability is part of that phrase, not a capability of its own.
 * "Order book" names exchange trading, not books; "currencies of a country" names country data,
 * not currency exchange; "placeholder images" names placeholder images, not stock photos.
 *
 * Used for listings only. In a need, the shorter phrase is kept: "weather alerts" asks for
 * weather too, and a need's words are few (see docs/adr/0021-needs-as-agents-phrase-them.md).
 */

export interface PhraseSpan {
  /** Where the phrase begins in the text's word sequence, and where it ends (exclusive). */
  start: number;
  end: number;
  capability: number;
}

/** Whether the words start..end lie inside a longer phrase of another capability among `spans`. */
export const insideLongerPhrase = (spans: readonly PhraseSpan[], start: number, end: number, capability: number): boolean =>
  spans.some((span) => span.capability !== capability && span.start <= start && end <= span.end && span.end - span.start > end - start);
