/** The small catalogue tests load by default (see test/fixtures/catalog/README.md); catalog/ itself is the real one. */
export const TEST_CATALOG_DIR = 'test/fixtures/catalog';
