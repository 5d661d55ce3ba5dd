import type { CoreContext } from '../../core/context.ts';
import type { IndexedListing } from '../../core/catalogue/catalogue-index.ts';
import { getListing } from '../../core/listings/get-listing.ts';
import { freeAllowanceWords, payAsYouGoWords, planWords } from '../../core/listings/pricing-words.ts';
import { getListingFaq } from '../../core/listings/get-listing-faq.ts';
import type { ListingDetail } from '../../core/listings/listing-detail.ts';
import type { FaqEntry } from '../../core/listings/listing-faq.ts';
import { listReviews, type ListReviewsResult } from '../../core/reviews/list-reviews.ts';
import { AUTH_WORDS, breadcrumbs, cliRelevanceCard, pricingChip, qualityCard, reviewItem, reviewStatsBlock } from '../components.ts';
import { html, join, safeHref, type Html } from '../html.ts';
import { originOf, sendPage } from '../page.ts';
import { getQuickstart, type Quickstart } from '../../core/listings/get-quickstart.ts';
import { getListingHistory } from '../../core/listings/get-listing-history.ts';
import type { ChangeItem } from '../../core/catalogue/list-changes.ts';
import { RANKING_PAGE_ROUTE, paramValue, queryValue, type WebRoute } from '../web-route.ts';

/** /apis/{slug}: everything the seed's listing page holds, each score with its parts. */

export const REVIEWS_PER_PAGE = 20;

const REVIEW_NOTICES: Record<string, { text: string; pending: boolean }> = {
  published: { text: 'Thank you: your review is published below.', pending: false },
  updated: { text: 'Thank you: your earlier review of this API was replaced and is published below.', pending: false },
  pending: { text: 'Thank you: your review was received. It is held for moderation and will show here once a moderator approves it.', pending: true },
};

function visitLink(detail: ListingDetail): Html {
  const href = safeHref(detail.url);
  if (!href) return html`<p class="not-shown" data-visit="not-shown">“Visit API” link: not shown</p>`;
  return html`<a class="button" href="${href}" target="_blank" rel="noopener noreferrer">Visit API<span class="visually-hidden"> (opens in a new tab)</span> <span aria-hidden="true">↗</span></a>`;
}

function installBlock(detail: ListingDetail): Html {
  if (!detail.install) {
    return html`<p><span class="not-shown">Install instruction: not shown.</span> The directory lists no package install command for ${detail.name}.</p>`;
  }
  return html`<div class="install">
<pre><code id="install-command">${detail.install}</code></pre>
<button type="button" class="secondary" data-copy="install-command" hidden>Copy</button>
</div>
<p id="install-command-status" class="visually-hidden" role="status"></p>`;
}

/**
 * Registry text (package names, versions, URLs, messages) as escaped text with a break
 * opportunity after each / . - _ @ and every 16 characters of an unbroken run, so that a long
 * value wraps inside a phone's width instead of widening the page.
 */
function breakable(text: string): Html {
  const pieces = text.split(/(?<=[/.\-_@:])/).flatMap((piece) => piece.match(/.{1,16}/gsu) ?? []);
  return join(pieces, html`<wbr>`);
}

/** What the package's registry last said (`apidex enrich`); nothing when it was never read. */
function packageFacts(detail: ListingDetail): Html | '' {
  const pkg = detail.package;
  if (!pkg) return '';
  const repository = safeHref(pkg.repositoryUrl);
  return html`<dl class="facts" data-package>
<div><dt>${pkg.registry} package</dt><dd>${breakable(pkg.name)}</dd></div>
<div><dt>Latest version</dt><dd data-latest-version>${pkg.latestVersion ? breakable(pkg.latestVersion) : 'not shown'}</dd></div>
<div><dt>Last release</dt><dd>${pkg.lastReleaseAt?.slice(0, 10) ?? 'not shown'}</dd></div>
<div><dt>Deprecated</dt><dd data-deprecated>${pkg.deprecated === null ? 'not shown' : pkg.deprecated === false ? 'no' : html`yes: ${breakable(pkg.deprecated)}`}</dd></div>
<div><dt>Repository</dt><dd>${repository ? html`<a href="${repository}" rel="noopener noreferrer">${breakable(pkg.repositoryUrl!)}</a>` : 'not shown'}</dd></div>
</dl>
${pkg.refreshedAt ? html`<p class="small muted">Read from the ${pkg.source ?? 'registry'} on ${pkg.refreshedAt.slice(0, 10)}.</p>` : ''}`;
}

