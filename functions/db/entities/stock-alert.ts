import type { Size } from '#shared/sizes';
import { model, type Timestamps } from '../table';

/**
 * A shopper's "Email me when it's back" for one size of one product (docs/decisions/0080). Keyed by the product, the
 * size and the canonical email (shared/email.ts), so the same address and size asked twice is one request. A request
 * waits until the size can be bought again; then the send-mails job writes its one mail delivery and ends it in the
 * same transaction. Asked again after it ended, the same record waits once more with `round` one up (a new reason:
 * its delivery's ref carries the round).
 */
export interface StockAlertRecord extends Timestamps {
  productId: string;
  size: Size;
  /** The canonical form of the address (the key). */
  email: string;
  /** The address as the shopper typed it (trimmed): where the mail goes. */
  to: string;
  status: 'waiting' | 'ended';
  /** Requests made under this key so far (1 for the first). */
  round: number;
  /** While waiting only: since when (index `waiting`: first asked, first mailed). */
  waitingSince?: string;
  endedAt?: string;
  /**
   * Why it ended: `mailed` (its alert was written, to be sent once), `opted-out` (the address asked the shop for no
   * more mail: none is sent), `gone` (the product, or that size of it, no longer exists).
   */
  ended?: 'mailed' | 'opted-out' | 'gone';
  version: number;
}

export const stockAlerts = model<StockAlertRecord, 'productId' | 'size' | 'email', 'status' | 'round' | 'version'>({
  entity: 'stockAlert',
  pk: ['productId', 'size', 'email'],
  // Sparse: only waiting requests have `waitingSince`. One partition per product and size, oldest first.
  indexes: { waiting: { index: 'gsi1', pk: ['productId', 'size'], sk: ['waitingSince', 'email'] } },
  defaults: () => ({ status: 'waiting', round: 1, version: 1 }),
});

/**
 * How many requests wait for one size of one product, changed in the same transaction as each request that starts
 * or ends waiting, so it is exact. All of them sit in one small index partition (`all`): the send-mails job reads it
 * with one Query a run to find the sizes anyone waits for, the admin's page and the dashboard count from it. A record
 * at 0 is deleted by the job (on that condition, so a request arriving at that moment is never lost).
 */
export interface StockDemandRecord extends Timestamps {
  productId: string;
  size: Size;
  waiting: number;
  /** When a shopper last asked for this size. */
  lastAskedAt?: string;
}

export const stockDemand = model<StockDemandRecord, 'productId' | 'size'>({
  entity: 'stockDemand',
  pk: ['productId', 'size'],
  indexes: { all: { index: 'gsi2', pk: [], sk: ['productId', 'size'] } },
});
