import type { CatalogFolderResult, CatalogProblem } from './read-catalog-folder.ts';

/**
 * Renders the problems of a catalogue folder for a terminal, one per line, then a summary line:
 *
 *   catalog/foo.yaml:12 pricingTier: "premium" is not an allowed value → fix: use one of …
 *   2 problems in 1 of 5 files
 */
export function formatCatalogProblems(result: CatalogFolderResult): string {
  const lines = result.problems.map(formatCatalogProblem);
  lines.push(summarize(result));
  return lines.join('\n');
}

export function formatCatalogProblem(problem: CatalogProblem): string {
  const location = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`;
  const subject = problem.field === '' ? '' : ` ${problem.field}:`;
  return `${location}${subject} ${problem.message} → fix: ${problem.fix}`;
}

function summarize({ listings, problems }: CatalogFolderResult): string {
  const filesWithProblems = new Set(problems.map((problem) => problem.file)).size;
  // Every file read is either a listing or has a problem (see CatalogFolderResult).
  const filesRead = listings.length + filesWithProblems;
  const files = `${filesRead} ${filesRead === 1 ? 'file' : 'files'}`;
  if (problems.length === 0) return `No problems in ${files}`;
  return `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in ${filesWithProblems} of ${files}`;
}
