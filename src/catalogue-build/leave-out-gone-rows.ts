import type { GoneCuration } from './curation.ts';
import { rowNamedBy } from './describe-rows.ts';

/**
 * The drafts of public-apis rows whose own page says the API is shut down (ADR 33), each with
 * the reason the build report gives for leaving it out. An entry that names no row listed on
 * its own stops the build: the curation is wrong, not the list.
 */
export function goneRows<D>(entries: readonly GoneCuration[], findRow: (key: string) => D | undefined): { draft: D; reason: string }[] {
  return entries.map((entry) => {
    const draft = rowNamedBy(findRow, 'gone', entry.gone);
    return { draft, reason: `its own page says it is no longer offered: "${entry.says}" (${entry.page.url}, ${entry.page.dated} ${entry.page.asOf})` };
  });
}
