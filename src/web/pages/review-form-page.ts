import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CoreContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { getListing } from '../../core/listings/get-listing.ts';
import type { ListingDetail } from '../../core/listings/listing-detail.ts';
import { EVIDENCE_LEVELS, REVIEW_LIMITS, type ReviewInput } from '../../core/reviews/review-schema.ts';
import { submitReview } from '../../core/reviews/submit-review.ts';
import { clientAddressOf } from '../../http/rate-limit.ts';
import { breadcrumbs } from '../components.ts';
import { html, type Html } from '../html.ts';
import { sendPage } from '../page.ts';
import { PAGE_ROUTE, paramValue, type WebRoute } from '../web-route.ts';
import type { FormBody } from '../web-plugin.ts';

/**
 * /apis/{slug}/review: the review form for people. It posts to itself; the page turns the form
 * into the review record and calls submitReview, the verb behind POST /api/reviews, so the
 * rules and their messages are the API's, shown beside the field at fault. Nothing is
 * checked here that the verb does not check. On success: 303 to the listing's reviews, or, when
 * the review was given a reviewer token, a page holding the token (200, no-store): a token is
 * never put in a URL, where request logs, history and proxies would keep it (issue 28).
 */

type Values = Record<string, string>;

/** Form field name → the review field the core names in its errors. */
const FIELDS = [
  'reviewerType',
  'reviewerName',
  'reviewerToken',
  'rating',
  'title',
  'body',
  'cliExperience',
  'setupDifficulty',
  'docsQuality',
  'wouldRecommend',
  'integrationReport.authWorked',
  'integrationReport.workedHeadless',
  'integrationReport.timeToFirstRequest',
  'integrationReport.sdkUsed',
  'integrationReport.evidenceLevel',
  'integrationReport.strengths',
  'integrationReport.challenges',
] as const;

/** What a person reads for a required field left empty, instead of the API's wording ("rating must be an integer from 1 to 5 …; got nothing"). */
const MISSING: Partial<Record<string, string>> = {
  rating: 'Pick a rating.',
  reviewerType: 'Choose whether you are a person or an agent.',
  reviewerName: 'Enter your name, or your agent\'s name.',
  title: 'Give the review a title.',
  body: 'Write what happened when you used the API.',
};

const idOf = (field: string) => `f-${field.replace('integrationReport.', 'report-')}`;

/** A number typed in a form: a number when it reads as one, else the text itself, so the verb's message names what was typed. */
const numberOf = (text: string): number | string => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text);
const booleanOf = (text: string): boolean | string => (text === 'true' ? true : text === 'false' ? false : text);
const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The form as the review record; fields left empty are left out, as an API client would. */
export function reviewInputOf(slug: string, values: Values): ReviewInput {
  const given = (name: string) => (values[name] ?? '').trim() !== '';
  const record: Record<string, unknown> = { targetType: 'api', targetSlug: slug };
  for (const name of ['reviewerType', 'reviewerName', 'title', 'reviewerToken'] as const) if (given(name)) record[name] = values[name]!.trim();
  if ((values.body ?? '') !== '') record.body = values.body;
  for (const name of ['rating', 'cliExperience', 'setupDifficulty', 'docsQuality'] as const) if (given(name)) record[name] = numberOf(values[name]!);
  if (given('wouldRecommend')) record.wouldRecommend = booleanOf(values.wouldRecommend!);
  const report: Record<string, unknown> = {};
  if (given('integrationReport.authWorked')) report.authWorked = booleanOf(values['integrationReport.authWorked']!);
  if (given('integrationReport.workedHeadless')) report.workedHeadless = booleanOf(values['integrationReport.workedHeadless']!);
  if (given('integrationReport.timeToFirstRequest')) report.timeToFirstRequest = numberOf(values['integrationReport.timeToFirstRequest']!);
  if (given('integrationReport.sdkUsed')) report.sdkUsed = values['integrationReport.sdkUsed'];
  if (given('integrationReport.evidenceLevel')) report.evidenceLevel = values['integrationReport.evidenceLevel'];
  for (const name of ['strengths', 'challenges'] as const) {
    const lines = linesOf(values[`integrationReport.${name}`] ?? '');
    if (lines.length) report[name] = lines;
  }
  if (Object.keys(report).length) record.integrationReport = report;
  return record as ReviewInput;
}

