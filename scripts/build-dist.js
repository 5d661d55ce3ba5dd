/**
 * `npm run build` (also run by `npm install` and `npm ci`, as `prepare`): compiles src/ to plain
 * JavaScript in dist/, so that `npx apidex` and `npm start` skip tsx's transform of every module
 * on every start (issue 16). bin/entry.js uses dist/ only while no file of src/ is newer than
 * the build.
 *
 * The entry points are bundled, with the pure-JavaScript packages they use, and split into
 * chunks that load on demand: a command still loads only its own code, but in a few files
 * instead of hundreds (kysely alone is about 400 modules, a fifth of a local CLI command's time
 * when loaded file by file). Packages with native code, workers or files of their own
 * (better-sqlite3, pg, fastify, pino, the MCP SDK) stay in node_modules.
 */
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_STAMP, DIST_DIR, SOURCE_DIR, sourceState } from '../bin/entry.js';
import { DIST_BUNDLE_OPTIONS } from './dist-bundle-options.js';

/** What node and the bins load from dist/ by path: the server, the CLI, the need-index worker. */
export const ENTRY_POINTS = ['main.ts', 'cli/main.ts', 'core/ranking/need-index-worker.ts'];

/** Written in place of each module's `import.meta.url`, then replaced by the path from its output file to dist/. */
const DIST_ROOT_MARK = '__APIDEX_DIST_ROOT__';

// Read before compiling: a file saved while the build runs is then newer than the stamp, and dist/ stale.
const state = sourceState();
const started = performance.now();
rmSync(DIST_DIR, { recursive: true, force: true });
const result = await build({
  entryPoints: ENTRY_POINTS.map((file) => path.join(SOURCE_DIR, file)),
  outdir: DIST_DIR,
  outbase: SOURCE_DIR,
  entryNames: '[dir]/[name]',
  chunkNames: 'chunks/[name]-[hash]',
  ...DIST_BUNDLE_OPTIONS,
  splitting: true,
  metafile: true,
  plugins: [
    ...DIST_BUNDLE_OPTIONS.plugins,
    {
      // A module that finds files beside itself (the site's assets, the worker, dist/cache) must
      // see the URL it had as a file of its own, dist/<its path>.js, wherever the bundle put it.
      name: 'import-meta-url-of-the-source-module',
      setup(compiler) {
        compiler.onLoad({ filter: /\.ts$/ }, (args) => {
          const text = readFileSync(args.path, 'utf8');
          if (!args.path.startsWith(SOURCE_DIR) || !text.includes('import.meta.url')) return undefined;
          const ownUrl = path.relative(SOURCE_DIR, args.path).split(path.sep).join('/').replace(/\.ts$/, '.js');
          return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(ownUrl)}, new URL(${JSON.stringify(DIST_ROOT_MARK)}, import.meta.url)).href`), loader: 'ts' };
        });
      },
    },
  ],
});
for (const output of Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'))) {
  const text = readFileSync(output, 'utf8');
  if (!text.includes(DIST_ROOT_MARK)) continue;
  const toRoot = `${path.relative(path.dirname(path.resolve(output)), DIST_DIR).split(path.sep).join('/') || '.'}/`;
  writeFileSync(output, text.replaceAll(DIST_ROOT_MARK, toRoot));
}
// Files that modules read beside themselves: the site's assets, a worker script.
for (const file of state.files.filter((name) => !name.endsWith('.ts'))) {
  mkdirSync(path.dirname(path.join(DIST_DIR, file)), { recursive: true });
  cpSync(path.join(SOURCE_DIR, file), path.join(DIST_DIR, file));
}
writeFileSync(BUILD_STAMP, `${JSON.stringify({ files: state.files.length, newestMtimeMs: state.newestMtimeMs })}\n`);
console.error(`apidex: compiled src/ into dist/ (${state.files.length} files, ${Object.keys(result.metafile.outputs).length} outputs) in ${Math.round(performance.now() - started)} ms.`);