function factSource(detail: ListingDetail, fact: { source: string; evidenceUrl: string | null }): Html {
  const source = detail.sources.find((candidate) => candidate.id === fact.source);
  const href = safeHref(fact.evidenceUrl);
  const label = source?.title ?? fact.source;
  return href ? html` · <a class="small" href="${href}" rel="noopener noreferrer" title="${label}">source</a>` : html` <span class="small muted">(${label})</span>`;
}

type CuratedFactOut = { value: unknown; source: { url: string; asOf: string; dated: 'captured' | 'read'; thirdParty?: boolean | undefined } };

/** A curated fact's page and date: every curated fact shows where and when it was read (ADR 27). */
function curatedSource(fact: CuratedFactOut): Html {
  const href = safeHref(fact.source.url);
  const when = html`${fact.source.dated === 'captured' ? 'captured' : 'read'} ${fact.source.asOf}${fact.source.thirdParty ? ', third-party page' : ''}`;
  return html` <span class="small muted" data-fact-source>(${href ? html`<a href="${href}" rel="noopener noreferrer">page</a>, ` : ''}${when})</span>`;
}


/** The curated head's pricing and agent facts, each with its page and date; nothing when none is curated. */
function curatedFactsSection(detail: ListingDetail): Html | '' {
  const { pricing, agent, docsUrl } = detail;
  if (!pricing && !agent && !docsUrl) return '';
  const unit = pricing?.unit ?? 'units';
  const rows: (Html | '')[] = [
    docsUrl ? html`<div><dt>Documentation</dt><dd data-fact="docsUrl">${safeHref(docsUrl.value) ? html`<a href="${safeHref(docsUrl.value)}" rel="noopener noreferrer">${breakable(docsUrl.value)}</a>` : breakable(docsUrl.value)}${curatedSource(docsUrl)}</dd></div>` : '',
    pricing?.tier ? html`<div><dt>Pricing tier</dt><dd data-fact="tier">${pricing.tier.value}${curatedSource(pricing.tier)}</dd></div>` : '',
    pricing?.unit ? html`<div><dt>Billed unit</dt><dd data-fact="unit">${pricing.unit}</dd></div>` : '',
    pricing?.freeAllowance
      ? html`<div><dt>Free allowance</dt><dd data-fact="freeAllowance">${freeAllowanceWords(pricing.freeAllowance.value, unit)}${curatedSource(pricing.freeAllowance)}</dd></div>`
      : '',
    pricing?.payAsYouGo
      ? html`<div><dt>Pay as you go</dt><dd data-fact="payAsYouGo">${payAsYouGoWords(pricing.payAsYouGo.value, unit)}${curatedSource(pricing.payAsYouGo)}</dd></div>`
      : '',
    ...(pricing?.plans ?? []).map(
      (plan) =>
        html`<div><dt>Plan ${plan.value.name}</dt><dd data-fact="plan">${planWords(plan.value, unit)}${curatedSource(plan)}</dd></div>`,
    ),
    pricing?.creditCardRequired ? html`<div><dt>Credit card to start</dt><dd data-fact="creditCardRequired">${pricing.creditCardRequired.value ? 'required' : 'not required'}${curatedSource(pricing.creditCardRequired)}</dd></div>` : '',
    agent?.mcpServer
      ? html`<div><dt>MCP server</dt><dd data-fact="mcpServer">${agent.mcpServer.value.package ? html`<code>${agent.mcpServer.value.package}</code> ` : ''}${agent.mcpServer.value.url && safeHref(agent.mcpServer.value.url) ? html`<a href="${safeHref(agent.mcpServer.value.url)}" rel="noopener noreferrer">${breakable(agent.mcpServer.value.url)}</a>` : ''}${curatedSource(agent.mcpServer)}</dd></div>`
      : '',
    agent?.openapiUrl ? html`<div><dt>OpenAPI document</dt><dd data-fact="openapiUrl">${safeHref(agent.openapiUrl.value) ? html`<a href="${safeHref(agent.openapiUrl.value)}" rel="noopener noreferrer">${breakable(agent.openapiUrl.value)}</a>` : ''}${curatedSource(agent.openapiUrl)}</dd></div>` : '',
    agent?.sandbox ? html`<div><dt>Sandbox or test mode</dt><dd data-fact="sandbox">${agent.sandbox.value}${curatedSource(agent.sandbox)}</dd></div>` : '',
  ];
  return html`<section class="card" aria-labelledby="curated-facts" data-curated-facts>
<h2 id="curated-facts">Pricing and agent facts</h2>
<dl class="facts stacked">${rows}</dl>
<p class="small muted">Each fact links the page that shows it and the date of that page${detail.head ? '; this API is in the curated head' : ''}. What no page shows is left out.</p>
</section>`;
}

