import type { CliRelevance } from '../scoring/cli-relevance.ts';
import type { Listing } from './listing.ts';
import { safeInstallLine } from './snippet-facts.ts';

export interface FaqEntry {
  question: string;
  answer: string;
  /** True for answers generated from the listing's data, false for curated ones. */
  generated: boolean;
}

const PRICING_ANSWERS: Record<NonNullable<Listing['pricingTier']>, (name: string) => string> = {
  Free: (name) => `Yes. ${name} is completely free to use.`,
  Freemium: (name) => `${name} has a free tier with paid plans for additional usage.`,
  Paid: (name) => `No. ${name} is a paid service with no free tier.`,
  'Usage-based': (name) => `${name} is billed by usage: you pay for what you call.`,
  'Open source': (name) => `Yes. ${name} is open source; you can run it yourself at no licence cost.`,
  Enterprise: (name) => `No. ${name} is sold through sales, with no public price.`,
};

const listPhrases = (phrases: string[]) =>
  phrases.length <= 1 ? phrases.join('') : `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`;

/** "Official SDK…" → "official SDK…", but "JSON response…" and "CLI tool…" keep their capitals. */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

function cliAnswer(name: string, cli: CliRelevance): string | null {
  const passed = cli.criteria.filter((c) => c.status === 'passed').map((c) => inSentence(c.label));
  const failed = cli.criteria.filter((c) => c.status === 'failed').map((c) => inSentence(c.label));
  const parts = [
    passed.length ? `It passes: ${listPhrases(passed)}.` : '',
    failed.length ? `It fails: ${listPhrases(failed)}.` : '',
  ].filter(Boolean);
  if (cli.status === 'unscored') return null;
  if (cli.status === 'partial') {
    const range = cli.range!;
    const verdict = cli.wording ? ` Whatever the rest show, that is ${cli.wording} for automated workflows.` : '';
    return `${cli.assessed} of 8 criteria are assessed, so the CLI relevance score lies between ${range.min} and ${range.max} out of 10.${verdict} ${parts.join(' ')}`.trim();
  }
  return [`${name} scores ${cli.score}/10 for CLI relevance (${cli.raw} of ${cli.max} points), which is ${cli.wording} for automated workflows.`, ...parts].join(' ');
}

const AUTH_WORDS: Record<string, string> = {
  none: 'no authentication',
  apiKey: 'an API key',
  'http-basic': 'HTTP basic credentials',
  'http-bearer': 'a bearer token',
  oauth2: 'OAuth 2',
  openIdConnect: 'OpenID Connect',
  other: 'another scheme',
};

function authAnswer(listing: Listing, cli: CliRelevance): string | null {
  const { name } = listing;
  const envVarAuth = cli.criteria.find((c) => c.key === 'envVarAuth');
  switch (envVarAuth?.status) {
    case 'passed':
      return `${name} can be authenticated with credentials from environment variables, with no browser OAuth flow, so scripts and CI jobs can call it unattended.`;
    case 'failed':
      return `${name} cannot be authenticated with credentials from environment variables alone (the env var authentication criterion failed), so unattended scripts need another way in.`;
    default: {
      const kinds = listing.access?.auth?.value;
      if (!kinds) return null;
      return `Its sources show ${listPhrases(kinds.map((kind) => AUTH_WORDS[kind] ?? kind))}, which does not settle whether a script can authenticate without a browser, so that criterion is not assessed yet.`;
    }
  }
}

function installAnswer(listing: Listing, cli: CliRelevance): string | null {
  const install = safeInstallLine(listing.install);
  if (install) return `Run \`${install}\`.`;
  const sdk = cli.criteria.find((c) => c.key === 'officialSdk')?.status;
  if (sdk === 'passed') return `${listing.name} has an official SDK on a public package registry, but its install instruction is not shown.`;
  if (sdk === 'failed') return `${listing.name} has no official SDK on a public package registry: call its HTTP API directly.`;
  return null;
}

/**
 * Questions answered from the listing's data. A question the data cannot answer is left out,
 * never answered with "not shown" (nor turned into FAQPage JSON-LD).
 */
export function buildListingFaq(listing: Listing, cli: CliRelevance): FaqEntry[] {
  const { name } = listing;
  const generated: { question: string; answer: string | null }[] = [
    { question: `Is ${name} free?`, answer: listing.pricingTier ? PRICING_ANSWERS[listing.pricingTier](name) : null },
    { question: `Is ${name} good for command-line and automated workflows?`, answer: cliAnswer(name, cli) },
    { question: `How do I install ${name}?`, answer: installAnswer(listing, cli) },
    { question: `How does ${name} authenticate from scripts?`, answer: authAnswer(listing, cli) },
    { question: `What can ${name} do?`, answer: listing.capabilities.length ? `Its listed capabilities: ${firstFew(listing.capabilities, '; ')}.` : null },
  ];
  return [
    ...generated.flatMap(({ question, answer }) => (answer === null ? [] : [{ question, answer, generated: true }])),
    ...listing.faq.map((entry) => ({ ...entry, generated: false })),
  ];
}

/** An answer names at most this many items of a list; an API document can list a hundred operations. */
const FAQ_LIST_MAX = 8;

const firstFew = (items: string[], separator: string) =>
  items.length > FAQ_LIST_MAX ? `${items.slice(0, FAQ_LIST_MAX).join(separator)}${separator}and ${items.length - FAQ_LIST_MAX} more` : items.join(separator);

/** What an alternative shares with the listing, for the alternatives answer. */
export interface AlternativeForFaq {
  name: string;
  slug: string;
  /** The listing's capabilities it serves. */
  serves: string[];
}

/**
 * "What are the alternatives to X?", answered from the ranked alternatives (the catalogue's,
 * see src/core/listings/get-listing-faq.ts); never padded with listings that serve nothing of it.
 */
export function alternativesFaqEntry(listing: Pick<Listing, 'name' | 'capabilities' | 'description'>, alternatives: AlternativeForFaq[]): FaqEntry {
  const question = `What are the alternatives to ${listing.name}?`;
  if (alternatives.length === 0) {
    return { question, answer: `The directory lists no other API that serves what ${listing.name} does.`, generated: true };
  }
  // One shared capability is named; several are counted, since repeating the listing's own lines
  // for every alternative made the answer the longest part of a listing's page.
  const total = listing.capabilities.length;
  const named = alternatives.map((alternative) => {
    const count = alternative.serves.length;
    if (count === 0) return `${alternative.name} (the same need)`;
    if (count === 1) return `${alternative.name} (${alternative.serves[0]})`;
    return `${alternative.name} (${count >= total ? `all ${count}` : `${count} of the ${total}`} capabilities of ${listing.name})`;
  });
  return {
    question,
    answer: `Listings that serve the same capabilities: ${listPhrases(named)}. Compare any of them with ${listing.name} side by side to see what each does better or worse.`,
    generated: true,
  };
}
