import type { AccessFacts, CliCriteria } from '../../listings/listing.ts';

/**
 * What a public-apis row (`API | Description | Auth | HTTPS | CORS`) evidences (ADR 18):
 * - Auth "No" (or only a "User-Agent" header): no credential at all, so envVarAuth and headless pass.
 * - Auth "apiKey" (or a named key header such as "X-Mashape-Key"): a static key, which a script
 *   reads from the environment without a browser, so both pass.
 * - Auth "OAuth": the curator's one word shows no flow (client credentials need no browser,
 *   authorization code does), so both stay unassessed, with that reason.
 * HTTPS and CORS are facts of the listing, not criteria.
 */

export interface PublicApisRow {
  auth: string;
  https: string;
  cors: string;
  /** "#L123": the row's line in the source's copy of the list. */
  pointer: string;
  /** Starts every evidence sentence, e.g. "public-apis:README.md". */
  evidencePrefix: string;
}

export interface RowAssessment {
  cliCriteria: CliCriteria;
  access: AccessFacts;
}

const SOURCE = 'public-apis';

export function assessPublicApisRow(row: PublicApisRow): RowAssessment {
  const cliCriteria: CliCriteria = {};
  const access: AccessFacts = {};
  const at = `${row.evidencePrefix}${row.pointer}`;
  const auth = row.auth.trim();
  const cite = { source: SOURCE, pointer: row.pointer };
  if (/^(no|user-agent)$/i.test(auth)) {
    const what = /^no$/i.test(auth) ? 'no credentials' : 'no credentials, only an identifying User-Agent header';
    cliCriteria.envVarAuth = { status: 'passed', evidence: `${at}: Auth "${auth}": ${what}, so nothing needs a browser sign-in`, ...cite };
    cliCriteria.headless = { status: 'passed', evidence: `${at}: Auth "${auth}": ${what}, so a CI job can call it as it is`, ...cite };
    access.auth = { value: ['none'], ...cite };
  } else if (/^(api ?key|x-[\w-]*key)$/i.test(auth)) {
    cliCriteria.envVarAuth = { status: 'passed', evidence: `${at}: Auth "${auth}": a static API key, which a script reads from an environment variable`, ...cite };
    cliCriteria.headless = { status: 'passed', evidence: `${at}: Auth "${auth}": a static API key needs no browser step, so it works in CI`, ...cite };
    access.auth = { value: ['apiKey'], ...cite };
  } else if (/^oauth$/i.test(auth)) {
    const reason = `${at}: Auth "OAuth" does not say which flow: client credentials need no browser, an authorization code does`;
    cliCriteria.envVarAuth = { status: 'not_assessed', evidence: reason, ...cite };
    cliCriteria.headless = { status: 'not_assessed', evidence: reason, ...cite };
    access.auth = { value: ['oauth2'], ...cite };
  }
  if (/^yes$/i.test(row.https.trim())) access.https = { value: true, ...cite };
  else if (/^no$/i.test(row.https.trim())) access.https = { value: false, ...cite };
  const cors = row.cors.trim().toLowerCase();
  if (cors === 'yes' || cors === 'no' || cors === 'unknown') access.cors = { value: cors, ...cite };
  return { cliCriteria, access };
}
