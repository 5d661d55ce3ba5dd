import { asString, isObject, type Json } from '../core/assessment/openapi-view.ts';
import type { ProviderRef } from '../core/listings/listing.ts';
import { registrableDomainOf } from '../core/providers/provider-of.ts';
import { isPlaceholderHost, PROVIDER_IDS } from './listing-checks.ts';

/**
 * Providers as first-class (issue 29, ADR 29): an id from the registrable domain's first label
 * ("stripe.com" → stripe, "fly.io" → fly), the big clouds by their brand (amazonaws.com → aws,
 * googleapis.com → google, azure.com → azure), a display name and a home page.
 */

/** Hosts where many providers keep their docs: the label before them names the provider ("semantria.readme.io"). */
const SHARED_HOSTS = new Set(['readme.io', 'apiary.io', 'github.io', 'gitbook.io', 'herokuapp.com', 'netlify.app', 'vercel.app', 'rapidapi.com', 'stoplight.io', 'bump.sh', 'postman.co', 'azurewebsites.net', 'appspot.com', 'web.app', 'firebaseapp.com', 'pages.dev', 'glitch.me', 'repl.co']);
/** Hosts that hold someone else's document, never the provider's own. */
const CODE_HOSTS = /(?:^|\.)(?:githubusercontent\.com|github\.com|gitlab\.com|bitbucket\.org|gist\.github\.com|swaggerhub\.com|apis\.guru|api\.apis\.guru|unpkg\.com|jsdelivr\.net|storage\.googleapis\.com|blob\.core\.windows\.net)$|(?:^|[.-])s3[.-](?:[a-z0-9-]+\.)?amazonaws\.com$|^s3\.amazonaws\.com$/;

/** Hosts of other people's projects: the first path segment names the provider ("github.com/sv443" → sv443). */
const PROJECT_HOSTS = new Set(['github.com', 'gitlab.com', 'rapidapi.com', 'sourceforge.net', 'codeberg.org']);

/** A provider's domain from a link: project hosts give "<owner>.<host>", others their registrable domain. */
export function providerDomainOfUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  if (PROJECT_HOSTS.has(host)) {
    const owner = parsed.pathname.split('/').filter(Boolean)[0]?.toLowerCase().replace(/[^a-z0-9-]/g, '');
    if (owner && !['api', 'docs', 'hub', 'orgs', 'marketplace', 'collection'].includes(owner)) return `${owner}.${host}`;
  }
  return providerDomainOf(host);
}

/** "api.stripe.com" → "stripe.com"; "semantria.readme.io" → "semantria.readme.io"; "data.gov.uk" → "data.gov.uk". */
export function providerDomainOf(host: string | null | undefined): string | null {
  if (!host) return null;
  const bare = host.toLowerCase().replace(/^www\./, '');
  const domain = registrableDomainOf(bare)!;
  // "trakt.docs.apiary.io": the provider is the first label, not "docs".
  if (SHARED_HOSTS.has(domain) && bare.replace(/\.$/, '') !== domain) return `${bare.split('.')[0]}.${domain}`;
  return domain;
}

