import { canonicalEmail } from '#shared/email';
import { MAIL_SOURCES } from '#shared/funnel';
import { mailDay } from '#shared/format';
import { REMINDER_MESSAGES as WORDS } from '#shared/messages';
import { cartLineKey, giftCardLineText } from '#shared/gift-card-lines';
import { formatPrice } from '#shared/money';
import { SHOP_NAME } from '#shared/pages';
import { GIFT_CARD_SIZE } from '#shared/sizes';
import { CHECKOUT_REMINDER, REMINDER_RULES } from '#shared/reminders';
import { escapeHtml, unescapeText } from '#shared/sanitize';
import { checkouts, type CheckoutRecord as Checkout } from '../../db/entities/checkout';
import { orders } from '../../db/entities/order';
import { reminderAddresses } from '../../db/entities/reminder-address';
import { isConditionFailure } from '../../db/table';
import { logger } from '../../lib/logger';
import { siteLink, type Mail } from '../../lib/mail';
import { signToken } from '../../lib/signed-tokens';
import { priceCart } from '../money/pricing';
import { shortLines } from '../stock/counts';
import { commercialMail } from '../mail/commercial';
import { schedule, type Composed, type Delivery } from '../mail/deliveries';
import { hasOptedOut } from '../mail/opt-outs';
import { readReminderSettings } from './settings';

/**
 * Abandoned-checkout reminders (issue 27 items 1-3; docs/decisions/0078, 0079). A checkout is made at the card step
 * with the shipping address (its email): then one reminder is scheduled for the owner's delay after it (each later
 * change of that checkout moves it), as a mail delivery of kind `checkout-reminder` keyed by the checkout id, so a
 * checkout gets one reminder, ever. When it is due the send-mails job asks `composeReminder`, which writes the mail
 * from what holds then, or withdraws it with why.
 */
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * After the card step (createPaymentIntent saved the checkout): the checkout's reminder, due after the owner's delay.
 * Never fails the checkout.
 */
export async function scheduleReminder(checkout: Checkout, now = new Date()): Promise<void> {
  try {
    if (checkout.state !== 'open') return;
    const { reminderDelayMinutes } = await readReminderSettings();
    if (reminderDelayMinutes === 0) return;
    await schedule(CHECKOUT_REMINDER, checkout.checkoutId, new Date(now.getTime() + reminderDelayMinutes * 60_000));
  } catch (error) {
    logger.error('could not schedule the checkout reminder', {
      checkoutId: checkout.checkoutId,
      error: error as Error,
    });
  }
}

/** Whether the address placed an order (a card authorized: paid, whatever happened after) since `since`. */
export async function paidSince(email: string, since: string): Promise<boolean> {
  const from = since.slice(0, 19);
  const lists = await Promise.all(
    (['pending', 'completed', 'cancelled'] as const).map((status) =>
      orders.query('byStatus', { status }, { skAtLeast: from }),
    ),
  );
  return lists
    .flat()
    .some(
      (order) =>
        order.paymentStatus !== 'capture_failed' && canonicalEmail(unescapeText(order.shippingAddress.email)) === email,
    );
}

/**
 * At most one reminder per address a day, under any concurrency: the sender about to send claims the address's record
 * with a conditional write (its last claim 24 hours old, or none). A retry of the same checkout's reminder (SES refused
 * it) finds its own claim and goes on.
 */
