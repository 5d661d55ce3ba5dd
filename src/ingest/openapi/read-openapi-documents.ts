import { listingSchema } from '../../core/listings/listing.ts';
import { describeFieldProblems, toFieldProblems } from '../../core/validation-messages.ts';
import { joinSlug, type SourceItem } from '../source-items.ts';
import { isFolder, listStructuredFiles, parseStructuredText, readSourceText, relativeTo } from '../structured-files.ts';
import { assessOpenApiDocument } from './assess-openapi-document.ts';
import { withoutUnsafeText } from '../../core/text/unsafe-characters.ts';

/**
 * Reads OpenAPI 3.0/3.1 and Swagger 2.0 documents (JSON or YAML), a file or every
 * .json/.yaml/.yml file under a folder, into one item per document: a listing with the
 * criteria the document evidences (assessOpenApiDocument), or a failure saying what is missing.
 * A file that is not a document fails alone; the others are still read.
 */
export async function readOpenApiSource(path: string): Promise<SourceItem[]> {
  if (!(await isFolder(path))) return [await readOpenApiFile(path, 0, path)];
  const files = await listStructuredFiles(path);
  const items: SourceItem[] = [];
  for (const [index, file] of files.entries()) items.push(await readOpenApiFile(file, index, relativeTo(path, file)));
  return items;
}

export async function readOpenApiFile(file: string, index: number, where: string): Promise<SourceItem> {
  let text: string;
  try {
    text = await readSourceText(file);
  } catch (error) {
    return { index, where, status: 'failed', reason: (error as Error).message, problems: [{ field: '(file)', message: (error as Error).message }] };
  }
  return openApiItem(parseStructuredText(text, file), index, where);
}

/** One item from a parsed (or unparseable) document. */
export function openApiItem(parsed: ReturnType<typeof parseStructuredText>, index: number, where: string): SourceItem {
  if (!parsed.ok) return { index, where, status: 'failed', reason: `The file is ${parsed.message}.`, problems: [{ field: '(file)', message: `the file is ${parsed.message}` }] };
  const assessment = assessOpenApiDocument(parsed.value);
  const slug = assessment.listing.slug;
  if (assessment.problems.length > 0) {
    return { index, where, ...(slug ? { slug } : {}), status: 'failed', reason: describeFieldProblems(assessment.problems), problems: assessment.problems };
  }
  const { listing: fields, cliCriteria } = assessment;
  const checked = listingSchema.safeParse(withoutUnsafeText({
    slug: fields.slug,
    name: fields.name,
    description: fields.description,
    ...(fields.url ? { url: fields.url } : {}),
    category: fields.category,
    capabilities: fields.capabilities,
    cliCriteria,
  }));
  if (!checked.success) {
    const problems = toFieldProblems(checked.error);
    return { index, where, ...(slug ? { slug } : {}), status: 'failed', reason: describeFieldProblems(problems), problems };
  }
  const assessed = Object.keys(cliCriteria);
  const notes = [
    ...assessment.notes,
    `criteria assessed from the document: ${assessed.length > 0 ? assessed.map((key) => `${key} ${cliCriteria[key as keyof typeof cliCriteria]!.status}`).join(', ') : 'none'} (${assessment.version})`,
  ];
  return {
    index,
    where,
    status: 'valid',
    listing: checked.data,
    slugFrom: 'derived',
    ...(assessment.provider ? { alternativeSlugs: [joinSlug(checked.data.slug, assessment.provider)] } : {}),
    notes,
  };
}
