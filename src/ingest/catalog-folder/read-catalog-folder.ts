import { distance as levenshtein } from 'fastest-levenshtein';
import { readFileSync } from 'node:fs';
import { readdir, realpath } from 'node:fs/promises';
import { basename, extname, join, sep } from 'node:path';
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node, type YAMLError } from 'yaml';
import { z } from 'zod';
import { listingSchema, slugSchema, type Listing } from '../../core/listings/listing.ts';
import { slugify } from '../../core/ranking/text.ts';
import { formatPath } from '../../core/validation-messages.ts';
import type { SlugRedirect } from '../../core/catalogue/slug-redirects.ts';
import { readCatalogRedirects, REDIRECTS_FILE } from './read-catalog-redirects.ts';
import { lineOfPath } from './yaml-lines.ts';

/**
 * A problem in a catalogue file, written for the person who edits it.
 * `field` is a dotted path such as `cliCriteria.headless.status` or `capabilities[2]`;
 * it is empty when the problem concerns the whole file (YAML syntax, empty file).
 * `line` is 1-based: the line of the offending field, or of its parent when the field is missing.
 */
export type CatalogProblem = {
  file: string;
  line?: number;
  field: string;
  message: string;
  fix: string;
};

export type CatalogListingFile = { file: string; listing: Listing };

/** `listings` holds the listings of the files that have no problem; every other file read has at least one problem. */
export type CatalogFolderResult = {
  listings: CatalogListingFile[];
  problems: CatalogProblem[];
  /** The old slugs of _redirects.yaml and where they went; empty when the folder has none or the file has a problem. */
  redirects: SlugRedirect[];
};

const CATALOG_FILE_EXTENSIONS = new Set(['.yaml', '.yml']);
const WHOLE_FILE = '';

/**
 * Reads and validates every `*.yaml` / `*.yml` file of a catalogue folder, in file-name order.
 * A bad file never hides the problems of the others. Throws only when the folder cannot be read.
 */
