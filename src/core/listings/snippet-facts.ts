import type { CallFacts } from './listing.ts';
import {
  HEADER_NAME,
  HEADER_NAME_RULE,
  INSTALL_LINE_RULE,
  NPM_PACKAGE_NAME_RULE,
  baseUrlProblem,
  isInstallLine,
  isNpmPackageName,
  queryWordProblem,
  requestPathProblem,
} from './snippet-quoting.ts';

/**
 * Which facts of a listing may go into a generated command (issue 28): the same rules refuse a
 * submission (400 naming the field) and drop a fact, with the reason, from a built or stored
 * listing, whose other facts stay.
 */

export interface SnippetFactProblem {
  /** Where the fact is in the listing, e.g. ["call", "auth", "value", "name"]. */
  path: (string | number)[];
  /** The fact as a person names it, e.g. "call.auth.name". */
  field: string;
  /** What is wrong and what the rule is. */
  message: string;
  /** The fact to leave out when the listing is read: the part of the listing the problem sinks. */
  drops: 'install' | 'package' | 'call.baseUrl' | 'call.auth' | 'call.firstRequest';
}

interface SnippetFactsInput {
  install?: string | undefined;
  package?: { name: string } | undefined;
  call?: CallFacts | undefined;
}

const shown = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);

/** Every snippet rule the listing's facts break. */
export function snippetFactProblems(listing: SnippetFactsInput): SnippetFactProblem[] {
  const problems: SnippetFactProblem[] = [];
  const add = (path: (string | number)[], field: string, rule: string, value: string, drops: SnippetFactProblem['drops']) =>
    problems.push({ path, field, message: `${field} ${rule}; got ${shown(value)}`, drops });
  if (listing.install !== undefined && !isInstallLine(listing.install)) add(['install'], 'install', INSTALL_LINE_RULE, listing.install, 'install');
  if (listing.package && !isNpmPackageName(listing.package.name)) add(['package', 'name'], 'package.name', NPM_PACKAGE_NAME_RULE, listing.package.name, 'package');
  const call = listing.call;
  if (call?.baseUrl) {
    const problem = baseUrlProblem(call.baseUrl.value);
    if (problem) add(['call', 'baseUrl', 'value'], 'call.baseUrl', problem, call.baseUrl.value, 'call.baseUrl');
  }
  const auth = call?.auth?.value;
  if (auth?.name !== undefined) {
    if (auth.in === 'query') {
      const problem = queryWordProblem(auth.name);
      if (problem) add(['call', 'auth', 'value', 'name'], 'call.auth.name', problem, auth.name, 'call.auth');
    } else if (!HEADER_NAME.test(auth.name)) {
      add(['call', 'auth', 'value', 'name'], 'call.auth.name', HEADER_NAME_RULE, auth.name, 'call.auth');
    }
  }
  const first = call?.firstRequest?.value;
  if (first) {
    const problem = requestPathProblem(first.path);
    if (problem) add(['call', 'firstRequest', 'value', 'path'], 'call.firstRequest.path', problem, first.path, 'call.firstRequest');
    first.parameters.forEach((parameter, index) => {
      for (const key of ['name', 'example'] as const) {
        const value = parameter[key];
        const wrong = value === undefined ? undefined : queryWordProblem(value);
        if (wrong) add(['call', 'firstRequest', 'value', 'parameters', index, key], `call.firstRequest.parameters[${index}].${key}`, wrong, value!, 'call.firstRequest');
      }
    });
  }
  return problems;
}

/** A fact left out of a snippet, and why. */
export interface OmittedFact {
  field: string;
  reason: string;
}

/** The listing's facts that may go into a snippet, and the ones left out with their reasons. */
export function snippetFactsOf<T extends SnippetFactsInput>(listing: T): { install: string | undefined; package: T['package']; call: CallFacts; omitted: OmittedFact[] } {
  const problems = snippetFactProblems(listing);
  const dropped = new Set(problems.map((problem) => problem.drops));
  const call: CallFacts = { ...(listing.call ?? {}) };
  if (dropped.has('call.baseUrl')) delete call.baseUrl;
  if (dropped.has('call.auth')) delete call.auth;
  if (dropped.has('call.firstRequest')) delete call.firstRequest;
  return {
    install: dropped.has('install') ? undefined : listing.install,
    package: dropped.has('package') ? undefined : listing.package,
    call,
    omitted: problems.map((problem) => ({ field: problem.field, reason: `left out of the snippets: ${problem.message}` })),
  };
}

/** The listing's install line when it may be shown and copied, else null. */
export const safeInstallLine = (install: string | undefined): string | null => (install !== undefined && isInstallLine(install) ? install : null);
