/** Ordered levels of the quality inputs that are not numbers, worst first. */
export const QUALITY_LEVELS = {
  docsQuality: ['none', 'basic', 'good', 'excellent'],
  breakingChanges: ['frequent', 'occasional', 'rare', 'none'],
} as const;

export type DocsQuality = (typeof QUALITY_LEVELS.docsQuality)[number];
export type BreakingChanges = (typeof QUALITY_LEVELS.breakingChanges)[number];
