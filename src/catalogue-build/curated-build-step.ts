import { join } from 'node:path';
import { CuratedHeadError, readCuratedHead, type CuratedHead } from './read-curated-head.ts';

/** The curated head of a sources folder (curated/ and head/head-list.yaml), or an error naming each bad file, field and fix. */
export function readCuratedHeadOrExplain(sourcesDir: string, fail: (message: string) => Error): CuratedHead {
  try {
    return readCuratedHead(join(sourcesDir, 'curated'), join(sourcesDir, 'head', 'head-list.yaml'));
  } catch (error) {
    if (error instanceof CuratedHeadError) {
      throw fail(`${error.message}\nFix the files (format: ${join(sourcesDir, 'curated', 'README.md')}, schema/curated-provider.schema.json) and build again.`);
    }
    throw error;
  }
}
