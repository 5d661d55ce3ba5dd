import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCatalogProblems } from '../../src/ingest/catalog-folder/format-catalog-problems.ts';
import { readCatalogFolder, type CatalogFolderResult, type CatalogProblem } from '../../src/ingest/catalog-folder/read-catalog-folder.ts';

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const validDir = join(fixturesDir, 'valid');
const brokenDir = join(fixturesDir, 'broken');
const defaultCatalogDir = fileURLToPath(new URL('../../catalog/', import.meta.url));

describe('readCatalogFolder on a valid folder', () => {
  it('returns every listing in file-name order, with defaults filled in, and no problems', async () => {
    const result = await readCatalogFolder(validDir);

    expect(result.problems).toEqual([]);
    expect(result.listings.map((entry) => entry.file)).toEqual([join(validDir, 'full-listing.yaml'), join(validDir, 'minimal-listing.yaml')]);
    const [full, minimal] = result.listings.map((entry) => entry.listing);
    expect(minimal).toEqual({
      slug: 'minimal-listing',
      name: 'Minimal listing',
      description: 'A listing with only the fields every listing needs',
      category: 'Testing',
      capabilities: [],
      cliCriteria: {},
      qualityInputs: {},
      faq: [],
    });
    expect(full?.pricingTier).toBe('Usage-based');
    expect(full?.cliCriteria.headless).toEqual({ status: 'failed' });
    // An unquoted YAML timestamp stays text (YAML 1.2 core schema), as the schema wants.
    expect(full?.qualityInputs.weeklyDownloads).toEqual({ value: 77000, source: 'npm registry', refreshedAt: '2025-01-31T09:30:00Z' });
    expect(full?.faq).toHaveLength(1);
  });

  it('reads the default catalogue without problems', async () => {
    const result = await readCatalogFolder(defaultCatalogDir);

    expect(result.problems, formatCatalogProblems(result)).toEqual([]);
    expect(result.listings.length).toBeGreaterThan(0);
  });

  it('reports its progress after each file, for the CLI\'s progress bar', async () => {
    const seen: [number, number][] = [];
    const result = await readCatalogFolder(defaultCatalogDir, { onProgress: (checked, total) => seen.push([checked, total]) });
    const total = result.listings.length;
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => [i + 1, total]));
  });

  it('throws an error naming the folder when it does not exist', async () => {
    const missingDir = join(fixturesDir, 'no-such-folder');
    await expect(readCatalogFolder(missingDir)).rejects.toThrow(missingDir);
  });
});