/** Which form field an error of the verb belongs to: "integrationReport.strengths[2]" → the strengths box. */
function formFieldOf(field: string): string | undefined {
  const base = field.replace(/\[\d+\]$/, '');
  return (FIELDS as readonly string[]).includes(base) ? base : undefined;
}

interface FormState {
  values: Values;
  errors: Map<string, string[]>;
  general: string[];
}

function fieldError(name: string, state: FormState): Html {
  const messages = state.errors.get(name);
  return messages ? html`<p class="field-error" id="${idOf(name)}-error">${messages.join(' ')}</p>` : html``;
}

const invalidAttrs = (name: string, state: FormState, hint?: string): Html => {
  const described = [state.errors.has(name) ? `${idOf(name)}-error` : '', hint ?? ''].filter(Boolean).join(' ');
  return html`${state.errors.has(name) ? html` aria-invalid="true"` : ''}${described ? html` aria-describedby="${described}"` : ''}`;
};

function textField(name: string, label: string, state: FormState, { max, hint, required = false, multiline = false }: { max: number; hint?: string; required?: boolean; multiline?: boolean }): Html {
  const id = idOf(name);
  const value = state.values[name] ?? '';
  return html`<div class="field">
<label for="${id}">${label}${required ? '' : html` <span class="muted">(optional)</span>`}</label>
${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}
${fieldError(name, state)}
${multiline
  ? html`<textarea id="${id}" name="${name}" maxlength="${max}"${required ? html` required` : ''}${invalidAttrs(name, state, hint ? `${id}-hint` : undefined)}>${value}</textarea>`
  : html`<input id="${id}" type="text" name="${name}" value="${value}" maxlength="${max}"${required ? html` required` : ''}${invalidAttrs(name, state, hint ? `${id}-hint` : undefined)}>`}
</div>`;
}

function radios(name: string, legend: string, options: { value: string; label: string }[], state: FormState, { required = false, hint }: { required?: boolean; hint?: string } = {}): Html {
  const id = idOf(name);
  const current = state.values[name] ?? '';
  return html`<fieldset class="field" id="${id}"${invalidAttrs(name, state, hint ? `${id}-hint` : undefined)}>
<legend>${legend}${required ? '' : html` <span class="muted">(optional)</span>`}</legend>
${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}
${fieldError(name, state)}
<div class="choices">${options.map(
    (o, i) => html`<label for="${id}-${i}"><input type="radio" id="${id}-${i}" name="${name}" value="${o.value}"${o.value === current ? html` checked` : ''}${required ? html` required` : ''}> ${o.label}</label>`,
  )}</div>
</fieldset>`;
}

function selectField(name: string, label: string, options: { value: string; label: string }[], state: FormState, hint?: string): Html {
  const id = idOf(name);
  const current = state.values[name] ?? '';
  return html`<div class="field">
<label for="${id}">${label} <span class="muted">(optional)</span></label>
${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}
${fieldError(name, state)}
<select id="${id}" name="${name}"${invalidAttrs(name, state, hint ? `${id}-hint` : undefined)}>
<option value="">Not saying</option>
${options.map((o) => html`<option value="${o.value}"${o.value === current ? html` selected` : ''}>${o.label}</option>`)}
</select>
</div>`;
}

const oneToFive = (low: string, high: string) => [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: n === 1 ? `1 ${low}` : n === 5 ? `5 ${high}` : String(n) }));
const yesNo = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

