import { asString, isObject, type Json } from '../core/assessment/openapi-view.ts';
import { phraseOfOperationId } from '../ingest/openapi/assess-openapi-document.ts';
import { firstSentence, plainText } from '../ingest/openapi/describing-sentence.ts';
import { isHousekeeping } from './listing-checks.ts';

/**
 * Capabilities a user would search for (issue 29, ADR 29): short verb phrases ("send a
 * message", "buy a phone number") read from an OpenAPI document's operations grouped by tag,
 * housekeeping left out, the main job first; or from a public-apis row's one-liner.
 */

export const MIN_CAPABILITIES = 4;
export const MAX_CAPABILITIES = 12;
const MAX_WORDS = 8;
const MAX_LENGTH = 60;
/** A phrase of at most MAX_LENGTH characters, cut at a word boundary. */
const cutToLength = (phrase: string) => (phrase.length <= MAX_LENGTH ? phrase : phrase.slice(0, MAX_LENGTH).replace(/\s+\S*$/, ''));

/** Third-person and noun-like leading verbs to the imperative: "Lists" → "list", "Returns" → "get". */
const VERB_FORMS: Record<string, string> = {
  lists: 'list', gets: 'get', returns: 'get', return: 'get', retrieves: 'retrieve', fetches: 'fetch', creates: 'create', updates: 'update', deletes: 'delete', removes: 'remove',
  adds: 'add', sends: 'send', searches: 'search', finds: 'find', uploads: 'upload', downloads: 'download', starts: 'start', stops: 'stop', cancels: 'cancel', generates: 'generate',
  converts: 'convert', translates: 'translate', validates: 'validate', verifies: 'verify', checks: 'check', describes: 'describe', modifies: 'modify', registers: 'register',
  publishes: 'publish', subscribes: 'subscribe', submits: 'submit', runs: 'run', executes: 'execute', analyzes: 'analyze', analyses: 'analyse', detects: 'detect', purchases: 'buy',
  purchase: 'buy', provisions: 'provision', invites: 'invite', sets: 'set', replaces: 'replace', queries: 'query', calculates: 'calculate', processes: 'process', schedules: 'schedule',
  imports: 'import', exports: 'export', tags: 'tag', resizes: 'resize', transcribes: 'transcribe', recognizes: 'recognize', extracts: 'extract', posts: 'post', receives: 'receive',
  shows: 'show', reads: 'read', writes: 'write', copies: 'copy', moves: 'move', assigns: 'assign', enables: 'enable', disables: 'disable', approves: 'approve', rejects: 'reject',
  captures: 'capture', refunds: 'refund', charges: 'charge', authorizes: 'authorize', issues: 'issue', renders: 'render', predicts: 'predict', classifies: 'classify', compares: 'compare',
  lookup: 'look up', 'look-up': 'look up', looks: 'look', tracks: 'track', monitors: 'monitor', streams: 'stream', invokes: 'invoke', deploys: 'deploy', builds: 'build', scans: 'scan',
  archives: 'archive', unarchives: 'unarchive', joins: 'join', leaves: 'leave', kicks: 'kick', renames: 'rename', opens: 'open', closes: 'close', pins: 'pin', unpins: 'unpin',
  marks: 'mark', revokes: 'revoke', installs: 'install', uninstalls: 'uninstall', shares: 'share', books: 'book', reserves: 'reserve', transfers: 'transfer',
  signs: 'sign', encrypts: 'encrypt', decrypts: 'decrypt', shortens: 'shorten', resolves: 'resolve', manages: 'manage', plays: 'play', records: 'record', syncs: 'sync',
  estimates: 'estimate', forecasts: 'forecast', rates: 'rate', reviews: 'review', reports: 'report', notifies: 'notify', summarizes: 'summarize', embeds: 'embed',
  completes: 'complete', answers: 'answer', synthesizes: 'synthesize', identifies: 'identify', labels: 'label', annotates: 'annotate', crawls: 'crawl', scrapes: 'scrape',
  prints: 'print', ships: 'ship', orders: 'order', retries: 'retry', redeems: 'redeem', restores: 'restore', backs: 'back', attaches: 'attach', detaches: 'detach',
  associates: 'associate', disassociates: 'disassociate', tests: 'test', triggers: 'trigger', resets: 'reset', confirms: 'confirm', accepts: 'accept', declines: 'decline',
  merges: 'merge', splits: 'split', reverses: 'reverse', voids: 'void', finalizes: 'finalize', pauses: 'pause', resumes: 'resume',
};

