import type { Store } from '../storage/store.ts';
import type { CatalogueIndex } from './catalogue/catalogue-index.ts';

/** What every core verb may use; built once in src/main.ts (or a test) and passed in. */
export interface CoreContext {
  store: Store;
  catalogue: CatalogueIndex;
}
