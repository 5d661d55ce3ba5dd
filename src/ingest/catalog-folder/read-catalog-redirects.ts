import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { REDIRECTS_FILE, redirectsFileSchema, type SlugRedirect } from '../../core/catalogue/slug-redirects.ts';
import { formatPath } from '../../core/validation-messages.ts';
import type { CatalogProblem } from './read-catalog-folder.ts';
import { lineOfPath } from './yaml-lines.ts';

export { REDIRECTS_FILE };

const SHAPE_FIX = 'write "redirects:" followed by items of "- from: old-slug", "to: [new-slug]" and "reason: why it moved"';

/**
 * Reads and checks `_redirects.yaml` of a catalogue folder; a folder without one has no
 * redirects. With the folder's `slugs`, also checks that no old slug still names a listing and
 * that every new slug names a listing or another old slug (a chain). A file with any problem
 * gives no redirects, as a listing file with a problem gives no listing.
 */
export function readCatalogRedirects(dir: string, { slugs }: { slugs?: ReadonlySet<string> } = {}): { redirects: SlugRedirect[]; problems: CatalogProblem[] } {
  const file = join(dir, REDIRECTS_FILE);
  if (!existsSync(file)) return { redirects: [], problems: [] };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { redirects: [], problems: [{ file, field: '', message: `cannot read the file: ${(error as Error).message}`, fix: 'make the file readable, or remove it' }] };
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;
  const [yamlError] = document.errors;
  if (yamlError) return { redirects: [], problems: [{ file, line: lineAt(yamlError.pos[0]), field: '', message: `invalid YAML: ${yamlError.message}`, fix: 'correct the YAML syntax at this line' }] };
  let data: unknown;
  try {
    data = document.toJS();
  } catch (error) {
    return { redirects: [], problems: [{ file, field: '', message: `cannot read the YAML: ${(error as Error).message}`, fix: 'write the values out instead of repeating anchors' }] };
  }
  const parsed = redirectsFileSchema.safeParse(data ?? {}, { reportInput: true });
  if (!parsed.success) {
    return {
      redirects: [],
      problems: parsed.error.issues.map((issue) => ({ file, line: lineOfPath(document, issue.path, lineAt), field: formatPath(issue.path), message: issue.message, fix: issue.path.length === 0 ? SHAPE_FIX : issue.message })),
    };
  }
  const redirects = parsed.data.redirects;
  const problems: CatalogProblem[] = [];
  const froms = new Map<string, number>();
  redirects.forEach((redirect, i) => {
    const at = (path: PropertyKey[]) => lineOfPath(document, ['redirects', i, ...path], lineAt);
    if (froms.has(redirect.from)) problems.push({ file, line: at(['from']), field: `redirects[${i}].from`, message: `"${redirect.from}" is redirected twice (also at redirects[${froms.get(redirect.from)}])`, fix: 'keep one entry per old slug' });
    froms.set(redirect.from, i);
    if (slugs?.has(redirect.from)) problems.push({ file, line: at(['from']), field: `redirects[${i}].from`, message: `"${redirect.from}" still names a listing (${redirect.from}.yaml)`, fix: 'remove the redirect, or the listing whose slug it was' });
  });
  if (slugs) {
    redirects.forEach((redirect, i) =>
      redirect.to.forEach((target, j) => {
        if (!slugs.has(target) && !froms.has(target)) {
          problems.push({ file, line: lineOfPath(document, ['redirects', i, 'to', j], lineAt), field: `redirects[${i}].to[${j}]`, message: `"${target}" names no listing of the folder`, fix: `point it at a listing's slug (a file ${target}.yaml), or remove it` });
        }
      }),
    );
  }
  return { redirects: problems.length ? [] : redirects, problems };
}
