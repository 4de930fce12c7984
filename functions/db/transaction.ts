import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conflict } from '../lib/errors';
import { documentClient } from './client';
import type { TransactItem } from './table';

/**
 * Transactions on the table: the items come from the record models (`x.transact.put/update/check/delete`,
 * functions/db/table.ts), so domain code names records and fields, never keys or expressions (decision 0070).
 */

/**
 * Writes the items all together or none (TransactWriteItems, at most 100); throws when DynamoDB cancels it
 * (cancelReasons).
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * Why DynamoDB cancelled a transaction, one code per item in order (`ConditionalCheckFailed`, `TransactionConflict`,
 * `None`, ...); null when the error is not a cancelled transaction (throttling, a bug). Nothing was written then.
 */
export function cancelReasons(error: unknown): string[] | null {
  const cancelled = error as { name?: string; CancellationReasons?: { Code?: string }[] } | undefined;
  if (cancelled?.name !== 'TransactionCanceledException') return null;
  return (cancelled.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/**
 * Runs one TransactWriteItems, retrying with jitter while DynamoDB reports a conflicting concurrent transaction
 * (many buyers of the same count at once). Returns the indexes of the items whose condition failed (nothing was
 * written then); empty when everything was written.
 */
export async function transactWriteOrFailures(items: TransactItem[]): Promise<number[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      await transactWrite(items);
      return [];
    } catch (error) {
      const reasons = cancelReasons(error);
      if (!reasons) throw error;
      const failed = reasons.flatMap((reason, index) => (reason === 'ConditionalCheckFailed' ? [index] : []));
      if (failed.length) return failed;
      if (attempt >= 12) throw conflict('The shop is busy. Please try again.');
      // TransactionConflict: another checkout touched the same stock at the same moment.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 40 * (attempt + 1)));
    }
  }
}

/**
 * Whether the error is a transaction DynamoDB cancelled (a condition, or a conflicting transaction): nothing was
 * written.
 */
export function isCancelledTransaction(error: unknown): boolean {
  return cancelReasons(error) !== null;
}
