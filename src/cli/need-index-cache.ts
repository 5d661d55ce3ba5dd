import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import v8 from 'node:v8';
import type { NeedIndexCache } from '../core/catalogue/catalogue-index.ts';
import type { NeedIndexState } from '../core/ranking/need-index.ts';

/**
 * The need index a local read command built, kept for the next command on the same listings:
 * analysing the default catalogue's text takes about 0.6 s, reading it back about 0.05 s
 * (issue 16). Only a compiled build keeps indexes, in dist/cache/, which every build empties:
 * the analysis that wrote an index is then always the code that reads it. From src/ under tsx
 * (tests, a checkout being edited) nothing is kept.
 */

const BUILD_STAMP = fileURLToPath(new URL('../compiled.json', import.meta.url));
const CACHE_DIR = fileURLToPath(new URL('../cache/', import.meta.url));

/** Stores whose index is kept; past this the least recently written go (tests make a store per case). */
const STORES_KEPT = 8;

interface KeptIndex {
  key: string;
  state: NeedIndexState;
}

export function needIndexCacheOfBuild({ buildStamp = BUILD_STAMP, dir = CACHE_DIR } = {}): NeedIndexCache | undefined {
  if (!existsSync(buildStamp)) return undefined;
  // One file per store, so that commands on two stores do not replace each other's index.
  const fileOf = (location: string) => path.join(dir, `need-index-${createHash('sha256').update(location).digest('hex').slice(0, 16)}.v8`);
  return {
    read({ location, key }) {
      try {
        const kept = v8.deserialize(readFileSync(fileOf(location))) as KeptIndex;
        return kept.key === key ? kept.state : undefined;
      } catch {
        return undefined;
      }
    },
    keep({ location, key }, state) {
      // A cache that cannot be written (a read-only install) only makes the next command slower.
      try {
        mkdirSync(dir, { recursive: true });
        const file = fileOf(location);
        const partial = `${file}.${process.pid}`;
        writeFileSync(partial, v8.serialize({ key, state } satisfies KeptIndex));
        renameSync(partial, file);
        const byAge = readdirSync(dir)
          .map((name) => ({ name, mtimeMs: statSync(path.join(dir, name)).mtimeMs }))
          .sort((a, b) => b.mtimeMs - a.mtimeMs);
        for (const { name } of byAge.slice(STORES_KEPT)) rmSync(path.join(dir, name), { force: true });
      } catch {
        // not kept
      }
    },
  };
}
