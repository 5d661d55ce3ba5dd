// Loads a module of the server or the CLI: compiled, from dist/, while dist/ is fresh; otherwise
// from src/ through tsx, which transforms every module on each start (about 1 s of a command's
// time on a 2-core machine, issue 16). `npm run build` (run by `npm install`) writes dist/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SOURCE_DIR = path.join(ROOT, 'src');
export const DIST_DIR = path.join(ROOT, 'dist');
export const BUILD_STAMP = path.join(DIST_DIR, 'compiled.json');

/** Every file of src/ (relative paths) and the newest modification time among them. */
export function sourceState(sourceDir = SOURCE_DIR) {
  const files = readdirSync(sourceDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(sourceDir, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
  let newestMtimeMs = 0;
  for (const file of files) newestMtimeMs = Math.max(newestMtimeMs, statSync(path.join(sourceDir, file)).mtimeMs);
  return { files, newestMtimeMs };
}

/**
 * dist/ is fresh when it was built from the files src/ has now: as many, none changed since.
 * An edit, a checkout or a pull gives the files it writes a newer time, and dist/ goes stale.
 */
export function distIsFresh({ sourceDir = SOURCE_DIR, buildStamp = BUILD_STAMP } = {}) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(buildStamp, 'utf8'));
  } catch {
    return false;
  }
  const now = sourceState(sourceDir);
  return stamp.files === now.files.length && now.newestMtimeMs <= stamp.newestMtimeMs;
}

/** Imports `name` (e.g. "cli/main") from dist/ when fresh, else from src/ through tsx. */
export async function importEntry(name) {
  if (process.env.APIDEX_FROM_SOURCE !== '1' && distIsFresh()) return import(pathToFileURL(path.join(DIST_DIR, `${name}.js`)).href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(path.join(SOURCE_DIR, `${name}.ts`)).href);
}
