/**
 * The newest published or pending reviews of each listing, kept in memory for the near-duplicate
 * check that runs on every review write (issue 15: reading them from the store was a third of
 * the write path's time). The store keeps them exact: it applies its own writes here after they
 * commit, forgets a listing when a review leaves the window some other way (moderation), and
 * forgets everything when another connection may have written (see KyselyStore).
 */

export interface WindowReview {
  id: string;
  reviewerKey: string;
  createdAt: string;
  body: string;
}

/** Newest first, as the store orders them: by creation instant, then id. */
const newerFirst = (a: WindowReview, b: WindowReview) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);

export class RecentReviewWindow {
  readonly capacity: number;
  /** True when the store held fewer reviews than the capacity: then every one of them is here. */
  readonly #holdsAll: boolean;
  #reviews: WindowReview[];

  constructor(reviews: WindowReview[], capacity: number) {
    this.capacity = capacity;
    this.#holdsAll = reviews.length < capacity;
    this.#reviews = [...reviews].sort(newerFirst).slice(0, capacity);
  }

  /** The newest `limit` reviews by anyone but the reviewer given. */
  except(reviewerKey: string, limit: number): WindowReview[] {
    const result: WindowReview[] = [];
    for (const review of this.#reviews) {
      if (result.length === limit) break;
      if (review.reviewerKey !== reviewerKey) result.push(review);
    }
    return result;
  }

  /** A review written (created or replaced) and committed; applying it twice changes nothing. */
  put(review: WindowReview): void {
    const reviews = this.#reviews.filter((kept) => kept.id !== review.id);
    const oldest = reviews[reviews.length - 1];
    // Older than everything kept in a full window: the store's newest `capacity` do not include it.
    if (!this.#holdsAll && reviews.length >= this.capacity && oldest !== undefined && newerFirst(review, oldest) > 0) {
      this.#reviews = reviews;
      return;
    }
    reviews.push(review);
    reviews.sort(newerFirst);
    this.#reviews = reviews.slice(0, this.capacity);
  }
}

/** One window per listing, for the busiest listings. */
export class RecentReviewWindows {
  readonly #windows = new Map<string, RecentReviewWindow>();
  readonly #listingsKept: number;
  /** Counts changes, so a window read from the store while one was applied is not kept. */
  #changes = 0;

  constructor(listingsKept: number) {
    this.#listingsKept = listingsKept;
  }

  get changes(): number {
    return this.#changes;
  }

  get(slug: string, capacity: number): RecentReviewWindow | undefined {
    const window = this.#windows.get(slug);
    return window?.capacity === capacity ? window : undefined;
  }

  /** Keeps a window read from the store, unless a change was applied since `changesBefore` (read before the store was). */
  keep(slug: string, window: RecentReviewWindow, changesBefore: number): void {
    if (changesBefore !== this.#changes) return;
    this.#windows.delete(slug);
    if (this.#windows.size >= this.#listingsKept) this.#windows.delete(this.#windows.keys().next().value!);
    this.#windows.set(slug, window);
  }

  /** Applies a committed write to its listing's window, if one is kept. */
  put(slug: string, review: WindowReview): void {
    this.#changes += 1;
    this.#windows.get(slug)?.put(review);
  }

  forget(slug: string): void {
    this.#changes += 1;
    this.#windows.delete(slug);
  }

  forgetAll(): void {
    this.#changes += 1;
    this.#windows.clear();
  }
}
