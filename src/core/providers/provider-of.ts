import { z } from 'zod';
import type { Listing } from '../listings/listing.ts';
import { slugify } from '../ranking/text.ts';

/**
 * Who provides a listing, whichever way its file says it: the `{ id, name, url }` object the
 * catalogue build writes, an older free string ("twilio.com", or a name), or nothing. A
 * listing without a provider is a family of its own (see familyKeyOf).
 */

export const providerSchema = z
  .object({
    id: z.string().describe('The provider\'s id, from its registrable domain: "twilio.com" → "twilio". GET /api/providers/{id} lists its products.'),
    name: z.string().describe('The provider as people name it, e.g. "Twilio".'),
    url: z.string().nullable().describe('The provider\'s home page; null when no source shows it.'),
  })
  .meta({ id: 'Provider' });
export type Provider = z.infer<typeof providerSchema>;

// Second-level labels under which a registrable domain has three labels ("example.co.uk", "apisetu.gov.in").
const TWO_LEVEL_SUFFIXES = new Set(['co', 'com', 'org', 'net', 'gov', 'ac', 'edu', 'gob', 'nic', 'or', 'ne', 'go']);
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/**
 * "api.stripe.com" → "stripe.com"; "apisetu.gov.in" → "apisetu.gov.in": close enough to a
 * registrable domain to tell providers and match sources. The one reading of a domain, for the
 * catalogue build and for older files alike.
 */
export function registrableDomainOf(host: string | null | undefined): string | null {
  if (!host) return null;
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const keep = labels.at(-1)!.length === 2 && TWO_LEVEL_SUFFIXES.has(labels.at(-2)!) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

const capitalised = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;

/** A provider from an older file's free string: a domain gives its first registrable label as id and name. */
function fromLegacyString(text: string): Provider | null {
  const value = text.trim();
  if (DOMAIN.test(value)) {
    const domain = registrableDomainOf(value)!;
    const label = domain.split('.')[0]!;
    const id = slugify(label);
    return id ? { id, name: capitalised(label), url: null } : null;
  }
  const id = slugify(value);
  return id ? { id, name: value, url: null } : null;
}

// Listings are parsed once and never mutated, so the derived provider is kept per listing object.
const derived = new WeakMap<Listing, Provider | null>();

/** The listing's provider, or null when its file names none. */
export function providerOf(listing: Listing): Provider | null {
  const given = listing.provider;
  if (given === undefined) return null;
  if (typeof given === 'object') return { id: given.id, name: given.name, url: given.url ?? null };
  let provider = derived.get(listing);
  if (provider === undefined) {
    provider = fromLegacyString(given);
    derived.set(listing, provider);
  }
  return provider;
}

/**
 * The key listings of one family share: the provider's id, or, for a listing without a
 * provider, its own slug under a prefix no provider id can have (ids are slugs, without "/").
 */
export function familyKeyOf(listing: Listing): string {
  return providerOf(listing)?.id ?? `listing/${listing.slug}`;
}
