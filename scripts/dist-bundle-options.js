/**
 * How src/ is bundled for dist/: shared by `npm run build` (scripts/build-dist.js) and by the
 * ranking bench, which times the ranking code bundled the same way (test/bench/ranking-bench.ts).
 */

/**
 * Packages bundled into dist/: plain JavaScript with no files read beside themselves. zod is
 * one even though fastify-type-provider-zod and the MCP SDK load their own copy: zod 4 keeps
 * its registry on globalThis and matches instances by trait, so the copies agree.
 */
export const BUNDLED_PACKAGES = ['kysely', 'zod', 'commander', 'minisearch', 'stemmer', 'fastest-levenshtein', 'yaml'];

const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Every package but BUNDLED_PACKAGES stays in node_modules, loaded from there at run time. */
const packagesOutsideTheBundle = {
  name: 'packages-outside-the-bundle',
  setup(compiler) {
    compiler.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || BUNDLED_PACKAGES.includes(packageOf(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** esbuild's options for a bundle of src/ modules as dist/ holds them; a caller adds its entry points, outputs and plugins of its own. */
export const DIST_BUNDLE_OPTIONS = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Not keepNames: it wraps every named function, closures made per call included, in a call
  // that sets its name, and at 100,000 listings that was about 5% of a distinct need's server
  // CPU (alternated wrk runs, ADR 21). The error classes set their names themselves; only a
  // function whose name clashes with another module's shows a suffixed name in a stack frame.
  keepNames: false,
  // The CommonJS packages bundled (commander, yaml) require node's own modules.
  banner: { js: "import { createRequire as __apidexCreateRequire } from 'node:module';\nconst require = __apidexCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  plugins: [packagesOutsideTheBundle],
};
