/**
 * The one table's keys and indexes, defined once. Used by the CDK table (infra/lib) and by the local
 * CreateTable (functions/db/create-table.ts). Plain data, no SDK imports, so infra can import it.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds after which DynamoDB may delete the item (finished checkouts and reservations). */
  timeToLiveAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type TableKeys = typeof TABLE_KEYS;
