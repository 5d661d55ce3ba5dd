import { z } from 'zod';
import type { CoreContext } from '../context.ts';
import { parseInput } from '../params.ts';
import { slugInputSchema, type SlugInput } from './slug-input.ts';
import { evidenceUrlOf } from './listing-detail.ts';
import type { CallFacts, Listing } from './listing.ts';
import { providerOf } from '../providers/provider-of.ts';
import { listingEntryOr404 } from './suggest-slugs.ts';
import { snippetFactsOf } from './snippet-facts.ts';
import { importLineOf, jsEnv, jsString, shellConcat, shellWord } from './snippet-quoting.ts';

/**
 * How to call a listed API from a script (issue 17): the base URL, where the credential goes and
 * which environment variable to read it from, a first safe request as curl and as Node fetch,
 * the SDK's install and import lines, documented rate limits and the gotchas the data shows.
 * Everything is derived from the listing's evidence (its OpenAPI document, registry facts);
 * a field no source shows is null, never invented.
 */

const evidenceSchema = z
  .object({
    source: z.string().describe('The id of the listing source the fact was read from.'),
    pointer: z.string().nullable().describe('Where in that source\'s document.'),
    evidenceUrl: z.string().nullable().describe('The source\'s document with the pointer: a link anyone can follow.'),
  })
  .meta({ id: 'QuickstartEvidence' });

const withEvidence = <T extends z.ZodType>(value: T) => z.object({ value, evidence: evidenceSchema });

export const quickstartSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    baseUrl: withEvidence(z.string()).nullable().describe('The URL requests go to, from the API\'s own document; null when no source shows it.'),
    auth: withEvidence(
      z.object({
        type: z.enum(['none', 'apiKey', 'bearer', 'basic', 'oauth2']),
        in: z.enum(['header', 'query']).nullable().describe('Where the credential goes.'),
        name: z.string().nullable().describe('The header or query parameter name.'),
        envVar: z.string().nullable().describe('A suggested environment variable to hold the secret, e.g. STRIPE_API_KEY (for basic auth, e.g. TWILIO_CREDENTIALS holding "user:password"); null when no secret is needed.'),
        browserNeeded: z.boolean().nullable().describe('True when only a browser sign-in gets a token (OAuth 2 authorization code or implicit); null when the source does not say which OAuth 2 flows there are.'),
      }),
    )
      .nullable()
      .describe('How the credential is sent; null when no source shows it.'),
    firstRequest: withEvidence(
      z.object({
        method: z.literal('GET'),
        path: z.string(),
        summary: z.string().nullable(),
        curl: z.string().describe('A runnable curl command; the secret is read from the environment variable.'),
        node: z.string().describe('The same request with Node\'s fetch (Node 18 or later).'),
        placeholders: z.array(z.string()).describe('Parameters the document gives no example for: replace them before running.'),
      }),
    )
      .nullable()
      .describe('A safe read operation to try first, chosen from the API\'s own document; null when none qualifies or no base URL is known.'),
    sdk: z
      .object({
        registry: z.literal('npm'),
        package: z.string(),
        install: z.string(),
        import: z.string(),
        latestVersion: z.string().nullable(),
        evidence: evidenceSchema.nullable(),
      })
      .nullable()
      .describe('The official SDK, where one is known and confirmed by its registry document.'),
    rateLimits: z.object({ evidence: z.string(), evidenceUrl: z.string().nullable() }).nullable().describe('Where the API documents its rate limits; null when the sources do not show any.'),
    gotchas: z.array(z.string()).describe('Things the data shows a script will trip over (browser-only sign-in, no HTTPS, a key in the query string).'),
    omitted: z
      .array(z.object({ field: z.string(), reason: z.string() }))
      .describe('Facts the listing holds that no snippet shows, because they break the rules that keep a snippet safe to paste (a header name that is no HTTP token, an install line with shell syntax), each with the reason.'),
  })
  .meta({ id: 'Quickstart' });
export type Quickstart = z.infer<typeof quickstartSchema>;

const evidenceOf = (listing: Listing, fact: { source: string; pointer?: string | undefined }) => ({
  source: fact.source,
  pointer: fact.pointer ?? null,
  evidenceUrl: evidenceUrlOf(listing, fact.source, fact.pointer),
});

