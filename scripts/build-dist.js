/**
 * `npm run build` (also run by `npm install` and `npm ci`, as `prepare`): compiles src/ to plain
 * JavaScript in dist/, one file per module in the same tree, so that `npx apidex` and
 * `npm start` skip tsx's transform of every module on every start (issue 16). bin/entry.js
 * uses dist/ only while no file of src/ is newer than the build.
 */
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_STAMP, DIST_DIR, SOURCE_DIR, sourceState } from '../bin/entry.js';

// Read before compiling: a file saved while the build runs is then newer than the stamp, and dist/ stale.
const state = sourceState();
const started = performance.now();
rmSync(DIST_DIR, { recursive: true, force: true });
await build({
  entryPoints: state.files.filter((file) => file.endsWith('.ts')).map((file) => path.join(SOURCE_DIR, file)),
  outdir: DIST_DIR,
  outbase: SOURCE_DIR,
  // Bundling only so that the plugin sees every import; it keeps each one external, renamed to .js.
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'one-file-per-module',
      setup(compiler) {
        compiler.onResolve({ filter: /.*/ }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path.replace(/\.ts$/, '.js'), external: true }));
      },
    },
  ],
});
// Files that modules read beside themselves: the site's assets, a worker script.
for (const file of state.files.filter((name) => !name.endsWith('.ts'))) {
  mkdirSync(path.dirname(path.join(DIST_DIR, file)), { recursive: true });
  cpSync(path.join(SOURCE_DIR, file), path.join(DIST_DIR, file));
}
writeFileSync(BUILD_STAMP, `${JSON.stringify({ files: state.files.length, newestMtimeMs: state.newestMtimeMs })}\n`);
console.error(`apidex: compiled src/ into dist/ (${state.files.length} files) in ${Math.round(performance.now() - started)} ms.`);
