import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The site's two static files, read once at start-up. Pages link them with a content hash
 * (`?v=…`), so browsers may keep them for a year and still see every change.
 */

export interface Asset {
  path: string;
  type: string;
  body: Buffer;
  version: string;
  /** The path pages link, with its content hash. */
  href: string;
}

function asset(file: string, type: string): Asset {
  const body = readFileSync(new URL(`./assets/${file}`, import.meta.url));
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  const path = `/assets/${file}`;
  return { path, type, body, version, href: `${path}?v=${version}` };
}

export const STYLESHEET = asset('site.css', 'text/css; charset=utf-8');
export const SCRIPT = asset('site.js', 'text/javascript; charset=utf-8');
export const ASSETS = [STYLESHEET, SCRIPT];