export async function readCatalogFolder(dir: string, { onProgress }: { onProgress?: (checked: number, total: number) => void } = {}): Promise<CatalogFolderResult> {
  const entries = await listCatalogFiles(dir);
  const fileNames = entries.map((entry) => entry.name);
  const folder = await realpath(dir);
  const checkedFiles: CheckedFile[] = [];
  // One file at a time: a large catalogue read all at once would run out of file descriptors.
  for (const { name, isLink } of entries) {
    const file = join(dir, name);
    // Only a link can lead out of the folder: a file's real path is the folder's plus its name.
    const outside = isLink ? await linkLeavingFolder(file, folder) : undefined;
    checkedFiles.push(outside ?? checkCatalogFile(file));
    onProgress?.(checkedFiles.length, fileNames.length);
    // Let timers and signals (a Ctrl-C, a SIGTERM) through now and then.
    if (checkedFiles.length % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const duplicateSlugProblems = findDuplicateSlugs(checkedFiles);
  const slugs = new Set(checkedFiles.flatMap((checked) => (checked.slug === undefined ? [] : [checked.slug])));
  const moved = readCatalogRedirects(dir, { slugs });

  const problems = [...checkedFiles.flatMap((checked) => checked.problems), ...duplicateSlugProblems, ...moved.problems];
  const filesWithProblems = new Set(problems.map((problem) => problem.file));
  const listings = checkedFiles.flatMap((checked) =>
    checked.listing && !filesWithProblems.has(checked.file) ? [{ file: checked.file, listing: checked.listing }] : [],
  );
  return { listings, problems: sortProblems(problems, [...fileNames.map((fileName) => join(dir, fileName)), join(dir, REDIRECTS_FILE)]), redirects: moved.redirects };
}

async function listCatalogFiles(dir: string): Promise<{ name: string; isLink: boolean }[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`Catalogue folder not found: ${dir}`, { cause: error });
    if (code === 'ENOTDIR') throw new Error(`Catalogue folder is not a folder: ${dir}`, { cause: error });
    throw new Error(`Cannot read catalogue folder ${dir}: ${(error as Error).message}`, { cause: error });
  }
  return entries
    .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && CATALOG_FILE_EXTENSIONS.has(extname(entry.name)) && !entry.name.startsWith('_'))
    .map((entry) => ({ name: entry.name, isLink: entry.isSymbolicLink() }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * A file that is a link to something outside the catalogue folder is refused unread: a
 * catalogue command must never print another file's content (an /etc/shadow link, a dotenv).
 */
async function linkLeavingFolder(file: string, folder: string): Promise<CheckedFile | undefined> {
  let target: string;
  try {
    target = await realpath(file);
  } catch {
    return { file, problems: [{ file, field: WHOLE_FILE, message: 'the file is a link to nothing', fix: 'remove the broken link' }] };
  }
  if (target === folder || target.startsWith(`${folder}${sep}`)) return undefined;
  return { file, problems: [{ file, field: WHOLE_FILE, message: 'the file is a link to a file outside the catalogue folder, which is not read', fix: 'copy the listing into the folder instead of linking to it, or remove the link' }] };
}

type CheckedFile = {
  file: string;
  problems: CatalogProblem[];
  listing?: Listing;
  /** The file's slug when it is well-formed, even if other fields are not: for the name and uniqueness checks. */
  slug?: string;
  slugLine?: number;
};

/**
 * Reads synchronously: the YAML parse that follows holds the thread a hundred times longer, and
 * each asynchronous read waited its turn on the thread pool (the default catalogue's 3,527
 * files took 1.5 s to read that way on a busy 2-core machine, 0.05 s like this).
 */
function checkCatalogFile(file: string): CheckedFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as Error).message;
    return { file, problems: [{ file, field: WHOLE_FILE, message: `cannot read the file: ${reason}`, fix: 'make the file readable, or remove it' }] };
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;

  const [firstYamlError] = document.errors;
  if (firstYamlError) {
    return { file, problems: [yamlSyntaxProblem(file, firstYamlError, lineAt(firstYamlError.pos[0]))] };
  }
  if (document.contents === null || (isScalar(document.contents) && document.contents.value === null)) {
    return {
      file,
      problems: [
        {
          file,
          field: WHOLE_FILE,
          message: 'the file is empty',
          fix: 'write one listing as "key: value" lines (slug, name, description, category, …), or delete the file',
        },
      ],
    };
  }
  if (!isMap(document.contents)) {
    return {
      file,
      problems: [
        {
          file,
          line: document.contents.range ? lineAt(document.contents.range[0]) : undefined,
          field: WHOLE_FILE,
          message: `the top level is ${describeYamlNode(document.contents)}, not a mapping of listing fields`,
          fix: `write one listing per file as "key: value" lines at the top level (slug:, name:, …)${isSeq(document.contents) ? ', without a leading "- "' : ''}`,
        },
      ],
    };
  }

  if (!hasListingKey(document.contents)) {
    return {
      file,
      problems: [{ file, field: WHOLE_FILE, message: 'the file is not a listing: none of its keys is a listing field (its content is not shown)', fix: 'write one listing as "key: value" lines (slug, name, description, category, …), or move the file out of the catalogue folder' }],
    };
  }

  let data: Record<string, unknown>;
  try {
    data = document.toJS() as Record<string, unknown>;
  } catch (error) {
    // toJS refuses documents that expand aliases without bound ("billion laughs").
    const message = `cannot read the YAML: ${(error as Error).message}`;
    return { file, problems: [{ file, field: WHOLE_FILE, message, fix: 'write the values out instead of repeating anchors (&name / *name)' }] };
  }
  const lineOf = (path: readonly PropertyKey[]) => lineOfPath(document, path, lineAt);
  const problems: CatalogProblem[] = [];
  // The error callback only fills in messages the schema does not write itself: the marker tells them apart.
  const parsed = listingSchema.safeParse(data, { reportInput: true, error: () => NO_SCHEMA_MESSAGE });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(...issueToProblems(file, issue, data, lineOf));
  }

  const slug = slugSchema.safeParse(data.slug).success ? (data.slug as string) : undefined;
  const slugLine = lineOf(['slug']);
  const fileStem = basename(file, extname(file));
  if (slug !== undefined && basename(file) !== `${slug}.yaml`) {
    problems.push({
      file,
      line: slugLine,
      field: 'slug',
      message: `the file name "${basename(file)}" does not match the slug "${slug}"`,
      fix:
        fileStem === slug
          ? `rename the file to "${slug}.yaml": catalogue files use the .yaml extension`
          : `rename the file to "${slug}.yaml" (or, if the file name is right, set slug to "${fileStem}")`,
    });
  }
  return { file, problems, listing: parsed.success ? parsed.data : undefined, slug, slugLine };
}

