import { mailDay } from '#shared/format';
import { MAIL_SOURCES } from '#shared/funnel';
import { STOCK_ALERT_MESSAGES as WORDS } from '#shared/messages';
import { unescapeText } from '#shared/sanitize';
import type { ProductDetail } from '#shared/schemas/product';
import { sizesFor } from '#shared/sizes';
import { ALERTS_PER_RUN, BACK_IN_STOCK, restockWhat } from '#shared/stock-alerts';
import { products, type ProductRecord } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { stockAlerts, stockDemand, type StockAlertRecord, type StockDemandRecord } from '../../db/entities/stock-alert';
import { isConditionFailure } from '../../db/table';
import { transactWriteOrFailures } from '../../db/transaction';
import { logger } from '../../lib/logger';
import { siteLink, type Mail } from '../../lib/mail';
import { sizesLeft } from '../catalog/availability';
import { deliveryItem } from '../mail/deliveries';
import { commercialMail } from '../mail/commercial';
import { hasOptedOut } from '../mail/opt-outs';
import { demandItem } from './requests';

/** The delivery ref of one request's mail: the request's key and its round (a request asked again is a new reason). */
export const alertRef = (request: Pick<StockAlertRecord, 'productId' | 'size' | 'email' | 'round'>) =>
  `${request.productId}|${request.size}|${request.email}|${request.round}`;

/**
 * Units that can be bought now of each size of `list`'s products, by product id (their stock items read in one batch).
 */
export async function sizesNow(list: readonly ProductRecord[]): Promise<Map<string, ProductDetail['sizes']>> {
  const itemIds = [...new Set(list.flatMap((product) => (product.stockRef ? [product.stockRef] : [])))];
  const items = new Map(
    (itemIds.length ? await stockItems.getMany(itemIds.map((id) => ({ id }))) : []).map((item) => [item.id, item]),
  );
  return new Map(
    list.map((product) => [
      product.id,
      sizesLeft(product, product.stockRef ? (items.get(product.stockRef) ?? null) : null),
    ]),
  );
}

