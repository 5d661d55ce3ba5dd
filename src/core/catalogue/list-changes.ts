import { z } from 'zod';
import type { StoredListingVersion } from '../store.ts';
import type { CoreContext } from '../context.ts';
import { boundedInt, optionalText, parameters, parseInput } from '../params.ts';
import { CHANGE_CAUSES, fieldChangeSchema, versionChangesSchema } from './version-changes.ts';

/**
 * What changed in the catalogue since a point (issue 17): versions oldest first, paged by the
 * revision each change was written under, which every server on one store agrees on.
 */

const CURSOR = /^r(\d{1,15})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Why an instant of the right shape names no real moment, if it does not: Date.parse reads
 * 2026-02-31 as 3 March and T24:00 as the next day, so each part is checked against the calendar.
 */
function impossibleInstant(match: RegExpExecArray): string | undefined {
  const [year, month, day, hour, minute, second = '00'] = match.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const [offsetHours, offsetMinutes] = [match[9], match[10]].map(Number);
  if (month! < 1 || month! > 12) return `there is no month ${String(month).padStart(2, '0')}`;
  const days = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (day! < 1 || day! > days) return `${MONTHS[month! - 1]} ${year} has ${days} days`;
  if (hour! > 23) return 'hours run from 00 to 23 (write the next day\'s T00:00 for midnight at the end of a day)';
  if (minute! > 59 || Number(second) > 59) return 'minutes and seconds run from 00 to 59';
  if (match[9] !== undefined && (offsetHours! > 23 || offsetMinutes! > 59)) return 'the offset must be from -23:59 to +23:59';
  return undefined;
}

export const listChangesInputSchema = parameters({
  since: optionalText('since', 64)
    .superRefine((value, ctx) => {
      if (value === undefined || CURSOR.test(value)) return;
      const instant = INSTANT.exec(value);
      const impossible = instant ? impossibleInstant(instant) : undefined;
      if (impossible) ctx.addIssue({ code: 'custom', input: value, message: `since ${JSON.stringify(value)} is no real instant: ${impossible}` });
      else if (!instant || Number.isNaN(Date.parse(value))) {
        ctx.addIssue({ code: 'custom', input: value, message: 'since must be the `next` cursor of an earlier answer (e.g. "r1234") or an RFC 3339 instant (e.g. "2026-11-24T00:00:00Z")' });
      }
    })
    .describe('Changes after this point: the `next` cursor of an earlier answer, or an RFC 3339 instant. Leave out for the oldest changes.'),
  limit: boundedInt('limit', 1, 500).default(100).describe('Most changes to return, 1 to 500 (default 100).'),
});
export type ListChangesInput = z.input<typeof listChangesInputSchema>;

export const changeItemSchema = z
  .object({
    revision: z.number().int().describe('Where the change stands in the feed; later changes have higher revisions.'),
    slug: z.string(),
    kind: z.enum(['created', 'updated']),
    cause: z.enum(CHANGE_CAUSES).describe('What wrote it: sync (the catalogue folder), import, build, enrich, or an approved submission.'),
    changedAt: z.string(),
    summary: versionChangesSchema.shape.summary,
    scores: versionChangesSchema.shape.scores,
    fields: z.array(fieldChangeSchema),
    links: z.object({ listing: z.string(), history: z.string() }),
  })
  .meta({ id: 'ListingChange' });
export type ChangeItem = z.infer<typeof changeItemSchema>;

export const listChangesResultSchema = z
  .object({
    items: z.array(changeItemSchema).describe('Oldest first.'),
    next: z.string().describe('Pass as `since` to get what changed after these; it stays the same while nothing changes, so a poller can keep asking with it.'),
  })
  .meta({ id: 'ListChangesResult' });
export type ListChangesResult = z.infer<typeof listChangesResultSchema>;

export const toChangeItem = (version: StoredListingVersion): ChangeItem => ({
  revision: version.revision,
  slug: version.slug,
  kind: version.kind,
  cause: version.cause,
  changedAt: version.changedAt,
  summary: version.changes.summary,
  scores: version.changes.scores,
  fields: version.changes.fields,
  links: { listing: `/api/apis/${version.slug}`, history: `/api/apis/${version.slug}/history` },
});

export async function listChanges({ ctx, input }: { ctx: CoreContext; input: ListChangesInput }): Promise<ListChangesResult> {
  const { since, limit } = parseInput(listChangesInputSchema, input);
  const cursor = since ? CURSOR.exec(since) : null;
  const versions = await ctx.store.listingVersions({
    ...(cursor ? { afterRevision: Number(cursor[1]) } : {}),
    ...(since && !cursor ? { changedAfter: new Date(since).toISOString() } : {}),
    limit,
  });
  return { items: versions.map(toChangeItem), next: await nextCursor(ctx, versions, cursor ? since : undefined) };
}

/**
 * Where the next page starts: after the last change given; with none, where the caller already
 * was, or (asked by instant) after the newest change, so that polling with the answer's `next`
 * never starts over from the first change.
 */
async function nextCursor(ctx: CoreContext, versions: StoredListingVersion[], givenCursor: string | undefined): Promise<string> {
  const last = versions.at(-1) ?? (givenCursor ? undefined : (await ctx.store.listingVersions({ newestFirst: true, limit: 1 }))[0]);
  return last ? `r${last.revision}` : (givenCursor ?? 'r0');
}
