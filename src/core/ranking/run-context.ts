import { isStopWord, stem } from './analyze-text.ts';
import { foldText, tokenize } from './text.ts';

/**
 * Agents describe a need together with where and how the call will run: "… from a GitHub
 * Actions workflow", "… with a token read from env", "my Python cron job should …". Those
 * words say nothing about which API serves the need, yet as need words they match the wrong
 * listings (a GitHub API, a crypto token) and, matching nothing, count against every
 * listing's coverage, down to an empty answer.
 *
 * A need is cut into phrases at the words that begin one ("from", "with", "to", …), and the
 * part before the first of them is a phrase too ("I want my script"). A phrase whose every word
 * is grammar or run context is left out. Run-context words in a phrase that also says something
 * else stay, demoted (see NeedIndex): "token" in "crypto token prices" still counts a little, and
 * never against a listing that lacks it. A need made of nothing but run context is kept whole:
 * "a CLI tool" is then the need itself.
 *
 * The words are classes of run context, chosen for what they are, not taken from any query
 * set: where code runs, what it is written in, how and when it is run, how it sends requests and
 * holds its secrets, and words of asking.
 */

/** Words that begin a phrase saying where, how or for what a call is made. */
const PHRASE_STARTS = new Set(
  'from in inside within on with without using via through over to for into when while as at by behind during every each once before after'.split(' '),
);

/** Words that are run context on their own. */
const CONTEXT_WORDS = new Set(
  [
    // where code runs
    'terminal shell bash zsh fish powershell cmd cli console script scripts scripted scripting cron crontab cronjob',
    'ci pipeline pipelines workflow workflows serverless lambda lambdas worker workers container containers docker kubernetes k8s',
    'backend server servers vm headless unattended automated automation automate automatically programmatic programmatically',
    'agent agents agentic bot bots llm llms gpt claude chatgpt chatbot assistant copilot autonomous coding program programs code codebase notebook jupyter repl sandbox',
    'nightly hourly daily weekly monthly schedule scheduled scheduler minute minutes hour hours',
    // what it is written in
    'node nodejs js javascript typescript ts python py go golang ruby rust java kotlin php perl deno bun csharp dotnet swift elixir',
    // how requests are sent and secrets held
    'curl wget http https httpie request requests rest call calls calling env environment dotenv variable variables var vars',
    'token tokens secret secrets credential credentials header headers bearer browser login interactive manual manually ui gui',
    'read reads stored kept passed set',
    // asking
    'recommend recommendation recommendations suggest suggestion suggestions know tell idea ideas option options pick choose',
    'looking searching lets allow allows enable enables able please',
  ]
    .join(' ')
    .split(' '),
);

/** Pairs of words that are run context together, though either alone may be a need ("batch job", "github actions"). */
const CONTEXT_PAIRS = new Set([
  'github actions', 'gitlab ci', 'circle ci', 'batch job', 'batch jobs', 'cron job', 'cron jobs', 'background job', 'background jobs',
  'scheduled job', 'scheduled task', 'command line', 'tool call', 'tool calls', 'function call', 'function calling', 'api key', 'api keys',
  'access token', 'edge function', 'edge functions', 'cloud function', 'cloud functions', 'serverless function', 'serverless functions',
  'chat bot', 'chat bots', 'build step', 'shell command', 'aws lambda', 'azure functions', 'cloudflare worker', 'cloudflare workers', 'vercel function',
  'netlify function', 'google cloud functions', 'make file', 'pre commit', 'git hook', 'free tier', 'free tiers', 'free plan', 'free plans',
]);

/** Pairs of run-context words that together name what an API does: a headless browser is a product to rent, not where a call runs. */
const NEED_PAIRS = new Set(['isolated sandbox', 'isolated sandboxes', 'secure sandbox', 'code sandbox', 'browser push', 'browser notifications', 'opening hours', 'business hours', 'office hours', 'working hours', 'headless browser', 'headless browsers', 'headless chrome', 'browser automation', 'spam bot', 'spam bots', 'bad bots', 'detect bots', 'block bots', 'bot detection', 'bot protection', 'bot traffic']);

/** Run-context words that name infrastructure, and the verbs that make it the thing asked for ("run a container", "schedule a cron job"). */
const INFRASTRUCTURE_WORDS = new Set('container containers cron cronjob crontab vm vms worker workers server servers pipeline pipelines workflow workflows scheduler kubernetes k8s docker serverless'.split(' '));
const PROVISIONING_VERBS = new Set('run schedule deploy host create launch start provision spin set'.split(' '));

