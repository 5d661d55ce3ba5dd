import type { ListingDetail, ListingSummary } from '../core/listings/listing-detail.ts';
import { compactNumber } from '../core/listings/compact-number.ts';
import type { IntegrationStats, ReviewStats } from '../core/reviews/review-stats.ts';
import type { Review } from '../core/reviews/review-schema.ts';
import { html, join, safeHref, type Html } from './html.ts';

/** Pieces several pages share: score visuals, listing cards, reviews. All text is escaped by `html`. */

type Cli = ListingDetail['cliRelevance'] | ListingSummary['cliRelevance'];
type QualityScore = Pick<ListingDetail['quality'], 'score' | 'scoreMax'>;

const band = (score: number) => (score >= 8 ? 'good' : score >= 5 ? 'mid' : 'low');
const scoreClass = (score: number | null) => (score === null ? 'unknown' : band(score));

/** A ring filled to score/10, with the number in the middle; an unknown score is a dashed empty ring. */
export function scoreRing(score: number | null, label: string, range?: { min: number; max: number } | null): Html {
  const r = 26;
  const circumference = 2 * Math.PI * r;
  const shown = score ?? range?.min ?? 0;
  const filled = score === null ? 0 : (circumference * score) / 10;
  const text = score !== null ? String(score) : range ? `${range.min}–${range.max}` : '—';
  return html`<svg class="score-ring ${score === null ? 'unknown' : band(shown)}" width="68" height="68" viewBox="0 0 68 68" role="img" aria-label="${label}">
<circle class="track" cx="34" cy="34" r="${r}" fill="none" stroke-width="7"${score === null ? html` stroke-dasharray="4 4"` : ''}/>
${score === null ? '' : html`<circle class="value" cx="34" cy="34" r="${r}" fill="none" stroke-width="7" stroke-linecap="round" stroke-dasharray="${filled.toFixed(2)} ${circumference.toFixed(2)}" transform="rotate(-90 34 34)"/>`}
<text x="34" y="${score !== null ? 36 : 39}" text-anchor="middle"${range && score === null ? html` font-size="14"` : ''}>${text}</text>
${score !== null ? html`<text class="of" x="34" y="49" text-anchor="middle">of 10</text>` : ''}
</svg>`;
}

/** A thin bar of points earned out of the input's maximum. */
export function pointsBar(points: number, max: number): Html {
  const share = max > 0 ? Math.max(0, Math.min(1, points / max)) : 0;
  return html`<svg class="bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect class="track" width="100" height="8" rx="4"/><rect class="fill" width="${(share * 100).toFixed(1)}" height="8" rx="4"/></svg>`;
}

/** "8/10", "4–9 of 10" or "not scored": a missing score is never 0. */
export function cliText(cli: Cli): string {
  if (cli.status === 'complete') return `${cli.score}/10`;
  if (cli.status === 'partial' && cli.range) return `${cli.range.min}–${cli.range.max} of 10`;
  return 'not scored';
}

export const qualityText = (quality: QualityScore): string => (quality.score === null ? 'not scored' : `${quality.score}/10`);

export const STATUS_WORDS: Record<string, string> = { passed: 'Passed', failed: 'Failed', not_assessed: 'Not assessed' };
const STATUS_ICONS: Record<string, string> = { passed: '✓', failed: '✗', not_assessed: '?' };

export const criterionStatus = (status: string): Html =>
  html`<span class="status ${status}"><span aria-hidden="true">${STATUS_ICONS[status] ?? '?'}</span> ${STATUS_WORDS[status] ?? status}</span>`;

/**
 * The CLI relevance card: ring, wording, every assessed criterion with its evidence and points,
 * the unassessed ones in one line, and the arithmetic.
 */
