import { checkCorpusListings } from '../corpus-json/read-corpus-listings.ts';
import { SourceError, type SourceItem } from '../source-items.ts';
import { isFolder, listStructuredFiles, parseStructuredText, readSourceText, relativeTo } from '../structured-files.ts';
import { fromCorpusItems } from '../listings-json/read-listings-json.ts';

/**
 * Reads listings written in YAML: a file holding one listing (a mapping, as a catalogue file)
 * or a list of them, or a folder of such files (a catalogue folder). Each listing is checked
 * like an item of a listings JSON file (the same fields, adjustments and messages), so the two
 * formats import alike. A file that is not YAML fails alone in a folder; given on its own it
 * fails the import as a whole (SourceError).
 */
export async function readListingsYaml(path: string): Promise<SourceItem[]> {
  if (!(await isFolder(path))) return itemsOfYamlText(await readSourceText(path), path, 0, undefined, true);
  const items: SourceItem[] = [];
  const seen = new Map<string, string>();
  for (const file of await listStructuredFiles(path, new Set(['.yaml', '.yml']))) {
    const where = relativeTo(path, file);
    for (const item of itemsOfYamlText(await readSourceText(file), file, items.length, where, false)) {
      // Slugs are unique across the folder: the first file with one keeps it.
      if (item.status === 'valid') {
        const first = seen.get(item.listing.slug);
        if (first) {
          items.push({ index: items.length, where: item.where, slug: item.listing.slug, status: 'skipped', reason: `duplicate slug "${item.listing.slug}": ${first} has it and is kept; give this one another slug or remove it` });
          continue;
        }
        seen.set(item.listing.slug, item.where ?? where);
      }
      items.push({ ...item, index: items.length });
    }
  }
  return items;
}

function itemsOfYamlText(text: string, file: string, firstIndex: number, where: string | undefined, whole: boolean): SourceItem[] {
  const parsed = parseStructuredText(text, file.endsWith('.json') ? `${file}.yaml` : file);
  const fail = (message: string): SourceItem[] => {
    if (whole) throw new SourceError(`${file} is ${message}.`, 'format');
    return [{ index: firstIndex, ...(where ? { where } : {}), status: 'failed', reason: `The file is ${message}.`, problems: [{ field: '(file)', message: `the file is ${message}` }] }];
  };
  if (!parsed.ok) return fail(parsed.message);
  const value = parsed.value;
  if (value === null || value === undefined) return fail('empty; write one listing as "key: value" lines (slug, name, description, category, …) or a list of them');
  const records = Array.isArray(value) ? value : [value];
  if (!Array.isArray(value) && typeof value !== 'object') return fail(`a single ${typeof value}, not a listing; write one listing as "key: value" lines (slug, name, description, category, …) or a list of them`);
  return fromCorpusItems(checkCorpusListings(records).items).map((item) => {
    const place = [where, Array.isArray(value) ? `item ${item.index}` : undefined].filter(Boolean).join(' ');
    return { ...item, index: firstIndex + item.index, ...(place ? { where: place } : {}) };
  });
}