function renderForm(detail: ListingDetail, state: FormState): Html {
  const summary = [...state.errors.entries()].flatMap(([name, messages]) => messages.map((message) => ({ name, message })));
  return html`<div class="wrap">
${breadcrumbs([{ href: '/', label: 'Home' }, { href: `/apis/${detail.slug}`, label: detail.name }, { label: 'Write a review' }])}
<h1>Review ${detail.name}</h1>
<p class="lede muted">How did it go from a terminal, a CI job or an agent? Reviews with links are held for a moderator before they show.</p>
${
  summary.length || state.general.length
    ? html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" id="error-summary">
<h2 id="error-summary-title">${summary.length + state.general.length === 1 ? 'One thing to fix' : `${summary.length + state.general.length} things to fix`}</h2>
<ul>${summary.map((e) => html`<li><a href="#${idOf(e.name)}">${e.message}</a></li>`)}${state.general.map((m) => html`<li>${m}</li>`)}</ul>
</div>`
    : ''
}
<form class="card" method="post" action="/apis/${detail.slug}/review" novalidate>
${radios('reviewerType', 'You are', [{ value: 'human', label: 'A person' }, { value: 'agent', label: 'An agent' }], state, { required: true })}
${textField('reviewerName', 'Your name', state, { max: REVIEW_LIMITS.reviewerName, required: true, hint: 'Shown with the review. To replace your earlier review of this API, use the same name and the reviewer token you were given.' })}
${textField('reviewerToken', 'Reviewer token (only to replace your earlier review)', state, { max: 64 })}
${radios('rating', 'Rating', oneToFive('worst', 'best'), state, { required: true })}
${textField('title', 'Title', state, { max: REVIEW_LIMITS.title, required: true })}
${textField('body', 'Your review', state, { max: REVIEW_LIMITS.body, required: true, multiline: true })}
<div class="grid-2">
${selectField('cliExperience', 'CLI experience', oneToFive('poor', 'excellent'), state)}
${selectField('setupDifficulty', 'Setup difficulty', oneToFive('very easy', 'very hard'), state)}
${selectField('docsQuality', 'Docs quality', oneToFive('poor', 'excellent'), state)}
</div>
${radios('wouldRecommend', 'Would you recommend it?', yesNo, state)}
<fieldset class="section">
<legend>Integration report <span class="muted">(optional)</span></legend>
<div class="grid-2">
${radios('integrationReport.authWorked', 'Authentication worked', yesNo, state)}
${radios('integrationReport.workedHeadless', 'Worked headless (CI, server, agent)', yesNo, state)}
</div>
<div class="grid-2">
${textField('integrationReport.timeToFirstRequest', 'Minutes to the first successful request', state, { max: 12, hint: `0 to ${REVIEW_LIMITS.timeToFirstRequest}` })}
${textField('integrationReport.sdkUsed', 'SDK or client used', state, { max: REVIEW_LIMITS.sdkUsed })}
</div>
${selectField('integrationReport.evidenceLevel', 'How do you know?', EVIDENCE_LEVELS.map((level) => ({ value: level, label: level })), state, 'Only sandbox-live and production-live reports count in the integration statistics.')}
<div class="grid-2">
${textField('integrationReport.strengths', 'Strengths', state, { max: REVIEW_LIMITS.listItems * (REVIEW_LIMITS.listItem + 1), multiline: true, hint: `One per line, at most ${REVIEW_LIMITS.listItems}.` })}
${textField('integrationReport.challenges', 'Challenges', state, { max: REVIEW_LIMITS.listItems * (REVIEW_LIMITS.listItem + 1), multiline: true, hint: `One per line, at most ${REVIEW_LIMITS.listItems}.` })}
</div>
</fieldset>
<p class="section"><button type="submit">Submit review</button> <a href="/apis/${detail.slug}">Cancel</a></p>
</form>
</div>`;
}

function sendForm(request: FastifyRequest, reply: FastifyReply, detail: ListingDetail, state: FormState, status = 200) {
  return sendPage(request, reply, {
    status,
    title: `Review ${detail.name}`,
    description: `Write a review of ${detail.name} with an integration report.`,
    path: `/apis/${detail.slug}/review`,
    noindex: true,
    main: renderForm(detail, state),
  });
}

/** The answer to a review that was given a reviewer token: the token, once, in a page no cache keeps. */
function sendReceipt(request: FastifyRequest, reply: FastifyReply, detail: ListingDetail, message: string, token: string, listingPage: string) {
  return sendPage(request, reply, {
    title: `Your review of ${detail.name}`,
    description: `Your review of ${detail.name} was received.`,
    path: `/apis/${detail.slug}/review`,
    noindex: true,
    cacheControl: 'no-store',
    main: html`<div class="wrap">