/** Where the listing's data comes from, with licence, version and date, and the facts they show about reaching the API. */
function sourcesSection(detail: ListingDetail): Html | '' {
  if (detail.sources.length === 0) return '';
  const { auth, https, cors } = detail.access;
  const facts = [
    auth ? html`<div><dt>Authentication</dt><dd data-fact="auth">${auth.value.map((kind) => AUTH_WORDS[kind] ?? kind).join(', ')}${factSource(detail, auth)}</dd></div>` : '',
    https ? html`<div><dt>HTTPS</dt><dd data-fact="https">${https.value ? 'yes' : 'no'}${factSource(detail, https)}</dd></div>` : '',
    cors ? html`<div><dt>CORS</dt><dd data-fact="cors">${cors.value}${factSource(detail, cors)}</dd></div>` : '',
    detail.provider ? html`<div><dt>Provider</dt><dd><a href="/providers/${detail.provider.id}">${detail.provider.name}</a>${detail.provider.url && safeHref(detail.provider.url) ? html` · <a class="small" href="${safeHref(detail.provider.url)}" rel="noopener noreferrer">home page</a>` : ''}</dd></div>` : '',
  ];
  return html`<section class="card" aria-labelledby="sources">
<h2 id="sources">Sources and evidence</h2>
${facts.some(Boolean) ? html`<dl class="facts stacked">${facts}</dl>` : ''}
<ul class="sources">${detail.sources.map((source) => {
    const href = safeHref(source.url);
    return html`<li data-source="${source.id}"><strong>${source.title}</strong>${source.locator ? html`, ${breakable(source.locator)}` : ''}<br><span class="small muted">version ${source.version} · as of ${source.asOf} · licence: ${source.licence}</span>${href ? html` · <a class="small" href="${href}" rel="noopener noreferrer">document</a>` : ''}</li>`;
  })}</ul>
${detail.cliRelevance.assessed > 0 ? html`<p class="small muted">Each assessed criterion names the place in its source that shows it; what no source shows stays “not assessed”.</p>` : ''}
</section>`;
}

function faqSection(faq: FaqEntry[], alternatives: { slug: string; name: string }[], slug: string): Html {
  return html`<section class="card faq" aria-labelledby="faq">
<h2 id="faq">Frequently asked questions</h2>
${faq.map(
  (entry) => html`<h3>${entry.question}</h3><p>${entry.answer}</p>${
    entry.question.startsWith('What are the alternatives') && alternatives.length
      ? html`<ul class="chips">${alternatives.map((alt) => html`<li><a class="chip" href="/apis/${alt.slug}">${alt.name}</a> <a class="small" href="/compare/${slug}-vs-${alt.slug}" aria-label="Compare with ${alt.name}">compare</a></li>`)}</ul>`
      : ''
  }`,
)}
</section>`;
}

