import type { PackageInfoResult } from '../core/listings/get-package-info.ts';
import type { Quickstart } from '../core/listings/get-quickstart.ts';
import { IMPORT_LINE, isInstallLine, isNpmPackageName, isSafeCurlCommand, isSafeNodeSnippet } from '../core/listings/snippet-quoting.ts';

/** Plain-text renderings of the quickstart and package answers, shared by the CLI and the MCP tools' text content. */

const NOT_SHOWN = 'not shown by any source';
// The answer may come from another server (--remote), of another version: a command not of the
// shape the quoting module writes is not printed for anyone to paste.
const UNSAFE = 'not shown: the answer\'s command is not of the shape that is safe to paste (an older or altered server?)';
const safeOr = (text: string, safe: boolean) => (safe ? text : UNSAFE);

export function quickstartText(quickstart: Quickstart): string {
  const lines = [`${quickstart.name} (${quickstart.slug}): how to call it from a script`];
  lines.push(`  base URL   ${quickstart.baseUrl ? `${quickstart.baseUrl.value}    (${quickstart.baseUrl.evidence.evidenceUrl ?? quickstart.baseUrl.evidence.source})` : NOT_SHOWN}`);
  const auth = quickstart.auth?.value;
  if (!auth) lines.push(`  auth       ${NOT_SHOWN}`);
  else if (auth.type === 'none') lines.push('  auth       none: the document says no credential is needed');
  else {
    const where = auth.in && auth.name ? ` in the ${auth.in} ${auth.in === 'query' ? 'parameter' : ''} "${auth.name}"`.replace('  ', ' ') : '';
    lines.push(`  auth       ${auth.type}${where}; export ${auth.envVar}=…${auth.browserNeeded ? ' (a browser sign-in is needed once)' : ''}`);
  }
  if (quickstart.firstRequest) {
    const first = quickstart.firstRequest.value;
    lines.push('', `First request: GET ${first.path}${first.summary ? ` (${first.summary})` : ''}`, `  ${safeOr(first.curl, isSafeCurlCommand(first.curl))}`);
    if (first.placeholders.length > 0) lines.push(`  replace ${first.placeholders.map((name) => `{${name}}`).join(', ')} first`);
    lines.push('', 'Node (18 or later):', ...safeOr(first.node, isSafeNodeSnippet(first.node)).split('\n').map((line) => `  ${line}`));
  } else {
    lines.push('', `First request: ${NOT_SHOWN} (no base URL, or no GET without required body among its documented operations)`);
  }
  if (quickstart.sdk) lines.push('', `SDK: ${safeOr(quickstart.sdk.install, isInstallLine(quickstart.sdk.install))}    ${safeOr(quickstart.sdk.import, IMPORT_LINE.test(quickstart.sdk.import))}${quickstart.sdk.latestVersion ? `    (latest ${quickstart.sdk.latestVersion})` : ''}`);
  if (quickstart.rateLimits) lines.push('', `Rate limits: ${quickstart.rateLimits.evidence}`);
  for (const gotcha of quickstart.gotchas) lines.push(`! ${gotcha}`);
  // An older server's answer has no `omitted`.
  for (const fact of quickstart.omitted ?? []) lines.push(`! ${fact.field}: ${fact.reason}`);
  return lines.join('\n');
}

export function packageText(result: PackageInfoResult): string {
  const found = result.package;
  if (!found) return result.message ?? `No official package is known for ${result.slug}.`;
  const lines = [
    `${found.name} (${found.registry}) for ${result.slug}`,
    `  install          ${found.install ? safeOr(found.install, isInstallLine(found.install)) : isNpmPackageName(found.name) ? `npm install ${found.name}` : UNSAFE}`,
    `  latest version   ${found.latestVersion ?? 'not read'}${found.lastReleaseAt ? `, released ${found.lastReleaseAt.slice(0, 10)}` : ''}`,
    `  type definitions ${found.typeDefinitions === null ? 'not read' : found.typeDefinitions ? 'yes' : 'no'}`,
    `  deprecated       ${found.deprecated === null ? 'not read' : found.deprecated === false ? 'no' : found.deprecated}`,
    `  weekly downloads ${found.weeklyDownloads === null ? 'not read' : found.weeklyDownloads.toLocaleString('en')}`,
    `  repository       ${found.repositoryUrl ?? 'not named'}`,
    `  registry         ${found.registryUrl}${found.readAt ? ` (read ${found.readAt.slice(0, 10)})` : ''}`,
  ];
  return lines.join('\n');
}