export function cliRelevanceCard(cli: ListingDetail['cliRelevance'], headingId = 'cli-relevance'): Html {
  const assessed = cli.criteria.filter((c) => c.status !== 'not_assessed');
  const pending = cli.criteria.filter((c) => c.status === 'not_assessed');
  const summary =
    cli.status === 'complete'
      ? html`<p class="score-word">${cli.score} of 10 · ${cli.wording} for automated workflows</p><p class="score-sub">${cli.raw} of ${cli.max} raw points</p>`
      : cli.status === 'partial'
        ? html`<p class="score-word">Between ${cli.range!.min} and ${cli.range!.max} of 10${cli.wording ? html` · ${cli.wording}` : ''}</p><p class="score-sub">${cli.assessed} of 8 criteria assessed, so no single score yet</p>`
        : html`<p class="score-word">Not scored</p><p class="score-sub">None of the 8 criteria has been assessed yet; that is unknown, not 0.</p>`;
  const ringLabel =
    cli.status === 'complete' ? `CLI relevance ${cli.score} of 10` : cli.status === 'partial' ? `CLI relevance between ${cli.range!.min} and ${cli.range!.max} of 10` : 'CLI relevance not scored';
  const rows = assessed.map(
    (c) => html`<tr data-criterion="${c.key}">
<th scope="row">${c.label}</th>
<td>${criterionStatus(c.status)}${c.evidence ? html`<div class="small muted evidence">${c.evidence}${'figure' in c && c.figure ? html` <span data-figure>(${c.figure})</span>` : ''}${'install' in c && c.install ? html` <code data-cli-install>${c.install}</code>` : ''}${'evidenceUrl' in c && safeHref(c.evidenceUrl) ? html` <a href="${safeHref(c.evidenceUrl)}" rel="noopener noreferrer" data-evidence-link>check the source</a>` : ''}${'asOf' in c && c.asOf ? html` <span data-as-of>(page ${c.dated === 'captured' ? 'captured' : 'read'} ${c.asOf}${c.thirdParty ? ', third-party page' : ''})</span>` : ''}</div>` : ''}</td>
<td class="num">${c.points} / ${c.maxPoints}</td>
</tr>`,
  );
  const pendingPoints = pending.reduce((sum, c) => sum + c.maxPoints, 0);
  const pendingLine = !pending.length
    ? ''
    : pending.length === cli.criteria.length
      ? html`<details class="not-assessed" data-not-assessed><summary>${criterionStatus('not_assessed')} No source shows any of the eight criteria yet</summary><p class="small">${join(
          pending.map((c) => html`<span data-criterion-pending="${c.key}">${c.label}</span> (${c.maxPoints} ${c.maxPoints === 1 ? 'point' : 'points'})`),
          html`, `,
        )}.</p></details>`
      : html`<p class="not-assessed" data-not-assessed>${criterionStatus('not_assessed')} <span>${pending.length} of 8, worth up to ${pendingPoints} points: ${join(
          pending.map((c) => html`<span data-criterion-pending="${c.key}">${c.label}</span>${'reason' in c && c.reason ? html` <span class="small" data-reason>(${c.reason})</span>` : ''}`),
          html`, `,
        )}. No source shows ${pending.length === 1 ? 'it' : 'them'} yet.</span></p>`;
  const formula =
    cli.status === 'complete'
      ? html`Raw <strong>${cli.raw} of ${cli.max}</strong> points; shown <strong>${cli.score} of ${cli.scoreMax}</strong> = round(${cli.raw} × 10 ÷ ${cli.max}). 8 or more reads “excellent” for automated workflows, lower “moderate”.`
      : cli.status === 'partial'
        ? html`If every unassessed criterion failed the score would be ${cli.range!.min}, if every one passed ${cli.range!.max}.`
        : '';
  return html`<section class="card" aria-labelledby="${headingId}">
<div class="score-head">${scoreRing(cli.score, ringLabel, cli.range)}<div><h2 id="${headingId}">CLI relevance</h2>${summary}</div></div>
${
  rows.length
    ? html`<div class="table-scroll"><table>
<caption class="visually-hidden">The assessed CLI relevance criteria</caption>
<thead><tr><th scope="col">Criterion</th><th scope="col">Result</th><th scope="col" class="num">Points</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row">Raw points</th><td></td><td class="num" data-raw>${cli.raw ?? 'not scored'} / ${cli.max}</td></tr>
<tr><th scope="row">Shown score</th><td></td><td class="num" data-shown>${cli.score ?? 'not scored'} / ${cli.scoreMax}</td></tr></tfoot>
</table></div>`
    : ''
}
${pendingLine}
${formula ? html`<p class="formula">${formula}</p>` : ''}
</section>`;
}

