import type { CuratedSource } from '../core/listings/listing.ts';
import { createPacer } from '../enrich/pacer.ts';
import type { RowCuration } from './curation.ts';
import type { CuratedHead } from './read-curated-head.ts';
import { pricingFigures } from '../core/listings/pricing-words.ts';

/**
 * `npx apidex catalog verify` (issue 30, ADR 27): re-reads each page a curated fact cites,
 * politely (a User-Agent that says who asks, at most `concurrency` requests at once, a pause
 * between two requests to one host, a timeout), records the HTTP status and whether the page
 * still states the fact's key figure (a price, an allowance, a limit), and lists evidence that
 * is broken (no page, or 4xx/5xx), no longer states its figure, or is older than `staleDays`.
 */

export const VERIFY_USER_AGENT = 'apidex-catalog-verify/1 (re-reads the pages the curated head cites; https://github.com/apidex)';

export interface CitedFact {
  file: string;
  slug: string;
  /** Which fact: "criteria.rateLimits", "pricing.plans[Pro]", "docsUrl". */
  fact: string;
  asOf: string;
  dated: CuratedSource['dated'];
  thirdParty: boolean;
  /** The figures the page must still state; empty when the fact has none to check (a tier, a yes/no). */
  figures: string[];
}

export interface FactCheck extends CitedFact {
  ageDays: number;
  stale: boolean;
  /** Whether the page still states every figure; null when there is none to check or no page was read. */
  figureFound: boolean | null;
  missingFigures: string[];
}

export interface PageCheck {
  url: string;
  /** HTTP status of the final answer (after redirects); null when none came. */
  status: number | null;
  error: string | null;
  broken: boolean;
  facts: FactCheck[];
}

export interface VerifyReport {
  checkedAt: string;
  staleDays: number;
  pages: PageCheck[];
  summary: { pages: number; facts: number; broken: number; figureMissing: number; stale: number; figureChecked: number };
}

export interface VerifyOptions {
  staleDays: number;
  concurrency: number;
  /** The least time between two requests to one host. */
  perHostDelayMs: number;
  timeoutMs: number;
  now?: Date;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  onProgress?: (done: number, total: number) => void;
  /** The most bytes of one page read. */
  maxBodyBytes?: number;
}

const number = (value: number) => String(value);

