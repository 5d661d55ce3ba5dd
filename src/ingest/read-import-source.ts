import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { readListingsJson } from './listings-json/read-listings-json.ts';
import { readListingsYaml } from './listings-yaml/read-listings-yaml.ts';
import { readOpenApiSource } from './openapi/read-openapi-documents.ts';
import { readPublicApisMarkdown } from './public-apis-md/read-public-apis-markdown.ts';
import { SourceError, type SourceFormat, type SourceItems } from './source-items.ts';
import { isFolder, listStructuredFiles, parseStructuredText, readSourceText } from './structured-files.ts';

/**
 * Reads an import source in the given format, or the one its content shows:
 * - a Markdown file (.md, .markdown): a public-apis style list;
 * - a JSON or YAML file whose top level has "openapi" or "swagger": an OpenAPI document;
 * - another JSON file: our listings JSON; another YAML file: our listings YAML;
 * - a folder: OpenAPI documents when its files are, listing YAML files when they are.
 */
export async function readImportSource(path: string, { format }: { format?: SourceFormat } = {}): Promise<SourceItems> {
  const folder = await isFolder(path);
  const chosen = format ?? (folder ? await detectFolderFormat(path) : await detectFileFormat(path));
  switch (chosen) {
    case 'openapi':
      return { format: chosen, items: await readOpenApiSource(path) };
    case 'yaml':
      return { format: chosen, items: await readListingsYaml(path) };
    case 'json':
      if (folder) throw new SourceError(`${path} is a folder; --format json takes one JSON file (an array of listings). For a folder of OpenAPI documents use --format openapi, of listing YAML files --format yaml.`, 'format');
      return { format: chosen, items: await readListingsJson(path) };
    case 'public-apis-md':
      if (folder) throw new SourceError(`${path} is a folder; --format public-apis-md takes one Markdown file such as public-apis' README.md.`, 'format');
      return { format: chosen, items: await readPublicApisMarkdown(path) };
  }
}

const isOpenApi = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && ('openapi' in value || 'swagger' in value);

/** The first bytes of a file, enough to tell a JSON array from an object. */
async function firstCharacter(file: string): Promise<string> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return '';
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart()[0] ?? '';
  } finally {
    await handle.close();
  }
}

export async function detectFileFormat(file: string): Promise<SourceFormat> {
  const extension = extname(file).toLowerCase();
  if (extension === '.md' || extension === '.markdown') return 'public-apis-md';
  const first = await firstCharacter(file);
  // A JSON array is a listings file however large; only objects and YAML are parsed to look inside.
  if (first === '[') return 'json';
  const text = await readSourceText(file);
  if (extension !== '.json' && extension !== '.yaml' && extension !== '.yml' && /^#{1,3} .+$/m.test(text) && /^\|?.*\|.*\n\|?\s*:?-{3,}/m.test(text)) return 'public-apis-md';
  const parsed = parseStructuredText(text, extension === '.json' || first === '{' ? `${file}.json` : `${file}.yaml`);
  if (parsed.ok && isOpenApi(parsed.value)) return 'openapi';
  return extension === '.json' || (first === '{' && extension !== '.yaml' && extension !== '.yml') ? 'json' : 'yaml';
}

async function detectFolderFormat(dir: string): Promise<SourceFormat> {
  const files = await listStructuredFiles(dir);
  let documents = 0;
  let others = 0;
  for (const file of files) {
    const parsed = parseStructuredText(await readSourceText(file), file);
    if (!parsed.ok) continue;
    if (isOpenApi(parsed.value)) documents += 1;
    else others += 1;
  }
  if (documents > 0 && others > 0) {
    throw new SourceError(`${dir} holds ${documents} OpenAPI document${documents === 1 ? '' : 's'} and ${others} other file${others === 1 ? '' : 's'}; import them separately, or say which to read with --format openapi or --format yaml.`, 'format');
  }
  if (documents === 0 && others === 0 && files.length === 0) {
    throw new SourceError(`${dir} holds no .json, .yaml or .yml file to import; give a folder of OpenAPI documents or listing YAML files, or one file.`, 'format');
  }
  return documents > 0 ? 'openapi' : 'yaml';
}