/** STRIPE_API_KEY from the provider "stripe" (or "stripe.com" in an older file); from the slug when the provider is not a domain. */
export function envVarNameOf(listing: Listing, type: NonNullable<CallFacts['auth']>['value']['type']): string | null {
  if (type === 'none') return null;
  // A provider given as { id } or as a domain names the variable; a provider named otherwise does not, so the slug does.
  const byProvider = typeof listing.provider === 'object' || (listing.provider !== undefined && /\.[a-z]{2,}$/i.test(listing.provider));
  const stem = (byProvider ? providerOf(listing)!.id : listing.slug)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  const prefix = /^[0-9]/.test(stem) ? `API_${stem}` : stem;
  // Basic credentials are a user and a password: one variable holds "user:password", as curl -u takes them.
  return `${prefix}_${type === 'oauth2' ? 'TOKEN' : type === 'basic' ? 'CREDENTIALS' : 'API_KEY'}`;
}

function requestOf(call: Omit<CallFacts, 'auth'> & { auth?: { value: CallAuth } }, envVar: string | null) {
  const base = call.baseUrl!.value;
  const first = call.firstRequest!.value;
  const placeholders: string[] = [];
  let path = first.path;
  const query = new URLSearchParams();
  for (const parameter of first.parameters) {
    const value = parameter.example ?? `{${parameter.name}}`;
    if (parameter.example === undefined) placeholders.push(parameter.name);
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value).replace(/%7B|%7D/g, (brace) => (brace === '%7B' ? '{' : '}')));
    else query.set(parameter.name, value);
  }
  const auth = call.auth?.value;
  const inQuery = auth && auth.in === 'query' && auth.name && envVar ? auth.name : undefined;
  const queryText = query.toString();
  const url = `${base}${path}${queryText ? `?${queryText}` : ''}`;
  // Every piece of data is one single-quoted shell word or one JSON string literal; only the
  // checked environment variable name is spliced (snippet-quoting.ts).
  const hash = url.includes('#') ? url.indexOf('#') : url.length;
  const beforeHash = url.slice(0, hash);
  const curlUrl =
    inQuery !== undefined
      ? shellConcat([{ literal: `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${encodeURIComponent(inQuery)}=` }, { env: envVar! }, { literal: url.slice(hash) }])
      : shellWord(url);
  const curlParts = ['curl -sS --fail-with-body --globoff', curlUrl, `-H ${shellWord('Accept: application/json')}`];
  const headers: string[] = [`${jsString('accept')}: ${jsString('application/json')}`];
  if (auth && envVar && inQuery === undefined) {
    const env = jsEnv(envVar);
    if (auth.type === 'basic') {
      curlParts.push(`-u ${shellConcat([{ env: envVar }])}`);
      headers.push(`${jsString('authorization')}: ${jsString('Basic ')} + Buffer.from(${env} ?? '').toString('base64')`);
    } else if (auth.type === 'apiKey' && auth.name && auth.name.toLowerCase() !== 'authorization') {
      curlParts.push(`-H ${shellConcat([{ literal: `${auth.name}: ` }, { env: envVar }])}`);
      headers.push(`${jsString(auth.name.toLowerCase())}: ${env}`);
    } else {
      curlParts.push(`-H ${shellConcat([{ literal: 'Authorization: Bearer ' }, { env: envVar }])}`);
      headers.push(`${jsString('authorization')}: ${jsString('Bearer ')} + ${env}`);
    }
  }
  const node = [
    `const url = new URL(${jsString(url)});`,
    ...(inQuery !== undefined ? [`url.searchParams.set(${jsString(inQuery)}, ${jsEnv(envVar!)} ?? '');`] : []),
    'const response = await fetch(url, {',
    `  headers: { ${headers.join(', ')} },`,
    '});',
    "if (!response.ok) throw new Error(response.status + ' ' + (await response.text()));",
    'console.log(await response.json());',
  ].join('\n');
  return { method: 'GET' as const, path: first.path, summary: first.summary ?? null, curl: curlParts.join(' '), node, placeholders };
}

const AUTH_FROM_ACCESS: Partial<Record<string, NonNullable<CallFacts['auth']>['value']>> = {
  apiKey: { type: 'apiKey', browserNeeded: false },
  'http-bearer': { type: 'bearer', in: 'header', name: 'Authorization', browserNeeded: false },
  'http-basic': { type: 'basic', in: 'header', name: 'Authorization', browserNeeded: false },
};

/**
 * Where the API's document shows no scheme, another source's auth fact (a public-apis row's
 * "OAuth", "apiKey") still says what kind of credential it takes. An OAuth 2 token goes in the
 * Authorization header as a bearer token (RFC 6750); which flows there are is not known.
 */
type CallAuth = Omit<NonNullable<CallFacts['auth']>['value'], 'browserNeeded'> & { browserNeeded: boolean | null };

