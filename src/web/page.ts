import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SCRIPT, STYLESHEET } from './assets.ts';
import { html, jsonScriptContent, type Html, type HtmlValue } from './html.ts';

/**
 * The frame of every page: head (canonical URL, Open Graph, JSON-LD), header with search,
 * footer, and the response headers every HTML answer carries: a Content-Security-Policy whose
 * script nonce is new for each response, so only the scripts this response wrote can run.
 */

export const SITE_NAME = 'apidex';

export interface PageSpec {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/apis/real-time-channels-api" (query parameters that select content included). */
  path: string;
  main: Html;
  status?: number;
  jsonLd?: unknown[];
  ogType?: 'website' | 'article';
  /** Which top navigation entry is current. */
  section?: 'home' | 'search' | 'categories' | 'compare' | 'docs';
  /** Words for the header search box. */
  query?: string;
  /** Pages that should not be indexed (errors, forms, result pages). */
  noindex?: boolean;
  /** Cache-Control when not the default no-cache: no-store for a page holding a secret. */
  cacheControl?: 'no-store';
}

/**
 * The site's public origin for absolute URLs (canonical links, sitemap, llms.txt, the API
 * catalog): the configured APIDEX_PUBLIC_URL, never the request's Host header, which a client
 * chooses and which would end up in responses caches keep (issue 15).
 */
export function originOf(request: FastifyRequest): string {
  return request.server.publicOrigin;
}

export const newNonce = () => randomBytes(18).toString('base64');

export const contentSecurityPolicy = (nonce: string) =>
  [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');

const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1d4ed8"/><path d="M9 11l6 5-6 5M17 21h7" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>')}`;

const LOGO = html`<svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="7" fill="#1d4ed8"/><path d="M9 11l6 5-6 5M17 21h7" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

const NAV: { section: NonNullable<PageSpec['section']>; href: string; label: string }[] = [
  { section: 'search', href: '/search', label: 'Search' },
  { section: 'categories', href: '/categories', label: 'Categories' },
  { section: 'compare', href: '/compare', label: 'Compare' },
  { section: 'docs', href: '/docs/api', label: 'API' },
];

function renderPage(spec: PageSpec, origin: string, nonce: string): Html {
  const canonical = `${origin}${spec.path}`;
  const title = spec.section === 'home' ? spec.title : `${spec.title} · ${SITE_NAME}`;
  const jsonLd: HtmlValue[] = (spec.jsonLd ?? []).map((data) => html`<script type="application/ld+json" nonce="${nonce}">${jsonScriptContent(data)}</script>`);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${spec.description}">
${spec.noindex ? html`<meta name="robots" content="noindex">` : ''}
<link rel="canonical" href="${canonical}">
<meta property="og:site_name" content="${SITE_NAME}">
<meta property="og:type" content="${spec.ogType ?? 'website'}">
<meta property="og:title" content="${spec.title}">
<meta property="og:description" content="${spec.description}">
<meta property="og:url" content="${canonical}">
<meta name="twitter:card" content="summary">
<link rel="icon" href="${ICON}">
<link rel="stylesheet" href="${STYLESHEET.href}">
<link rel="alternate" type="text/plain" href="/llms.txt" title="apidex for language models">
<link rel="api-catalog" href="/.well-known/api-catalog">
${jsonLd}
<script src="${SCRIPT.href}" nonce="${nonce}" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<div class="wrap">
<a class="brand" href="/">${LOGO}<span>${SITE_NAME}</span></a>
<nav class="site-nav" aria-label="Main">
<ul>${NAV.map((item) => html`<li><a href="${item.href}"${item.section === spec.section ? html` aria-current="page"` : ''}>${item.label}</a></li>`)}</ul>
</nav>
${
  spec.section === 'home' || spec.section === 'search'
    ? ''
    : html`<form class="header-search" role="search" aria-label="Site search" action="/search" method="get">
<label class="visually-hidden" for="site-search">Search APIs</label>
<input id="site-search" type="search" name="q" value="${spec.query ?? ''}" placeholder="Search APIs" autocomplete="off">
<button type="submit" class="secondary">Search</button>
</form>`
}
</div>
</header>
<main id="main" tabindex="-1">
${spec.main}
</main>
<footer class="site-footer">
<div class="wrap">
<span>${SITE_NAME}: a directory of programmable APIs, scored for terminals, CI jobs and agents.</span>
<a href="/docs/api">API reference</a>
<a href="/openapi.json">OpenAPI</a>
<a href="/llms.txt">llms.txt</a>
<a href="/sitemap.xml">Sitemap</a>
</div>
</footer>
</body>
</html>
`;
}

/** Sends a page with its security headers; every call makes a new nonce. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, spec: PageSpec): FastifyReply {
  const nonce = newNonce();
  const body = renderPage(spec, originOf(request), nonce).text;
  return reply
    .code(spec.status ?? 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(nonce))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('x-frame-options', 'DENY')
    .header('cache-control', spec.cacheControl ?? 'no-cache')
    // Each response is its own representation (its nonce differs), so its tag is the nonce:
    // it can never match a later response, and the HTML is not hashed for nothing.
    .header('etag', `"n-${nonce.replace(/[^A-Za-z0-9]/g, '')}"`)
    .send(body);
}