/** Run-context words that, after "with", "using" or "via", name the means a need asks for: a model to rent. */
const MEANS_WORDS = new Set(['llm', 'llms', 'gpt', 'claude', 'chatgpt']);
const MEANS_MARKERS = new Set(['with', 'using', 'via', 'through']);
const ARTICLES = new Set(['a', 'an', 'the', 'some']);
/** The index of the word before words[i], past any articles ("with an LLM": "with"); never below 0. */
const wordBefore = (words: string[], i: number) => {
  let before = i - 1;
  while (before > 0 && ARTICLES.has(words[before]!)) before -= 1;
  return before;
};

/** The first words of CONTEXT_PAIRS and NEED_PAIRS: only a word among these can begin a pair, which spares building the pair's text for every other. */
const PAIR_FIRST_WORDS = new Set([...CONTEXT_PAIRS, ...NEED_PAIRS].map((pair) => pair.split(' ')[0]!));

/** The need's words as phrases (their indexes), each begun by a word of PHRASE_STARTS. */
function phrasesOf(words: string[]): number[][] {
  const phrases: number[][] = [[]];
  words.forEach((word, i) => {
    if (PHRASE_STARTS.has(word) && phrases[phrases.length - 1]!.length > 0) phrases.push([]);
    phrases[phrases.length - 1]!.push(i);
  });
  return phrases;
}

/** A word that tells nothing of the need in any phrase: grammar, a phrase start, a number. */
const isGrammar = (word: string) => isStopWord(word) || PHRASE_STARTS.has(word) || /^\d+$/.test(word);

export interface NeedText {
  /** The need without the phrases that only say where and how the call runs. */
  text: string;
  /** Stems of run-context words left in it (see the module comment), joined pairs included, and of its possessors. */
  demoted: Set<string>;
  /** Stems of the act a need hinders, and where ("stop spam bots from submitting my contact form"): see hinderedIn. */
  hindered: Set<string>;
  /** Stems of what a need hands a fixed act to work on ("product descriptions" in "translate product descriptions"), and of participles that describe what it is given ("uploaded" in "user-uploaded photos"): see payloadIn and givenParticiplesIn. */
  payload: Set<string>;
  /** Words of a hyphened participle that describes what follows it ("user-generated images"), and possessors ("a shopper's card"), folded: see describingWordsIn. */
  describing: Set<string>;
}

/** Verbs that keep someone from doing something: what follows their "from" is the act hindered, not what the need is about. */
const HINDERING_VERBS = new Set('stop stops stopping prevent prevents preventing block blocks blocking keep keeps keeping deter deters ban bans prohibit prohibits'.split(' '));

/**
 * The stems of the telling words `marked` picks out, less any the rest of the need names too: a
 * word the need also asks for outright stays whole. The rules below each mark their words.
 */
function stemsOnlyMarked(words: string[], phrases: number[][], saysNothing: (i: number) => boolean, marked: boolean[]): Set<string> {
  const only = new Set<string>();
  const named = new Set<string>();
  for (const phrase of phrases) for (const i of phrase) if (!saysNothing(i)) (marked[i] ? only : named).add(stem(words[i]!));
  for (const word of named) only.delete(word);
  return only;
}

/**
 * "Stop spam bots from submitting my contact form": the need is about the bots; the form is
 * where they act, and a forms API serves nothing of it. The words of a "from" phrase that follows
 * a phrase with a hindering verb. ("Protect my API from abuse" is not one: there the "from"
 * phrase names the threat.)
 */
function hinderedIn(words: string[], phrases: number[][], saysNothing: (i: number) => boolean): Set<string> {
  const marked: boolean[] = [];
  phrases.forEach((phrase, k) => {
    const isHindered = k > 0 && words[phrase[0]!] === 'from' && phrases[k - 1]!.some((i) => HINDERING_VERBS.has(words[i]!));
    for (const i of phrase) marked[i] = isHindered;
  });
  return stemsOnlyMarked(words, phrases, saysNothing, marked);
}

/**
 * Verbs whose act is the same whatever it is done to: a translator translates product
 * descriptions, chat messages and web pages alike. ("Convert" is not one: what is converted,
 * currency or video, decides the act.)
 */
