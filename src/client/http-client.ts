import type { ListChangesInput, ListChangesResult } from '../core/catalogue/list-changes.ts';
import type { PackageInfoResult } from '../core/listings/get-package-info.ts';
import type { Quickstart } from '../core/listings/get-quickstart.ts';
import type { SlugInput } from '../core/listings/slug-input.ts';
import type { Category } from '../core/listings/list-categories.ts';
import type { ListingDetail, ListingSummary } from '../core/listings/listing-detail.ts';
import type { ListReviewsInput, ListReviewsResult } from '../core/reviews/list-reviews.ts';
import type { ReviewInput } from '../core/reviews/review-schema.ts';
import type { SubmitReviewResult } from '../core/reviews/submit-review.ts';
import type { SubmissionInput } from '../core/submissions/submission-schema.ts';
import type { SubmitListingResult } from '../core/submissions/submit-listing.ts';
import type { CompareListingsInput, CompareResult } from '../core/search/compare-listings.ts';
import type { DiscoverListingsInput, DiscoverResult } from '../core/search/discover-listings.ts';
import type { AlternativesResult, FindAlternativesInput } from '../core/search/find-alternatives.ts';
import type { LookupListingsInput } from '../core/search/lookup-listings.ts';
import type { RecommendListingInput, RecommendResult } from '../core/search/recommend-listing.ts';
import type { GetListingInput } from '../core/listings/get-listing.ts';
import type { GetProviderInput, ProviderDetail } from '../core/providers/get-provider.ts';

/**
 * A small typed client of the apidex JSON API (the shapes are the core's, as /openapi.json
 * publishes them). Errors are the API's problem details, thrown as ApidexHttpError; a
 * directory that cannot be reached is ApidexUnreachableError.
 *
 *   const apidex = new ApidexClient('http://localhost:3000');
 *   const { items } = await apidex.discover({ q: 'send real-time notifications to browser clients' });
 */

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: { field: string; in?: string; message: string }[];
  suggestions?: string[];
  [extension: string]: unknown;
}

export class ApidexHttpError extends Error {
  override name = 'ApidexHttpError';
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail);
  }
}

export class ApidexUnreachableError extends Error {
  override name = 'ApidexUnreachableError';
}

export interface LookupPage {
  items: ListingSummary[];
  total: number;
  /** Path of the next page, or null on the last. */
  next: string | null;
}

type Query = Record<string, unknown>;

export class ApidexClient {
  readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly options: { fetch?: typeof fetch; timeoutMs?: number; userAgent?: string } = {},
  ) {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new ApidexUnreachableError(`"${baseUrl}" is not a URL; give the directory's address, e.g. http://localhost:3000`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApidexUnreachableError(`"${baseUrl}" must be an http or https URL, e.g. http://localhost:3000`);
    this.baseUrl = url.href.replace(/\/+$/, '');
  }

  lookup(input: LookupListingsInput = {}): Promise<LookupPage> {
    return this.get('/api/apis', input);
  }

  discover(input: DiscoverListingsInput): Promise<DiscoverResult> {
    return this.get('/api/discover', input);
  }

  recommend(input: RecommendListingInput): Promise<RecommendResult> {
    return this.get('/api/recommend', input);
  }

  compare(input: CompareListingsInput): Promise<CompareResult> {
    const slugs = [input.slugs].flat().join(',');
    return this.get('/api/compare', { slugs });
  }

  alternatives({ slug, ...query }: FindAlternativesInput): Promise<AlternativesResult> {
    return this.get(`/api/apis/${encodeURIComponent(String(slug))}/alternatives`, query);
  }

  getListing({ slug }: GetListingInput): Promise<ListingDetail> {
    return this.get(`/api/apis/${encodeURIComponent(String(slug))}`, {});
  }

  provider({ id }: GetProviderInput): Promise<ProviderDetail> {
    return this.get(`/api/providers/${encodeURIComponent(String(id))}`, {});
  }

  quickstart({ slug }: SlugInput): Promise<Quickstart> {
    return this.get(`/api/apis/${encodeURIComponent(String(slug))}/quickstart`, {});
  }

  changes(input: ListChangesInput): Promise<ListChangesResult> {
    return this.get('/api/changes', input);
  }

  packageInfo({ slug }: SlugInput): Promise<PackageInfoResult> {
    return this.get(`/api/apis/${encodeURIComponent(String(slug))}/package`, {});
  }

  async categories(): Promise<Category[]> {
    return (await this.get<{ items: Category[] }>('/api/categories', {})).items;
  }

  reviews(input: ListReviewsInput): Promise<ListReviewsResult> {
    return this.get('/api/reviews', input);
  }

  /** POST /api/reviews; an idempotency key makes a retry return the first answer instead of a second review. */
  submitReview(input: ReviewInput, { idempotencyKey }: { idempotencyKey?: string } = {}): Promise<SubmitReviewResult> {
    return this.request('POST', '/api/reviews', {
      body: JSON.stringify(input),
      headers: { 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    });
  }

  /** POST /api/apis/submit: proposes a listing; an idempotency key makes a retry return the first answer instead of a duplicate refusal. */
  submitListing(input: SubmissionInput, { idempotencyKey }: { idempotencyKey?: string } = {}): Promise<SubmitListingResult> {
    return this.request('POST', '/api/apis/submit', {
      body: JSON.stringify(input),
      headers: { 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    });
  }

  private get<T>(path: string, query: Query): Promise<T> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      params.set(key, String(value));
    }
    const search = params.toString();
    return this.request('GET', search ? `${path}?${search}` : path, {});
  }

  private async request<T>(method: string, path: string, { body, headers = {} }: { body?: string; headers?: Record<string, string> }): Promise<T> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.baseUrl}${path}`, {
        method,
        headers: { accept: 'application/json, application/problem+json', 'user-agent': this.options.userAgent ?? 'apidex-client', ...headers },
        ...(body !== undefined ? { body } : {}),
        // A moved slug answers 301 (or 300 for a split) with a problem naming the new slug: the
        // caller is told where it went rather than handed another listing under the old name.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new ApidexUnreachableError(`Cannot reach the directory at ${this.baseUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}. Check the URL and that the server runs (npx apidex serve).`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ApidexUnreachableError(`${this.baseUrl} answered ${method} ${path} with ${response.status} and a body that is not JSON; is it an apidex directory?`);
    }
    if (!response.ok) {
      const problem = parsed as Partial<Problem> | undefined;
      if (problem && typeof problem.code === 'string' && typeof problem.detail === 'string') throw new ApidexHttpError(response.status, problem as Problem);
      throw new ApidexUnreachableError(`${this.baseUrl} answered ${method} ${path} with ${response.status} ${response.statusText}; is it an apidex directory?`);
    }
    return parsed as T;
  }
}