function reviewsSection(detail: ListingDetail, reviews: ListReviewsResult): Html {
  return html`<section class="card" aria-labelledby="reviews">
<div class="actions"><h2 id="reviews">Reviews</h2><a class="button secondary" href="/apis/${detail.slug}/review">Write a review</a></div>
${reviewStatsBlock(reviews.stats, reviews.integrationStats)}
${reviews.items.length ? reviews.items.map(reviewItem) : html`<p class="muted">No published reviews yet. Tried ${detail.name} from a terminal, CI or an agent? Tell others how it went.</p>`}
${reviews.next ? html`<nav class="pager" aria-label="Review pages"><a class="button secondary" rel="next" href="/apis/${detail.slug}?reviews=${new URL(reviews.next, 'http://x').searchParams.get('cursor') ?? ''}#reviews">Older reviews</a></nav>` : ''}
</section>`;
}

function structuredData(detail: ListingDetail, faq: FaqEntry[], reviews: ListReviewsResult, origin: string): unknown[] {
  const page = `${origin}/apis/${detail.slug}`;
  const application: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: detail.name,
    description: detail.description,
    url: page,
    applicationCategory: 'DeveloperApplication',
    applicationSubCategory: detail.subcategory ?? detail.category,
    operatingSystem: 'Any',
    featureList: detail.capabilities,
  };
  if (safeHref(detail.url)) application.sameAs = detail.url;
  if (detail.pricingTier === 'Free' || detail.pricingTier === 'Open source') {
    application.offers = { '@type': 'Offer', price: '0', priceCurrency: 'USD', description: detail.pricingTier };
  }
  if (reviews.stats.averageRating.value !== null) {
    application.aggregateRating = { '@type': 'AggregateRating', ratingValue: reviews.stats.averageRating.value, ratingCount: reviews.stats.averageRating.sampleSize, bestRating: 5, worstRating: 1 };
  }
  return [
    application,
    ...(faq.length > 0
      ? [{ '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: faq.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })) }]
      : []),
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'apidex', item: `${origin}/` },
        { '@type': 'ListItem', position: 2, name: detail.category, item: `${origin}/categories/${detail.categorySlug}` },
        { '@type': 'ListItem', position: 3, name: detail.name, item: page },
      ],
    },
  ];
}

/** The install card, only when something about installing it is known: no card of placeholders. */
function installCard(detail: ListingDetail): Html | '' {
  const downloadsIllustrative = detail.illustrativeValues.includes('weeklyDownloads');
  if (detail.install === null && detail.weeklyDownloadsCompact === null && detail.package === null) return '';
  return html`<section class="card" aria-labelledby="install">
<h2 id="install">Install</h2>
${installBlock(detail)}
<dl class="facts">
<div><dt>Weekly npm downloads</dt><dd data-downloads>${detail.weeklyDownloadsCompact ?? 'not shown'}${downloadsIllustrative && detail.weeklyDownloadsCompact ? html` <span class="illustrative" title="illustrative value">*</span>` : ''}</dd></div>
</dl>
${downloadsIllustrative && detail.weeklyDownloadsCompact ? html`<p class="small"><span class="illustrative">*</span> Illustrative: inside the range the source shows, not observed for this listing.</p>` : ''}
${packageFacts(detail)}
</section>`;
}

/** Capabilities shown before the rest fold away: an API document can list a hundred operations. */
const CAPABILITIES_SHOWN = 10;

const capabilitiesCard = (detail: ListingDetail): Html | '' =>
  detail.capabilities.length
    ? html`<section class="card" aria-labelledby="capabilities">
<h2 id="capabilities">Capabilities</h2>
<ul class="capabilities">${detail.capabilities.slice(0, CAPABILITIES_SHOWN).map((c) => html`<li>${c}</li>`)}</ul>
${detail.capabilities.length > CAPABILITIES_SHOWN ? html`<details><summary class="small">${detail.capabilities.length - CAPABILITIES_SHOWN} more</summary><ul class="capabilities">${detail.capabilities.slice(CAPABILITIES_SHOWN).map((c) => html`<li>${c}</li>`)}</ul></details>` : ''}
</section>`
    : '';

