import { canonicalEmail } from '#shared/email';
import { MESSAGES, STOCK_ALERT_MESSAGES as WORDS } from '#shared/messages';
import { unescapeText } from '#shared/sanitize';
import type { StockAlertBody } from '#shared/schemas/stock-alerts';
import { sizesFor } from '#shared/sizes';
import { restockWhat } from '#shared/stock-alerts';
import { products } from '../../db/entities/product';
import { stockAlerts, stockDemand, type StockAlertRecord } from '../../db/entities/stock-alert';
import type { TransactItem } from '../../db/table';
import { transactWriteOrFailures } from '../../db/transaction';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { availability } from '../catalog/availability';

type AlertKey = Pick<StockAlertRecord, 'productId' | 'size' | 'email'>;

/** The demand count's change that goes with a request starting (+1) or ending (-1) to wait, in the same transaction. */
export function demandItem(key: Pick<AlertKey, 'productId' | 'size'>, change: 1 | -1, at: string): TransactItem {
  const { productId, size } = key;
  return change === 1
    ? stockDemand.transact.update(
        { productId, size },
        { add: { waiting: 1 }, set: { lastAskedAt: at } },
        { upsert: true },
      )
    : stockDemand.transact.update({ productId, size }, { add: { waiting: -1 } });
}

/**
 * "Email me when it's back" (issue 27 item 5): a request for one sold-out size of a listed product, kept under the
 * canonical email, so the same address and size twice is one request (a second ask, at once or later, changes
 * nothing while the first waits). A request that ended (mailed) starts waiting again as a new round. The request and
 * the size's demand count are written in one transaction; two asks at once meet on the record's condition, and the
 * loser reads it again and finds it waiting. Refused: an unknown or drafted product (404), a size it does not come in
 * (400), a size in stock now (409: nothing to wait for).
 */
export async function askForRestock(body: StockAlertBody, now = new Date()): Promise<{ ok: true; message: string }> {
  const product = await products.get({ id: body.productId });
  if (!product || product.status !== 'listed') throw notFound(MESSAGES.productNotFound);
  if (!sizesFor(product.tag).includes(body.size)) throw badRequest(WORDS.notASize, { size: WORDS.notASize });
  const what = restockWhat(unescapeText(product.name), body.size);
  const left = (await availability(product)).find((size) => size.size === body.size)?.available ?? 0;
  if (left > 0) throw conflict(WORDS.inStock(what));

  const key: AlertKey = { productId: product.id, size: body.size, email: canonicalEmail(body.email) };
  const answer = { ok: true as const, message: WORDS.subscribed(body.email, what) };
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await stockAlerts.get(key, { consistent: true });
    if (current?.status === 'waiting') return answer;
    const at = now.toISOString();
    const waiting = { ...key, to: body.email, status: 'waiting' as const, waitingSince: at };
    const request = current
      ? stockAlerts.transact.put(
          {
            ...current,
            ...waiting,
            round: current.round + 1,
            version: current.version + 1,
            ended: undefined,
            endedAt: undefined,
            updatedAt: at,
          },
          { when: { equals: { version: current.version } } },
        )
      : stockAlerts.transact.put(waiting, { ifNew: true });
    const failed = await transactWriteOrFailures([request, demandItem(key, 1, at)]);
    if (!failed.length) return answer;
    // The same request at the same moment (a double click, two tabs): read it again; it is waiting now.
  }
  throw conflict('Please try again.');
}
