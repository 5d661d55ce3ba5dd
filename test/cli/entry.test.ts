import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distIsFresh, sourceState } from '../../bin/entry.js';

/** A src/ folder of two files and a stamp as `npm run build` writes it, `ageMs` after them. */
function checkout(ageMs = 1000) {
  const root = mkdtempSync(path.join(tmpdir(), 'apidex-entry-'));
  const sourceDir = path.join(root, 'src');
  mkdirSync(path.join(sourceDir, 'cli'), { recursive: true });
  writeFileSync(path.join(sourceDir, 'main.ts'), 'export {};\n');
  writeFileSync(path.join(sourceDir, 'cli', 'main.ts'), 'export {};\n');
  const old = new Date(Date.now() - 60_000);
  for (const file of ['main.ts', 'cli/main.ts']) utimesSync(path.join(sourceDir, file), old, old);
  const state = sourceState(sourceDir);
  const buildStamp = path.join(root, 'compiled.json');
  writeFileSync(buildStamp, JSON.stringify({ files: state.files.length, newestMtimeMs: state.newestMtimeMs + ageMs }));
  return { sourceDir, buildStamp };
}

describe('bin/entry.js: dist/ runs only while it is as new as src/', () => {
  it('is fresh right after a build', () => {
    expect(distIsFresh(checkout())).toBe(true);
  });

  it('is stale without a build, after an edit, and after a file is added', () => {
    const never = checkout();
    expect(distIsFresh({ ...never, buildStamp: `${never.buildStamp}.missing` })).toBe(false);

    const edited = checkout();
    writeFileSync(path.join(edited.sourceDir, 'cli', 'main.ts'), 'export const changed = 1;\n');
    expect(distIsFresh(edited)).toBe(false);

    const added = checkout();
    const file = path.join(added.sourceDir, 'cli', 'new.ts');
    writeFileSync(file, 'export {};\n');
    const old = new Date(Date.now() - 120_000);
    utimesSync(file, old, old);
    expect(distIsFresh(added)).toBe(false);
  });
});
