
/**
 * What the catalogue's face must not show (issue 29, ADR 29), one predicate per fault, shared by
 * the build (which avoids them) and `catalog audit` (which counts them over any folder, hand
 * edits included). Each is pinned by the real texts and links the issue names.
 */

const OPERATION_VERB =
  /^(?:create|creates|update|updates|delete|deletes|get|gets|list|lists|retrieve|retrieves|fetch|fetches|add|adds|remove|removes|return|returns|set|sets|put|patch|post|upsert|replace|read|reads|search|searches|find|finds|cancel|cancels|check|checks|describe|describes|modify|modifies|register|registers|start|starts|stop|stops)\b/i;

/**
 * A description that is operations rather than a description: "Twilio Chat: Update a specific
 * Channel", "Lists the parts that have been uploaded for a specific multipart upload; …",
 * "Apideck CRM API: List activities; Create activity; Get activity".
 */
export function isOperationList(description: string): boolean {
  const parts = description.split(/;\s+/);
  const afterName = /^[^:]{1,120}:\s+(.*)$/.exec(description)?.[1];
  // An operation summary after the name is capitalised ("Twilio Chat: Update a specific Channel"); "API: search, scrape, enrich" is a description.
  if (afterName !== undefined && /^[A-Z]/.test(afterName) && OPERATION_VERB.test(afterName) && !/its document has no description/.test(description)) return true;
  return parts.length >= 2 && parts.filter((part) => OPERATION_VERB.test(part.trim())).length >= 2;
}

/** A notice copied from docs: "Before using this API, we recommend you read our Authorization Guide…", "> Check the new Catalog onboarding guide." */
export function isNotice(description: string): boolean {
  return (
    /^\s*(?:>|⚠|note\b|important\b|warning\b|notice\b|attention\b|deprecated\b|please\b|check (?:the|our) new\b|before (?:using|you)\b|if you\b|to (?:use|get started|access) (?:this|the)\b|read (?:this|our)\b|read the (?:guide|docs?|documentation|following|instructions)\b|see (?:the|our)\b)/i.test(description) ||
    /\bwe recommend (?:you|that)\b|\bread our\b|\bplease (?:note|read|refer|see)\b|\bthis (?:api|endpoint|version) (?:is|has been) deprecated\b|\bnot (?:yet )?(?:supported|available) (?:yet|anymore)\b|\bno longer (?:supported|maintained|available)\b|\bwill not be updated\b/i.test(description)
  );
}

/** A heading rather than a sentence: "Overview", "# Introduction", "API Reference". */
export function isHeading(description: string): boolean {
  const text = description.trim();
  return /^#/.test(text) || /^(?:introduction|overview|summary|description|about|getting started|api reference|reference|documentation|general|welcome)\.?$/i.test(text);
}

/** A description that is or holds a URL. */
export function holdsUrl(description: string): boolean {
  return /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.[a-z]/i.test(description);
}

/** A sentence about the spec file: "PlaceKit OpenAPI Specifications (repository)", "Swagger definition of …". */
export function isAboutTheDocument(description: string): boolean {
  return /\b(?:openapi|swagger)\s+(?:spec(?:ification)?s?|definitions?|documents?|files?|descriptions?)\b|^client library\b|^[^.]{0,80}\b(?:api|rest) (?:documentation|docs|reference)\.?$|\bapi (?:spec(?:ification)?|definition) (?:file|document)\b|\(repository\)|\bthis (?:document|specification|spec|file|swagger|openapi)\b|\bauto-?generated\b|\bgenerated (?:by|from|with)\b/i.test(
    description,
  );
}

export type DescriptionFault = 'operation-list' | 'notice' | 'heading' | 'url' | 'about-the-document';

export function descriptionFaultOf(description: string): DescriptionFault | null {
  if (isOperationList(description)) return 'operation-list';
  if (isNotice(description)) return 'notice';
  if (isHeading(description)) return 'heading';
  if (holdsUrl(description)) return 'url';
  if (isAboutTheDocument(description)) return 'about-the-document';
  return null;
}

export type LinkFault = 'support-or-contact' | 'placeholder-host' | 'template' | 'base-url';

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
};