const KNOWN_VERBS = new Set([
  ...Object.values(VERB_FORMS).map((verb) => verb.split(' ')[0]!),
  'list', 'get', 'retrieve', 'fetch', 'create', 'update', 'delete', 'remove', 'add', 'send', 'search', 'find', 'upload', 'download', 'start', 'stop', 'cancel', 'generate', 'convert',
  'translate', 'validate', 'verify', 'check', 'describe', 'modify', 'register', 'publish', 'subscribe', 'submit', 'run', 'execute', 'analyze', 'analyse', 'detect', 'buy', 'provision',
  'invite', 'set', 'replace', 'query', 'calculate', 'process', 'schedule', 'import', 'export', 'tag', 'resize', 'transcribe', 'recognize', 'extract', 'post', 'receive', 'show', 'read',
  'write', 'copy', 'move', 'assign', 'enable', 'disable', 'approve', 'reject', 'capture', 'refund', 'charge', 'authorize', 'issue', 'render', 'predict', 'classify', 'compare', 'look',
  'track', 'monitor', 'stream', 'invoke', 'deploy', 'build', 'scan', 'geocode', 'book', 'reserve', 'pay', 'transfer', 'sign', 'encrypt', 'decrypt', 'shorten', 'resolve', 'manage',
  'make', 'place', 'play', 'record', 'share', 'sync', 'watch', 'view', 'put', 'patch', 'batch', 'bulk', 'retry', 'redeem', 'estimate', 'forecast', 'rate', 'review', 'report', 'notify',
  'summarize', 'summarise', 'embed', 'complete', 'chat', 'answer', 'speak', 'synthesize', 'identify', 'label', 'annotate', 'crawl', 'scrape', 'screenshot', 'print', 'ship', 'order',
  'archive', 'unarchive', 'join', 'leave', 'kick', 'rename', 'open', 'close', 'pin', 'unpin', 'mark', 'revoke', 'install', 'uninstall', 'restore', 'attach', 'detach', 'associate',
  'disassociate', 'test', 'trigger', 'reset', 'confirm', 'accept', 'decline', 'merge', 'split', 'reverse', 'void', 'finalize', 'pause', 'resume', 'invite', 'log', 'mute', 'unmute',
]);

/** Verbs of the main job come first; reading and changing records after; deleting last. */
const VERB_WEIGHT: Record<string, number> = {
  send: 9, translate: 9, search: 6, generate: 8, convert: 8, upload: 8, transcribe: 9, detect: 8, analyze: 8, analyse: 8, recognize: 8, extract: 8, geocode: 9, buy: 8, book: 8, pay: 8,
  charge: 8, refund: 7, capture: 7, create: 7, make: 7, place: 7, run: 7, execute: 7, predict: 8, classify: 8, summarize: 8, summarise: 8, embed: 7, complete: 7, chat: 7, answer: 7,
  synthesize: 8, shorten: 8, verify: 7, validate: 7, calculate: 7, query: 6, publish: 7, subscribe: 6, receive: 7, stream: 7, track: 7, scan: 7, crawl: 8, scrape: 8, screenshot: 8,
  schedule: 6, deploy: 6, invoke: 6, download: 6, import: 5, export: 5, list: 5, get: 4, retrieve: 4, fetch: 4, look: 5, find: 5, read: 4, show: 4, view: 4, check: 5,
  update: 3, modify: 3, set: 3, replace: 3, put: 3, patch: 2, add: 4, register: 4, invite: 4, assign: 3, enable: 3, disable: 2, cancel: 3, stop: 2, start: 3, manage: 4,
  delete: 1, remove: 1, describe: 3,
};

