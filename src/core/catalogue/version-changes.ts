import { z } from 'zod';
import type { Listing } from '../listings/listing.ts';
import { CLI_CRITERIA } from '../scoring/cli-criteria.ts';
import { computeCliRelevance } from '../scoring/cli-relevance.ts';
import { computeQuality } from '../scoring/quality.ts';

/**
 * What changed between two versions of a listing (issue 17): each changed field with its old
 * and new value (criteria and quality inputs one by one, with their evidence), the scores before
 * and after, and one sentence a person reads ("CLI relevance changed from 6 to 8: rate limits
 * now passed (openapi:#/paths/…)").
 */

export const CHANGE_CAUSES = ['sync', 'import', 'build', 'enrich', 'submission'] as const;
export type ChangeCause = (typeof CHANGE_CAUSES)[number];

export const fieldChangeSchema = z
  .object({
    field: z.string().describe('The field, e.g. "description", "cliCriteria.rateLimits", "qualityInputs.stars".'),
    old: z.unknown().describe('The value before, with its evidence for a criterion; null when it was not there.'),
    new: z.unknown().describe('The value after; null when it was removed.'),
  })
  .meta({ id: 'FieldChange' });

const scoreChangeSchema = z.object({ old: z.string().nullable(), new: z.string().nullable() });

export const versionChangesSchema = z
  .object({
    fields: z.array(fieldChangeSchema),
    scores: z
      .object({ cliRelevance: scoreChangeSchema.optional(), quality: scoreChangeSchema.optional() })
      .describe('Scores before and after, as "8", a range "6-10", or null when not scored; only those that changed.'),
    summary: z.string().describe('The change in one sentence.'),
  })
  .meta({ id: 'VersionChanges' });
export type VersionChanges = z.infer<typeof versionChangesSchema>;

/** "8", "6-10", or null: a CLI relevance score as the change feed states it. */
function cliText(listing: Listing | undefined): string | null {
  if (!listing) return null;
  const cli = computeCliRelevance(listing.cliCriteria);
  if (cli.status === 'complete') return String(cli.score);
  return cli.range ? `${cli.range.min}-${cli.range.max}` : null;
}

const qualityText = (listing: Listing | undefined): string | null => {
  const score = listing ? computeQuality(listing.qualityInputs).score : null;
  return score === null ? null : String(score);
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const NESTED = ['cliCriteria', 'qualityInputs'] as const;

export function versionChanges(before: Listing | undefined, after: Listing): VersionChanges {
  const fields: VersionChanges['fields'] = [];
  if (before) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof Listing>;
    for (const key of keys) {
      if (key === 'slug') continue;
      if ((NESTED as readonly string[]).includes(key)) {
        const old = (before[key] ?? {}) as Record<string, unknown>;
        const next = (after[key] ?? {}) as Record<string, unknown>;
        for (const inner of new Set([...Object.keys(old), ...Object.keys(next)])) {
          if (!same(old[inner], next[inner])) fields.push({ field: `${key}.${inner}`, old: old[inner] ?? null, new: next[inner] ?? null });
        }
      } else if (!same(before[key], after[key])) {
        fields.push({ field: key, old: before[key] ?? null, new: after[key] ?? null });
      }
    }
  }
  const scores: VersionChanges['scores'] = {};
  const [cliOld, cliNew] = [cliText(before), cliText(after)];
  if (before && cliOld !== cliNew) scores.cliRelevance = { old: cliOld, new: cliNew };
  const [qualityOld, qualityNew] = [qualityText(before), qualityText(after)];
  if (before && qualityOld !== qualityNew) scores.quality = { old: qualityOld, new: qualityNew };
  return { fields, scores, summary: summaryOf(before, after, fields, scores) };
}

function criterionClause(change: VersionChanges['fields'][number]): string | undefined {
  const key = change.field.slice('cliCriteria.'.length);
  const found = CLI_CRITERIA.find((criterion) => criterion.key === key)?.label;
  const label = found ? `${found[0]!.toLowerCase()}${found.slice(1)}` : key;
  const next = change.new as { status?: string; evidence?: string } | null;
  const status = next?.status === 'not_assessed' || !next ? 'no longer assessed' : `now ${next.status}`;
  const evidence = next?.evidence ? ` (${next.evidence.split(': ')[0]})` : '';
  return `${label} ${status}${evidence}`;
}

function summaryOf(before: Listing | undefined, after: Listing, fields: VersionChanges['fields'], scores: VersionChanges['scores']): string {
  if (!before) return `${after.name} listed${cliText(after) ? `, CLI relevance ${cliText(after)}` : ''}.`;
  const criteria = fields.filter((change) => change.field.startsWith('cliCriteria.')).map(criterionClause).filter(Boolean);
  const parts: string[] = [];
  if (scores.cliRelevance) {
    parts.push(`CLI relevance changed from ${scores.cliRelevance.old ?? 'not scored'} to ${scores.cliRelevance.new ?? 'not scored'}${criteria.length ? `: ${criteria.join('; ')}` : ''}`);
  } else if (criteria.length) {
    parts.push(`criteria changed: ${criteria.join('; ')}`);
  }
  if (scores.quality) parts.push(`quality changed from ${scores.quality.old ?? 'not scored'} to ${scores.quality.new ?? 'not scored'}`);
  const others = fields.filter((change) => !change.field.startsWith('cliCriteria.') && !change.field.startsWith('qualityInputs.')).map((change) => change.field);
  if (others.length) parts.push(`${others.join(', ')} changed`);
  const sentence = parts.join('; ') || 'no visible field changed';
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`;
}
