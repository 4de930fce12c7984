import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Amounts } from '../../../shared/money';
import { MESSAGES } from '../../../shared/messages';
import type { ShippingAddress } from '../../../shared/schemas/address';
import { documentClient, tableName } from '../../db/client';
import { products } from '../../db/entities/product';
import { reservations, type ReservationRecord } from '../../db/entities/reservation';
import { stockItems } from '../../db/entities/stock-item';
import type { TransactItem } from '../../db/table';
import { conflict, forbidden, HttpError } from '../../lib/errors';
import { cellsOf, type PricedLine } from './pricing';

export type Reservation = ReservationRecord;

/** How long stock is held for an unpaid checkout. */
export const RESERVATION_MINUTES = 30;
/** Finished reservations stay this long (then DynamoDB's TTL removes them). */
const KEEP_FINISHED_SECONDS = 7 * 24 * 3600;

/** Not enough stock: 409 with the names, which the cart shows after the spec's sentence. */
export class OutOfStockError extends HttpError {
  constructor(readonly outOfStockItems: string[]) {
    super(409, 'out_of_stock', `${MESSAGES.outOfStock}\n${outOfStockItems.join('\n')}`);
  }
}

/** One conditional update of a stock count by `delta` units (positive takes stock, negative returns it). */
function cellUpdate(cell: string, delta: number, now: string): TransactItem {
  const [kind, id, key] = cell.split('|');
  const Key = kind === 'stockItem' ? stockItems.key({ id }) : products.key({ id });
  const names = { '#stock': 'stock', '#key': key, '#version': 'version', '#updatedAt': 'updatedAt' };
  if (delta > 0) {
    return {
      Update: {
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET #stock.#key = #stock.#key - :delta, #version = #version + :one, #updatedAt = :now',
        ConditionExpression:
          kind === 'product' ? '#stock.#key >= :delta AND #status = :listed' : '#stock.#key >= :delta',
        ExpressionAttributeNames: kind === 'product' ? { ...names, '#status': 'status' } : names,
        ExpressionAttributeValues: { ':delta': delta, ':one': 1, ':now': now, ...(kind === 'product' ? { ':listed': 'listed' } : {}) },
      },
    };
  }
  return {
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression: 'SET #stock.#key = if_not_exists(#stock.#key, :zero) + :back, #version = #version + :one, #updatedAt = :now',
      ConditionExpression: 'attribute_exists(#stock)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':back': -delta, ':zero': 0, ':one': 1, ':now': now },
    },
  };
}

/** Writes the reservation record, on the condition that nobody changed it since it was read. */
function reservationPut(next: Reservation, previousVersion: number | null): TransactItem {
  return previousVersion === null
    ? reservations.transact.put(next, { ifNew: true })
    : reservations.transact.put(next, { when: { equals: { version: previousVersion } } });
}

/**
 * Runs stock changes and a record write as one transaction, retrying when DynamoDB reports a conflicting
 * concurrent transaction. A failed stock condition raises OutOfStockError with the affected names.
 */
async function transact(items: TransactItem[], cellOrder: string[], namesByCell: Record<string, string[]>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
      const short = failed.filter((index) => index < cellOrder.length).map((index) => cellOrder[index]);
      if (short.length) throw new OutOfStockError([...new Set(short.flatMap((cell) => namesByCell[cell] ?? []))]);
      if (failed.length) throw conflict('Your checkout changed in another window. Please try again.');
      if (attempt >= 12) throw conflict('The shop is busy. Please try again.');
      // TransactionConflict: another checkout touched the same stock at the same moment.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 40 * (attempt + 1)));
    }
  }
}

export async function getReservation(checkoutId: string): Promise<Reservation | null> {
  return reservations.get({ checkoutId });
}

export interface ReserveInput {
  checkoutId: string;
  customer: string;
  lines: PricedLine[];
  amounts: Amounts;
  shippingAddress: ShippingAddress;
  now?: Date;
}

/**
 * Holds the stock of a checkout: one transaction with a conditional decrement per stock count and the
 * reservation record. Calling again for the same checkout moves only the difference.
 */
export async function reserve(input: ReserveInput): Promise<Reservation> {
  const now = input.now ?? new Date();
  const existing = await getReservation(input.checkoutId);
  if (existing && existing.customer !== input.customer) throw forbidden('This checkout belongs to someone else.');
  if (existing?.status === 'converted') throw conflict('This checkout has already been paid.');
  const held = existing?.status === 'active' ? (existing.cells as Record<string, number>) : {};
  const wanted = cellsOf(input.lines);
  const cellOrder = [...new Set([...Object.keys(held), ...Object.keys(wanted)])].filter((cell) => (wanted[cell] ?? 0) !== (held[cell] ?? 0));
  const namesByCell: Record<string, string[]> = {};
  for (const line of input.lines) if (line.cell) (namesByCell[line.cell] ??= []).push(line.name);
  const stamp = now.toISOString();
  const next: Reservation = {
    checkoutId: input.checkoutId,
    customer: input.customer,
    ...(existing?.intentId ? { intentId: existing.intentId } : {}),
    status: 'active',
    lines: input.lines.map(({ cell: _cell, ...line }) => line),
    cells: wanted,
    amounts: input.amounts,
    shippingAddress: input.shippingAddress,
    releaseAfter: new Date(now.getTime() + RESERVATION_MINUTES * 60_000).toISOString(),
    version: (existing?.version ?? 0) + 1,
    createdAt: existing?.createdAt ?? stamp,
    updatedAt: stamp,
  };
  const items = [
    ...cellOrder.map((cell) => cellUpdate(cell, (wanted[cell] ?? 0) - (held[cell] ?? 0), stamp)),
    reservationPut(next, existing ? existing.version : null),
  ];
  await transact(items, cellOrder, namesByCell);
  return next;
}

/** Remembers the payment intent of a reservation (once). */
export async function attachIntent(reservation: Reservation, intentId: string): Promise<Reservation> {
  const next = { ...reservation, intentId, version: reservation.version + 1, updatedAt: new Date().toISOString() };
  await transact([reservationPut(next, reservation.version)], [], {});
  return next;
}

/** Gives the held stock back and marks the reservation released (only if it is still active at `version`). */
export async function release(reservation: Reservation): Promise<void> {
  if (reservation.status !== 'active') return;
  const stamp = new Date().toISOString();
  const held = reservation.cells as Record<string, number>;
  const cells = Object.keys(held).filter((cell) => held[cell] > 0);
  const next: Reservation = {
    ...reservation,
    status: 'released',
    version: reservation.version + 1,
    updatedAt: stamp,
    expiresAt: Math.floor(Date.now() / 1000) + KEEP_FINISHED_SECONDS,
  };
  await transact([...cells.map((cell) => cellUpdate(cell, -held[cell], stamp)), reservationPut(next, reservation.version)], [], {});
}

/** The reservation's record as converted into an order (used inside the order transaction). */
export function convertedPut(reservation: Reservation): TransactItem {
  return reservationPut(
    {
      ...reservation,
      status: 'converted',
      version: reservation.version + 1,
      updatedAt: new Date().toISOString(),
      expiresAt: Math.floor(Date.now() / 1000) + KEEP_FINISHED_SECONDS,
    },
    reservation.version,
  );
}

/** Active reservations whose time is up. */
export async function expiredReservations(now = new Date()): Promise<Reservation[]> {
  return reservations.query('byStatus', { status: 'active' }, { skAtMost: now.toISOString() });
}
