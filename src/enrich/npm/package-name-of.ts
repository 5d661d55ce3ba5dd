/**
 * The npm package a listing's install instruction installs, e.g. "npm install @scope/pkg",
 * "npm i pkg@^2", "yarn add pkg", "pnpm add -D pkg", "bun add pkg". The first package named
 * is the listing's package. Anything that is not an install from the npm registry (pip, a git
 * URL, a tarball, a local path) has no npm package, and the answer says why.
 */

export type PackageNameResult = { name: string } | { name?: undefined; reason: string };

/** npm's rules for new package names: lower case, URL-safe, at most 214 characters, an optional @scope/. */
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*$/;

const INSTALL_VERBS: Record<string, readonly string[]> = {
  npm: ['install', 'i', 'add', 'isntall', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isnta', 'isntal'],
  yarn: ['add'],
  pnpm: ['add', 'install', 'i'],
  bun: ['add', 'install', 'i'],
};

/** Flags of those commands that take a value as the next word. */
const FLAGS_WITH_VALUE = new Set(['--registry', '--prefix', '--tag', '--cwd', '--filter', '-C', '--workspace', '-w']);

const looksLikeNonRegistrySpec = (spec: string) => /^(?:\.{0,2}\/|~\/|file:|git[+:]|https?:|ssh:|github:|gitlab:|bitbucket:|npm:|link:|workspace:)/.test(spec) || /\.(?:tgz|tar\.gz|tar)$/.test(spec);

/** "pkg@^2" → "pkg", "@scope/pkg@latest" → "@scope/pkg". */
function stripVersion(spec: string): string {
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  return at === -1 ? spec : spec.slice(0, at);
}

export function npmPackageNameOf(install: string | undefined): PackageNameResult {
  if (install === undefined || install.trim() === '') return { reason: 'no install instruction' };
  // "cd x && npm install y", "npm install y; npm run z": look at each command in turn.
  for (const command of install.split(/&&|\|\||;|\|/)) {
    const words = command.trim().replace(/^\$\s*/, '').split(/\s+/).filter(Boolean);
    const tool = words[0];
    const verbs = tool ? INSTALL_VERBS[tool] : undefined;
    if (!verbs || !words[1] || !verbs.includes(words[1])) continue;
    for (let index = 2; index < words.length; index += 1) {
      const word = words[index]!.replace(/^["']|["']$/g, '');
      if (word.startsWith('-')) {
        if (FLAGS_WITH_VALUE.has(word)) index += 1;
        continue;
      }
      if (looksLikeNonRegistrySpec(word)) return { reason: `"${install}" installs ${JSON.stringify(word)}, which is not a package from the npm registry` };
      const name = stripVersion(word);
      if (name.length > 214 || !NPM_NAME.test(name)) return { reason: `"${name}" in "${install}" is not a valid npm package name` };
      return { name };
    }
    return { reason: `"${install}" names no package to install` };
  }
  return { reason: `"${install}" is not an npm, yarn, pnpm or bun install command` };
}
