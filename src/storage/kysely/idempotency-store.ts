import type { Kysely } from 'kysely';
import type { IdempotentResponse } from '../../core/store.ts';
import type { Database } from './schema.ts';

/** The idempotency aggregate: recorded answers to keyed writes (each write records its own, in its transaction). */
export class IdempotencyStore {
  constructor(private readonly db: Kysely<Database>) {}

  async getIdempotentResponse(key: string): Promise<IdempotentResponse | undefined> {
    const row = await this.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    return { fingerprint: row.fingerprint, statusCode: row.status_code, location: row.location, body: row.response_body, createdAt: row.created_at };
  }

  async purgeIdempotencyKeys(before: string): Promise<number> {
    const { numDeletedRows } = await this.db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
    return Number(numDeletedRows);
  }
}
