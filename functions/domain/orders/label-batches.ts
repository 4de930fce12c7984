import { randomUUID } from 'node:crypto';
import { LABEL_WORDS, rateLabelOf } from '#shared/labels';
import type { LabelBatchView } from '#shared/schemas/labels';
import { labelBatches, type LabelBatchRecord } from '../../db/entities/label-batch';
import { orders, type OrderRecord } from '../../db/entities/order';
import { HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { buyLabel, labelRates } from './labels';

/**
 * "Buy labels" for several orders (issue 53 item 3, docs/decisions/0175): the request records a batch; the job
 * `buy-labels` (every minute) buys each order's label through the same buyLabel as the order page, at the order's next
 * attempt, with the rate the customer chose (a carrier rate), or the cheapest rate now (an order that paid a shop
 * rate: flat or free). Each order's label is bought once whatever runs: the attempt on the order is the key.
 */

const KEPT_SECONDS = 30 * 86_400;

export const batchView = (batch: LabelBatchRecord): LabelBatchView => ({
  id: batch.id,
  status: batch.status,
  createdAt: batch.createdAt,
  orders: batch.orders.map((entry) => ({
    orderNumber: entry.orderNumber,
    status: entry.status,
    text: entry.text ?? null,
  })),
});

/** POST /api/admin/label-batches: records the batch (the job buys); the same order named twice counts once. */
export async function startBatch(orderNumbers: readonly string[]): Promise<LabelBatchView> {
  const unique = [...new Set(orderNumbers)];
  const now = new Date().toISOString();
  const batch = await labelBatches.create({
    id: randomUUID(),
    status: 'waiting',
    orders: unique.map((orderNumber) => ({ orderNumber, status: 'waiting' })),
    openAt: now,
    expiresAt: Math.floor(Date.now() / 1000) + KEPT_SECONDS,
  });
  return batchView(batch);
}

/** GET /api/admin/label-batches/{id}: the batch's progress and each order's result. */
export async function readBatch(id: string): Promise<LabelBatchView> {
  const batch = await labelBatches.get({ id }, { consistent: true });
  if (!batch) throw notFound(LABEL_WORDS.batchUnknown);
  return batchView(batch);
}

const boughtText = (order: OrderRecord) =>
  `${rateLabelOf(order.label!.carrier, order.label!.service)}, tracking ${(order.label!.trackingCodes ?? []).join(', ')}`;

/** One order of a batch: its label bought (or found bought by this batch), or why not. */
async function buyOne(batchId: string, orderNumber: string): Promise<{ status: 'bought' | 'failed'; text: string }> {
  const order = await orders.get({ orderNumber }, { consistent: true });
  if (!order) return { status: 'failed', text: 'No such order.' };
  // Bought by this batch in a run that stopped before it wrote the result.
  if (order.labelStatus === 'bought' && order.label?.batchId === batchId)
    return { status: 'bought', text: boughtText(order) };
  try {
    const attempt = order.labelStatus === 'buying' ? order.labelAttempt! : (order.labelAttempt ?? 0) + 1;
    let rateId: string | undefined;
    const ownRate = order.shippingRate?.kind !== 'calculated' || Boolean(order.shippingFallback) || attempt > 1;
    if (order.labelStatus !== 'buying' && order.labelStatus !== 'bought' && ownRate)
      rateId = (await labelRates(orderNumber)).rates[0]?.id;
    const bought = await buyLabel(orderNumber, { attempt, ...(rateId ? { rateId } : {}) }, batchId);
    if (bought.label?.batchId !== batchId && bought.labelAttempt !== attempt)
      return { status: 'failed', text: LABEL_WORDS.alreadyBought };
    return { status: 'bought', text: boughtText(bought) };
  } catch (error) {
    // Two runs at once: the other named this order's attempt for this batch first (so this one was refused): finish
    // that one (the same attempt), or take it as bought.
    const now = await orders.get({ orderNumber }, { consistent: true });
    if (now?.label?.batchId === batchId) {
      if (now.labelStatus === 'bought') return { status: 'bought', text: boughtText(now) };
      if (now.labelStatus === 'buying')
        return buyLabel(orderNumber, { attempt: now.labelAttempt! }, batchId).then(
          (bought) => ({ status: 'bought' as const, text: boughtText(bought) }),
          (again: unknown) => ({
            status: 'failed' as const,
            text: again instanceof HttpError ? again.message : LABEL_WORDS.providerDown,
          }),
        );
    }
    if (error instanceof HttpError) return { status: 'failed', text: error.message };
    logger.error('a batch label failed', { error: error as Error, orderNumber, batchId });
    return { status: 'failed', text: LABEL_WORDS.providerDown };
  }
}

/**
 * Works through one batch until the deadline: each waiting order bought and its result written (at its place in the
 * list). Done when none waits: it leaves the job's index.
 */
export async function runBatch(batch: LabelBatchRecord, deadline: number): Promise<'done' | 'partial'> {
  if (batch.status === 'waiting') await labelBatches.update({ id: batch.id }, { set: { status: 'running' } });
  for (const [index, entry] of batch.orders.entries()) {
    if (entry.status !== 'waiting') continue;
    if (Date.now() >= deadline) return 'partial';
    const result = await buyOne(batch.id, entry.orderNumber);
    await labelBatches.update({ id: batch.id }, { setInList: { orders: { index, set: result } } });
  }
  // Written whole, so the record leaves the job's index (openAt gone); from the results as stored now.
  const now = await labelBatches.get({ id: batch.id }, { consistent: true });
  if (now && now.status !== 'done') {
    const { openAt: _open, ...rest } = now;
    await labelBatches.put({ ...rest, status: 'done' });
  }
  return 'done';
}

/** The job's run: every open batch, oldest first, until the deadline. */
export async function runBatches(deadline: number): Promise<{ batches: number; done: number }> {
  const open = await labelBatches.query('open', {}, { order: 'asc' });
  let done = 0;
  for (const listed of open) {
    if (Date.now() >= deadline) break;
    const batch = await labelBatches.get({ id: listed.id }, { consistent: true });
    if (!batch || batch.status === 'done') continue;
    if ((await runBatch(batch, deadline)) === 'done') done++;
  }
  return { batches: open.length, done };
}