type PageFaq = { faq: FaqEntry[]; alternatives: { slug: string; name: string }[] };

/** Everything on a listing page that does not change from one view to the next. */
interface ListingSections {
  head: Html;
  cli: Html;
  quality: Html;
  install: Html | '';
  capabilities: Html | '';
  call: Html;
  sourcesAndFaq: Html;
}

function listingSections(detail: ListingDetail, faq: PageFaq, quickstart: Quickstart, origin: string): ListingSections {
  return {
    head: html`<div class="listing-head">
<div>
<h1 id="listing-name">${detail.name}</h1>
<p class="lede">${detail.description}</p>
${detail.provider ? html`<p class="small" data-provider="${detail.provider.id}">From <a href="/providers/${detail.provider.id}">${detail.provider.name}</a>: see all its products.</p>` : ''}
<ul class="chips" aria-label="Pricing and category">
${detail.pricingTier ? html`<li>${pricingChip(detail.pricingTier)}</li>` : ''}
<li><a class="chip" href="/categories/${detail.categorySlug}" data-category>${detail.category}</a></li>
${detail.subcategory ? html`<li><a class="chip" href="/categories/${detail.categorySlug}?subcategory=${encodeURIComponent(detail.subcategory)}" data-subcategory>${detail.subcategory}</a></li>` : ''}
</ul>
</div>
<div class="actions">${visitLink(detail)}<a class="button secondary" href="/compare?a=${detail.slug}">Compare</a></div>
</div>`,
    cli: cliRelevanceCard(detail.cliRelevance),
    quality: qualityCard(detail.quality),
    install: installCard(detail),
    capabilities: capabilitiesCard(detail),
    call: callSection(quickstart, origin, detail.slug),
    sourcesAndFaq: html`${curatedFactsSection(detail) ? html`<div class="o-curated">${curatedFactsSection(detail)}</div>` : ''}<div class="o-sources">${sourcesSection(detail)}</div>
<div class="o-faq">${faqSection(faq.faq, faq.alternatives, detail.slug)}</div>`,
  };
}

/**
 * The sections, rendered once per version of the listing (its catalogue entry, new for each
 * version) and catalogue generation (the FAQ names alternatives from the rest of the catalogue),
 * not on every view: getListing makes a new detail object for each request, so it cannot be the key.
 */
const keptSections = new WeakMap<IndexedListing, { generation: number; origin: string; sections: ListingSections }>();
async function sectionsOf(ctx: CoreContext, entry: IndexedListing | undefined, detail: ListingDetail, faq: PageFaq, origin: string): Promise<ListingSections> {
  const generation = ctx.catalogue.generation;
  const kept = entry && keptSections.get(entry);
  if (kept && kept.generation === generation && kept.origin === origin) return kept.sections;
  const sections = listingSections(detail, faq, await getQuickstart({ ctx, input: { slug: detail.slug } }), origin);
  if (entry) keptSections.set(entry, { generation, origin, sections });
  return sections;
}