function yamlSyntaxProblem(file: string, error: YAMLError, line: number): CatalogProblem {
  return { file, line, field: WHOLE_FILE, message: `invalid YAML: ${error.message}`, fix: YAML_ERROR_FIXES[error.code] ?? GENERIC_YAML_FIX };
}

const GENERIC_YAML_FIX = 'correct the YAML syntax at this line: check the indentation, the quotes and the ": " after each key';

const YAML_ERROR_FIXES: Partial<Record<YAMLError['code'], string>> = {
  BLOCK_AS_IMPLICIT_KEY: 'a value that contains ": " must be quoted: put the whole value in double quotes',
  BAD_INDENT: 'indent keys of the same mapping by the same number of spaces',
  TAB_AS_INDENT: 'indent with spaces, not tabs',
  DUPLICATE_KEY: 'keep only one of the repeated keys',
  MULTIPLE_DOCS: 'keep one listing per file: remove the "---" line and move the next listing to a file of its own',
  MISSING_CHAR: 'close the quote or bracket that is left open before this line',
};

function findDuplicateSlugs(checkedFiles: CheckedFile[]): CatalogProblem[] {
  const filesBySlug = new Map<string, CheckedFile[]>();
  for (const checked of checkedFiles) {
    if (checked.slug === undefined) continue;
    filesBySlug.set(checked.slug, [...(filesBySlug.get(checked.slug) ?? []), checked]);
  }
  const problems: CatalogProblem[] = [];
  for (const [slug, sharing] of filesBySlug) {
    if (sharing.length < 2) continue;
    for (const checked of sharing) {
      const others = sharing.filter((other) => other !== checked).map((other) => other.file);
      problems.push({
        file: checked.file,
        line: checked.slugLine,
        field: 'slug',
        message: `slug "${slug}" is also used by ${others.join(', ')}`,
        fix: `give each listing its own slug; only ${slug}.yaml may use "${slug}"`,
      });
    }
  }
  return problems;
}

function sortProblems(problems: CatalogProblem[], fileOrder: string[]): CatalogProblem[] {
  const fileRank = new Map(fileOrder.map((file, index) => [file, index]));
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort(
      (a, b) =>
        (fileRank.get(a.problem.file) ?? 0) - (fileRank.get(b.problem.file) ?? 0) ||
        (a.problem.line ?? 0) - (b.problem.line ?? 0) ||
        a.index - b.index,
    )
    .map(({ problem }) => problem);
}

// ---------------------------------------------------------------------------------------------
// Turning zod issues into problems

const NO_SCHEMA_MESSAGE = '\u0000no-schema-message';
type Issue = z.core.$ZodIssue;
type LineOf = (path: readonly PropertyKey[]) => number | undefined;

function issueToProblems(file: string, issue: Issue, data: Record<string, unknown>, lineOf: LineOf): CatalogProblem[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const path = [...issue.path, key];
      return { file, line: lineOf(path), field: formatPath(path), ...describeUnknownKey(key, issue.path) };
    });
  }
  const path = issue.path;
  const line = lineOf(path);
  const field = formatPath(path);
  const schemaRule = issue.message === NO_SCHEMA_MESSAGE ? undefined : issue.message;
  const key = path.at(-1);
  const keyName = typeof key === 'number' ? `item ${key}` : String(key ?? '');

  if (isMissing(data, path)) {
    const where = path.length === 1 ? 'at the top level' : `under ${formatPath(path.slice(0, -1))}`;
    const description = schemaAt(path)?.description;
    const fix = `add "${keyName}: ${placeholderFor(issue)}" ${where}${description ? ` (${description})` : ''}`;
    return [{ file, line, field, message: 'is missing', fix }];
  }

  const got = 'input' in issue ? issue.input : valueAt(data, path);
  if (got === null) {
    return [
      {
        file,
        line,
        field,
        message: 'has no value',
        fix: `write ${placeholderFor(issue)} after "${keyName}:", or remove the line when the value is not known`,
      },
    ];
  }
  const { message, fix } = describeIssue(issue, got, path, keyName);
  // listing.ts phrases its own messages as rules for the author ("pricingTier must be one of …"), so one it wrote is the fix.
  return [{ file, line, field, message, fix: schemaRule ? `${schemaRule}${suggestionFor(issue, got, path)}` : fix }];
}