function authFromAccess(listing: Listing): { value: CallAuth; source: string; pointer?: string } | undefined {
  const auth = listing.access?.auth;
  if (!auth || auth.value.length !== 1) return undefined;
  const kind = auth.value[0]!;
  if (kind === 'none') return { value: { type: 'none', browserNeeded: false }, source: auth.source, ...(auth.pointer ? { pointer: auth.pointer } : {}) };
  if (kind === 'oauth2') return { value: { type: 'oauth2', in: 'header', name: 'Authorization', browserNeeded: null }, source: auth.source, ...(auth.pointer ? { pointer: auth.pointer } : {}) };
  const value = AUTH_FROM_ACCESS[kind];
  return value ? { value, source: auth.source, ...(auth.pointer ? { pointer: auth.pointer } : {}) } : undefined;
}

export function quickstartOf(listing: Listing): Quickstart {
  // A fact that fails the snippet rules is left out here, with the reason, not the whole listing.
  const checked = snippetFactsOf(listing);
  const documented = checked.call;
  const fallbackAuth = listing.call?.auth ? undefined : authFromAccess(listing);
  const call: Omit<CallFacts, 'auth'> & { auth?: { value: CallAuth; source: string; pointer?: string } } = { ...documented, ...(fallbackAuth ? { auth: fallbackAuth } : {}) };
  const auth = call.auth?.value;
  const envVar = auth ? envVarNameOf(listing, auth.type) : null;
  const gotchas: string[] = [];
  if (auth?.browserNeeded) gotchas.push('Only a browser sign-in (OAuth 2 authorization code or implicit) gets a token: a person must authorise once, and the script then needs a stored refresh token.');
  if (auth?.in === 'query') gotchas.push(`The key goes in the query parameter "${auth.name}", so it is written into server, proxy and shell-history logs with the URL; keep those logs private.`);
  if (listing.access?.https?.value === false || (call.baseUrl?.value.startsWith('http:') && listing.access?.https?.value !== true)) {
    gotchas.push('The API is served over plain HTTP: anything sent, the credential included, can be read on the way.');
  } else if (call.baseUrl?.value.startsWith('http:')) {
    gotchas.push('Its document gives an http:// base URL, while another source says it is served over HTTPS: try https:// first.');
  }
  if (auth?.type === 'oauth2' && auth.browserNeeded === false) gotchas.push('OAuth 2 without a browser: exchange the client credentials for a token first; the token then goes in the Authorization header.');
  if (auth?.type === 'oauth2' && auth.browserNeeded === null) gotchas.push('Its sources say OAuth 2 without naming the flows: getting the first token may need a browser sign-in; keep the token (or a personal access token, where the API offers one) in the environment variable.');
  const rate = listing.cliCriteria.rateLimits;
  return {
    slug: listing.slug,
    name: listing.name,
    baseUrl: call.baseUrl ? { value: call.baseUrl.value, evidence: evidenceOf(listing, call.baseUrl) } : null,
    auth: call.auth && auth
      ? { value: { type: auth.type, in: auth.in ?? null, name: auth.name ?? null, envVar, browserNeeded: auth.browserNeeded }, evidence: evidenceOf(listing, call.auth) }
      : null,
    firstRequest: call.firstRequest && call.baseUrl ? { value: requestOf(call, envVar), evidence: evidenceOf(listing, call.firstRequest) } : null,
    sdk:
      checked.package && checked.install && importLineOf(checked.package.name)
        ? {
            registry: 'npm',
            package: checked.package.name,
            install: checked.install,
            import: importLineOf(checked.package.name)!,
            latestVersion: checked.package.latestVersion ?? null,
            evidence: listing.cliCriteria.officialSdk?.source ? evidenceOf(listing, { source: listing.cliCriteria.officialSdk.source, pointer: listing.cliCriteria.officialSdk.pointer }) : null,
          }
        : null,
    rateLimits: rate?.status === 'passed' && rate.evidence ? { evidence: rate.evidence, evidenceUrl: evidenceUrlOf(listing, rate.source, rate.pointer) } : null,
    gotchas,
    omitted: checked.omitted,
  };
}

/** The quickstart of one listing, by its exact slug; an unknown slug is a 404 with close matches. */
export async function getQuickstart({ ctx, input }: { ctx: CoreContext; input: SlugInput }): Promise<Quickstart> {
  const { slug } = parseInput(slugInputSchema, input);
  const entry = await listingEntryOr404(ctx.catalogue, slug);
  return quickstartOf(entry.listing);
}