/** "Call it from a script": the quickstart's first request, auth and SDK, and the badge to embed (issue 17). */
function callSection(quickstart: Quickstart, origin: string, slug: string): Html {
  const first = quickstart.firstRequest;
  const auth = quickstart.auth?.value;
  const badgeMarkdown = `[![CLI relevance](${origin}/badge/${slug}.svg)](${origin}/apis/${slug})`;
  const evidenceLink = (evidence: { evidenceUrl: string | null } | undefined) =>
    evidence && safeHref(evidence.evidenceUrl) ? html` <a class="small" href="${safeHref(evidence.evidenceUrl)}" rel="noopener noreferrer">source</a>` : '';
  return html`<section class="card" aria-labelledby="call-it">
<h2 id="call-it">Call it from a script</h2>
<dl class="facts stacked">
<div><dt>Base URL</dt><dd>${quickstart.baseUrl ? html`<code>${quickstart.baseUrl.value}</code>${evidenceLink(quickstart.baseUrl.evidence)}` : html`<span class="muted">not shown by its sources</span>`}</dd></div>
<div><dt>Credential</dt><dd>${
    !auth
      ? html`<span class="muted">not shown by its sources</span>`
      : auth.type === 'none'
        ? 'none needed'
        : html`${auth.type}${auth.in && auth.name ? html` in the ${auth.in} <code>${auth.name}</code>` : ''}, from <code>${auth.envVar ?? ''}</code>${auth.browserNeeded ? ' (a browser sign-in is needed once)' : ''}${evidenceLink(quickstart.auth?.evidence)}`
  }</dd></div>
${quickstart.sdk ? html`<div><dt>SDK</dt><dd><code>${quickstart.sdk.install}</code></dd></div>` : ''}
</dl>
${
  first
    ? html`<p>A first request${first.value.summary ? html` (${first.value.summary})` : ''}, from the API's own document${evidenceLink(first.evidence)}:</p>
<div class="install">
<pre><code id="first-request">${first.value.curl}</code></pre>
<button type="button" class="secondary" data-copy="first-request" data-copy-label="The curl command" hidden>Copy</button>
</div>
<p id="first-request-status" class="visually-hidden" role="status"></p>
${first.value.placeholders.length ? html`<p class="small">Replace ${first.value.placeholders.map((name, i) => html`${i ? ', ' : ''}<code>{${name}}</code>`)} first.</p>` : ''}`
    : html`<p class="muted">No safe first request shows in its sources.</p>`
}
${quickstart.gotchas.length ? html`<ul class="small">${quickstart.gotchas.map((gotcha) => html`<li>${gotcha}</li>`)}</ul>` : ''}
<p class="small muted">As JSON: <a href="/api/apis/${slug}/quickstart">quickstart</a> · <a href="/api/apis/${slug}/package">package</a></p>
<details><summary class="small">Badge for a README</summary>
<p><img src="/badge/${slug}.svg" alt="CLI relevance badge of ${quickstart.name}" height="20"></p>
<div class="install"><pre><code id="badge-markdown">${badgeMarkdown}</code></pre>
<button type="button" class="secondary" data-copy="badge-markdown" data-copy-label="The badge Markdown" hidden>Copy</button></div>
<p id="badge-markdown-status" class="visually-hidden" role="status"></p>
</details>
</section>`;
}

/** The latest change of the CLI relevance score, from the listing's history (issue 17). */
function scoreChangeNote(change: ChangeItem | undefined, slug: string): Html {
  if (!change) return html``;
  return html`<p class="small section" data-score-change>On ${change.changedAt.slice(0, 10)}: ${change.summary} <a href="/api/apis/${slug}/history">History as JSON</a></p>`;
}

export function renderListingPage(
  detail: ListingDetail,
  sections: ListingSections,
  reviews: ListReviewsResult,
  notice?: string,
  scoreChange?: ChangeItem,
): Html {
  // A reviewer token is shown only in the answer to the form's POST, never taken from a URL (issue 28).
  const reviewNotice = notice ? REVIEW_NOTICES[notice] : undefined;
  const manyReviews = reviews.items.length > 0 || reviews.next !== null;
  return html`<div class="wrap">
${breadcrumbs([{ href: '/', label: 'Home' }, { href: `/categories/${detail.categorySlug}`, label: detail.category }, { label: detail.name }])}
${reviewNotice ? html`<div class="notice${reviewNotice.pending ? ' pending' : ''}" role="status">${reviewNotice.text}</div>` : ''}
<article aria-labelledby="listing-name">
${scoreChangeNote(scoreChange, detail.slug)}
${sections.head}
<div class="listing-body">
<div class="col">
<div class="o-cli">${sections.cli}</div>
${sections.install ? html`<div class="o-install">${sections.install}</div>` : ''}
<div class="o-call">${sections.call}</div>
${manyReviews ? '' : html`<div class="o-reviews">${reviewsSection(detail, reviews)}</div>`}
</div>
<div class="col">
<div class="o-quality">${sections.quality}</div>
${sections.capabilities ? html`<div class="o-capabilities">${sections.capabilities}</div>` : ''}
${sections.sourcesAndFaq}
</div>
</div>
${manyReviews ? html`<div class="section">${reviewsSection(detail, reviews)}</div>` : ''}
<p class="small muted section">For programs: <a href="${detail.links.self}">this listing as JSON</a> · <a href="/api/apis/${detail.slug}/alternatives">its alternatives as JSON</a> · updated ${detail.updatedAt.slice(0, 10)}</p>
</article>
</div>`;
}