const FIXED_ACT_VERBS = new Set(
  'translate translates translating transcribe transcribes transcribing summarize summarizes summarizing summarise summarises summarising condense condenses condensing boil boils boiling paraphrase paraphrases paraphrasing proofread proofreads proofreading'.split(' '),
);

/** The phrases after a fixed act that still say what it is given or put into. */
const ACT_OBJECT_STARTS = new Set(['from', 'to', 'into']);

/**
 * "Translate product descriptions into German": the need is a translation; the descriptions are
 * what it is given, and a product catalogue serves nothing of it. The words after a verb of
 * FIXED_ACT_VERBS in its phrase, and of a "from", "to" or "into" phrase right after it: where the
 * thing comes from ("transcribe voice notes from WhatsApp") and what it is put into ("from English
 * to German"), settings every translator takes, which game data that mentions German does not serve.
 */
function payloadIn(words: string[], phrases: number[][], saysNothing: (i: number) => boolean): Set<string> {
  const marked: boolean[] = [];
  let inPayload = false;
  for (const phrase of phrases) {
    inPayload = inPayload && ACT_OBJECT_STARTS.has(words[phrase[0]!]!);
    for (const i of phrase) {
      const isVerb = FIXED_ACT_VERBS.has(words[i]!);
      marked[i] = inPayload && !isVerb;
      if (isVerb) inPayload = true;
    }
  }
  return stemsOnlyMarked(words, phrases, saysNothing, marked);
}

const HYPHENED_PARTICIPLE = /([\p{L}\p{N}]+)-(\p{L}{3,}ed)(?![\p{L}\p{N}])/gu;

/**
 * "Moderate user-generated images", "detect AI-generated text": a hyphened participle says what
 * made the thing it describes, not what the need asks done; its words start or continue no phrase
 * ("generate images"), and the words around it meet ("moderate … images"). So does a possessor.
 */
function describingWordsIn(folded: string, possessors: readonly string[]): Set<string> {
  const words = new Set<string>(possessors);
  // Most needs hold no hyphen: the pattern is not run over them.
  if (!folded.includes('-')) return words;
  for (const [, maker, participle] of folded.matchAll(HYPHENED_PARTICIPLE)) {
    if (NOT_PARTICIPLES.has(participle!)) continue;
    words.add(maker!);
    words.add(participle!);
  }
  return words;
}

/** Words ending in "ed" that are no past participle. */
const NOT_PARTICIPLES = new Set('embed embeds feed speed seed breed bleed shed proceed exceed succeed indeed hundred sacred naked wicked wired'.split(' '));

/**
 * "Thumbnails of user-uploaded photos", "text from a scanned invoice", "the newest published
 * version": a past participle before the thing it describes says what was done to what the need
 * is given, not what it asks for. Such participles, not a phrase's first word.
 */
function givenParticiplesIn(words: string[], phrases: number[][], saysNothing: (i: number) => boolean): Set<string> {
  const marked: boolean[] = [];
  for (const phrase of phrases) {
    phrase.forEach((i, at) => {
      const word = words[i]!;
      const next = phrase[at + 1];
      marked[i] = at > 0 && next !== undefined && !saysNothing(next) && word.length > 4 && word.endsWith('ed') && !NOT_PARTICIPLES.has(word);
    });
  }
  return stemsOnlyMarked(words, phrases, saysNothing, marked);
}

/** A quotation: a quote mark not inside a word ("employee's" holds none), up to its closing mark. */
const QUOTED = /(?<![\p{L}\p{N}])["'\u2018\u201C]([^"'\u2018\u2019\u201C\u201D]+)["'\u2019\u201D](?![\p{L}\p{N}])/gu;

/** Words that give what follows as an example or as words said: "like", "such as", "e.g.", "saying". */
const EXAMPLE_MARK = /(?:\blike|\bsuch as|\be\.?g\.?|\bfor (?:example|instance)|\bsay(?:s|ing)?|\bsaid|\breads?|\bas in)[\s,:]*$/;

/**
 * "Edit a photo by describing the change, like 'make the sky a sunset'": a quotation given as an
 * example is what the need is given (a prompt, a message), not what it asks done; its words weigh
 * as a payload's, unless the need also names them outside it.
 */
