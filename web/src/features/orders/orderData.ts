import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom';
import { AFTERSALE_MESSAGES } from '#shared/messages';
import { checked } from '#shared/schemas/checked';
import { orderLookupBodySchema } from '#shared/schemas/orders';
import type { OrderPage } from '#shared/schemas/order-views';
import { ApiError } from '../../lib/api';
import { getMyOrder, lookupOrder, requestReplacement } from './ordersApi';

/**
 * The order pages' reads and writes (docs/decisions/0076), loaded beside the pages' own code (app/routes.tsx): the
 * customer's order is read by its route's loader; finding an order by number and email (a POST: the email is not put
 * in the address) and asking for a replacement are route actions.
 */

/** What an order page's action answers: the order as it now stands, or why not; `sent` once a request was sent. */
export interface OrderAnswer {
  intent: 'find' | 'replace';
  page?: OrderPage;
  problem?: string;
  sent?: string;
  /** A look-up's: found or not, and the message per field (the shared schema's or the server's). */
  ok?: boolean;
  fields?: Record<string, string>;
}

export type ReplacementAsked = Parameters<typeof requestReplacement>[0];
type OrderWrite =
  { intent: 'find'; orderNumber: string; email: string } | { intent: 'replace'; request: ReplacementAsked };

/**
 * /account/orders/:orderNumber: one of the signed-in customer's orders (signed out: nothing, the page sends them to
 * sign in).
 */
export async function customerOrderLoader({
  params,
}: LoaderFunctionArgs): Promise<{ page: OrderPage | null; problem: string }> {
  try {
    return { page: await getMyOrder(params.orderNumber ?? ''), problem: '' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { page: null, problem: '' };
    return {
      page: null,
      problem:
        error instanceof ApiError && error.status === 404
          ? 'We could not find this order in your account.'
          : 'The order could not be loaded. Please try again.',
    };
  }
}

/** A replacement request: sent (the thanks), or the server's words. */
async function replace(request: ReplacementAsked): Promise<OrderAnswer> {
  try {
    await requestReplacement(request);
    return { intent: 'replace', sent: AFTERSALE_MESSAGES.replacementRequestSent };
  } catch (error) {
    return {
      intent: 'replace',
      problem: error instanceof ApiError ? error.message : 'Your request could not be sent. Please try again.',
    };
  }
}

/** /account/orders/:orderNumber: a replacement request; the route's loader then reads the order again. */
export async function customerOrderAction({ request }: ActionFunctionArgs): Promise<OrderAnswer> {
  const write = (await request.json()) as OrderWrite;
  return write.intent === 'replace' ? replace(write.request) : { intent: write.intent };
}

/** /order-status: find an order by its number and email; a replacement request, then the order read again. */
export async function orderStatusAction({ request }: ActionFunctionArgs): Promise<OrderAnswer> {
  const write = (await request.json()) as OrderWrite;
  if (write.intent === 'replace') {
    const answer = await replace(write.request);
    if (!answer.sent) return answer;
    return {
      ...answer,
      page: await lookupOrder(write.request.orderNumber, write.request.email).catch(() => undefined),
    };
  }
  // Checked with the server's schema first (docs/decisions/0158); sent as typed (a short number too, as the mail shows).
  const check = checked(orderLookupBodySchema, { orderNumber: write.orderNumber, email: write.email });
  if (!check.ok) return { intent: 'find', ok: false, problem: check.message, fields: check.fields };
  try {
    return { intent: 'find', ok: true, page: await lookupOrder(write.orderNumber.trim(), write.email.trim()) };
  } catch (error) {
    return {
      intent: 'find',
      ok: false,
      fields: error instanceof ApiError ? (error.fields ?? {}) : {},
      problem:
        error instanceof ApiError && error.status !== 0
          ? error.message
          : 'The order could not be looked up. Please try again.',
    };
  }
}