${breadcrumbs([{ href: '/', label: 'Home' }, { href: `/apis/${detail.slug}`, label: detail.name }, { label: 'Your review' }])}
<h1>Your review of ${detail.name}</h1>
<div class="notice" role="status">${message} Keep your reviewer token to change this review later; it is shown only now, on this page, and is not kept anywhere: <code data-reviewer-token>${token}</code></div>
<p class="section"><a href="${listingPage}">See your review on the listing page</a></p>
</div>`,
  });
}

const valuesOf = (body: unknown): Values => {
  const form = (body && typeof body === 'object' ? body : {}) as FormBody;
  const values: Values = Object.create(null);
  for (const [name, given] of Object.entries(form)) values[name] = Array.isArray(given) ? String(given[0] ?? '') : String(given);
  return values;
};

async function handlePost(ctx: CoreContext, request: FastifyRequest, reply: FastifyReply) {
  const slug = paramValue(request, 'slug');
  const detail = await getListing({ ctx, input: { slug } });
  // Forms from other sites are refused: a review is posted from this page or through the API.
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    return sendForm(request, reply, detail, { values: {}, errors: new Map(), general: ['The review was sent from another site; submit it from this page.'] }, 403);
  }
  const values = valuesOf(request.body);
  const unknown = Object.keys(values).filter((name) => !(FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    const known: Values = Object.create(null);
    for (const name of FIELDS) if (values[name] !== undefined) known[name] = values[name]!;
    const names = unknown.slice(0, 3).map((name) => JSON.stringify(name.slice(0, 40))).join(', ');
    return sendForm(request, reply, detail, { values: known, errors: new Map(), general: [`The form sent ${unknown.length === 1 ? 'a field' : 'fields'} it does not have (${names}${unknown.length > 3 ? ', …' : ''}); fill in the fields below and submit again.`] }, 422);
  }
  try {
    const outcome = await submitReview({ ctx, input: reviewInputOf(detail.slug, values), client: { address: clientAddressOf(request) } });
    if (outcome.kind !== 'saved') throw new Error('A review without an idempotency key cannot collide with one.');
    const { review } = outcome.result;
    const notice = review.status !== 'published' ? 'pending' : outcome.result.outcome === 'updated' ? 'updated' : 'published';
    const listingPage = `/apis/${detail.slug}?review=${notice}#${review.status === 'published' ? `review-${review.id}` : 'reviews'}`;
    // The token is shown once, in the answer to this POST; only its hash is kept.
    if (outcome.result.reviewerToken) return sendReceipt(request, reply, detail, outcome.result.message, outcome.result.reviewerToken, listingPage);
    return reply.redirect(listingPage, 303);
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') {
      return sendForm(request, reply, detail, { values, errors: new Map([['reviewerToken', ['To replace your earlier review, paste the reviewer token you were given when you wrote it.']]]), general: [error.message] }, 409);
    }
    if (!(error instanceof AppError) || error.code !== 'invalid_input') throw error;
    const state: FormState = { values, errors: new Map(), general: [] };
    for (const problem of error.fields) {
      const field = formFieldOf(problem.field);
      if (field) state.errors.set(field, [...(state.errors.get(field) ?? []), (values[field] ?? '').trim() === '' && MISSING[field] ? MISSING[field]! : problem.message]);
      else state.general.push(problem.message);
    }
    return sendForm(request, reply, detail, state, 422);
  }
}

export const reviewFormPageRoute: WebRoute = async (app, { ctx }) => {
  app.get('/apis/:slug/review', PAGE_ROUTE, async (request, reply) => {
    const detail = await getListing({ ctx, input: { slug: paramValue(request, 'slug') } });
    return sendForm(request, reply, detail, { values: { reviewerType: 'human' }, errors: new Map(), general: [] });
  });
  app.post('/apis/:slug/review', PAGE_ROUTE, (request, reply) => handlePost(ctx, request, reply));
};