function quotedOnlyIn(folded: string): Set<string> {
  if (!/["'\u2018\u201C]/.test(folded)) return new Set();
  const quoted = new Set<string>();
  const outside = folded.replace(QUOTED, (whole: string, inner: string, at: number) => {
    // A quotation named as the thing asked for ("add 'Sign in with Google'") is the need; one given as an example is not.
    if (!EXAMPLE_MARK.test(folded.slice(Math.max(0, at - 20), at))) return whole;
    for (const word of tokenize(inner)) if (!isGrammar(word)) quoted.add(stem(word));
    return ' ';
  });
  for (const word of tokenize(outside)) quoted.delete(stem(word));
  return quoted;
}

/** Things owned that say nothing of their own: "a company's details" asks for company data. */
const BARE_POSSESSIONS = new Set('details detail data info information profile profiles record records metadata facts'.split(' '));

/**
 * A need's possessors as written (folded): "customer" in "a customer's balance", "user" in "the
 * users' files". Whose it is places the need; the thing owned names it, unless it is a bare word
 * for what is known of it (BARE_POSSESSIONS): then the possessor is what the need is about. Like
 * a describing word, a possessor takes no place in the phrase sequence: "charge a shopper's credit
 * card" charges a credit card.
 */
function possessorWordsIn(folded: string): string[] {
  // Most needs hold no apostrophe: the pattern is not run over them.
  if (!folded.includes("'") && !folded.includes('\u2019')) return [];
  return Array.from(folded.replace(/\u2019/g, "'").matchAll(/(\p{L}+)(?:'s|(?<=s)')(?![\p{L}\p{N}])(?=\s*(\p{L}*))/gu))
    .filter((match) => !BARE_POSSESSIONS.has(match[2]!))
    .map((match) => match[1]!);
}

/**
 * Shorter readings of a need for when no listing serves it whole: runs of its phrases that
 * leave out some at either end and keep at least half of its telling words, longest first.
 * A run-context phrase no list names ("on a Raspberry Pi", "triggered by a webhook") then
 * no longer empties the answer; a need that is one phrase has none ("make me a sandwich").
 */
export function narrowerReadings(need: string): string[] {
  const { text } = readNeedText(need);
  const words = tokenize(text);
  const phrases = phrasesOf(words).map((phrase) => phrase.map((i) => words[i]!));
  const telling = (phrase: string[]) => phrase.filter((word) => !isGrammar(word)).length;
  const total = phrases.reduce((sum, phrase) => sum + telling(phrase), 0);
  const readings: { text: string; telling: number }[] = [];
  for (let start = 0; start < phrases.length; start += 1) {
    for (let end = start + 1; end <= phrases.length; end += 1) {
      if (start === 0 && end === phrases.length) continue;
      const run = phrases.slice(start, end);
      const count = run.reduce((sum, phrase) => sum + telling(phrase), 0);
      if (count > 0 && count * 2 >= total) readings.push({ text: run.flat().join(' '), telling: count });
    }
  }
  return readings.sort((a, b) => b.telling - a.telling).map((reading) => reading.text);
}

/** A lead-in as long as this, or shorter, before a colon or a comma may set the scene: "irrigation cron job: …". */
const MAX_LEAD_IN_WORDS = 5;
/** Words that open a clause saying when the need happens, relative to another act. */
const WHEN_WORDS = new Set(['before', 'after']);
/** Nouns that name an act a need can come before or after, as an "-ing" word does: "before signup", "after checkout". */
const ACT_NOUNS = new Set('signup signups login logins checkout checkouts deploy deploys deployment deployments launch release releases registration onboarding purchase purchases submission submissions upload uploads'.split(' '));

export function readNeedText(need: string): NeedText {
  const words = tokenize(need);
  const context = words.map((word) => CONTEXT_WORDS.has(word));
  for (let i = 0; i + 1 < words.length; i += 1) {
    if (!PAIR_FIRST_WORDS.has(words[i]!)) continue;
    const pair = `${words[i]} ${words[i + 1]}`;
    if (NEED_PAIRS.has(pair)) {
      context[i] = context[i + 1] = false;
      continue;
    }
    if (CONTEXT_PAIRS.has(pair)) context[i] = context[i + 1] = true;
    // "google cloud functions": three words.
    if (i + 2 < words.length && CONTEXT_PAIRS.has(`${words[i]} ${words[i + 1]} ${words[i + 2]}`)) context[i] = context[i + 1] = context[i + 2] = true;
  }
  // "Summarize text with an LLM": a model the need is done with is what it asks for, not where the call runs ("my LLM tool" still is).
  // So is a model that ends its phrase, the thing asked for ("run an open source LLM without managing GPUs").
  for (let i = 1; i < words.length; i += 1) {
    if (!MEANS_WORDS.has(words[i]!)) continue;
    const before = wordBefore(words, i);
    const next = words[i + 1];
    const endsPhrase = next === undefined || PHRASE_STARTS.has(next) || /^\d+$/.test(next);
    if (MEANS_MARKERS.has(words[before]!) || endsPhrase) context[i] = false;
  }
  // "Give my agent access to a browser": what a need gives access to is what it asks for, whatever the word says elsewhere.
  for (let i = 2; i < words.length; i += 1) {
    if (!context[i]) continue;
    const before = wordBefore(words, i);
    if (words[before] === 'to' && words[before - 1] === 'access') context[i] = false;
  }
  // "Run a container on demand", "schedule a cron job": infrastructure a need starts, schedules or provisions is what it asks for.
  for (let i = 1; i < words.length; i += 1) {
    if (!context[i] || !INFRASTRUCTURE_WORDS.has(words[i]!)) continue;
    // One word may describe the thing between them: "spin up a Linux VM", "schedule a nightly cron job".
    let before = wordBefore(words, i);
    if (!PROVISIONING_VERBS.has(words[before]!) && words[before] !== 'up' && before > 0) before = wordBefore(words, before);
    // A verb may come with its "up": "spin up a vm", "set up a cron job".
    const verb = words[before] === 'up' && before > 0 ? before - 1 : before;
    if (!PROVISIONING_VERBS.has(words[verb]!)) continue;
    context[verb] = context[i] = false;
    if (context[i + 1] && !isGrammar(words[i + 1]!)) context[i + 1] = false;
  }
  // "GitHub Actions step: newest version of a package": a short lead-in that names where the call runs sets the scene, every word of it.
  // So does one before a comma that opens as a phrase of setting: "in a podcast pipeline, …", "from a firewall script, …".
  const wordsBefore = (mark: string) => {
    const at = need.indexOf(mark);
    return at > 0 ? tokenize(need.slice(0, at)).length : 0;
  };
  for (const leadIn of [wordsBefore(':'), PHRASE_STARTS.has(words[0] ?? '') ? wordsBefore(',') : 0]) {
    if (leadIn > 0 && leadIn <= MAX_LEAD_IN_WORDS && leadIn < words.length && context.slice(0, leadIn).some(Boolean)) context.fill(true, 0, leadIn);
  }
  const phrases = phrasesOf(words);
  // "… before planning a trip", "… before signup": an act the need comes before or after, trailing it, says when, not what.
  for (const phrase of phrases) {
    const [first, next] = [words[phrase[0]!], words[phrase[1]!]];
    if (phrase[0]! > 0 && WHEN_WORDS.has(first!) && next !== undefined && (next.endsWith('ing') || ACT_NOUNS.has(next))) for (const i of phrase) context[i] = true;
  }
  const saysNothing = (i: number) => context[i] || isGrammar(words[i]!);
  const kept = phrases.filter((phrase) => !phrase.every(saysNothing) || !phrase.some((i) => context[i]));
  const folded = foldText(need);
  const possessors = possessorWordsIn(folded);
  const describing = describingWordsIn(folded, possessors);
  const demoted = new Set<string>(possessors.map(stem));
  // What a need does without ("without running our own server") is a constraint on the answer, not the need: left with only that, it is all context.
  if (!kept.some((phrase) => words[phrase[0]!] !== 'without' && !phrase.every(saysNothing))) return { text: need, demoted, hindered: new Set(), payload: new Set(), describing };

  for (const phrase of kept) {
    phrase.forEach((i, at) => {
      if (!context[i]) return;
      demoted.add(stem(words[i]!));
      const next = phrase[at + 1];
      if (next !== undefined && context[next]) demoted.add(stem(words[i]! + words[next]!));
    });
  }
  // (A loop rather than kept.flat(), which was a quarter of this function's time.)
  const keptWords: string[] = [];
  // A possessive's lone "s" ("a shopper's card") would stand between the words of a phrase.
  for (const phrase of kept) for (const i of phrase) if (words[i] !== 's') keptWords.push(words[i]!);
  const payload = payloadIn(words, kept, saysNothing);
  for (const word of givenParticiplesIn(words, kept, saysNothing)) payload.add(word);
  for (const word of quotedOnlyIn(folded)) payload.add(word);
  return { text: keptWords.join(' '), demoted, hindered: hinderedIn(words, kept, saysNothing), payload, describing };
}
