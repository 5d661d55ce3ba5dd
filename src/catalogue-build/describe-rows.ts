import type { SourceRecord } from '../core/listings/listing.ts';
import { isOwnPage, type RowCuration } from './curation.ts';

/** The source id of a description read from the API's own page (ADR 33). */
export const OWN_PAGE_SOURCE_ID = 'own-page';
/** How the source's title opens when the page is not the provider's own; the audit counts those by it. */
const THIRD_PARTY_TITLE = "A third party's page about";
/** What joins the row to the tie of a page on another host in the source's locator; the audit counts those by it. */
const TIED_BY = '; own page on another host: ';

/** The draft of the row an entry names, or a stop: the curation is wrong, not the list. */
export function rowNamedBy<D>(findRow: (key: string) => D | undefined, kind: 'row' | 'place' | 'gone', key: string): D {
  const draft = findRow(key);
  if (!draft) throw new Error(`catalog-sources/curation: ${kind} ${key} names no row of the public-apis copy that is listed on its own; copy the key from the list (name, and @host where two rows share it)`);
  return draft;
}

/** What of a build draft a row description replaces. */
export interface DescribableDraft {
  listing: { name: string; description: string; url?: string | undefined; capabilities: string[]; sources?: SourceRecord[] | undefined };
  fieldSources: Map<string, string>;
  /** The provider's registrable domain, for a row whose own link the build set aside ("https://bittrex.github.io/api/v3" reads as a base URL). */
  providerDomain: string | null;
  noCapabilities?: string;
  describedByFallback?: boolean;
  curatedDescription?: boolean;
}

/**
 * Public-apis rows described anew from the API's own page: the description and capabilities
 * replace the list's one-liner and the phrases cut from it, and a source record names the page
 * and the day it was read. An entry that names no row, that meets a description already written
 * by hand, or whose page is another site's without saying so stops the build: the curation is
 * wrong, not the list.
 */
export function describeRows<D extends DescribableDraft>(entries: readonly RowCuration[], findRow: (key: string) => D | undefined): void {
  for (const entry of entries) {
    const draft = rowNamedBy(findRow, 'row', entry.row);
    if (draft.curatedDescription) throw new Error(`catalog-sources/curation: row ${entry.row} is described twice (its listing's description is already written by hand); keep one entry`);
    const providerHome = draft.providerDomain ? `https://${draft.providerDomain}/` : undefined;
    const onOwnSite = isOwnPage(entry.page.url, draft.listing.url) || isOwnPage(entry.page.url, providerHome);
    if (!entry.page.thirdParty && !onOwnSite && !entry.ownBecause) {
      throw new Error(`catalog-sources/curation: row ${entry.row}: ${entry.page.url} is not on the API's own site (${draft.listing.url ?? providerHome ?? 'no link'}); read its own page, say what ties this page to the API (ownBecause), or mark the page thirdParty: true`);
    }
    if (entry.ownBecause && (onOwnSite || entry.page.thirdParty)) {
      throw new Error(`catalog-sources/curation: row ${entry.row}: ownBecause is for a page on another host that is the API's own; ${entry.page.thirdParty ? 'a third party\'s page has no such tie' : `${entry.page.url} is on the API's own site already`}: leave it out`);
    }
    const listing = draft.listing;
    listing.description = entry.description;
    listing.capabilities = [...entry.capabilities];
    draft.fieldSources.set('description', OWN_PAGE_SOURCE_ID);
    draft.fieldSources.set('capabilities', OWN_PAGE_SOURCE_ID);
    draft.curatedDescription = true;
    draft.describedByFallback = false;
    delete draft.noCapabilities;
    const record: SourceRecord = {
      id: OWN_PAGE_SOURCE_ID,
      title: `${entry.page.thirdParty ? THIRD_PARTY_TITLE : 'The own page of'} ${listing.name}, as read by apidex`.slice(0, 160),
      version: `${entry.page.dated === 'read' ? 'read' : 'captured'} ${entry.page.asOf}`,
      licence: 'facts read from the page; description and capabilities in apidex\'s own words',
      url: entry.page.url,
      locator: (entry.ownBecause ? `${entry.row}${TIED_BY}${entry.ownBecause}` : entry.row).slice(0, 200),
      asOf: entry.page.asOf,
    };
    listing.sources = [...(listing.sources ?? []).filter((source) => source.id !== OWN_PAGE_SOURCE_ID), record];
  }
}

/** How many listings of a catalogue are described from a page of their own (of them, how many on another host of the API's, tied to it), and how many from a third party's. */
export function describedRowsOf(listings: readonly { sources?: SourceRecord[] | undefined }[]): { rows: number; onAnotherHost: number; thirdParty: number } {
  const described = listings.flatMap((listing) => (listing.sources ?? []).filter((source) => source.id === OWN_PAGE_SOURCE_ID));
  return {
    rows: described.length,
    onAnotherHost: described.filter((source) => source.locator?.includes(TIED_BY)).length,
    thirdParty: described.filter((source) => source.title.startsWith(THIRD_PARTY_TITLE)).length,
  };
}