/** Collects every cited fact of the curated head, with the figures its page should state, and the pages list rows are described from (ADR 33). */
export function citedFacts(head: CuratedHead, rows: readonly RowCuration[] = []): Map<string, CitedFact[]> {
  const byUrl = new Map<string, CitedFact[]>();
  const add = (file: string, slug: string, fact: string, source: CuratedSource, figures: string[]) => {
    const list = byUrl.get(source.url) ?? [];
    list.push({ file, slug, fact, asOf: source.asOf, dated: source.dated, thirdParty: source.thirdParty === true, figures });
    byUrl.set(source.url, list);
  };
  for (const { file, data } of head.providers) {
    for (const product of data.products) {
      add(file, product.slug, 'docsUrl', product.docsUrl.source, []);
      product.capabilities.forEach((capability, index) => {
        if (typeof capability !== 'string') add(file, product.slug, `capabilities[${index}]`, capability.source, []);
      });
      for (const [key, criterion] of Object.entries(product.criteria)) {
        if (criterion.status === 'not_assessed') continue;
        const figures = key === 'rateLimits' && criterion.figure ? [...criterion.figure.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((match) => match[0]) : [];
        add(file, product.slug, `criteria.${key}`, criterion.source, figures);
      }
      const pricing = product.pricing ?? {};
      if (pricing.tier) add(file, product.slug, 'pricing.tier', pricing.tier.source, []);
      if (pricing.freeAllowance) add(file, product.slug, 'pricing.freeAllowance', pricing.freeAllowance.source, pricingFigures.freeAllowance(pricing.freeAllowance.value).map(number));
      if (pricing.payAsYouGo) add(file, product.slug, 'pricing.payAsYouGo', pricing.payAsYouGo.source, pricingFigures.payAsYouGo(pricing.payAsYouGo.value).map(number));
      for (const plan of pricing.plans ?? []) add(file, product.slug, `pricing.plans[${plan.value.name}]`, plan.source, pricingFigures.plan(plan.value).map(number));
      if (pricing.creditCardRequired) add(file, product.slug, 'pricing.creditCardRequired', pricing.creditCardRequired.source, []);
      const agent = product.agent ?? {};
      if (agent.mcpServer) add(file, product.slug, 'agent.mcpServer', agent.mcpServer.source, []);
      if (agent.openapiUrl) add(file, product.slug, 'agent.openapiUrl', agent.openapiUrl.source, []);
      if (agent.sandbox) add(file, product.slug, 'agent.sandbox', agent.sandbox.source, []);
    }
  }
  for (const row of rows) add('curation', row.row, 'description', row.page, []);
  return byUrl;
}

/** A page's readable text: tags, scripts and styles out, entities for spaces and separators decoded, spaces collapsed. */
export function pageText(body: string): string {
  return body
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;|&#x0*a0;/gi, ' ')
    .replace(/&#44;|&comma;/gi, ',')
    .replace(/&amp;/gi, '&')
    .replace(/\s+/g, ' ');
}

/**
 * Whether the text states the figure in one of the ways pages write numbers: "50000", "50,000",
 * "50 000", "50k", "0.90" for 0.9, "$20" or "20.00" for 20. A figure is matched as a whole
 * number, never inside a longer one ("5000" is not found in "150000").
 */
export function statesFigure(text: string, figure: string): boolean {
  const value = Number(figure.replace(/,/g, ''));
  if (!Number.isFinite(value)) return text.includes(figure);
  const forms = new Set<string>([figure, String(value)]);
  if (Number.isInteger(value)) {
    forms.add(value.toLocaleString('en-US'));
    forms.add(value.toLocaleString('en-US').replace(/,/g, ' '));
    forms.add(value.toLocaleString('en-US').replace(/,/g, '.'));
    forms.add(`${value}.00`);
    if (value >= 1000 && value % 1000 === 0) forms.add(`${value / 1000}k`).add(`${value / 1000}K`);
    if (value >= 1_000_000 && value % 1_000_000 === 0) forms.add(`${value / 1_000_000}M`).add(`${value / 1_000_000} million`);
  } else {
    forms.add(value.toFixed(2));
    forms.add(String(value).replace(/^0\./, '.'));
  }
  return [...forms].some((form) => new RegExp(`(?<![\\d.,])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d]|[.,]\\d)`).test(text));
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readPage(url: string, options: VerifyOptions): Promise<{ status: number | null; body: string | null; error: string | null }> {
  const fetchImpl = options.fetch ?? fetch;
  try {
    const response = await fetchImpl(url, {
      headers: { 'user-agent': VERIFY_USER_AGENT, accept: 'text/html, text/markdown, text/plain, application/json, application/yaml;q=0.9, */*;q=0.5' },
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return { status: response.status, body: null, error: `HTTP ${response.status}` };
    }
    const max = options.maxBodyBytes ?? 8 * 1024 * 1024;
    const reader = response.body?.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      chunks.push(value);
      if (size > max) {
        await reader.cancel().catch(() => {});
        break;
      }
    }
    return { status: response.status, body: Buffer.concat(chunks).toString('utf8'), error: null };
  } catch (error) {
    const err = error as { name?: string; cause?: { code?: string } ; message?: string };
    const reason = err.name === 'TimeoutError' || err.name === 'AbortError' ? `no answer within ${options.timeoutMs} ms` : `cannot connect (${err.cause?.code ?? err.message ?? 'unknown error'})`;
    return { status: null, body: null, error: reason };
  }
}

const DAY_MS = 86_400_000;

export async function verifyCuratedEvidence(head: CuratedHead, options: VerifyOptions, rows: readonly RowCuration[] = []): Promise<VerifyReport> {
  const now = options.now ?? new Date();
  const sleep = options.sleep ?? defaultSleep;
  const byUrl = citedFacts(head, rows);
  const urls = [...byUrl.keys()].sort();
  const pages: PageCheck[] = new Array(urls.length);
  // Requests to one host are spaced; different hosts run side by side.
  const pace = createPacer(options.perHostDelayMs, sleep);
  let done = 0;
  let cursor = 0;
  const worker = async () => {
    for (;;) {
      const index = cursor++;
      if (index >= urls.length) return;
      const url = urls[index]!;
      await pace(new URL(url).host);
      const read = await readPage(url, options);
      const text = read.body === null ? null : pageText(read.body);
      const facts = byUrl.get(url)!.map((fact): FactCheck => {
        const ageDays = Math.floor((now.getTime() - Date.parse(`${fact.asOf}T00:00:00Z`)) / DAY_MS);
        const missingFigures = text === null ? [] : fact.figures.filter((figure) => !statesFigure(text, figure));
        return { ...fact, ageDays, stale: ageDays > options.staleDays, figureFound: text === null || fact.figures.length === 0 ? null : missingFigures.length === 0, missingFigures };
      });
      pages[index] = { url, status: read.status, error: read.error, broken: read.error !== null, facts };
      done += 1;
      options.onProgress?.(done, urls.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, urls.length)) }, worker));
  const allFacts = pages.flatMap((page) => page.facts);
  return {
    checkedAt: now.toISOString(),
    staleDays: options.staleDays,
    pages,
    summary: {
      pages: pages.length,
      facts: allFacts.length,
      broken: pages.filter((page) => page.broken).length,
      figureChecked: allFacts.filter((fact) => fact.figureFound !== null).length,
      figureMissing: allFacts.filter((fact) => fact.figureFound === false).length,
      stale: allFacts.filter((fact) => fact.stale).length,
    },
  };
}
