import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { parseDocument } from 'yaml';
import { SourceError } from './source-items.ts';

/** Reading files for importers: whole-source problems become SourceError, the rest stay per item. */

/** The text of a file; a missing or unreadable file is an environment problem of the whole source. */
export async function readSourceText(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder, not a file' : (error as Error).message;
    throw new SourceError(`Cannot read ${file}: ${reason}.`, 'unreadable');
  }
}

/** Whether the path is a folder; a path that does not exist is an environment problem. */
export async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SourceError(`Cannot read ${path}: ${code === 'ENOENT' ? 'no such file or folder' : (error as Error).message}.`, 'unreadable');
  }
}

const STRUCTURED_EXTENSIONS = new Set(['.json', '.yaml', '.yml']);

/** Every .json/.yaml/.yml file under a folder (sub-folders included, hidden ones not), in path order. */
export async function listStructuredFiles(dir: string, extensions: ReadonlySet<string> = STRUCTURED_EXTENSIONS): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string) => {
    const entries = await readdir(folder, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if ((entry.isFile() || entry.isSymbolicLink()) && extensions.has(extname(entry.name).toLowerCase())) found.push(path);
    }
  };
  try {
    await walk(dir);
  } catch (error) {
    throw new SourceError(`Cannot read the folder ${dir}: ${(error as Error).message}.`, 'unreadable');
  }
  return found;
}

export const relativeTo = (dir: string, file: string) => relative(dir, file) || file;

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * JSON for .json files, YAML otherwise (YAML 1.2 reads JSON too). YAML aliases are expanded
 * with the library's bound, so a "billion laughs" file is refused rather than filling memory.
 */
export function parseStructuredText(text: string, file: string): Parsed {
  if (extname(file).toLowerCase() === '.json') {
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch (error) {
      return { ok: false, message: `not valid JSON (${(error as Error).message}); fix the syntax, or check the file with \`node -e 'JSON.parse(require("fs").readFileSync(process.argv[1]))' FILE\`` };
    }
  }
  const document = parseDocument(text, { prettyErrors: false });
  const [error] = document.errors;
  if (error) {
    return { ok: false, message: `not valid YAML (${error.message.split('\n')[0]}); correct the syntax there: check the indentation, the quotes and the ": " after each key` };
  }
  try {
    return { ok: true, value: document.toJS() };
  } catch (caught) {
    return { ok: false, message: `cannot read the YAML (${(caught as Error).message}); write the values out instead of repeating anchors` };
  }
}
