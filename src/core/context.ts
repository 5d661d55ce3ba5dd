import type { Store } from './store.ts';
import type { CatalogueIndex } from './catalogue/catalogue-index.ts';
import type { ReviewPolicy } from './reviews/review-policy.ts';

/** What every core verb may use; built once in src/main.ts (or a test) and passed in. */
export interface CoreContext {
  store: Store;
  catalogue: CatalogueIndex;
  /** Review intake settings; DEFAULT_REVIEW_POLICY when not given. */
  reviewPolicy?: ReviewPolicy;
}