/** A quality input's value in words; null is "not shown". */
export function qualityValueText(input: string, value: string | number | boolean | null): string {
  if (value === null) return 'not shown';
  switch (input) {
    case 'weeklyDownloads':
      return typeof value === 'number' ? `${compactNumber(value)} a week` : String(value);
    case 'stars':
      return typeof value === 'number' ? value.toLocaleString('en') : String(value);
    case 'daysSinceLastRelease':
      return `${value} days`;
    case 'issueCloseRatio':
      return typeof value === 'number' ? `${Math.round(value * 100)}%` : String(value);
    case 'typeDefinitions':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    default:
      return String(value);
  }
}

const points = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

export function qualityCard(quality: ListingDetail['quality'], headingId = 'quality'): Html {
  const known = quality.breakdown.filter((b) => b.value !== null);
  const unknown = quality.breakdown.filter((b) => b.value === null);
  const anyIllustrative = known.some((b) => b.illustrative);
  const rows = known.map(
    (b) => html`<tr data-input="${b.input}">
<th scope="row">${b.label}<div class="small muted">${b.rule}</div></th>
<td class="value">${qualityValueText(b.input, b.value)}${b.illustrative ? html` <span class="illustrative" title="illustrative value">*</span>` : ''}</td>
<td class="num">${b.used ? points(b.points) : '—'} / ${points(b.maxPoints)}${b.used ? pointsBar(b.points, b.maxPoints) : ''}</td>
</tr>`,
  );
  return html`<section class="card" aria-labelledby="${headingId}">
<div class="score-head">${scoreRing(quality.score, quality.score === null ? 'Quality not scored' : `Quality ${quality.score} of 10`)}<div><h2 id="${headingId}">Quality</h2>
${quality.score === null ? html`<p class="score-word">Not scored</p><p class="score-sub">${known.length ? "Less than half of the inputs' weight is known" : 'None of the seven inputs is known yet'}; that is unknown, not 0.</p>` : html`<p class="score-word">${quality.score} of ${quality.scoreMax}</p><p class="score-sub">from ${quality.usedInputs.length} of ${quality.breakdown.length} inputs</p>`}
</div></div>
${
  rows.length
    ? html`<div class="table-scroll"><table>
<caption class="visually-hidden">Known quality inputs and their points</caption>
<thead><tr><th scope="col">Input</th><th scope="col">Value</th><th scope="col" class="num">Points</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row">Earned</th><td></td><td class="num">${points(quality.earned)} / ${points(quality.possible)}</td></tr></tfoot>
</table></div>`
    : ''
}
${unknown.length && known.length ? html`<p class="not-assessed" data-unknown-inputs><span class="status not_assessed">not shown</span> <span>${join(unknown.map((b) => html`<span data-input-pending="${b.input}">${b.label}</span>`), html`, `)}.</span></p>` : ''}
${quality.score !== null ? html`<p class="formula">Score = round(10 × ${points(quality.earned)} ÷ ${points(quality.possible)}) = <strong>${quality.score}</strong>, over the inputs that are known.${anyIllustrative ? html` <span class="illustrative">*</span> Illustrative: chosen inside the range the source shows, not observed for this listing.` : ''}</p>` : ''}
</section>`;
}

