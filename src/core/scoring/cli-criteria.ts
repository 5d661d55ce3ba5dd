/**
 * The eight CLI relevance criteria and their points, as the seed states them.
 * "CLI tool available" is 1 point: the seed's raw totals (10, 2, 4, 9 of 11) fix it there.
 */
export const CLI_CRITERIA = [
  { key: 'officialSdk', label: 'Official SDK on a public package registry', points: 2 },
  { key: 'envVarAuth', label: 'Env var authentication (no browser OAuth)', points: 2 },
  { key: 'headless', label: 'Works in headless/CI environments', points: 2 },
  { key: 'cliTool', label: 'CLI tool available', points: 1 },
  { key: 'jsonResponse', label: 'JSON response for piping/parsing', points: 1 },
  { key: 'curlExamples', label: 'Docs have command-line HTTP examples', points: 1 },
  { key: 'rateLimits', label: 'Reasonable rate limits for scripted use', points: 1 },
  { key: 'machineReadablePricing', label: 'Machine-readable pricing (md/JSON/static)', points: 1 },
] as const;

export type CliCriterionKey = (typeof CLI_CRITERIA)[number]['key'];

export const CLI_RAW_MAX = CLI_CRITERIA.reduce((sum, criterion) => sum + criterion.points, 0);
export const CLI_SHOWN_MAX = 10;
