import type { CatalogueIndex } from './catalogue-index.ts';

/**
 * Keeps a server's in-memory catalogue in step with listings other processes write (another
 * server on the same PostgreSQL, a `catalog sync`) by polling the store's change feed.
 *
 * Why polling and not LISTEN/NOTIFY: it works the same on SQLite and PostgreSQL, needs no
 * dedicated connection that must be re-established after a drop, and cannot miss a change
 * (a notification sent while reconnecting is lost; the feed's revision is not). One poll is
 * one indexed query that returns nothing when nothing changed.
 *
 * The next poll is scheduled only after the previous one has finished, so a slow store never
 * piles up refreshes; the timer is unref'd, so it never keeps the process alive on its own.
 * A failed poll (database down, connection dropped) is reported and the next one runs on
 * schedule; the index keeps serving what it had.
 */

export interface WatchCatalogueOptions {
  /** Pause between the end of one poll and the start of the next; 0 or less: no polling. */
  intervalMs: number;
  /** A poll failed; `consecutiveFailures` counts this one (1 on the first of a run of failures). */
  onError: (error: unknown, details: { consecutiveFailures: number }) => void;
  /** A poll succeeded after `failures` failed ones. */
  onRecovered?: (details: { failures: number }) => void;
}

export interface CatalogueWatch {
  /** Stops polling; resolves once a poll under way has finished, so the store can then be closed. */
  stop(): Promise<void>;
}

export function watchCatalogue(catalogue: Pick<CatalogueIndex, 'refresh'>, { intervalMs, onError, onRecovered }: WatchCatalogueOptions): CatalogueWatch {
  if (!(intervalMs > 0)) return { stop: async () => {} };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> = Promise.resolve();
  let consecutiveFailures = 0;

  // A listener that throws must not end the polling (nor surface as an unhandled rejection).
  const report = (notify: () => void) => {
    try {
      notify();
    } catch {
      // The listener's own problem; polling goes on.
    }
  };

  const poll = async () => {
    try {
      await catalogue.refresh();
      if (consecutiveFailures > 0) {
        const failures = consecutiveFailures;
        consecutiveFailures = 0;
        report(() => onRecovered?.({ failures }));
      }
    } catch (error) {
      consecutiveFailures += 1;
      report(() => onError(error, { consecutiveFailures }));
    }
    if (!stopped) schedule();
  };

  const schedule = () => {
    timer = setTimeout(() => {
      timer = undefined;
      polling = poll();
    }, intervalMs);
    timer.unref();
  };

  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await polling;
    },
  };
}