export const pricingChip = (tier: string | null): Html =>
  tier ? html`<span class="chip price">${tier}</span>` : html`<span class="chip">Pricing not shown</span>`;

/** Under a grouped entry: the provider's other products among the results, linked, and how many more. */
export function alsoFromLine(item: ListingSummary): Html {
  const also = item.also;
  if (!also) return html``;
  const named = also.items.slice(0, 3);
  const rest = also.count - named.length;
  return html`<span class="line also" data-also="${also.provider.id}">Also from <a href="/providers/${also.provider.id}">${also.provider.name}</a>: ${join(
    named.map((other) => html`<a class="quiet" href="/apis/${other.slug}">${other.name}</a>`),
    ', ',
  )}${rest > 0 ? html` and <a class="quiet" href="/providers/${also.provider.id}">${rest} more</a>` : ''}</span>`;
}

/** A listing in a list: name, description, pricing (when known), category and both scores. */
export function listingCard(item: ListingSummary, extra?: Html): Html {
  return html`<li class="card listing-card" data-slug="${item.slug}">
<h3><a href="/apis/${item.slug}">${item.name}</a></h3>
<p>${item.description}</p>
${item.also ? html`<p class="small">${alsoFromLine(item)}</p>` : ''}
<ul class="chips">${item.pricingTier ? html`<li>${pricingChip(item.pricingTier)}</li>` : ''}<li><a class="chip" href="/categories/${item.categorySlug}">${item.category}</a></li></ul>
<dl class="mini-scores">
<div><dt>CLI relevance</dt><dd class="score ${scoreClass(item.cliRelevance.score)}">${cliText(item.cliRelevance)}</dd></div>
<div><dt>Quality</dt><dd class="score ${scoreClass(item.quality.score)}">${qualityText(item.quality)}</dd></div>
${item.install && item.weeklyDownloads ? html`<div><dt>npm</dt><dd>${item.weeklyDownloadsCompact}/wk</dd></div>` : ''}
</dl>
${extra ?? ''}
</li>`;
}

export const listingCards = (items: ListingSummary[], extra?: (item: ListingSummary) => Html | undefined): Html =>
  html`<ul class="cards">${items.map((item) => listingCard(item, extra?.(item)))}</ul>`;

export const AUTH_WORDS: Record<string, string> = {
  none: 'none needed',
  apiKey: 'API key',
  'http-basic': 'HTTP basic',
  'http-bearer': 'bearer token',
  oauth2: 'OAuth 2',
  openIdConnect: 'OpenID Connect',
  other: 'other',
};

const authText = (auth: string[] | null) => (auth && auth.length ? auth.map((kind) => AUTH_WORDS[kind] ?? kind).join(', ') : '—');

/** A score as a small badge: "8", "4–10" or "—" (not scored), coloured by its band. */
function scoreBadge(text: string, score: number | null, label: string, isRange = false): Html {
  return html`<span class="badge ${isRange ? 'range' : scoreClass(score)}" title="${label}">${text}</span>`;
}

/**
 * Listings as dense rows, as a package registry lists them: name and one line, category, both
 * scores, authentication and a direct link. `extra` adds a line under an item's description.
 */