/**
 * The reviews a listing page shows, kept for a second per listing and page: a popular page is
 * read far more often than it is reviewed, and each read would otherwise query the store twice.
 * Reviews written through this or another server show within the second (as listings do,
 * ADR 10); the page a reviewer is sent to after posting (`?review=`) always reads afresh.
 */
class RecentReviews {
  private readonly kept = new Map<string, { at: number; reviews: Promise<ListReviewsResult> }>();
  constructor(
    private readonly freshMs: number,
    private readonly capacity: number,
  ) {}

  get(ctx: CoreContext, slug: string, cursor: string | undefined, { fresh }: { fresh: boolean }): Promise<ListReviewsResult> {
    const key = `${slug} ${cursor ?? ''}`;
    const now = Date.now();
    const entry = this.kept.get(key);
    if (!fresh && entry && now - entry.at < this.freshMs) return entry.reviews;
    const reviews = listReviews({ ctx, input: { slug, limit: REVIEWS_PER_PAGE, ...(cursor ? { cursor } : {}) } });
    if (this.kept.size >= this.capacity) this.kept.clear();
    this.kept.set(key, { at: now, reviews });
    reviews.catch(() => this.kept.delete(key));
    return reviews;
  }
}

/**
 * The listing's latest CLI score change, read from its history once per version of the listing:
 * a change is only ever written with a new version, which the catalogue holds as a new entry, so
 * a page view does not query the store for it again.
 */
const scoreChanges = new WeakMap<IndexedListing, Promise<ChangeItem | undefined>>();
function latestScoreChange(ctx: CoreContext, entry: IndexedListing): Promise<ChangeItem | undefined> {
  let change = scoreChanges.get(entry);
  if (!change) {
    change = getListingHistory({ ctx, input: { slug: entry.slug, limit: 20 } }).then((history) => history.items.find((item) => item.scores.cliRelevance !== undefined));
    scoreChanges.set(entry, change);
    change.catch(() => scoreChanges.delete(entry));
  }
  return change;
}

export const listingPageRoute: WebRoute = async (app, { ctx }) => {
  const recentReviews = new RecentReviews(1000, 5000);
  app.get('/apis/:slug', RANKING_PAGE_ROUTE, async (request, reply) => {
    const slug = paramValue(request, 'slug');
    const detail = await getListing({ ctx, input: { slug } });
    const cursor = queryValue(request, 'reviews');
    const notice = queryValue(request, 'review');
    const entry = ctx.catalogue.get(detail.slug);
    const [faq, reviews, scoreChange] = await Promise.all([
      getListingFaq({ ctx, input: { slug } }),
      recentReviews.get(ctx, detail.slug, cursor, { fresh: notice !== undefined }),
      entry ? latestScoreChange(ctx, entry) : undefined,
    ]);
    const sections = await sectionsOf(ctx, entry, detail, faq, originOf(request));
    const cli = detail.cliRelevance;
    const scoreWords = cli.status === 'complete' ? `CLI relevance ${cli.score}/10` : 'CLI relevance not scored';
    return sendPage(request, reply, {
      title: detail.name,
      description: `${detail.description}. ${scoreWords}; quality ${detail.quality.score === null ? 'not scored' : `${detail.quality.score}/10`}. Pricing: ${detail.pricingTier ?? 'not shown'}.`,
      path: `/apis/${detail.slug}`,
      ogType: 'article',
      jsonLd: structuredData(detail, faq.faq, reviews, originOf(request)),
      main: renderListingPage(detail, sections, reviews, notice, scoreChange),
    });
  });
};
