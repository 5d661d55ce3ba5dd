import type { AccessFacts } from '../../listings/listing.ts';
import { asString, isObject, resolve, type OpenApiView, type PathTokens } from '../openapi-view.ts';

/**
 * The security schemes a document uses, each classified by what a script needs to use it:
 * - `static`: an API key, HTTP basic or bearer credentials, or an OAuth 2 flow that needs no
 *   browser (clientCredentials, password; Swagger's application): a secret a script reads from
 *   the environment.
 * - `interactive`: only OAuth 2 flows that send a person to a browser (authorizationCode,
 *   implicit; Swagger's accessCode).
 * - `unknown`: anything else (openIdConnect, mutualTLS, flows not described).
 * Shared by the envVarAuth and headless rules and by the listing's access facts.
 */

export type SchemeKind = 'static' | 'interactive' | 'unknown';
type AuthKind = NonNullable<AccessFacts['auth']>['value'][number];

export interface SchemeVerdict {
  name: string;
  kind: SchemeKind;
  auth: AuthKind;
  path: PathTokens;
  detail: string;
  /** Where a static secret goes: a header or query parameter name; for basic and bearer, the Authorization header. */
  placement?: { in: 'header' | 'query' | 'cookie'; name: string };
}

const NON_INTERACTIVE_FLOWS = new Set(['clientCredentials', 'password', 'application']);
const INTERACTIVE_FLOWS = new Set(['authorizationCode', 'implicit', 'accessCode']);

function classifyScheme(name: string, scheme: Record<string, unknown>, path: PathTokens): SchemeVerdict {
  const type = String(scheme.type ?? '');
  if (type === 'apiKey') {
    const where = asString(scheme.in) ?? 'request';
    const parameter = asString(scheme.name);
    const placement = parameter && (where === 'header' || where === 'query' || where === 'cookie') ? { placement: { in: where, name: parameter } as const } : {};
    return { name, kind: 'static', auth: 'apiKey', path, detail: `an API key sent in the ${where}${where === 'query' ? ' parameter' : ''}${parameter ? ` "${parameter}"` : ''}, a static secret a script can read from an environment variable`, ...placement };
  }
  if (type === 'http' || type === 'basic') {
    const httpScheme = (asString(scheme.scheme) ?? (type === 'basic' ? 'basic' : 'http')).toLowerCase();
    const auth = httpScheme === 'bearer' ? 'http-bearer' : httpScheme === 'basic' ? 'http-basic' : 'other';
    // ADR 18 names basic and bearer; a custom scheme (payone-hmac-sha256, a request signature) shows nothing a reader can check.
    if (auth === 'other') return { name, kind: 'unknown', auth, path, detail: `a custom HTTP scheme "${httpScheme}" that ADR 18 does not name, so whether a script can hold its credentials is not shown` };
    return { name, kind: 'static', auth, path, detail: `HTTP ${httpScheme} authentication, static credentials a script can read from environment variables`, placement: { in: 'header', name: 'Authorization' } };
  }
  if (type === 'oauth2') {
    // OpenAPI 3: flows { clientCredentials: …, authorizationCode: … }; Swagger 2: flow: "application" | "accessCode" | …
    const flows: [string, PathTokens][] = isObject(scheme.flows)
      ? Object.keys(scheme.flows).map((flow) => [flow, [...path, 'flows', flow]])
      : typeof scheme.flow === 'string'
        ? [[scheme.flow, [...path, 'flow']]]
        : [];
    const scripted = flows.find(([flow]) => NON_INTERACTIVE_FLOWS.has(flow));
    if (scripted) return { name, kind: 'static', auth: 'oauth2', path: scripted[1], detail: `the OAuth 2 ${scripted[0]} flow, which gets a token without a browser` };
    const interactive = flows.filter(([flow]) => INTERACTIVE_FLOWS.has(flow));
    if (interactive.length > 0 && interactive.length === flows.length) {
      return { name, kind: 'interactive', auth: 'oauth2', path, detail: `OAuth 2 with ${interactive.map(([flow]) => flow).join(' and ')} only, which needs a person in a browser to grant a token` };
    }
    return { name, kind: 'unknown', auth: 'oauth2', path, detail: 'OAuth 2 with flows that are not described' };
  }
  if (type === 'openIdConnect') return { name, kind: 'unknown', auth: 'openIdConnect', path, detail: 'OpenID Connect' };
  return { name, kind: 'unknown', auth: 'other', path, detail: type || 'a scheme of no known type' };
}

export interface SecurityUse {
  /** The schemes the document's requirements use; without any requirement, all it defines. */
  verdicts: SchemeVerdict[];
  /** The document defines no scheme and says explicitly (`security: []`) that none is needed. */
  explicitlyOpen: boolean;
}

export function securityUse({ root, version, operations }: OpenApiView): SecurityUse {
  const schemesPath = version === 'swagger-2.0' ? ['securityDefinitions'] : ['components', 'securitySchemes'];
  const container = version === 'swagger-2.0' ? root.securityDefinitions : isObject(root.components) ? root.components.securitySchemes : undefined;
  const schemes = new Map<string, { value: unknown; path: PathTokens }>();
  if (isObject(container)) {
    for (const [name, raw] of Object.entries(container)) schemes.set(name, resolve(root, { value: raw, path: [...schemesPath, name] }));
  }
  const requirementLists: unknown[] = [root.security, ...operations.map(({ operation }) => operation.security)];
  const hasRequirements = requirementLists.some((list) => Array.isArray(list));
  const used = new Set<string>();
  for (const list of requirementLists) {
    if (!Array.isArray(list)) continue;
    for (const requirement of list) if (isObject(requirement)) for (const name of Object.keys(requirement)) if (schemes.has(name)) used.add(name);
  }
  const names = hasRequirements && used.size > 0 ? [...used] : [...schemes.keys()];
  const verdicts = names.flatMap((name) => {
    const scheme = schemes.get(name)!;
    return isObject(scheme.value) ? [classifyScheme(name, scheme.value, scheme.path)] : [];
  });
  const explicitlyOpen =
    schemes.size === 0 &&
    Array.isArray(root.security) &&
    root.security.length === 0 &&
    !operations.some(({ operation }) => Array.isArray(operation.security) && operation.security.some((requirement) => isObject(requirement) && Object.keys(requirement).length > 0));
  return { verdicts, explicitlyOpen };
}
