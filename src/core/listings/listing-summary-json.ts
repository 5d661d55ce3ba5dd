import { computeCliRelevance } from '../scoring/cli-relevance.ts';
import { computeQuality } from '../scoring/quality.ts';
import { illustrativeInputsOf, linksOf, listedFactsOf } from './listing-detail.ts';
import type { Listing } from './listing.ts';

/** A number or null as JSON: what JSON.stringify writes for a finite number, without the call. */
const num = (value: number | null): string => (value === null || !Number.isFinite(value) ? 'null' : String(value));

/**
 * A listing's list item as JSON text, written straight from the listing: the same text as
 * JSON.stringify(toListingSummaryOf(listing, updatedAt)), which the tests hold it to for every
 * listing of the catalogue, without building the item's objects first.
 *
 * Discover answers are written from item texts (catalogue-index.ts); a large catalogue cannot
 * keep every listing's, so an answer builds most of its items afresh. Built as objects and then
 * written, an item cost about 50 µs and a few kilobytes of short-lived objects; written
 * directly, a fraction of that. The order of the fields is toListingSummaryOf's.
 */
export function listingSummaryJson(listing: Listing, updatedAt: string): string {
  const j = JSON.stringify;
  // The head is the item's own parts, written whole: their fields and order stay those of toListingSummaryOf.
  const facts = j(listedFactsOf(listing));
  let text =
    `${facts.slice(0, -1)},"illustrativeValues":${j(illustrativeInputsOf(listing))},"updatedAt":${j(updatedAt)}` +
    `,"links":${j(linksOf(listing))},"auth":${j(listing.access?.auth?.value ?? null)}`;

  // Keys, statuses, versions and wordings are words of [A-Za-z_/-]: quotes write them as JSON.stringify does.
  const cli = computeCliRelevance(listing.cliCriteria);
  text += `,"cliRelevance":{"max":${num(cli.max)},"scoreMax":${num(cli.scoreMax)},"assessed":${num(cli.assessed)},"criteria":[`;
  for (let i = 0; i < cli.criteria.length; i++) {
    const { key, status, points, maxPoints, evidence } = cli.criteria[i]!;
    text += `${i > 0 ? ',' : ''}{"key":"${key}","status":"${status}","points":${num(points)},"maxPoints":${num(maxPoints)}${evidence === undefined ? '' : `,"evidence":${j(evidence)}`}}`;
  }
  const range = cli.range === null ? 'null' : `{"min":${num(cli.range.min)},"max":${num(cli.range.max)}}`;
  text += `],"version":"${cli.version}","score":${num(cli.score)},"raw":${num(cli.raw)},"status":"${cli.status}","range":${range},"wording":${cli.wording === null ? 'null' : `"${cli.wording}"`}}`;

  const quality = computeQuality(listing.qualityInputs);
  text += `,"quality":{"score":${num(quality.score)},"scoreMax":${num(quality.scoreMax)},"breakdown":[`;
  for (let i = 0; i < quality.breakdown.length; i++) {
    const { input, value, points, maxPoints, illustrative } = quality.breakdown[i]!;
    text += `${i > 0 ? ',' : ''}{"input":"${input}","value":${j(value)},"points":${num(points)},"maxPoints":${num(maxPoints)},"illustrative":${illustrative}}`;
  }
  return `${text}],"usedInputs":${j(quality.usedInputs)},"missingInputs":${j(quality.missingInputs)},"version":"${quality.version}"}}`;
}
