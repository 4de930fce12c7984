import { canonicalEmail } from '#shared/email';
import { GUEST_ORDER_MESSAGES as WORDS } from '#shared/messages';
import { orderLabel } from '#shared/order-number';
import { SHOP_NAME } from '#shared/pages';
import { unescapeText } from '#shared/sanitize';
import { orders, type OrderRecord } from '../../db/entities/order';
import { isConditionFailure } from '../../db/table';
import { HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { sendMail, siteLink } from '../../lib/mail';
import { checkToken, signToken } from '../../lib/signed-tokens';
import { accountEmail } from '../../lib/user-pool';
import { publicOrder } from '../orders/view';

/**
 * A guest's order added to an account (issue 50 item 11, docs/decisions/0143). The account's email is not proven by
 * signing up (the pool confirms every new account at once: decision 0010), so it is proven here: the link that adds
 * the order is mailed to the account's own email, and works only for the account that asked for it, while its email
 * is still the order's (the canonical email of design section 4, as a promo code's "once per customer" counts it).
 */

/** How long the mailed link works. */
export const GUEST_ORDER_LINK_HOURS = 24;
export const GUEST_ORDER_PATH = '/account/add-order';

/** The order may go to this account: placed without one, paid, and with the account's email. */
const belongsTo = (order: OrderRecord | null, email: string): order is OrderRecord =>
  !!order &&
  order.customer === 'guest' &&
  order.paymentStatus !== 'capture_failed' &&
  canonicalEmail(unescapeText(order.shippingAddress.email)) === canonicalEmail(email);

/**
 * POST /auth/guest-orders/link: mails the account's email a link that adds the order, when the order was placed without
 * an account and with that email. The answer is the same either way, and says nothing of the order.
 */
export async function mailGuestOrderLink(userId: string, orderNumber: string): Promise<{ orderNumber: string }> {
  const [order, email] = await Promise.all([orders.get({ orderNumber }), accountEmail(userId)]);
  if (!email || !belongsTo(order, email)) return { orderNumber };
  const expires = new Date(Date.now() + GUEST_ORDER_LINK_HOURS * 3600_000);
  const token = await signToken('guest-order', `${userId} ${orderNumber}`, expires);
  const link = siteLink(`${GUEST_ORDER_PATH}?token=${encodeURIComponent(token)}`);
  if (!link) throw new HttpError(503, 'no_site', 'The shop cannot make links right now. Please try again later.');
  const label = orderLabel(orderNumber);
  try {
    await sendMail({
      to: email,
      subject: WORDS.mailSubject(label),
      text: [
        'Hello,',
        '',
        `You asked to add order ${label}, placed without an account, to your account at ${SHOP_NAME}.`,
        `Open this link while signed in to add it (it works for ${GUEST_ORDER_LINK_HOURS} hours):`,
        link,
        '',
        'If you did not ask for this, ignore this mail: nothing changes.',
      ].join('\n'),
    });
  } catch (error) {
    logger.error('guest order link not mailed', { orderNumber, error: error as Error });
    throw new HttpError(502, 'mail_failed', 'We could not send the mail. Please try again in a few minutes.');
  }
  return { orderNumber };
}

/**
 * POST /auth/guest-orders/add: the mailed link's token adds its order to the account that asked for it, while that
 * account's email is still the order's. Again (a second click, a retry): the same answer. The order moves in the
 * byCustomer index on a condition that it is still a guest's, as read: a concurrent add to another account wins once.
 */
export async function addGuestOrder(userId: string, token: string) {
  const check = await checkToken('guest-order', token);
  if (!check.ok) throw new HttpError(400, 'link_invalid', WORDS.linkInvalid);
  const [owner, orderNumber] = check.subject.split(' ');
  if (owner !== userId) throw new HttpError(403, 'other_account', WORDS.otherAccount);
  const order = await orders.get({ orderNumber }, { consistent: true });
  if (!order) throw notFound('No such order.');
  if (order.customer === userId) return { order: publicOrder(order) };
  if (order.customer !== 'guest') throw new HttpError(409, 'in_another_account', WORDS.inAnotherAccount);
  const email = await accountEmail(userId);
  if (!email || !belongsTo(order, email)) throw new HttpError(409, 'other_email', WORDS.otherEmail);
  try {
    await orders.update(
      { orderNumber },
      { set: { customer: userId }, add: { version: 1 } },
      { when: { equals: { customer: 'guest' } }, current: order },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Added meanwhile: by this account (a second click) is the same answer; by another is a refusal.
    const now = (await orders.get({ orderNumber }, { consistent: true }))!;
    if (now.customer !== userId) throw new HttpError(409, 'in_another_account', WORDS.inAnotherAccount);
    return { order: publicOrder(now) };
  }
  logger.info('guest order added to an account', { orderNumber, userId });
  return { order: publicOrder({ ...order, customer: userId }) };
}
