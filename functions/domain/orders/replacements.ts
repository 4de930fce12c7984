import { lineKey, REPLACEMENT_DAYS } from '#shared/aftersale';
import type * as z from '#shared/schemas/zod';
import type { replacementDecisionBodySchema, replacementRequestBodySchema } from '#shared/schemas/orders';
import { orders, type OrderRecord } from '../../db/entities/order';
import { replacements, type ReplacementRecord } from '../../db/entities/replacement';
import type { TransactItem } from '../../db/table';
import { cancelReasons, isCancelledTransaction, transactWrite } from '../../db/transaction';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordMetric } from '../../lib/metrics';
import { OutOfStockError } from '../stock/counts';
import { mailReplacement, noticeReplacementRequest } from './mails';
import { findOrder } from './lookup';
import { hasReplacementOrder, replaceableUnits, replacementView } from './view';
import { stockMoves } from '../stock/moves';

type RequestBody = z.output<typeof replacementRequestBodySchema>;
type Decision = z.output<typeof replacementDecisionBodySchema>;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 30 * (attempt + 1)));

/**
 * The order's replacement counts, changed only at the version read: every request and every decline reads the
 * order, checks, and writes the whole map with `replacementVersion` one up, so two requests at once cannot
 * both claim the same units (the second re-reads and finds less left).
 */
export function countsUpdate(
  order: OrderRecord,
  replaced: Record<string, number>,
  extra: Partial<OrderRecord>,
  now: string,
): TransactItem {
  const version = order.replacementVersion ?? 0;
  return orders.transact.update(
    { orderNumber: order.orderNumber },
    { set: { replaced, replacementVersion: version + 1, updatedAt: now, ...extra } },
    { when: version === 0 ? { absent: ['replacementVersion'] } : { equals: { replacementVersion: version } } },
  );
}

/** The order's counts with a request's units given back (a decline, or its replacement order cancelled). */
export function releasedUnits(
  order: OrderRecord,
  lines: readonly { id: string; size: string; quantity: number }[],
): Record<string, number> {
  const replaced = { ...order.replaced };
  for (const line of lines) replaced[lineKey(line)] = Math.max(0, (replaced[lineKey(line)] ?? 0) - line.quantity);
  return replaced;
}

/**
 * A customer or a guest asks for a replacement of chosen lines of a shipped order, within REPLACEMENT_DAYS days
 * of shipping, never for more units than were bought (counting open and approved requests), even when two
 * requests arrive at once. The order number and email prove the order, as in the look-up.
 */
export async function requestReplacement(body: RequestBody, now = new Date()) {
  const wanted = new Map<string, { id: string; size: string; quantity: number }>();
  for (const line of body.lines) {
    const key = lineKey(line);
    wanted.set(key, { ...line, quantity: (wanted.get(key)?.quantity ?? 0) + line.quantity });
  }
  for (let attempt = 0; ; attempt++) {
    const order = await findOrder(body.orderNumber, body.email, { consistent: true });
    // Made-to-order work is reprinted through its quote's page, not this form (docs/decisions/0115).
    if (order.quote)
      throw conflict(
        'For made-to-order work, please tell us on your quote page (the link is in our mails): we reprint it.',
      );
    if (order.status !== 'completed') throw conflict('A replacement can be asked for once the order has shipped.');
    const { units, until } = replaceableUnits(order, now);
    if (!until || now.toISOString() > until) {
      throw conflict(
        `Replacements can be asked for within ${REPLACEMENT_DAYS} days of shipping; this order shipped on ${order.completedAt?.slice(0, 10)}.`,
      );
    }
    const lines: ReplacementRecord['lines'] = [];
    for (const [key, line] of wanted) {
      const bought = order.lines.find((candidate) => lineKey(candidate) === key);
      if (!bought)
        throw badRequest('That item is not part of this order.', { lines: 'That item is not part of this order.' });
      const left = units[key] ?? 0;
      if (line.quantity > left) {
        const message =
          left === 0
            ? `${bought.name} (${bought.size}) has already been asked for.`
            : `You can ask for at most ${left} of ${bought.name} (${bought.size}).`;
        throw conflict(message);
      }
      lines.push({ id: bought.id, name: bought.name, image: bought.image, size: bought.size, quantity: line.quantity });
    }
    const count = (order.replacementCount ?? 0) + 1;
    const stamp = now.toISOString();
    const request: ReplacementRecord = {
      id: `${order.orderNumber}_r${count}`,
      orderNumber: order.orderNumber,
      customer: order.customer,
      email: order.shippingAddress.email,
      name: order.shippingAddress.name,
      lines,
      reason: body.reason,
      status: 'open',
      createdAt: stamp,
      updatedAt: stamp,
    };
    const replaced = { ...order.replaced };
    for (const line of lines) replaced[lineKey(line)] = (replaced[lineKey(line)] ?? 0) + line.quantity;
    try {
      await transactWrite([
        countsUpdate(order, replaced, { replacementCount: count }, stamp),
        replacements.transact.put(request, { ifNew: true }),
      ]);
    } catch (error) {
      // Another request or a decline changed the counts first: read again and check again.
      if (!isCancelledTransaction(error) || attempt >= 8)
        throw isCancelledTransaction(error) ? conflict('Please try again.') : error;
      await pause(attempt);
      continue;
    }
    // The customer's mail and the owner's notice go out side by side (the customer waits for one send, not two).
    const [mail] = await Promise.all([mailReplacement(request, 'received'), noticeReplacementRequest(request)]);
    await replacements.update({ id: request.id }, { set: { mail } });
    return { replacement: replacementView(request) };
  }
}