export function listingRows(items: ListingSummary[], { extra, within }: { extra?: (item: ListingSummary) => Html | undefined; within?: 'category' } = {}): Html {
  return html`<div class="table-scroll"><table class="listing-rows">
<caption class="visually-hidden">Listings, one a row</caption>
<thead><tr><th scope="col">API</th><th scope="col">${within === 'category' ? 'Subcategory' : 'Category'}</th><th scope="col" class="num">CLI</th><th scope="col" class="num">Quality</th><th scope="col">Auth</th><th scope="col"><span class="visually-hidden">Link</span></th></tr></thead>
<tbody>${items.map((item) => {
    const cli = item.cliRelevance;
    const href = safeHref(item.url);
    return html`<tr data-slug="${item.slug}">
<th scope="row"><a href="/apis/${item.slug}">${item.name}</a><span class="line">${item.description}</span>${alsoFromLine(item)}${extra?.(item) ?? ''}</th>
<td>${
      within === 'category'
        ? item.subcategory
          ? html`<a class="quiet" href="/categories/${item.categorySlug}?subcategory=${encodeURIComponent(item.subcategory)}">${item.subcategory}</a>`
          : html`<span class="muted">—</span>`
        : html`<a class="quiet" href="/categories/${item.categorySlug}">${item.category}</a>`
    }${item.pricingTier ? html`<span class="line">${item.pricingTier}</span>` : ''}</td>
<td class="num">${scoreBadge(cli.status === 'complete' ? String(cli.score) : cli.range ? `${cli.range.min}–${cli.range.max}` : '—', cli.score, `CLI relevance ${cliText(cli)}`, cli.range !== null && cli.status !== 'complete')}</td>
<td class="num">${scoreBadge(item.quality.score === null ? '—' : String(item.quality.score), item.quality.score, `Quality ${qualityText(item.quality)}`)}</td>
<td>${authText(item.auth)}</td>
<td>${href ? html`<a class="quiet" href="${href}" rel="noopener noreferrer" target="_blank" aria-label="Visit ${item.name} (opens in a new tab)">Visit ↗</a>` : ''}</td>
</tr>`;
  })}</tbody>
</table></div>`;
}

