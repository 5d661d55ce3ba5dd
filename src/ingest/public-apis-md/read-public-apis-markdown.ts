import { basename } from 'node:path';
import { assessPublicApisRow } from '../../core/assessment/rules/public-apis-row.ts';
import { listingSchema, type SourceRecord } from '../../core/listings/listing.ts';
import { describeFieldProblems, toFieldProblems } from '../../core/validation-messages.ts';
import { cutAtWord, DESCRIPTION_MAX, removeTrackingParameters } from '../corpus-json/read-corpus-listings.ts';
import { joinSlug, slugFromText, type SourceItem } from '../source-items.ts';
import { readSourceText } from '../structured-files.ts';
import { withoutUnsafeText } from '../../core/text/unsafe-characters.ts';

/**
 * Reads a public-apis style Markdown list (https://github.com/public-apis/public-apis): headings
 * ("### Animals") over tables whose header names the columns `API | Description | Auth | HTTPS |
 * CORS`. Each table row is one item: the link in the API column gives the name and url, the
 * nearest heading above the table the category. Tables without both an API and a Description
 * column are not lists of APIs and are passed over; a table with both but without Auth (the
 * sponsored "APILayer APIs" block of the published list) is read, its rows without auth.
 *
 * What a row evidences (its Auth, HTTPS and CORS columns) is read by the core's rule
 * (src/core/assessment/rules/public-apis-row.ts, ADR 18): criteria and access facts, each with the row's line.
 * Slugs are made from the name, and the category is added when
 * the list has that name twice (the same rule as corpus/listings.json, so both agree).
 */

export async function readPublicApisMarkdown(file: string): Promise<SourceItem[]> {
  return parsePublicApisMarkdown(await readSourceText(file), basename(file));
}

interface Table {
  category: string;
  headerLine: number;
  columns: { api: number; description: number; auth: number; https: number; cors: number };
}

/** Splits a table line into trimmed cells; leading and trailing pipes are optional, `\|` is a pipe inside a cell. */
export function splitTableRow(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '\\' && text[i + 1] === '|') {
      cell += '|';
      i += 1;
    } else if (char === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += char;
    }
  }
  cells.push(cell.trim());
  return cells;
}

const DELIMITER_ROW = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

const plain = (text: string) =>
  text
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

function columnsOf(header: string[]): Table['columns'] | null {
  const find = (name: string) => header.findIndex((cell) => plain(cell).toLowerCase() === name);
  const columns = { api: find('api'), description: find('description'), auth: find('auth'), https: find('https'), cors: find('cors') };
  return columns.api >= 0 && columns.description >= 0 ? columns : null;
}

const LINK = /^\[(.+)\]\(\s*<?([^\s<>()]+(?:\([^\s()]*\)[^\s<>()]*)*)>?(?:\s+"[^"]*")?\s*\)$/;

/**
 * `source`, when given, is recorded on every listing (with the row's line as its locator), and
 * evidence names it: the catalogue build passes the copy it reads, with version and licence.
 */
export function parsePublicApisMarkdown(text: string, fileLabel = 'public-apis.md', source?: Omit<SourceRecord, 'locator'>): SourceItem[] {
  const lines = text.split(/\r?\n/);
  const items: SourceItem[] = [];
  let heading = '';
  let table: Table | null = null;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const headingMatch = HEADING.exec(line);
    if (headingMatch) {
      heading = plain(headingMatch[2]!);
      table = null;
      continue;
    }
    if (!line.includes('|')) {
      table = null;
      continue;
    }
    if (!table) {
      // A header row is a line with pipes followed by a delimiter row.
      const next = lines[i + 1];
      if (next !== undefined && DELIMITER_ROW.test(next.trim())) {
        const columns = columnsOf(splitTableRow(line));
        i += 1;
        table = columns ? { category: heading, headerLine: i, columns } : { category: heading, headerLine: i, columns: { api: -1, description: -1, auth: -1, https: -1, cors: -1 } };
      }
      continue;
    }
    if (table.columns.api < 0) continue; // a table of something else
    items.push(rowItem(splitTableRow(line), table, items.length, i + 1, fileLabel, source));
  }
  return items;
}

function rowItem(cells: string[], table: Table, index: number, lineNumber: number, fileLabel: string, source: Omit<SourceRecord, 'locator'> | undefined): SourceItem {
  const where = `line ${lineNumber}${table.category ? ` (${table.category})` : ''}`;
  const notes: string[] = [];
  const apiCell = cells[table.columns.api] ?? '';
  const link = LINK.exec(apiCell);
  const name = plain(link ? link[1]! : apiCell);
  const fail = (field: string, message: string, slug?: string): SourceItem => ({
    index,
    where,
    ...(slug ? { slug } : {}),
    status: 'failed',
    reason: describeFieldProblems([{ field, message }]),
    problems: [{ field, message }],
  });
  if (!name) return fail('API', `the API cell of line ${lineNumber} is empty; write the API's name as a link: [Name](https://…)`);
  const slug = slugFromText(name);
  if (!slug) return fail('API', `the name ${JSON.stringify(name)} has no Latin letters or digits to make a slug from; add a Latin name`);
  if (!table.category) return fail('category', `the table above line ${lineNumber} has no heading; put a "### Category" heading above it`, slug);

  let url: string | undefined;
  if (link) {
    const target = link[2]!.trim();
    if (/^https?:\/\//i.test(target)) {
      const cleaned = removeTrackingParameters(target);
      if (cleaned.removed.length > 0) notes.push(`url: tracking parameters removed (${cleaned.removed.join(', ')})`);
      url = cleaned.url;
    } else {
      notes.push(`url: the link target ${JSON.stringify(target)} is not an absolute http(s) URL, so the listing has none`);
    }
  } else {
    notes.push('url: the API cell has no link, so the listing has none');
  }

  let description = plain(cells[table.columns.description] ?? '');
  if (description.length > DESCRIPTION_MAX) {
    notes.push(`description: ${description.length} characters cut to ${DESCRIPTION_MAX} at a word boundary ("…" marks the cut)`);
    description = cutAtWord(description, DESCRIPTION_MAX);
  }

  const row = assessPublicApisRow({
    auth: table.columns.auth >= 0 ? plain(cells[table.columns.auth] ?? '') : '',
    https: table.columns.https >= 0 ? plain(cells[table.columns.https] ?? '') : '',
    cors: table.columns.cors >= 0 ? plain(cells[table.columns.cors] ?? '') : '',
    pointer: `#L${lineNumber}`,
    evidencePrefix: `public-apis:${fileLabel}`,
  });
  const { cliCriteria } = row;
  const access = Object.keys(row.access).length > 0 ? { access: row.access } : {};
  const sources = source ? { sources: [{ ...source, locator: `line ${lineNumber}: ${name} (${table.category})` }] } : {};

  const checked = listingSchema.safeParse(withoutUnsafeText({ slug, name, description, ...(url ? { url } : {}), category: table.category.slice(0, 80), cliCriteria, ...access, ...sources }));
  if (!checked.success) {
    const problems = toFieldProblems(checked.error).map((problem) => ({
      ...problem,
      message: problem.field === 'description' && !description ? `the Description cell of line ${lineNumber} is empty; write what the API does` : problem.message,
    }));
    return { index, where, slug, status: 'failed', reason: describeFieldProblems(problems), problems };
  }
  return { index, where, status: 'valid', listing: checked.data, slugFrom: 'derived', alternativeSlugs: [joinSlug(slug, table.category)], notes };
}
