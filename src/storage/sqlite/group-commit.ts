import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../kysely-store.ts';

type Write<T> = (trx: Transaction<Database>) => Promise<T>;
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
interface QueuedWrite {
  write: Write<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The most writes one commit carries, so one batch cannot hold the connection for long. */
const MAX_WRITES_PER_COMMIT = 64;

/**
 * Group commit for SQLite's one connection: writes that arrive in the same turn of the event
 * loop run in one transaction, each inside its own savepoint, and share one commit, so one
 * fsync acknowledges all of them. A write that fails is rolled back to its savepoint alone;
 * none is acknowledged before the commit that holds it has returned, and if that commit fails,
 * every write in it fails.
 */
export class GroupCommit {
  readonly #db: Kysely<Database>;
  #queue: QueuedWrite[] = [];
  #scheduled = false;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  run<T>(write: Write<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => void this.#commitQueued());
      }
    });
  }

  async #commitQueued(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_WRITES_PER_COMMIT);
      let outcomes: Outcome[];
      try {
        outcomes = await this.#db.transaction().execute(async (trx) => {
          const done: Outcome[] = [];
          for (const { write } of batch) done.push(await inSavepoint(trx, write));
          return done;
        });
      } catch (error) {
        for (const { reject } of batch) reject(error);
        continue;
      }
      batch.forEach(({ resolve, reject }, index) => {
        const outcome = outcomes[index]!;
        if (outcome.ok) resolve(outcome.value);
        else reject(outcome.error);
      });
    }
    this.#scheduled = false;
  }
}

async function inSavepoint(trx: Transaction<Database>, write: Write<unknown>): Promise<Outcome> {
  await sql`savepoint one_write`.execute(trx);
  try {
    const value = await write(trx);
    await sql`release savepoint one_write`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    await sql`rollback to savepoint one_write`.execute(trx);
    await sql`release savepoint one_write`.execute(trx);
    return { ok: false, error };
  }
}