async function claimAddress(email: string, checkoutId: string, now: Date): Promise<boolean> {
  try {
    await reminderAddresses.update(
      { email },
      { set: { lastSentMs: now.getTime(), checkoutId } },
      { upsert: true, when: { below: { lastSentMs: now.getTime() - REMINDER_RULES.perAddressHours * HOUR } } },
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return (await reminderAddresses.get({ email }, { consistent: true }))?.checkoutId === checkoutId;
}

const sizeText = (size: string) => (size === 'CANDLE' ? 'one size' : size);
/** " (M)" after a line's name; nothing for a gift card, whose name says who it is for and when (decision 0127). */
const sizeAfter = (size: string) => (size === GIFT_CARD_SIZE ? '' : ` (${sizeText(size)})`);

interface ReminderLine {
  name: string;
  size: string;
  quantity: number;
  /** Now, in cents for the line; null when it cannot be bought now. */
  total: number | null;
  photo: string | null;
}

/** The mail's text and HTML: the cart as it is now (photo, name, size, quantity, price), and the link back. */
function reminderBody(
  name: string,
  lines: ReminderLine[],
  link: string,
  until: Date,
  madeAt: Date,
): { text: string; html: string } {
  const lineText = (line: ReminderLine) =>
    `${line.quantity} x ${line.name}${sizeAfter(line.size)}: ${line.total === null ? WORDS.soldOutNow : formatPrice(line.total)}${line.photo ? `\n    Photo: ${line.photo}` : ''}`;
  const text = [
    `Hi ${name},`,
    '',
    `You left these in your cart at ${SHOP_NAME} on ${mailDay(madeAt)}:`,
    '',
    ...lines.map(lineText),
    '',
    WORDS.nothingHeld,
    '',
    WORDS.linkLine(mailDay(until)),
    link,
  ].join('\n');
  const row = (line: ReminderLine) =>
    `<tr><td style="padding:4px 8px 4px 0">${line.photo ? `<img src="${escapeHtml(line.photo)}" alt="" width="80" height="80" style="object-fit:cover;border-radius:4px">` : ''}</td>` +
    `<td style="padding:4px 0">${line.quantity} × ${escapeHtml(line.name)}${escapeHtml(sizeAfter(line.size))}<br><strong>${line.total === null ? escapeHtml(WORDS.soldOutNow) : formatPrice(line.total)}</strong></td></tr>`;
  const html = [
    `<p>Hi ${escapeHtml(name)},</p>`,
    `<p>You left these in your cart at ${escapeHtml(SHOP_NAME)} on ${escapeHtml(mailDay(madeAt))}:</p>`,
    `<table role="presentation" style="border-collapse:collapse">${lines.map(row).join('')}</table>`,
    `<p>${escapeHtml(WORDS.nothingHeld)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1f2937;color:#fff;text-decoration:none;border-radius:6px">Back to my cart</a></p>`,
    `<p style="color:#555">${escapeHtml(WORDS.linkLine(mailDay(until)))}<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>`,
  ].join('\n');
  return { text, html };
}

/** Why a checkout in this state gets no reminder (null: it may get one). */
function stateRefusal(checkout: Checkout): string | null {
  if (checkout.state === 'taken' || checkout.state === 'captured') return WORDS.notWanted.paid;
  if (checkout.state === 'failed' || checkout.closedReason === 'card_attempts') return WORDS.notWanted.failedPayment;
  return null;
}

/**
 * The send-mails job's composer of a checkout's reminder, at send time, run only by the sender that claimed it: not
 * wanted (withdrawn, with why) when reminders are off, the checkout is gone or was paid, the address opted out or paid
 * for an order since, nothing of the cart can be bought now, or the address had a reminder in the last 24 hours;
 * otherwise the mail, with today's prices and a signed link (7 days) that fills a new checkout in any browser.
 */
export async function composeReminder(delivery: Delivery, now: Date): Promise<Composed> {
  const notWanted = (why: string) => ({ notWanted: why });
  if ((await readReminderSettings()).reminderDelayMinutes === 0) return notWanted(WORDS.notWanted.off);
  const checkout = await checkouts.get({ checkoutId: delivery.ref }, { consistent: true });
  if (!checkout) return notWanted(WORDS.notWanted.gone);
  const refusal = stateRefusal(checkout);
  if (refusal) return notWanted(refusal);
  const to = unescapeText(checkout.shippingAddress.email);
  const email = canonicalEmail(to);
  if (await hasOptedOut(email)) return notWanted(WORDS.notWanted.optedOut);
  if (await paidSince(email, checkout.createdAt)) return notWanted(WORDS.notWanted.paidSince);
  // A gift card whose day has passed is listed as it was (the cart it brings back says so: docs/decisions/0127).
  const { lines: priced } = await priceCart(checkout.lines, { pastDays: 'keep' });
  const short = new Set(await shortLines(priced));
  const buyable = new Map(priced.filter((line) => !short.has(line.name)).map((line) => [cartLineKey(line), line]));
  if (!buyable.size) return notWanted(WORDS.notWanted.nothingBuyable);
  if (!(await claimAddress(email, checkout.checkoutId, now))) return notWanted(WORDS.notWanted.sentToday);

  const until = new Date(now.getTime() + REMINDER_RULES.restoreDays * DAY);
  const link = siteLink(
    // utm_source: the shoppers' path counts the visits the reminder brings (decision 0167).
    `/cart/restore?token=${encodeURIComponent(await signToken('restore', checkout.checkoutId, until))}` +
      `&utm_source=${MAIL_SOURCES.reminder}`,
  );
  if (!link) return notWanted(WORDS.notWanted.gone);
  const lines: ReminderLine[] = checkout.lines.map((line) => {
    const now = buyable.get(cartLineKey(line));
    const photo = now?.image ?? line.image;
    return {
      name: line.giftCard
        ? giftCardLineText({ ...line.giftCard, recipientName: unescapeText(line.giftCard.recipientName) })
        : unescapeText(now?.name ?? line.name),
      size: line.size,
      quantity: line.quantity,
      total: now ? now.price * line.quantity : null,
      photo: photo ? (/^https?:\/\//.test(photo) ? photo : siteLink(photo)) : null,
    };
  });
  const body = reminderBody(
    unescapeText(checkout.shippingAddress.name),
    lines,
    link,
    until,
    new Date(checkout.createdAt),
  );
  const made = await commercialMail({
    to,
    subject: WORDS.subject,
    text: body.text,
    html: body.html,
    reason: WORDS.reason(SHOP_NAME, mailDay(new Date(checkout.createdAt))),
  });
  return made.ok ? { mail: made.mail satisfies Mail } : notWanted(made.why);
}