const hostOf = (url: unknown): string | null => {
  const text = asString(url);
  if (!text) return null;
  try {
    const parsed = new URL(text);
    return /^https?:$/.test(parsed.protocol) ? parsed.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
};

/**
 * The domain a document's provider is known by: APIs.guru's `x-providerName`, unless it is a
 * placeholder ("libretranslate.local": APIs.guru's name when the document names no server), then
 * the host its document came from (`x-origin`, unless that is a code host), its docs, its contact.
 */
export function documentProviderDomain(root: Json, fallback: string): string {
  const info = isObject(root.info) ? root.info : {};
  const named = asString(info['x-providerName']) ?? fallback;
  if (!isPlaceholderHost(`https://${named}/`)) return named;
  const origin = Array.isArray(info['x-origin']) && isObject(info['x-origin'][0]) ? info['x-origin'][0].url : undefined;
  const candidates = [origin, isObject(root.externalDocs) ? root.externalDocs.url : undefined, isObject(info.contact) ? info.contact.url : undefined];
  for (const candidate of candidates) {
    const host = hostOf(candidate);
    if (host && !CODE_HOSTS.test(host) && !isPlaceholderHost(`https://${host}/`)) return providerDomainOf(host)!;
  }
  return named;
}

/** The id's stem of a domain: its first label, or the big clouds' brand. */
export function providerLabelOf(domain: string): string {
  const known = PROVIDER_IDS[domain];
  if (known) return known;
  return domain
    .split('.')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'provider';
}

const DISPLAY_NAMES: Record<string, string> = { aws: 'Amazon Web Services', google: 'Google', azure: 'Microsoft Azure' };
const HOME_PAGES: Record<string, string> = { aws: 'https://aws.amazon.com/', google: 'https://developers.google.com/', azure: 'https://azure.microsoft.com/' };

export interface ProviderClaim {
  domain: string;
  /** Names of the provider's listings, to find how the provider spells itself. */
  names: string[];
  /** A curated brand ("Vonage" for nexmo.com). */
  brand?: string | undefined;
  /** A curated id: the domain belongs to that provider ("vonage" for nexmo.com). */
  id?: string | undefined;
  /** A curated home page. */
  home?: string | undefined;
}

/**
 * Provider refs for every domain: ids made unique (two domains with one first label: the one
 * with more listings keeps the plain id, the other takes its suffix, "render-com"), names from a
 * curated brand, else how the listings spell the label ("SportsDataIO"), else the label capitalised.
 */
export function assignProviders(claims: readonly ProviderClaim[]): Map<string, ProviderRef> {
  const byDomain = new Map<string, ProviderClaim>();
  for (const claim of claims) {
    const known = byDomain.get(claim.domain);
    if (known) {
      known.names.push(...claim.names);
      known.brand ??= claim.brand;
      known.id ??= claim.id;
      known.home ??= claim.home;
    } else byDomain.set(claim.domain, { ...claim, names: [...claim.names] });
  }
  const byLabel = new Map<string, ProviderClaim[]>();
  for (const claim of byDomain.values()) {
    const label = claim.id ?? providerLabelOf(claim.domain);
    byLabel.set(label, [...(byLabel.get(label) ?? []), claim]);
  }
  const refs = new Map<string, ProviderRef>();
  for (const [label, group] of byLabel) {
    // Cloud brands gather several domains under one id on purpose (amazonaws.com and amazon.com are AWS).
    const shared = group.some((claim) => PROVIDER_IDS[claim.domain] !== undefined || claim.id !== undefined);
    const ordered = [...group].sort((a, b) => b.names.length - a.names.length || (a.domain < b.domain ? -1 : 1));
    ordered.forEach((claim, index) => {
      const id = shared || index === 0 ? label : `${label}-${claim.domain.split('.').slice(1).join('-').replace(/[^a-z0-9-]/g, '')}`.slice(0, 80);
      const placeholder = isPlaceholderHost(`https://${claim.domain}/`);
      const [owner, ...host] = claim.domain.split('.');
      const projectHost = PROJECT_HOSTS.has(host.join('.'));
      const home = group.find((member) => member.home)?.home;
      const url = HOME_PAGES[id] ?? home ?? (placeholder ? undefined : projectHost ? `https://${host.join('.')}/${owner}` : `https://${claim.domain}/`);
      const brand = group.find((member) => member.brand)?.brand;
      refs.set(claim.domain, { id, name: DISPLAY_NAMES[id] ?? (shared ? brand : claim.brand) ?? spelledName(label, claim.names), ...(url ? { url } : {}) });
    });
  }
  return refs;
}

/** How the listings spell a provider's label: "sportsdata" in "SportsDataIO NBA" is "SportsData"; else "Nytimes". */
function spelledName(label: string, names: readonly string[]): string {
  const squashed = label.replace(/-/g, '');
  for (const name of names) {
    for (const word of name.split(/\s+/)) {
      const plain = word.replace(/[^\p{L}\p{N}]/gu, '');
      if (plain.toLowerCase() === squashed) return plain;
    }
    // A name whose squashed words begin with the label: "Open AQ" for "openaq".
    const words = name.split(/\s+/);
    for (let count = 2; count <= Math.min(4, words.length); count += 1) {
      const joined = words.slice(0, count).join(' ');
      if (joined.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase() === squashed) return joined;
    }
  }
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}
