import { unsafeCharacterIn } from '../text/unsafe-characters.ts';

/**
 * The one place generated commands and code are quoted (issue 28). Whatever a listing holds,
 * a snippet built here runs only the command it shows:
 * - a shell word is single-quoted; a quote or backslash in it is written outside the quotes
 *   (`'\''`, `'\\'`), which bash, zsh and fish all read the same way, and the only thing
 *   spliced in is an environment variable whose name is checked (`'…?key='"$VAR"`);
 * - JavaScript gets data only as JSON.stringify-ed string literals (URLs go through `new URL`
 *   and `searchParams`), never inside a template literal;
 * - header names, package names, install lines and import lines must match strict patterns.
 * A fact that fails them is refused at submission and dropped, with the reason, when a snippet
 * is built from a catalogue or a stored listing.
 */

/** RFC 9110 §5.6.2 token: what an HTTP field name is. */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,100}$/;
export const HEADER_NAME_RULE = "must be an HTTP header name (RFC 9110 token: letters, digits and !#$%&'*+-.^_`|~, nothing else)";

/** A POSIX environment variable name as the quickstart makes them: STRIPE_API_KEY. */
export const ENV_VAR_NAME = /^[A-Z_][A-Z0-9_]{0,63}$/;

/**
 * An npm package name as the registry accepts new ones: lower case, URL-safe, no leading dot,
 * underscore or hyphen, an optional @scope/, at most 214 characters.
 */
const NPM_NAME_SOURCE = String.raw`(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*`;
export const NPM_PACKAGE_NAME = new RegExp(`^${NPM_NAME_SOURCE}$`);
export const NPM_PACKAGE_NAME_RULE = 'must be an npm package name: lower-case letters, digits, ".", "_" and "-" (not first), with an optional "@scope/", at most 214 characters';

export const isNpmPackageName = (name: string): boolean => name.length <= 214 && NPM_PACKAGE_NAME.test(name);

// An exact version or a dist-tag, never a range: "^", "<", ">" and "|" mean something to a shell.
const VERSION = String.raw`(?:@[A-Za-z0-9][A-Za-z0-9.+-]{0,63})?`;

/** The install commands a listing may show, each followed by one to five package words of its registry's shape. */
const INSTALL_SHAPES: { commands: string[]; name: string }[] = [
  { commands: ['npm install', 'npm i', 'pnpm add', 'yarn add', 'bun add'], name: `${NPM_NAME_SOURCE}${VERSION}` },
  { commands: ['pip install', 'python -m pip install', 'uv add', 'poetry add'], name: String.raw`[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?(?:==[A-Za-z0-9.+!-]{1,40})?` },
  { commands: ['gem install', 'dotnet add package'], name: String.raw`[A-Za-z0-9][A-Za-z0-9._-]{0,99}` },
  { commands: ['cargo add'], name: String.raw`[A-Za-z0-9][A-Za-z0-9_-]{0,63}` },
  { commands: ['go get'], name: String.raw`[a-z0-9][a-z0-9.-]*(?:\/[A-Za-z0-9._-]+)+${VERSION}` },
  { commands: ['composer require'], name: String.raw`[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*` },
];
const FLAGS = String.raw`(?: (?:-g|-D|--global|--save-dev|--save|-E|--save-exact))?`;
const INSTALL_LINE = new RegExp(
  `^(?:${INSTALL_SHAPES.map(({ commands, name }) => `(?:${commands.join('|')})${FLAGS}(?: ${name}){1,5}`).join('|')})$`,
);
export const INSTALL_LINE_RULE = `must be one install command followed only by package names, e.g. "npm install some-sdk" (${INSTALL_SHAPES.flatMap((shape) => shape.commands).join(', ')}); no other shell syntax`;

export const isInstallLine = (line: string): boolean => line.length <= 200 && INSTALL_LINE.test(line);

/** The import line of an npm package: its name is checked, so the line is exactly this shape. */
export const IMPORT_LINE = new RegExp(`^import \\* as sdk from '${NPM_NAME_SOURCE}';$`);

export function importLineOf(packageName: string): string | null {
  if (!isNpmPackageName(packageName)) return null;
  const line = `import * as sdk from '${packageName}';`;
  return IMPORT_LINE.test(line) ? line : null;
}

/** Whitespace or a character no text may hold: none belongs in a URL, a path or a name on a command line. */
const wordProblem = (text: string): string | undefined => {
  if (/\s/.test(text)) return 'must not contain spaces or line breaks';
  const unsafe = unsafeCharacterIn(text);
  return unsafe ? `must not contain ${unsafe}` : undefined;
};

