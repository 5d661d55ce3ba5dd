import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { formatPath } from '../core/validation-messages.ts';
import { curatedProviderSchema, type CuratedProvider } from './curated-provider.ts';

/**
 * Reads and validates every curated provider file (catalog-sources/curated/*.yaml, ADR 27). A bad
 * file is not skipped: the build stops, naming each file, field and fix, because a curated fact
 * silently dropped would leave a head listing unassessed without anyone noticing.
 */

export interface CuratedFileProblem {
  file: string;
  field: string;
  message: string;
}

export class CuratedHeadError extends Error {
  constructor(readonly problems: CuratedFileProblem[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the curated head:\n${problems.map((p) => `  ${p.file}: ${p.field}: ${p.message}`).join('\n')}`);
    this.name = 'CuratedHeadError';
  }
}

export interface CuratedHead {
  providers: { file: string; data: CuratedProvider }[];
  /** Head rank by provider id or product slug, from head/head-list.yaml when it is there. */
  ranks: Map<string, number>;
  /** The head list's candidates that have a key, in rank order. */
  candidates: { rank: number; key: string; name: string }[];
  /** The slugs of the first batch (head/first-batch.yaml beside the head list), or null without that file. */
  firstBatch: Set<string> | null;
}

/** head/first-batch.yaml: the slugs curated with the head list's first candidates (issue 30). */
function readFirstBatch(headListFile: string | undefined): Set<string> | null {
  const file = headListFile ? join(dirname(headListFile), 'first-batch.yaml') : undefined;
  if (!file || !existsSync(file)) return null;
  const record = parse(readFileSync(file, 'utf8')) as { slugs?: unknown };
  return new Set(Array.isArray(record?.slugs) ? record.slugs.filter((slug): slug is string => typeof slug === 'string') : []);
}

/**
 * Every head rank a curated product answers to: its head key, its slug (the list names the
 * listings a candidate had), its squashed slug ("microsoftteams"), its provider's id.
 */
export function headRanksOf(head: Pick<CuratedHead, 'ranks'>, product: { slug: string; headKey?: string }, providerId: string): number[] {
  const names = [product.headKey, product.slug, product.slug.replace(/-/g, ''), providerId];
  return [...new Set(names.flatMap((name) => (name !== undefined && head.ranks.has(name) ? [head.ranks.get(name)!] : [])))];
}

function candidatesOf(entries: readonly Record<string, unknown>[]): CuratedHead['candidates'] {
  return entries.flatMap((entry, index) =>
    typeof entry.key === 'string' ? [{ rank: typeof entry.rank === 'number' ? entry.rank : index + 1, key: entry.key, name: typeof entry.name === 'string' ? entry.name : entry.key }] : [],
  );
}

/** The head list's entries in order (a list, or the first list in a mapping, `{ candidates: [...] }`); none when there is no file. */
function readHeadListEntries(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return [];
  const raw = parse(readFileSync(file, 'utf8')) as unknown;
  const entries = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? (Object.values(raw).find(Array.isArray) ?? []) : [];
  // An entry that is not a mapping keeps its place (its position is its rank) but names nothing.
  return (entries as unknown[]).map((entry) => (entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {}));
}

/**
 * Ranks by every name a head-list entry gives (`slug`, `provider`, `id`, `key`, its catalogue
 * listings). The list's own format belongs to whoever keeps it; an entry this reader cannot
 * place gives no rank rather than a wrong one.
 */
function ranksOf(entries: readonly Record<string, unknown>[]): Map<string, number> {
  const ranks = new Map<string, number>();
  entries.forEach((record, index) => {
    const rank = typeof record.rank === 'number' ? record.rank : index + 1;
    for (const key of ['slug', 'provider', 'id', 'key']) {
      const value = record[key];
      if (typeof value === 'string' && !ranks.has(value)) ranks.set(value, rank);
    }
    // The head list names the catalogue's listings of each candidate.
    if (Array.isArray(record.catalogue)) for (const slug of record.catalogue) if (typeof slug === 'string' && !ranks.has(slug)) ranks.set(slug, rank);
  });
  return ranks;
}

export function readCuratedHead(curatedDir: string, headListFile?: string): CuratedHead {
  const entries = headListFile ? readHeadListEntries(headListFile) : [];
  const head: CuratedHead = { providers: [], ranks: ranksOf(entries), candidates: candidatesOf(entries), firstBatch: readFirstBatch(headListFile) };
  if (!existsSync(curatedDir)) return head;
  const problems: CuratedFileProblem[] = [];
  const slugs = new Map<string, string>();
  for (const name of readdirSync(curatedDir).sort()) {
    if (!/\.ya?ml$/.test(name)) continue;
    const file = join(curatedDir, name);
    let raw: unknown;
    try {
      raw = parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push({ file, field: '(file)', message: `not readable YAML: ${(error as Error).message.split('\n')[0]}` });
      continue;
    }
    const checked = curatedProviderSchema.safeParse(raw);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const path = formatPath(issue.path) || '(root)';
        if (issue.code === 'unrecognized_keys') for (const key of issue.keys) problems.push({ file, field: path === '(root)' ? key : `${path}.${key}`, message: issue.message });
        else problems.push({ file, field: path, message: issue.message });
      }
      continue;
    }
    // A provider with products in several areas may keep them in several files (google-maps.yaml, google-workspace.yaml).
    const id = checked.data.provider.id;
    if (name !== `${id}.yaml` && !name.startsWith(`${id}-`)) problems.push({ file, field: 'provider.id', message: `a file of provider "${id}" must be named ${id}.yaml or ${id}-<area>.yaml; rename the file or fix the id` });
    checked.data.products.forEach((product, index) => {
      const other = slugs.get(product.slug);
      if (other) problems.push({ file, field: `products[${index}].slug`, message: `slug "${product.slug}" is also a product of ${other}; slugs never collide, so give one of them another slug` });
      else slugs.set(product.slug, file);
    });
    head.providers.push({ file, data: checked.data });
  }
  if (problems.length > 0) throw new CuratedHeadError(problems);
  return head;
}
