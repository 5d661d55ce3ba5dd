import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (`npx playwright install` cannot download
 * browsers here; .ci/run installs the `chromium` package). Every context refuses requests that
 * leave loopback, and every page records what must never happen: dialogs, script errors and
 * Content-Security-Policy violations.
 */

export const CHROMIUM_PATH = process.env.APIDEX_CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install -y --no-install-recommends chromium\` (.ci/run does), or set APIDEX_CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

const LOOPBACK = /^(https?|wss?):\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;

export interface Watched {
  dialogs: string[];
  pageErrors: string[];
  cspViolations: string[];
}

/** A context that only reaches loopback, whose pages collect dialogs, errors and CSP violations into `watched`. */
export async function newWatchedContext(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; watched: Watched }> {
  const context = await browser.newContext(options);
  const watched: Watched = { dialogs: [], pageErrors: [], cspViolations: [] };
  await context.route('**/*', (route) => (LOOPBACK.test(route.request().url()) || route.request().url().startsWith('data:') ? route.continue() : route.abort()));
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => void watched.cspViolations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as any).__reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  context.on('page', (page) => watchPage(page, watched));
  return { context, watched };
}

function watchPage(page: Page, watched: Watched): void {
  page.on('dialog', (dialog) => {
    watched.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('pageerror', (error) => void watched.pageErrors.push(error.message));
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core in the page (WCAG 2.1 A/AA and best practices); returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n: any) => n.target.join(' ')) }));
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Bytes of JavaScript the page loaded: script responses plus inline executable scripts. */
export async function javascriptBytes(page: Page, url: string): Promise<number> {
  let bytes = 0;
  const counting = async (response: import('playwright-core').Response) => {
    if (response.request().resourceType() === 'script') bytes += (await response.body().catch(() => Buffer.alloc(0))).length;
  };
  page.on('response', counting);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', counting);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !s.getAttribute('type') || /javascript|module/.test(s.getAttribute('type')!))
      .reduce((sum, s) => sum + new TextEncoder().encode(s.textContent ?? '').length, 0),
  );
  return bytes + inline;
}