/** Why a base URL cannot go into a snippet, or undefined when it can. */
export function baseUrlProblem(url: string): string | undefined {
  if (!/^https?:\/\//.test(url)) return 'must start with http:// or https://';
  const problem = wordProblem(url);
  if (problem) return problem;
  if (/[?#]/.test(url)) return 'must not hold a query or a fragment: paths and parameters are added to it';
  try {
    new URL(url);
  } catch {
    return 'must be an absolute URL';
  }
  return undefined;
}

/** Why a request path cannot go into a snippet, or undefined when it can. */
export function requestPathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'must start with "/"';
  return wordProblem(path);
}

/** Why a query parameter name or value cannot go into a snippet, or undefined when it can. */
export function queryWordProblem(word: string): string | undefined {
  if (/[\t\n\r]/.test(word)) return 'must not contain tabs or line breaks';
  const unsafe = unsafeCharacterIn(word);
  return unsafe ? `must not contain ${unsafe}` : undefined;
}

/** A shell word that stands for exactly `text` in bash, zsh and fish. */
export function shellWord(text: string): string {
  return `'${text.replace(/['\\]/g, (character) => `'\\${character}'`)}'`;
}

/** One shell word of literal parts and environment variables, e.g. 'Bearer '"$TOKEN". */
export function shellConcat(parts: ({ literal: string } | { env: string })[]): string {
  return parts
    .map((part) => {
      if ('literal' in part) return part.literal === '' ? '' : shellWord(part.literal);
      if (!ENV_VAR_NAME.test(part.env)) throw new Error(`not an environment variable name: ${JSON.stringify(part.env)}`);
      return `"$${part.env}"`;
    })
    .join('') || "''";
}

/** A JavaScript string literal holding exactly `text` (JSON is JavaScript; the two line separators are escaped for older parsers). */
export function jsString(text: string): string {
  return JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** `process.env.NAME`, for a checked name. */
export function jsEnv(name: string): string {
  if (!ENV_VAR_NAME.test(name)) throw new Error(`not an environment variable name: ${JSON.stringify(name)}`);
  return `process.env.${name}`;
}

// The grammar snippets are written in, for a reader of someone else's answer (`apidex quickstart
// --remote` asks another server): a line of this shape can be read only one way.
const SHELL_WORD = String.raw`(?:'[^']*'|\\['\\]|"\$[A-Z_][A-Z0-9_]{0,63}")+`;
const CURL_COMMAND = new RegExp(String.raw`^curl -sS --fail-with-body --globoff ${SHELL_WORD}(?: -H ${SHELL_WORD}| -u ${SHELL_WORD})*$`);
const JS_STRING = String.raw`"(?:[^"\\\u0000-\u001F\u2028\u2029]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"`;
const JS_ENV = String.raw`process\.env\.[A-Z_][A-Z0-9_]{0,63}`;
const JS_HEADER_VALUE = `(?:${JS_STRING}|${JS_ENV}|${JS_STRING} \\+ ${JS_ENV}|${JS_STRING} \\+ Buffer\\.from\\(${JS_ENV} \\?\\? ''\\)\\.toString\\('base64'\\))`;
const NODE_SNIPPET = new RegExp(
  [
    `^const url = new URL\\(${JS_STRING}\\);`,
    `(?:url\\.searchParams\\.set\\(${JS_STRING}, ${JS_ENV} \\?\\? ''\\);\\n)?const response = await fetch\\(url, \\{`,
    `  headers: \\{ ${JS_STRING}: ${JS_HEADER_VALUE}(?:, ${JS_STRING}: ${JS_HEADER_VALUE})* \\},`,
    '\\}\\);',
    "if \\(!response\\.ok\\) throw new Error\\(response\\.status \\+ ' ' \\+ \\(await response\\.text\\(\\)\\)\\);",
    'console\\.log\\(await response\\.json\\(\\)\\);$',
  ].join('\\n'),
);

/** Whether a curl command is of the one shape this module writes (data only in single quotes, only an env var expanded). */
export const isSafeCurlCommand = (command: string): boolean => CURL_COMMAND.test(command);
/** Whether Node code is of the one shape this module writes (data only in JSON string literals). */
export const isSafeNodeSnippet = (code: string): boolean => NODE_SNIPPET.test(code);