/** The admin's list of requests with the customer's name and email, newest first. */
export async function listReplacements(status: ReplacementRecord['status']) {
  const found = await replacements.query('byStatus', { status }, { order: 'desc' });
  return {
    replacements: found.map((request) => ({
      ...replacementView(request),
      name: request.name,
      email: request.email,
      replacementOrder: hasReplacementOrder(request) ? request.id : null,
    })),
  };
}

/** The same decision again answers the request as it is; the other decision after one was made is a 409. */
function decided(request: ReplacementRecord, decision: Decision['decision']) {
  const same =
    (decision === 'approve' && request.status === 'approved') ||
    (decision === 'decline' && request.status === 'declined');
  if (!same) throw conflict(`This request was already ${request.status}.`);
  return { replacement: replacementView(request), replacementOrder: hasReplacementOrder(request) ? request.id : null };
}

/**
 * Approve: one transaction takes the stock (conditional decrements, as any order), marks the request approved
 * (only if still open) and writes the $0 replacement order, linked to the original, pending shipping like any
 * order. Decline: the request is closed with the admin's message and its units can be asked for again.
 * Either happens once, whichever tab presses first; the customer is mailed.
 */
export async function decideReplacement(id: string, decision: Decision) {
  for (let attempt = 0; ; attempt++) {
    const request = await replacements.get({ id }, { consistent: true });
    if (!request) throw notFound('No such replacement request.');
    if (request.status !== 'open') return decided(request, decision.decision);
    const order = (await orders.get({ orderNumber: request.orderNumber }, { consistent: true }))!;
    const stamp = new Date().toISOString();
    const close = replacements.transact.update(
      { id },
      {
        set: {
          status: decision.decision === 'approve' ? 'approved' : 'declined',
          decidedAt: stamp,
          ...(decision.decision === 'decline' ? { message: decision.message! } : {}),
        },
      },
      { when: { equals: { status: 'open' } }, current: request },
    );
    let items: TransactItem[];
    /** The stock writes come first in the transaction: a failed one means too little stock (named with sizes). */
    let takes: { count: number; short: () => Promise<string[]> } | null = null;
    if (decision.decision === 'approve') {
      const moves = await stockMoves(request.lines, 'take', stamp);
      if (moves.uncounted.length) throw new OutOfStockError(moves.uncounted);
      const replacementOrder: OrderRecord = {
        orderNumber: request.id,
        customer: order.customer,
        status: 'pending',
        shippingAddress: order.shippingAddress,
        lines: request.lines.map((line) => ({ ...line, price: 0 })) as OrderRecord['lines'],
        amounts: { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0 },
        replacementOf: order.orderNumber,
        mailStatus: 'pending',
        version: 1,
        createdAt: stamp.replace(/\.\d{3}Z$/, 'Z'),
        updatedAt: stamp,
      };
      items = [...moves.items, close, orders.transact.put(replacementOrder, { ifNew: true })];
      takes = { count: moves.items.length, short: moves.short };
    } else {
      items = [close, countsUpdate(order, releasedUnits(order, request.lines), {}, stamp)];
    }
    try {
      await transactWrite(items);
    } catch (error) {
      const reasons = cancelReasons(error);
      if (!reasons) throw error;
      const short =
        takes && reasons.slice(0, takes.count).includes('ConditionalCheckFailed') ? await takes.short() : [];
      if (short.length) throw new OutOfStockError(short);
      // Decided in another tab, or a concurrent change: read again (then answered as it is, or tried again).
      if (attempt >= 8) throw conflict('Please try again.');
      await pause(attempt);
      continue;
    }
    if (decision.decision === 'approve') recordMetric('replacements');
    const after = (await replacements.get({ id }, { consistent: true }))!;
    const mail = await mailReplacement(after, decision.decision === 'approve' ? 'approved' : 'declined');
    await replacements.update({ id }, { set: { mail } });
    if (decision.decision === 'approve')
      await orders.update({ orderNumber: id }, { set: { mailStatus: mail.status === 'sent' ? 'sent' : 'failed' } });
    return { replacement: replacementView(after), replacementOrder: decision.decision === 'approve' ? id : null };
  }
}