function describeIssue(issue: Issue, got: unknown, path: PropertyKey[], keyName: string): { message: string; fix: string } {
  switch (issue.code) {
    case 'invalid_type':
      return { message: `expected ${describeExpected(issue.expected)}, got ${describeValue(got)}`, fix: fixForType(issue.expected, got, path, keyName) };
    case 'invalid_value':
      return {
        message: `${describeValue(got)} is not an allowed value`,
        fix: `use one of ${issue.values.map(String).join(', ')}${suggestionFor(issue, got, path)}`,
      };
    case 'too_small':
      return describeOutOfRange(got, Number(issue.minimum), issue.inclusive ?? true, 'below');
    case 'too_big':
      return describeOutOfRange(got, Number(issue.maximum), issue.inclusive ?? true, 'above');
    case 'invalid_format':
      return { message: `${describeValue(got)} is not ${FORMAT_NAMES[issue.format] ?? `in the ${issue.format} format`}`, fix: fixForFormat(issue) };
    default:
      return { message: `${describeValue(got)} is not accepted`, fix: 'change the value' };
  }
}

function describeOutOfRange(got: unknown, limit: number, inclusive: boolean, side: 'below' | 'above'): { message: string; fix: string } {
  const least = side === 'below';
  if (typeof got === 'string') {
    if (least && got.length === 0) return { message: 'is empty', fix: 'write a value, or remove the line if the field is optional' };
    return {
      message: `is ${got.length} characters long; ${least ? 'minimum' : 'maximum'} is ${limit}`,
      fix: least ? `write at least ${limit} characters` : `shorten it to ${limit} characters or fewer`,
    };
  }
  if (Array.isArray(got)) {
    return {
      message: `has ${got.length} items; ${least ? 'minimum' : 'maximum'} is ${limit}`,
      fix: least ? `list at least ${limit} items` : `list at most ${limit} items`,
    };
  }
  const bound = inclusive ? `${limit} or ${least ? 'more' : 'less'}` : `${least ? 'greater' : 'less'} than ${limit}`;
  return { message: `${describeValue(got)} is ${side} the ${least ? 'minimum' : 'maximum'} of ${limit}`, fix: `use a number of ${bound}` };
}

const FORMAT_NAMES: Partial<Record<string, string>> = {
  url: 'a valid URL',
  datetime: 'a valid date-time',
  regex: 'in the required format',
};

function fixForFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  if (issue.format === 'datetime') return 'write an ISO 8601 date-time with a time zone, e.g. "2025-01-31T09:30:00Z"';
  if (issue.format === 'url') return 'write an absolute URL, e.g. "https://example.com/docs"';
  if ('pattern' in issue && typeof issue.pattern === 'string') return `write a value that matches ${issue.pattern}`;
  return `write a value in the ${issue.format} format`;
}

function fixForType(expected: string, got: unknown, path: PropertyKey[], keyName: string): string {
  const writtenAs = typeof path.at(-1) === 'number' ? '- ' : `${keyName}: `;
  switch (expected) {
    case 'string':
      return typeof got === 'number' || typeof got === 'boolean'
        ? `put the value in double quotes to make it text: ${writtenAs}"${String(got)}"`
        : 'write the value as text';
    case 'number':
    case 'int':
      return typeof got === 'string' && got.trim() !== '' && !Number.isNaN(Number(got))
        ? 'write the number without quotes'
        : `write ${describeExpected(expected)} without quotes, e.g. ${writtenAs}12`;
    case 'boolean':
      return 'write true or false, without quotes';
    case 'array':
      return `write a list under "${keyName}:", one "- item" per line (or [] for none)`;
    case 'object': {
      const allowedKeys = allowedKeysAt(path);
      return `write a mapping under "${keyName}:"${allowedKeys.length > 0 ? ` with keys among ${allowedKeys.join(', ')}` : ''}`;
    }
    default:
      return `write ${describeExpected(expected)}`;
  }
}

/** What to write for a field, as shown in "add" and "write" fixes. */
function placeholderFor(issue: Issue): string {
  if (issue.code === 'invalid_value') return `<one of ${issue.values.map(String).join(', ')}>`;
  if (issue.code === 'invalid_type') return `<${describeExpected(issue.expected)}>`;
  return '<value>';
}