/** support.twilio.com, …/contact-us, help.x.com: a page for asking, not for reading about the API. */
export function isSupportOrContact(url: string): boolean {
  const host = hostOf(url) ?? '';
  let path = '';
  try {
    path = new URL(url).pathname.toLowerCase();
  } catch {
    // not a URL
  }
  // "/help/api/user-manual" (arXiv) is documentation kept under a help section; "/support/" alone is not.
  const readsAsDocs = /\b(?:api|apis|apidocs|docs?|documentation|manual|reference|developers?)\b/.test(path.replace(/[/_.-]/g, ' '));
  // A help centre may host the API reference too (help.getharvest.com/api-v2/): its path says so.
  return (!readsAsDocs && (/^(?:support|help|helpdesk|contact|feedback)\./.test(host) || /(?:^|\/)(?:support|contact|contact-?us|contactus|help|helpdesk|feedback)(?:[/.?#]|$)/.test(path))) || /^mailto:/i.test(url);
}

/** vtex.local, azure.local, example.com, localhost: hosts no reader can open. */
export function isPlaceholderHost(url: string): boolean {
  const host = hostOf(url);
  if (host === null) return false;
  return /\.local$|\.localhost$|^localhost$|\.example$|\.test$|\.invalid$|(?:^|\.)example\.(?:com|org|net)$|^127\.|^0\.0\.0\.0$|^\[?::1\]?$/.test(host);
}

/** An unfilled template: `https://api.ebay.com{basepath}`. */
export function isTemplate(url: string): boolean {
  return /[{}]|%7b|%7d|\$\{|<[a-z]/i.test(url);
}

const DOCS_WORDS = /\b(?:docs?|documentation|developers?|dev|reference|guides?|api-?docs|learn|manual|portal|readme|apiary|swagger|redoc)\b/i;

/**
 * A bare API base URL where a page is meant: the listing's own call base URL, or an `api.` host
 * (or a versioned path such as /v1) with nothing that reads as documentation.
 */
export function isBaseUrl(url: string, baseUrl?: string | null, { fromList = false }: { fromList?: boolean } = {}): boolean {
  const trim = (text: string) => text.replace(/\/+$/, '').toLowerCase();
  if (baseUrl && trim(url) === trim(baseUrl)) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (DOCS_WORDS.test(parsed.hostname.replace(/\./g, ' ')) || DOCS_WORDS.test(parsed.pathname.replace(/[/_.-]/g, ' '))) return false;
  // An API host ("api.openai.com/v1", "api.trakt.tv"), or a versioned path ("/api/v2"); "https://0x.org/api" is the list's page about the API.
  const apiHost = /^(?:api|apis|rest|rest-api|ws|gateway)[0-9-]*\./.test(parsed.hostname) || /\.(?:execute-api|azure-api)\./.test(parsed.hostname);
  const versionedPath = /^\/(?:api\/|rest\/)?v\d+(?:\.\d+)*\/?$/i.test(parsed.pathname);
  // The list's curators link a page for people; its host may be the API's ("apis.map.kakao.com"), its path is not a version.
  return (apiHost && !fromList) || versionedPath;
}

export function linkFaultOf(url: string, baseUrl?: string | null, options: { fromList?: boolean } = {}): LinkFault | null {
  if (isTemplate(url)) return 'template';
  if (isPlaceholderHost(url)) return 'placeholder-host';
  if (isSupportOrContact(url)) return 'support-or-contact';
  if (isBaseUrl(url, baseUrl, options)) return 'base-url';
  return null;
}

/**
 * Housekeeping that is no one's reason to choose an API: long-running operations, get-by-id,
 * pagination helpers, health checks ("Gets the latest state of a long-running operation",
 * "Retrieve an apple pay domain" is a plain get-by-id and stays out too).
 */
export function isHousekeeping(phrase: string): boolean {
  const text = phrase.toLowerCase();
  return (
    /long[- ]running operation|^(?:list|get|cancel|delete|wait(?: for)?) (?:the |an? |all )?(?:long-running )?operations?\b|\boperations (?:get|delete|list|cancel|wait)\b|\boperations?\b.*\b(?:state|status|cancel|wait)|\b(?:cancel|wait for|get|poll) (?:an |the )?operation\b/.test(text) ||
    /\bby (?:its )?(?:id|identifier|key|uuid|sid|name)\b|\bspecific\b|\bsingle\b|\bgiven (?:id|identifier)\b/.test(text) ||
    /^(?:get|retrieve|fetch|read|return|show|view|describe) (?:a|an|one|the) [\w -]{1,40}$/.test(text) ||
    /\bnext page\b|\bpaginat|\bpage token\b|\bcontinuation\b/.test(text) ||
    /\bhealth ?checks?\b|\bhealthz\b|\b(?:get|check|retrieve) (?:the )?(?:service |api |server |system )?health$|\bheartbeat\b|\bping\b|\bliveness\b|\breadiness\b|\bservice status\b|\b(?:get|return)s? (?:the )?(?:api )?version\b/.test(text)
  );
}

/**
 * Housekeeping shown as a capability wherever its line came from: the API's own upkeep (its
 * long-running operations, a ping, its health or version), never a job anyone picks an API for.
 * Narrower than isHousekeeping, which also leaves out of an OpenAPI document's operation
 * summaries every plain get-by-id and paging helper: written as a listing's line, "get a random
 * joke" or "list beers with pagination" is the API's job, so the audit counts only these.
 */
export function isUpkeep(phrase: string): boolean {
  return /long[- ]running operations?\b|\bping\b|\bhealthz\b|\b(?:service|api|server|system) health\b|\bget (?:the )?(?:api )?version\b/.test(phrase.toLowerCase());
}

/** The big clouds' domains, each one provider: Amazon's services are AWS, Google's one Google, Microsoft's cloud Azure. */
export const PROVIDER_IDS: Record<string, string> = {
  'amazonaws.com': 'aws',
  'amazon.com': 'aws',
  'googleapis.com': 'google',
  'google.com': 'google',
  'azure.com': 'azure',
  'windows.net': 'azure',
};
