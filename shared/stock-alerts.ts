import { CANDLE_SIZE } from './sizes';

/**
 * Back-in-stock alerts (issue 27 items 5-7, docs/decisions/0080 and 0081): the rules both sides use.
 */

/** The mail delivery kind of a back-in-stock alert (functions/domain/mail/deliveries.ts); its ref names the request. */
export const BACK_IN_STOCK = 'back-in-stock';

/** Requests one run of the send-mails job turns into mails at most (each is one small transaction). */
export const ALERTS_PER_RUN = 25;

/**
 * What a shopper waits for, in words: the product, and its size unless it comes in one size ("Cozy Hoodie in size M").
 */
export function restockWhat(name: string, size: string): string {
  return size === CANDLE_SIZE ? name : `${name} in size ${size}`;
}
