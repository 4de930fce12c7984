import { BAD_ADMIN_CURSOR, type AdminPageQuery } from '#shared/schemas/admin';
import type { QueryPage } from '../../db/table';
import { badRequest } from '../../lib/errors';

/** What an admin table page reads through: one index partition of one record kind (a `model`). */
interface Pageable<T> {
  queryPage(
    indexName: string,
    values: Partial<T>,
    options: { order?: 'asc' | 'desc'; limit?: number },
    start: Record<string, unknown> | null,
  ): Promise<QueryPage<T>>;
  position(record: T, indexName: string): Record<string, unknown>;
  isPosition(value: unknown, indexName: string, values: Partial<T>): value is Record<string, unknown>;
  count(indexName: string, values: Partial<T>): Promise<number>;
}

/**
 * One page of an admin table (docs/decisions/0043): `limit` rows of one index partition from the cursor on,
 * the cursor of the next page (null: the last), and the partition's total (a COUNT query: no rows travel, but
 * DynamoDB reads the partition, so it is for admin tables of thousands, not for shoppers). A cursor must be a
 * position in the same partition (its index keys are checked), or it is a 400.
 */
export async function adminPage<T>(
  model: Pageable<T>,
  indexName: string,
  values: Partial<T>,
  query: AdminPageQuery,
  order: 'asc' | 'desc' = 'desc',
) {
  let start: Record<string, unknown> | null = null;
  if (query.cursor) {
    try {
      const key: unknown = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8'));
      if (model.isPosition(key, indexName, values)) start = key;
    } catch {
      /* refused below */
    }
    if (!start) throw badRequest(BAD_ADMIN_CURSOR, { cursor: BAD_ADMIN_CURSOR });
  }
  const [page, total] = await Promise.all([
    model.queryPage(indexName, values, { order, limit: query.limit + 1 }, start),
    model.count(indexName, values),
  ]);
  const records = page.records.slice(0, query.limit);
  const more = page.records.length > query.limit;
  return {
    records,
    total,
    nextCursor: more
      ? Buffer.from(JSON.stringify(model.position(records.at(-1)!, indexName))).toString('base64url')
      : null,
  };
}
