// What the ranking bench times, bundled as dist/ is (see ranking-bench.ts shippedRanking).
export { CatalogueIndex } from '../../src/core/catalogue/catalogue-index.ts';
export { rankNeed } from '../../src/core/ranking/rank-need.ts';