/** A likely intended value, appended to a fix: closest enum value, or a slug made from the text given. */
function suggestionFor(issue: Issue, got: unknown, path: PropertyKey[]): string {
  if (typeof got !== 'string') return '';
  if (issue.code === 'invalid_value') {
    const closest = closestMatch(got, issue.values.map(String));
    return closest ? `; did you mean "${closest}"?` : '';
  }
  if (issue.code === 'invalid_format' && formatPath(path) === 'slug') {
    const slugified = slugify(got);
    return slugSchema.safeParse(slugified).success ? `; did you mean "${slugified}"?` : '';
  }
  return '';
}

function describeUnknownKey(key: string, parentPath: PropertyKey[]): { message: string; fix: string } {
  const allowedKeys = allowedKeysAt(parentPath);
  const where = parentPath.length === 0 ? 'at the top level' : `under ${formatPath(parentPath)}`;
  const message = `"${key}" is not a known key ${where}`;
  const allowedList = `allowed keys ${where}: ${allowedKeys.join(', ')}`;
  const closest = closestMatch(key, allowedKeys);
  if (closest) return { message, fix: `rename it to "${closest}" (${allowedList})` };
  const homes = parentPathsOfKey(key);
  const [onlyHome] = homes;
  if (homes.length === 1 && onlyHome !== undefined) {
    return { message, fix: `move it under ${onlyHome === '' ? 'the top level' : onlyHome}` };
  }
  return { message, fix: `remove it; ${allowedList}` };
}

function isMissing(data: Record<string, unknown>, path: PropertyKey[]): boolean {
  const key = path.at(-1);
  if (key === undefined) return false;
  const parent = valueAt(data, path.slice(0, -1));
  return isPlainObject(parent) && !Object.hasOwn(parent, key);
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isPlainObject(current)) current = current[segment as string];
    else return undefined;
  }
  return current;
}

function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeExpected(expected: string): string {
  const names: Partial<Record<string, string>> = {
    string: 'text',
    number: 'a number',
    int: 'a whole number',
    boolean: 'true or false',
    array: 'a list',
    object: 'a mapping',
  };
  return names[expected] ?? expected;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty value';
  if (typeof value === 'string') {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    return JSON.stringify(shown);
  }
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

const LISTING_KEYS = new Set(Object.keys(listingSchema.shape));

/** Whether a top-level mapping has at least one key a listing has: else it is some other file, and nothing of it is quoted. */
function hasListingKey(contents: unknown): boolean {
  if (!isMap(contents)) return true;
  return contents.items.some((pair) => isScalar(pair.key) && LISTING_KEYS.has(String(pair.key.value)));
}

function describeYamlNode(node: Node): string {
  if (isSeq(node)) return 'a list';
  // Not the value itself: a file that is not a listing may hold anything, a secret included.
  if (isScalar(node)) return `a single ${node.value === null ? 'empty value' : typeof node.value === 'string' ? 'line of text' : 'value'}`;
  return 'not a mapping';
}

// ---------------------------------------------------------------------------------------------
// Finding things: YAML lines, schema shapes, likely typos

function unwrapSchema(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

/** The listing schema's part for `path` (array items included), as declared, with its description. */
function schemaAt(path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = listingSchema;
  for (const segment of path) {
    const inner: z.ZodType = unwrapSchema(current);
    if (inner instanceof z.ZodObject && typeof segment === 'string') current = inner.shape[segment] as z.ZodType | undefined;
    else if (inner instanceof z.ZodArray && typeof segment === 'number') current = inner.element as z.ZodType;
    else return undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

function allowedKeysAt(path: readonly PropertyKey[]): string[] {
  const schema = schemaAt(path);
  const inner = schema && unwrapSchema(schema);
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
}

/** Dotted paths of the mappings (outside lists) that accept `key`: where a misplaced key belongs. */
function parentPathsOfKey(key: string): string[] {
  const found: string[] = [];
  const visit = (schema: z.ZodType, path: string) => {
    const inner = unwrapSchema(schema);
    if (!(inner instanceof z.ZodObject)) return;
    for (const [childKey, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      if (childKey.toLowerCase() === key.toLowerCase()) found.push(path);
      visit(child, path === '' ? childKey : `${path}.${childKey}`);
    }
  };
  visit(listingSchema, '');
  return found;
}

/** The candidate a typo most likely meant: same letters in another case, or a few edits away. */
function closestMatch(text: string, candidates: readonly string[]): string | undefined {
  const tolerance = Math.max(1, Math.floor(text.length / 3));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = levenshtein(text.toLowerCase(), candidate.toLowerCase());
    if (distance <= tolerance && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}