/** The sizes anyone waits for (the demand records with a count), after deleting those at 0 (on that condition). */
export async function waitedFor(): Promise<StockDemandRecord[]> {
  const demand = await stockDemand.query('all', {});
  for (const empty of demand.filter((record) => record.waiting <= 0)) {
    try {
      // Only while still at 0: a request arriving at this moment keeps (or makes again) its record.
      await stockDemand.delete({ productId: empty.productId, size: empty.size }, { when: { below: { waiting: 1 } } });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return demand.filter((record) => record.waiting > 0);
}

/**
 * The alert: the size is back (and, when more people asked than came back, that it may go soon) and the link; the
 * footer says why it came, with the one-click unsubscribe and the shop's postal address (commercialMail). Null when
 * such a mail cannot be made (no postal address or site address set): the request keeps waiting.
 */
async function alertMail(
  request: StockAlertRecord,
  product: ProductRecord,
  units: number,
  asked: number,
): Promise<Mail | null> {
  const what = restockWhat(unescapeText(product.name), request.size);
  // utm_source: the shoppers' path counts the visits the mail brings (decision 0167).
  const link = siteLink(`/product/${encodeURIComponent(product.id)}?utm_source=${MAIL_SOURCES.backInStock}`);
  const askedOn = mailDay(new Date(request.waitingSince ?? request.updatedAt), { year: true });
  const text = [
    'Hi,',
    '',
    WORDS.back(what),
    ...(asked > units ? [WORDS.few(units)] : []),
    '',
    link ? WORDS.link(link) : WORDS.noLink,
  ].join('\n');
  const made = await commercialMail({
    to: request.to,
    subject: WORDS.subject(what),
    text,
    reason: WORDS.reason(askedOn, what),
  });
  if (made.ok) return made.mail;
  logger.error(WORDS.notSendable, { productId: request.productId, size: request.size, why: made.why });
  return null;
}

/**
 * Ends one waiting request, with its mail when `mail` is given: the delivery (pending, due now: this job's sweep sends
 * it), the request's end and its size's count, in one transaction on the version read. So two runs at once, or a run
 * retried after a crash, write one delivery per request: the second finds the version moved and writes nothing.
 * False when the request changed meanwhile (ended by another run, or asked again).
 */
async function endRequest(
  request: StockAlertRecord,
  how: NonNullable<StockAlertRecord['ended']>,
  now: Date,
  mail?: Mail,
): Promise<boolean> {
  const at = now.toISOString();
  const end = () =>
    stockAlerts.transact.put(
      {
        ...request,
        status: 'ended',
        ended: how,
        endedAt: at,
        waitingSince: undefined,
        version: request.version + 1,
        updatedAt: at,
      },
      { when: { equals: { version: request.version, status: 'waiting' } } },
    );
  const items = [end(), demandItem(request, -1, at)];
  const failed = await transactWriteOrFailures(
    mail ? [...items, deliveryItem(BACK_IN_STOCK, alertRef(request), mail, now)] : items,
  );
  if (!failed.length) return true;
  // Its mail exists already while the request still waits (only a repaired record could do that): ended without a
  // second one.
  if (mail && failed.length === 1 && failed[0] === 2) return (await transactWriteOrFailures(items)).length === 0;
  return false;
}

export interface RestockCounts {
  /** Requests whose mail this run wrote (sent by the same run's sweep, or the next). */
  mailed: number;
  /** Requests ended without a mail: the address opted out of the shop's mail, or the product or size is gone. */
  ended: number;
}

/**
 * The send-mails job's look at stock (issue 27 item 6; docs/decisions/0080): whatever made a size buyable again (the
 * owner's stock edit, a stock item shared by several products, a cancelled order, a cancelled replacement, a product
 * listed again), each size someone waits for is checked against the stock as it is now. For each one that can be
 * bought, its waiting requests, oldest first, each get one mail and end. A product deleted (or a size it no longer
 * comes in) ends its requests without mail, as does an address that opted out. At most ALERTS_PER_RUN requests a run
 * (the rest at the next), none started after `deadline`. Cost when nobody waits: one Query of an empty partition.
 */
export async function mailRestocks(
  now = new Date(),
  options: { deadline?: number; limit?: number } = {},
): Promise<RestockCounts> {
  const counts: RestockCounts = { mailed: 0, ended: 0 };
  const demand = await waitedFor();
  if (!demand.length) return counts;
  const found = await products.getMany([...new Set(demand.map((record) => record.productId))].map((id) => ({ id })));
  const byId = new Map(found.map((product) => [product.id, product]));
  const sizes = await sizesNow(found);
  let budget = options.limit ?? ALERTS_PER_RUN;
  const timeLeft = () => budget > 0 && (options.deadline === undefined || Date.now() < options.deadline);
  for (const wanted of demand) {
    if (!timeLeft()) break;
    const product = byId.get(wanted.productId);
    const gone = !product || !sizesFor(product.tag).includes(wanted.size);
    if (!gone && product.status !== 'listed') continue;
    const units = gone ? 0 : (sizes.get(product.id)?.find((size) => size.size === wanted.size)?.available ?? 0);
    if (!gone && units <= 0) continue;
    const waiting = await stockAlerts.query(
      'waiting',
      { productId: wanted.productId, size: wanted.size },
      { limit: budget },
    );
    for (const listed of waiting) {
      if (!timeLeft()) break;
      budget--;
      try {
        // The index is read eventually consistent: the record itself decides.
        const request = await stockAlerts.get(
          { productId: listed.productId, size: listed.size, email: listed.email },
          { consistent: true },
        );
        if (request?.status !== 'waiting') continue;
        if (gone || (await hasOptedOut(request.email))) {
          if (await endRequest(request, gone ? 'gone' : 'opted-out', now)) counts.ended++;
        } else {
          const mail = await alertMail(request, product, units, wanted.waiting);
          if (mail && (await endRequest(request, 'mailed', now, mail))) counts.mailed++;
        }
      } catch (error) {
        logger.error('could not end a back-in-stock request', {
          productId: listed.productId,
          size: listed.size,
          error: error as Error,
        });
      }
    }
  }
  if (counts.mailed || counts.ended) logger.info('back-in-stock requests ended', { ...counts });
  return counts;
}
