import type { CliCriteria, CriterionResult, Listing, QualityInputs } from '../listings/listing.ts';

/**
 * Combines a stored listing with one arriving from an import, field by field (ADR 16):
 *
 * - `prefer: 'incoming'`: the source's own item again (same slug, or a slug the importer made
 *   for it before). What the source gives replaces what is stored; what it leaves out is kept,
 *   so a re-import never wipes values another step added (npm enrichment, a second source).
 * - `prefer: 'existing'`: the same API from another source (or another row of the same file).
 *   Only what the stored listing lacks is filled in; nothing it has is overwritten.
 *
 * Either way a criterion that is assessed (passed or failed) is never replaced by one that is
 * not, and the slug is the stored listing's.
 */

export type MergePreference = 'incoming' | 'existing';

export interface MergedListing {
  listing: Listing;
  /** Top-level fields whose value differs from the stored listing's (e.g. "url", "cliCriteria.envVarAuth"). */
  changed: string[];
}

const isAssessed = (result: CriterionResult | undefined) => result !== undefined && result.status !== 'not_assessed';

function mergeCriteria(existing: CliCriteria, incoming: CliCriteria, prefer: MergePreference): CliCriteria {
  const [first, second] = prefer === 'incoming' ? [incoming, existing] : [existing, incoming];
  const merged: CliCriteria = {};
  for (const key of new Set([...Object.keys(existing), ...Object.keys(incoming)]) as Set<keyof CliCriteria>) {
    const a = first[key];
    const b = second[key];
    const chosen = isAssessed(a) ? a : isAssessed(b) ? b : (a ?? b);
    if (chosen) merged[key] = chosen;
  }
  return merged;
}

function mergeQualityInputs(existing: QualityInputs, incoming: QualityInputs, prefer: MergePreference): QualityInputs {
  const [first, second] = prefer === 'incoming' ? [incoming, existing] : [existing, incoming];
  const merged: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(existing), ...Object.keys(incoming)]) as Set<keyof QualityInputs>) {
    const chosen = first[key] ?? second[key];
    if (chosen !== undefined) merged[key] = chosen;
  }
  return merged as QualityInputs;
}

export function mergeListing(existing: Listing, incoming: Listing, prefer: MergePreference): MergedListing {
  const [first, second] = prefer === 'incoming' ? [incoming, existing] : [existing, incoming];
  const merged: Record<string, unknown> = {};
  // Every field either side has, so fields added to the schema later (package, …) are merged too:
  // the preferred side's value when it has one, else the other's.
  for (const key of new Set([...Object.keys(existing), ...Object.keys(incoming)]) as Set<keyof Listing>) {
    const value = first[key] ?? second[key];
    if (value !== undefined) merged[key] = value;
  }
  const listing = {
    ...merged,
    slug: existing.slug,
    capabilities: first.capabilities.length > 0 ? first.capabilities : second.capabilities,
    cliCriteria: mergeCriteria(existing.cliCriteria, incoming.cliCriteria, prefer),
    qualityInputs: mergeQualityInputs(existing.qualityInputs, incoming.qualityInputs, prefer),
    faq: first.faq.length > 0 ? first.faq : second.faq,
  } as Listing;
  return { listing, changed: changedFields(existing, listing) };
}

/** JSON with object keys sorted, so equal listings give equal text whatever their key order. */
export function canonicalText(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

export const sameListing = (a: Listing, b: Listing) => canonicalText(a) === canonicalText(b);

/** The fields of `after` that differ from `before`; criteria and quality inputs by key. */
export function changedFields(before: Listing, after: Listing): string[] {
  const changed: string[] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof Listing>;
  for (const key of keys) {
    if (key === 'cliCriteria' || key === 'qualityInputs') {
      const a = before[key] as Record<string, unknown>;
      const b = after[key] as Record<string, unknown>;
      for (const inner of new Set([...Object.keys(a), ...Object.keys(b)])) if (canonicalText(a[inner]) !== canonicalText(b[inner])) changed.push(`${key}.${inner}`);
    } else if (canonicalText(before[key]) !== canonicalText(after[key])) {
      changed.push(key);
    }
  }
  return changed;
}