const ARTICLE_NOISE = /\b(?:a specific|the specified|a specified|the specific|an existing|the given|a given|the requested|a single|one or more|all of the|all the)\b/gi;

/** An operation's words as a short imperative phrase, or null when they do not read as one. */
export function capabilityPhraseOf(text: string): string | null {
  let phrase = plainText(text)
    .replace(/\s*\([^)]*\)\s*/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/\b([A-Za-z]+)\/([a-z]+)\b/g, '$1 and $2')
    .replace(/(\w)[:_/.](?=\w)/g, '$1 ')
    .replace(/[.:;!]+$/, '')
    .trim();
  if (!phrase) return null;
  phrase = phrase
    // "v3 Mail Send", "[Beta] Create a …": a version or a label before the words.
    .replace(/^(?:v\d+(?:\.\d+)*|\[[^\]]*\]|beta|deprecated|preview)\s+/i, '')
    .replace(/^(?:the |this )?(?:[\w-]+ ){0,4}(?:endpoint|operation|method|api|call) (?:allows|lets|enables) (?:you|users|clients|callers) to /i, '')
    .replace(/^(?:this (?:endpoint|operation|method|api|call|request) (?:will |can |allows you to |lets you |is used to )?|use this (?:endpoint|operation|method|api) to |allows (?:you|users) to |used to |endpoint (?:to|for) |api (?:to|for) )/i, '');
  const words = phrase.split(/\s+/);
  const first = words[0]!.toLowerCase().replace(/[^a-z-]/g, '');
  // "Ends the current user's session", "Initiates a conversation": a third-person verb before a determiner.
  const thirdPerson =
    !VERB_FORMS[first] && /^[a-z]{3,}s$/.test(first) && /^(?:a|an|the|one|all|your|this|that|multiple|new|existing|each|current|specified|given|its|their)$/i.test(words[1] ?? '')
      ? first.replace(/ies$/, 'y').replace(/(ch|sh|ss|x|z)es$/, '$1').replace(/s$/, '')
      : undefined;
  const verb = VERB_FORMS[first] ?? thirdPerson ?? first;
  if (!thirdPerson && !KNOWN_VERBS.has(verb.split(' ')[0]!)) return null;
  words[0] = verb;
  phrase = words
    .join(' ')
    .replace(/\s+and\s+(?:returns?|gets?|retrieves?|responds?)\b.*$/i, '')
    .replace(/\b(or|and) ([a-z]+)\b/g, (match, joiner: string, word: string) => (VERB_FORMS[word] ? `${joiner} ${VERB_FORMS[word]}` : match))
    .replace(ARTICLE_NOISE, (match) => (/^(?:a|an|one)\b/i.test(match) ? 'a' : 'the'))
    .replace(/\s+(?:for|from|in|of|on|under|within|belonging to|associated with|that|which|who|where|when|if|using|with|by|based on|according to)\s+(?:the|a|an|this|your|an?|its|their|given|specified|specific|current|authenticated|requesting|calling)\b.*$/i, '')
    .replace(/\s+(?:that|which|who|where|when|if|you|you’ve|you've|previously|using|via|through|so that|in order to|as|at once|based on|over)\b.*$/i, '')
    .replace(/\s*[,–—-]\s.*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const kept = phrase.split(' ');
  if (kept.length < 2) return null;
  if (kept.length > MAX_WORDS) {
    // Cut at a word that can end a phrase: never "based on posted", "by cloning", "a bounce message to".
    const cut = kept.slice(0, MAX_WORDS);
    while (cut.length > 2 && /^(?:a|an|the|of|for|to|and|or|in|on|at|with|by|from|into|based|via|using|as|your|its|their|new|[a-z]+ed|[a-z]+ing)$/i.test(cut.at(-1)!)) cut.pop();
    phrase = cut.join(' ');
  }
  phrase = phrase.replace(/(?:\s+(?:a|an|the|of|for|to|and|or|in|on|with|by|from|based|new))+$/i, '');
  phrase = cutToLength(phrase);
  phrase = phrase.replace(/^(?:provide|get|return|retrieve) (?:a|the) list of /i, 'list ').replace(/[,;:]+$/, '');
  // Path and header syntax ("#X-Amz-Target=…") is no one's words.
  if (/[#=<>{}\[\]]/.test(phrase)) return null;
  // "NASA data" keeps its capitals; "Send a message" does not.
  const normalised = /^[A-Z][A-Z]/.test(phrase) ? phrase : phrase.charAt(0).toLowerCase() + phrase.slice(1);
  if (normalised.split(' ').length < 2 || isHousekeeping(normalised)) return null;
  return normalised;
}

/** Google's ids name a method of a resource: "translate.projects.locations.glossaries.create" → "Create glossaries". */
function phraseOfDottedId(id: string): string | null {
  const parts = id.split('.');
  if (parts.length < 3) return null;
  const method = parts.at(-1)!.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(' ');
  const resource = parts.at(-2)!.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  // "searchText" → "search text"; "inspect" of "index" → "inspect index".
  return method.length > 1 ? method.join(' ') : `${method[0]} ${resource}`;
}

const weightOf = (phrase: string) => VERB_WEIGHT[phrase.split(' ')[0]!] ?? 4;

interface Candidate {
  phrase: string;
  tag: string;
  weight: number;
  order: number;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The document's operations as phrases, grouped by tag. */
function candidatesOf(root: Json): Candidate[] {
  const candidates: Candidate[] = [];
  const paths = isObject(root.paths) ? root.paths : {};
  let order = 0;
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation) || operation.deprecated === true) continue;
      order += 1;
      // Without tags, the path's first resource groups operations as a tag would ("/v1/charges/{charge}/refunds" → charges).
      const tag = Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : `/${path.split('/').filter((segment) => segment && !/^v\d/.test(segment))[0] ?? ''}`;
      const summary = asString(operation.summary);
      const description = asString(operation.description);
      const operationId = asString(operation.operationId);
      const texts = [summary, description ? firstSentence(plainText(description)) : undefined, operationId ? phraseOfDottedId(operationId) ?? phraseOfOperationId(operationId) : undefined];
      // An operation its own words call housekeeping is left out, not renamed from its id.
      if (texts.slice(0, 2).some((text) => text && isHousekeeping(text))) continue;
      let phrase: string | null = null;
      for (const text of texts) {
        if (text && (phrase = capabilityPhraseOf(text))) break;
      }
      if (!phrase) {
        // An operation with no words: its method and the path's last fixed segment ("POST /messages" → "create messages").
        const noun = path.split('/').filter((segment) => segment && !segment.includes('{') && !/^v\d/.test(segment)).at(-1);
        // Slack's "/conversations.archive": the resource, then what is done to it.
        const dotted = noun ? /^([a-z]+)\.([a-z]+)/i.exec(noun) : null;
        if (dotted) phrase = capabilityPhraseOf(`${dotted[2]!.replace(/([a-z])([A-Z])/g, '$1 $2')} ${dotted[1]}`);
        if (!phrase && noun && !path.endsWith('}')) phrase = capabilityPhraseOf(`${method === 'get' ? 'List' : method === 'post' ? 'Create' : method === 'delete' ? 'Delete' : 'Update'} ${noun.replace(/[_.-]+/g, ' ')}`);
      }
      if (phrase) candidates.push({ phrase, tag, weight: weightOf(phrase) + (method === 'post' ? 0.5 : 0), order });
    }
  }
  return candidates;
}

/**
 * 4 to 12 phrases for an OpenAPI document: tags ordered by how many operations they hold (the
 * main resource first), each tag's best phrase (the main job's verbs before reading, changing
 * and deleting), then second phrases of the largest tags until there are enough.
 */
export function capabilitiesOfDocument(root: Json): string[] {
  const candidates = candidatesOf(root);
  const byTag = new Map<string, Candidate[]>();
  for (const candidate of candidates) byTag.set(candidate.tag, [...(byTag.get(candidate.tag) ?? []), candidate]);
  const tags = [...byTag.entries()]
    .map(([tag, members]) => ({ tag, members: [...members].sort((a, b) => b.weight - a.weight || a.order - b.order), size: members.length, best: Math.max(...members.map((m) => m.weight)) }))
    // The verb of a tag's best phrase first (a one-operation "Mail Send" tag's "send email" before a large tag's "create a list"), then its size.
    .sort((a, b) => 3 * b.best + Math.log2(b.size) - (3 * a.best + Math.log2(a.size)) || a.members[0]!.order - b.members[0]!.order);
  const chosen: string[] = [];
  const seen = new Set<string>();
  const take = (candidate: Candidate | undefined) => {
    if (!candidate || chosen.length >= MAX_CAPABILITIES) return;
    const key = candidate.phrase.toLowerCase().replace(/\b(?:a|an|the)\b/g, '').replace(/s\b/g, '').replace(/\s+/g, ' ');
    if (seen.has(key)) return;
    seen.add(key);
    chosen.push(candidate.phrase);
  };
  // Each tag's best first; then further rounds across the tags until eight (a document with one tag gives its best eight).
  const rounds = Math.max(0, ...tags.map((tag) => tag.members.length));
  for (let round = 0; round < rounds && chosen.length < MAX_CAPABILITIES; round += 1) {
    for (const tag of tags) {
      if (round > 0 && chosen.length >= MIN_CAPABILITIES * 2) break;
      take(tag.members[round]);
    }
  }
  return chosen;
}

const ROW_NOUN_START = /^(?:[A-Z0-9][\w'&.+-]*|[a-z][\w'&.+-]*)(?:\s|$)/;

/** Words that praise rather than name what an API gives: "Free image search" gives image search. */
const PRAISE_START = /^(?:(?:free|simple|fast|easy|unofficial|official|open[- ]source|public|awesome|powerful|lightweight|reliable)\s+)+/i;
/** A row's clause without its leading article and praise: "A free image search" names image search. */
const withoutArticleOrPraise = (clause: string) => clause.replace(/^(?:an?|the)\s+/i, '').replace(PRAISE_START, '');

/** A thing named by the act it is ("Postcode lookup", "Image search"), read as that act: "look up postcodes" reads better than "get postcode lookup". */
const ACT_NOUNS: Record<string, string> = {
  lookup: 'look up', lookups: 'look up', search: 'search', validation: 'validate', verification: 'verify', conversion: 'convert',
  converter: 'convert', generation: 'generate', generator: 'generate', detection: 'detect', translation: 'translate', tracking: 'track',
  tracker: 'track', monitoring: 'monitor', shortener: 'shorten', checker: 'check', analysis: 'analyse', scraping: 'scrape',
  removal: 'remove', comparison: 'compare', optimization: 'optimize', optimisation: 'optimise', anonymization: 'anonymize', extraction: 'extract', recognition: 'recognize',
};

/** Words after an act noun that only qualify it: "text translation with language detection" is "translate text with language detection". */
const QUALIFIER = /^(?:with|for|from|in|by|using|via|across|on)$/i;

/** "get …" of a row's noun phrase, or the act it names; a name keeps its capitals ("get Integrated Taxonomic Information System"). */
function nounCapability(words: string[]): string | null {
  const isName = words.length >= 2 && /^[A-Z]/.test(words[0]!) && /^[A-Z]/.test(words[1]!);
  const cased = isName || /^[A-Z][A-Z]/.test(words[0]!) ? words : [words[0]!.charAt(0).toLowerCase() + words[0]!.slice(1), ...words.slice(1)];
  const last = cased.length >= 2 ? ACT_NOUNS[cased.at(-1)!.toLowerCase()] : undefined;
  const object = cased.slice(0, -1);
  // Only words before the act: "full-text + semantic search across …" is no object to search.
  const qualified = cased.findIndex((word, i) => i >= 1 && i <= 3 && ACT_NOUNS[word.toLowerCase()] !== undefined && QUALIFIER.test(cased[i + 1] ?? '') && cased.slice(0, i).every((w) => /^[\p{L}\p{N}'’-]+$/u.test(w)));
  const phrase =
    last && cased.length <= 4 && !/^(?:and|or|of|for|with|to|in|on|the|a|an)$/i.test(object.at(-1)!)
      ? `${last} ${object.join(' ')}`
      : qualified > 0
        ? `${ACT_NOUNS[cased[qualified]!.toLowerCase()]} ${[...cased.slice(0, qualified), ...cased.slice(qualified + 1)].join(' ')}`
        : `get ${cased.join(' ')}`;
  return withoutCutTail(cutToLength(phrase));
}

/** A phrase cut short ("… job listings from 20", "… dates by") ends where its last whole thing does; null when too little is left. */
function withoutCutTail(phrase: string): string | null {
  const words = phrase.split(' ');
  while (words.length > 2 && /^(?:for|of|by|from|with|to|in|on|at|and|or|the|a|an|over|across|per|like|such|as)$|^[\d][\d+,.%]*$/i.test(words.at(-1)!)) {
    // "catalog of 16,000 …" cut to "catalog": what it was of was the thing.
    if (words.pop()!.toLowerCase() === 'of') return null;
  }
  return words.length >= 3 || (words.length === 2 && !/^(?:for|of|by|from|with|to|in|on|and|or)$/i.test(words[1]!)) ? words.join(' ') : null;
}

/** A one-liner that names the API, or the kind of tool it is, says nothing of what it gives: "REST API for next-episode.net", "URL shortener service", "Cat as a service". */
const NAMES_THE_API = /\b(?:apis?|rest|restful|sdk|websockets?|graphql|endpoints?|as a service)\b/i;
/** The thing a clause names, before what qualifies it: "blogging platform" in "blogging platform built for developers". */
const HEAD_OF_CLAUSE = /\s(?:of|for|with|from|in|on|by|to|about|that|which|built|used|powered|providing)\s.*$/i;
const TOOL_HEAD = /\b(?:service|services|platform|engine|board|tool|tools|website|site|app|wrapper|project|solutions?|clone)\b/i;
/**
 * "Key-value storage REST API for quick prototyping" gives key-value storage for quick prototyping:
 * a thing of two to four common words before "API", and what qualifies it after. A name before it
 * ("Domains Data API", "IP Geolocation API") or a lone word ("currency API") says which API, not what it gives.
 */
function thingBeforeApi(clause: string): string {
  // "Free meme API" is a meme API, one word before it.
  const bare = withoutArticleOrPraise(clause);
  const named = /^([A-Za-z][\w'-]*(?:\s+[a-z][\w'-]*){1,3})\s+(?:(?:REST|RESTful|Rest|JSON|HTTPS?|Web|rest|restful|json|https?|web)\s+)?(?:API|APIs|api|apis)\b\s*(.*)$/.exec(bare);
  if (!named || /\b(?:driven|based|powered|hosted|free|open|public|simple|fake)$/i.test(named[1]!)) return clause;
  const rest = named[2]!.trim();
  if (rest && !QUALIFIER.test(rest.split(/\s+/)[0]!)) return clause;
  return rest ? `${named[1]} ${rest}` : named[1]!;
}

/** A clause that opens with a word no thing opens with was cut from a sentence ("for upcoming …", "or search …", "contains live datasets …"); "On-chain" is not "on". */
const CUT_START = /^(?:for|or|and|with|of|to|by|in|on|each|every|contains?|includes?|including)\s/i;

/**
 * 1 to 4 phrases from a public-apis row's one-liner where it says what the API does: a verb
 * ("Translate text between languages") is kept, clauses split at "and"/","; a noun phrase
 * ("Random dog facts", "Weather forecasts for any location") is what the API gives, read as
 * "get …". Null, with the reason, when it says neither ("The best API ever").
 */
export function capabilitiesOfRow(description: string): { capabilities: string[] } | { reason: string } {
  // Its first sentence ("IP Geolocation API. Collecting data from …"): a period after two letters ends one, after one ("D.C.", "U.S.") does not.
  const text = plainText(description).replace(/\s*\([^)]*\)/g, '').split(/(?<=[A-Za-z0-9)]{2})[.!]\s+(?=[A-Z])/)[0]!.replace(/[.!]+$/, '').trim();
  if (!text) return { reason: 'the row has no description' };
  if (/^(?:the |a |an )?(?:best|simple|free|easy|fast|open|public|unofficial|official|awesome|great)\b.*\b(?:api|service)\b/i.test(text) && text.split(' ').length <= 5) return { reason: 'the row praises rather than says what the API does' };
  const clauses = text
    // A comma before a digit groups thousands ("47,000+ agencies"); it ends no clause.
    .split(/\s*(?:;|,(?!\d)\s*(?:and\s+)?|\s+and\s+(?=[a-z]+s?\s)|\s+&\s+)\s*/)
    .map((clause) => clause.trim())
    .filter(Boolean);
  const phrases: string[] = [];
  for (const [position, clause] of clauses.entries()) {
    // "Open Source … API" praises; it opens no thing.
    const verbPhrase = /^open[- ]source\b/i.test(clause) ? null : capabilityPhraseOf(clause);
    if (verbPhrase) {
      const whole = withoutCutTail(verbPhrase);
      if (whole) phrases.push(whole);
    } else if (
      position === 0 &&
      ROW_NOUN_START.test(clause) &&
      !/^(?:api|apis|this|it|an? api|the api|service|access|resource|tool|platform|library|wrapper|client)\b/i.test(clause) &&
      // A clause with its own verb is a sentence, not a thing the API gives ("Kakao Maps provide multiple APIs").
      !/\b(?:provides?|helps?|is|are|allows?|lets|offers?|gives?|makes?|builds?|enables?|supports?|uses?|using|based)\b|['’]s\b/i.test(clause)
    ) {
      // What stands before a colon or a dash is the thing; what follows lists its parts ("minecraft data: mobs, …").
      const thing = thingBeforeApi(clause.split(/\s*:\s*|\s+[—–-]\s+/)[0]!);
      if (NAMES_THE_API.test(thing) || TOOL_HEAD.test(thing.replace(HEAD_OF_CLAUSE, '')) || CUT_START.test(thing)) continue;
      // "Random US, Hong Kong and Cape Verde addresses": a short first item of a list of names qualifies the noun that ends the list.
      if (clauses.length > 1 && thing === clause && /^\S+\s+[A-Z]\S*$/.test(thing) && /\s+and\s+/.test(text.slice(text.indexOf(',') + 1))) continue;
      const words = withoutArticleOrPraise(thing).split(/\s+/);
      if (words.length < 2 || words.length > MAX_WORDS) continue;
      // A clause that opens with a verb the phrase reader turned down ("Get the country", "Check if websites …") is no thing to get.
      const opening = words[0]!.toLowerCase();
      if (VERB_FORMS[opening] || KNOWN_VERBS.has(opening)) continue;
      const phrase = nounCapability(words);
      if (phrase) phrases.push(phrase);
    }
    if (phrases.length >= 4) break;
  }
  const unique = [...new Set(phrases.filter((phrase) => phrase.split(' ').length >= 2))];
  return unique.length > 0 ? { capabilities: unique } : { reason: 'the row\'s description does not say what the API does in words a phrase can keep' };
}