describe('readCatalogFolder on a folder with problems', () => {
  let result: CatalogFolderResult;
  const problemsOf = (fileName: string): CatalogProblem[] => result.problems.filter((problem) => problem.file === join(brokenDir, fileName));
  const problemAt = (fileName: string, field: string): CatalogProblem | undefined => problemsOf(fileName).find((problem) => problem.field === field);

  beforeAll(async () => {
    result = await readCatalogFolder(brokenDir);
  });

  it('reports the problems of every bad file and still returns the good one', () => {
    const filesWithProblems = [...new Set(result.problems.map((problem) => problem.file))];
    expect(filesWithProblems).toEqual(
      [
        'bad-slug.yaml',
        'copy-of-good-listing.yaml',
        'empty.yaml',
        'field-problems.yaml',
        'good-listing.yaml',
        'list-at-top.yaml',
        'old-extension.yml',
        'syntax-error.yaml',
        'type-problems.yaml',
      ].map((fileName) => join(brokenDir, fileName)),
    );
    expect(result.listings.map((entry) => entry.listing.slug)).toEqual(['intact-listing']);
  });

  it('orders problems by file, then by line', () => {
    const fileOrder = result.problems.map((problem) => problem.file);
    expect(fileOrder).toEqual([...fileOrder].sort());
    const lines = problemsOf('field-problems.yaml').map((problem) => problem.line ?? 0);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  describe('a value outside an enum', () => {
    it('lists the allowed values and suggests the closest', () => {
      expect(problemAt('field-problems.yaml', 'pricingTier')).toEqual({
        file: join(brokenDir, 'field-problems.yaml'),
        line: 4,
        field: 'pricingTier',
        message: '"premium" is not an allowed value',
        fix: 'pricingTier must be one of Free, Freemium, Paid, Usage-based, Open source, Enterprise; did you mean "Freemium"?',
      });
    });

    it('names a nested field by its dotted path', () => {
      expect(problemAt('field-problems.yaml', 'cliCriteria.headless.status')).toMatchObject({
        line: 12,
        message: '"passd" is not an allowed value',
        fix: expect.stringContaining('passed, failed, not_assessed; did you mean "passed"?'),
      });
    });
  });

  describe('an unknown key', () => {
    it('suggests the allowed key it is a typo of, and lists the allowed keys', () => {
      const problem = problemAt('field-problems.yaml', 'pricingtier');
      expect(problem).toMatchObject({ line: 5, message: '"pricingtier" is not a known key at the top level' });
      // The list ends with the schema's last keys (faq, then package since npm enrichment added it).
      expect(problem?.fix).toMatch(/^rename it to "pricingTier" \(allowed keys at the top level: slug, name, description, .*faq, package, provider, access, call, sources, docsUrl, pricing, agent, head\)$/);
    });

    it('says where a key belongs when it is at the wrong level', () => {
      expect(problemAt('field-problems.yaml', 'stars')).toMatchObject({ line: 19, fix: 'move it under qualityInputs' });
    });

    it('asks to remove a key that fits nowhere', () => {
      expect(problemAt('field-problems.yaml', 'colour')).toMatchObject({
        line: 20,
        fix: expect.stringMatching(/^remove it; allowed keys at the top level: slug, name, /),
      });
    });
  });

  describe('a missing field', () => {
    it('points at the line of its parent and says what to add where', () => {
      expect(problemAt('field-problems.yaml', 'cliCriteria.envVarAuth.status')).toMatchObject({
        line: 13,
        message: 'is missing',
        fix: 'add "status: <one of passed, failed, not_assessed>" under cliCriteria.envVarAuth',
      });
    });

    it('points at the start of the listing for a top-level field', () => {
      expect(problemAt('type-problems.yaml', 'category')).toMatchObject({
        line: 1,
        message: 'is missing',
        fix: 'add "category: <text>" at the top level (Category, e.g. "Data & Information".)',
      });
    });
  });

  describe('a value of the wrong kind or size', () => {
    it('names a list item by its index', () => {
      expect(problemAt('field-problems.yaml', 'capabilities[2]')).toMatchObject({ line: 10, message: 'is empty', fix: 'capability must not be empty' });
    });

    it('says which bound a number breaks, keeping the schema’s own advice', () => {
      expect(problemAt('field-problems.yaml', 'qualityInputs.issueCloseRatio.value')).toMatchObject({
        line: 16,
        message: '62 is above the maximum of 1',
        fix: 'issueCloseRatio must be a fraction from 0 to 1; write 0.62 for 62%',
      });
      expect(problemAt('type-problems.yaml', 'qualityInputs.stars.value')).toMatchObject({ line: 8, message: '-1 is below the minimum of 0' });
    });

    it('says what type was expected and what was got', () => {
      expect(problemAt('field-problems.yaml', 'qualityInputs.weeklyDownloads.value')).toMatchObject({
        line: 17,
        message: 'expected a number, got "lots"',
        fix: expect.stringContaining('without quotes'),
      });
      expect(problemAt('field-problems.yaml', 'qualityInputs.typeDefinitions.value')).toMatchObject({
        line: 18,
        message: 'expected true or false, got "yes"',
      });
      expect(problemAt('type-problems.yaml', 'name')).toMatchObject({
        line: 2,
        message: 'expected text, got 404',
        fix: 'put the value in double quotes to make it text: name: "404"',
      });
      expect(problemAt('type-problems.yaml', 'capabilities')).toMatchObject({
        line: 6,
        message: 'expected a list, got "send messages"',
        fix: expect.stringContaining('one "- item" per line'),
      });
    });

    it('treats a key without a value as a value to write or a line to remove', () => {
      expect(problemAt('type-problems.yaml', 'subcategory')).toMatchObject({
        line: 5,
        message: 'has no value',
        fix: 'write <text> after "subcategory:", or remove the line when the value is not known',
      });
    });

    it('explains the expected format of URLs, date-times and slugs', () => {
      expect(problemAt('type-problems.yaml', 'url')).toMatchObject({
        line: 4,
        fix: 'url must be an absolute http(s) URL, e.g. "https://example.com/docs"',
      });
      expect(problemAt('type-problems.yaml', 'qualityInputs.stars.refreshedAt')).toMatchObject({
        line: 8,
        message: '"31 January 2025" is not a valid date-time',
        fix: expect.stringContaining('"2025-01-31T09:30:00Z"'),
      });
      expect(problemsOf('bad-slug.yaml')).toEqual([
        expect.objectContaining({ line: 1, field: 'slug', fix: expect.stringMatching(/lower-case .*; did you mean "bad-slug"\?$/) }),
      ]);
    });
  });

  it('reports a YAML syntax error as one problem with its line', () => {
    expect(problemsOf('syntax-error.yaml')).toEqual([
      {
        file: join(brokenDir, 'syntax-error.yaml'),
        line: 3,
        field: '',
        message: 'invalid YAML: Nested mappings are not allowed in compact mappings',
        fix: 'a value that contains ": " must be quoted: put the whole value in double quotes',
      },
    ]);
  });

  it('reports an empty file', () => {
    expect(problemsOf('empty.yaml')).toEqual([expect.objectContaining({ field: '', message: 'the file is empty' })]);
  });

  it('reports a top level that is not a mapping', () => {
    expect(problemsOf('list-at-top.yaml')).toEqual([
      expect.objectContaining({ line: 1, field: '', message: 'the top level is a list, not a mapping of listing fields' }),
    ]);
  });

  it('asks to rename a file whose name is not <slug>.yaml', () => {
    expect(problemsOf('copy-of-good-listing.yaml')).toContainEqual(
      expect.objectContaining({
        line: 2,
        field: 'slug',
        fix: 'rename the file to "good-listing.yaml" (or, if the file name is right, set slug to "copy-of-good-listing")',
      }),
    );
    expect(problemsOf('old-extension.yml')).toEqual([
      expect.objectContaining({ line: 1, field: 'slug', fix: 'rename the file to "old-extension.yaml": catalogue files use the .yaml extension' }),
    ]);
  });

  it('reports a slug used by two files in each of them, naming the other', () => {
    expect(problemAt('good-listing.yaml', 'slug')).toMatchObject({
      line: 1,
      message: `slug "good-listing" is also used by ${join(brokenDir, 'copy-of-good-listing.yaml')}`,
    });
    expect(problemsOf('copy-of-good-listing.yaml')).toContainEqual(
      expect.objectContaining({ line: 2, message: `slug "good-listing" is also used by ${join(brokenDir, 'good-listing.yaml')}` }),
    );
  });
});

describe('formatCatalogProblems', () => {
  const problem = (file: string, line: number | undefined, field: string): CatalogProblem => ({
    file,
    line,
    field,
    message: '"premium" is not an allowed value',
    fix: 'use one of Free, Paid',
  });

  it('prints one line per problem and a summary', () => {
    const text = formatCatalogProblems({
      listings: [],
      redirects: [],
      problems: [problem('catalog/foo.yaml', 12, 'pricingTier'), problem('catalog/foo.yaml', undefined, '')],
    });
    expect(text.split('\n')).toEqual([
      'catalog/foo.yaml:12 pricingTier: "premium" is not an allowed value → fix: use one of Free, Paid',
      'catalog/foo.yaml "premium" is not an allowed value → fix: use one of Free, Paid',
      '2 problems in 1 of 1 file',
    ]);
  });

  it('counts the files read from the listings and the files with problems', async () => {
    const result = await readCatalogFolder(brokenDir);
    expect(formatCatalogProblems(result).split('\n').at(-1)).toBe(`${result.problems.length} problems in 9 of 10 files`);
    expect(formatCatalogProblems(await readCatalogFolder(validDir))).toBe('No problems in 2 files');
  });
});