/** Numbered pages: first, last, the current one and two on each side, with gaps between. */
export function numberedPager(page: number, pages: number, hrefOf: (page: number) => string, label = 'Pages'): Html {
  if (pages <= 1) return html``;
  const shown = [...new Set([1, pages, ...Array.from({ length: 5 }, (_, i) => page - 2 + i)])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const links: Html[] = [];
  shown.forEach((n, i) => {
    if (i > 0 && n - shown[i - 1]! > 1) links.push(html`<li class="gap" aria-hidden="true">…</li>`);
    links.push(n === page ? html`<li><span aria-current="page">${n}</span></li>` : html`<li><a href="${hrefOf(n)}">${n}</a></li>`);
  });
  return html`<nav class="pager" aria-label="${label}">
${page > 1 ? html`<a class="button secondary" rel="prev" href="${hrefOf(page - 1)}">Previous</a>` : ''}
<ol class="pages">${links}</ol>
${page < pages ? html`<a class="button secondary" rel="next" href="${hrefOf(page + 1)}">Next</a>` : ''}
</nav>`;
}

const yesNo = (value: boolean | null) => (value === null ? 'not given' : value ? 'Yes' : 'No');
const share = (measure: { value: number | null; sampleSize: number }) =>
  measure.value === null ? 'no data yet' : `${Math.round(measure.value * 100)}% (of ${measure.sampleSize})`;
const average = (measure: { value: number | null; sampleSize: number }, suffix = ' / 5') =>
  measure.value === null ? 'no data yet' : `${measure.value}${suffix} (of ${measure.sampleSize})`;

export function reviewStatsBlock(stats: ReviewStats, integration: IntegrationStats): Html {
  if (stats.count === 0 && integration.liveReports === 0) return html``;
  return html`<div class="grid-2">
<div><h3>Ratings</h3><dl class="facts">
<div><dt>Published reviews</dt><dd>${stats.count}</dd></div>
<div><dt>Average rating</dt><dd>${average(stats.averageRating)}</dd></div>
<div><dt>CLI experience</dt><dd>${average(stats.averageCliExperience)}</dd></div>
<div><dt>Setup difficulty (5 hardest)</dt><dd>${average(stats.averageSetupDifficulty)}</dd></div>
<div><dt>Docs quality</dt><dd>${average(stats.averageDocsQuality)}</dd></div>
<div><dt>Would recommend</dt><dd>${share(stats.recommendRate)}</dd></div>
</dl></div>
<div><h3>Integration reports</h3><dl class="facts">
<div><dt>Live reports</dt><dd>${integration.liveReports}</dd></div>
<div><dt>Auth worked</dt><dd>${share(integration.authSuccessRate)}</dd></div>
<div><dt>Time to first request</dt><dd>${average(integration.meanTimeToFirstRequest, ' min')}</dd></div>
<div><dt>Worked headless</dt><dd>${share(integration.headlessRate)}</dd></div>
</dl><p class="small muted">Only reports with live evidence (${integration.evidenceLevels.join(', ')}) count here.</p></div>
</div>`;
}

const stars = (rating: number) => html`<span class="stars" aria-hidden="true">${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}</span>`;

const EVIDENCE_WORDS: Record<string, string> = {
  'docs-only': 'read the docs only',
  mocked: 'ran against mocks',
  'sandbox-live': 'live requests to a sandbox',
  'production-live': 'live requests in production',
};

/** One review; every user-written field is plain text (escaped), never markup or a link. */
export function reviewItem(review: Review): Html {
  const report = review.integrationReport;
  const date = review.updatedAt.slice(0, 10);
  return html`<article class="review" data-review-id="${review.id}" aria-labelledby="review-${review.id}">
<h3 id="review-${review.id}">${review.title}</h3>
<p class="review-meta">${stars(review.rating)} <span>Rated ${review.rating} of 5</span> · by <span class="reviewer">${review.reviewerName}</span> (${review.reviewerType}) · <time datetime="${review.updatedAt}">${date}</time></p>
<p class="body">${review.body}</p>
<dl class="facts">
${review.cliExperience !== null ? html`<div><dt>CLI experience</dt><dd>${review.cliExperience} / 5</dd></div>` : ''}
${review.setupDifficulty !== null ? html`<div><dt>Setup difficulty</dt><dd>${review.setupDifficulty} / 5</dd></div>` : ''}
${review.docsQuality !== null ? html`<div><dt>Docs quality</dt><dd>${review.docsQuality} / 5</dd></div>` : ''}
${review.wouldRecommend !== null ? html`<div><dt>Would recommend</dt><dd>${yesNo(review.wouldRecommend)}</dd></div>` : ''}
</dl>
${
  report
    ? html`<div class="report"><h4>Integration report${report.evidenceLevel ? html` · ${EVIDENCE_WORDS[report.evidenceLevel] ?? report.evidenceLevel}` : ''}</h4>
<dl class="facts">
<div><dt>Auth worked</dt><dd>${yesNo(report.authWorked)}</dd></div>
<div><dt>Worked headless</dt><dd>${yesNo(report.workedHeadless)}</dd></div>
<div><dt>First request after</dt><dd>${report.timeToFirstRequest === null ? 'not given' : `${report.timeToFirstRequest} min`}</dd></div>
<div><dt>SDK used</dt><dd class="sdk">${report.sdkUsed ?? 'not given'}</dd></div>
</dl>
${report.strengths.length ? html`<p><strong>Strengths:</strong></p><ul class="strengths">${report.strengths.map((s) => html`<li>${s}</li>`)}</ul>` : ''}
${report.challenges.length ? html`<p><strong>Challenges:</strong></p><ul class="challenges">${report.challenges.map((s) => html`<li>${s}</li>`)}</ul>` : ''}
<p class="small muted">${report.countsInStatistics ? 'Counts in the integration statistics (live evidence).' : 'Does not count in the integration statistics (no live evidence).'}</p>
</div>`
    : ''
}
</article>`;
}

export const breadcrumbs = (items: { href?: string; label: string }[]): Html =>
  html`<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>${items.map((item, i) =>
    item.href && i < items.length - 1 ? html`<li><a href="${item.href}">${item.label}</a></li>` : html`<li><span aria-current="page">${item.label}</span></li>`,
  )}</ol></nav>`;

export { join };
