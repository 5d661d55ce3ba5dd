import type { ModerationDecision } from '../../storage/store.ts';
import { foldText } from '../search/text.ts';
import type { ReviewPolicy } from './review-policy.ts';
import type { ReviewStatus } from './review-schema.ts';

/**
 * Which reviews are held for a moderator. Each rule is about how a review was sent or what
 * its text is, never about its verdict: the rating and the sub-scores are not even passed in,
 * so a bad review is held or published exactly as a good one would be.
 */

export const MODERATION_REASONS = {
  links: 'links-in-text',
  nearDuplicate: 'near-duplicate',
  burst: 'burst-from-address',
  previouslyHeld: 'previously-held-or-rejected',
} as const;

export interface ReviewText {
  title: string;
  body: string;
  extra: string[];
}

// A scheme, "www.", a markdown link, or a host name with a common top-level domain.
const LINK = /\b(?:https?|ftp):\/\/|\bwww\.|\]\(|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|ru|cn|xyz|info|biz|top|app|dev|ly|me|site|online|shop|click|link)\b/i;

export const containsLink = (text: string) => LINK.test(text);

const words = (text: string) => foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Word 3-shingles; a text too short for shingles is one shingle of all its words. */
function shingles(text: string): Set<string> {
  const list = words(text);
  if (list.length < 6) return new Set([list.join(' ')]);
  const result = new Set<string>();
  for (let i = 0; i + 3 <= list.length; i += 1) result.add(list.slice(i, i + 3).join(' '));
  return result;
}

export function similarity(a: string, b: string): number {
  const x = shingles(a);
  const y = shingles(b);
  let shared = 0;
  for (const shingle of x) if (y.has(shingle)) shared += 1;
  const union = x.size + y.size - shared;
  return union === 0 ? 1 : shared / union;
}

export function assessReview(options: {
  text: ReviewText;
  /** Recent reviews of the same listing by other reviewers. */
  others: { id: string; title: string; body: string }[];
  /** Reviews this client address wrote within the burst window, before this one. */
  recentFromClient: number;
  previousStatus: ReviewStatus | undefined;
  policy: ReviewPolicy;
}): ModerationDecision {
  const { text, policy } = options;
  const reasons: string[] = [];
  if ([text.title, text.body, ...text.extra].some(containsLink)) reasons.push(MODERATION_REASONS.links);
  // The body alone: titles are short and often alike, and a copied body is the signal.
  const twin = options.others.find((other) => similarity(text.body, other.body) >= policy.nearDuplicateSimilarity);
  if (twin) reasons.push(`${MODERATION_REASONS.nearDuplicate}:${twin.id}`);
  if (options.recentFromClient >= policy.burst.max) reasons.push(MODERATION_REASONS.burst);
  if (options.previousStatus === 'pending' || options.previousStatus === 'rejected') reasons.push(MODERATION_REASONS.previouslyHeld);
  return reasons.length > 0 ? { status: 'pending', reasons } : { status: 'published', reasons: ['no-heuristic-matched'] };
}
