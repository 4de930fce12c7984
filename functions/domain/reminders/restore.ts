import { REMINDER_MESSAGES as WORDS } from '#shared/messages';
import type { RestoreAnswer } from '#shared/schemas/reminders';
import { giftCardLine, typedGiftCard } from '#shared/gift-card-lines';
import { hasShipTo } from '#shared/order-address';
import { unescapeText } from '#shared/sanitize';
import { checkouts } from '../../db/entities/checkout';
import { HttpError } from '../../lib/errors';
import { checkToken } from '../../lib/signed-tokens';
import { canonicalEmail } from '#shared/email';
import { priceCart } from '../money/pricing';
import { shortLines } from '../stock/counts';
import { paidSince } from './reminders';

/**
 * POST /api/reminders/restore: a reminder's link brings its cart back, in whatever browser opens it
 * (docs/decisions/0079). The answer fills a new checkout there (the cart, priced now, and the shipping step); the old
 * checkout is neither changed nor named (it stays bound to its own browser, decision 0062), and nothing is held: the
 * lines sold out since are named, not put in the cart. A token the shop did not sign is `link_invalid`, one past its 7
 * days (or whose checkout is gone) `link_expired`, both 400 with a plain sentence; a cart bought since (this checkout
 * paid, or an order of the same address since it was made: the shopper came back through the link, or another way, and
 * paid) is 409 `cart_bought`, so the link does not lead to paying twice.
 */
export async function restoreCart(token: string): Promise<RestoreAnswer> {
  const checked = await checkToken('restore', token);
  if (!checked.ok) {
    throw checked.reason === 'expired'
      ? new HttpError(400, 'link_expired', WORDS.restoreLinkExpired)
      : new HttpError(400, 'link_invalid', WORDS.restoreLinkInvalid);
  }
  const checkout = await checkouts.get({ checkoutId: checked.subject }, { consistent: true });
  if (!checkout) throw new HttpError(400, 'link_expired', WORDS.restoreLinkExpired);
  const bought =
    checkout.state === 'taken' ||
    checkout.state === 'captured' ||
    (await paidSince(canonicalEmail(unescapeText(checkout.shippingAddress.email)), checkout.createdAt));
  if (bought) throw new HttpError(409, 'cart_bought', WORDS.cartBought);
  // A gift card whose day has passed comes back as it was: the cart says so, and the checkout asks for a new day.
  const { lines, unavailable } = await priceCart(checkout.lines, { pastDays: 'keep' });
  const short = new Set(await shortLines(lines));
  const address = checkout.shippingAddress;
  return {
    // Names as the shop stores them (sanitised), as every cart line has them: the pages unescape what they show. A
    // gift card's words go back as typed (a cart keeps them so; the checkout sanitises them: decision 0127).
    cart: lines
      .filter((line) => !short.has(line.name))
      .map(({ cell: _cell, taxCode: _taxCode, ...line }) =>
        line.giftCard ? giftCardLine(typedGiftCard(line.giftCard)) : line,
      ),
    shippingAddress: {
      name: unescapeText(address.name),
      email: unescapeText(address.email),
      // A cart of gift cards only had its buyer alone (issue 50 item 9): the address fields come back empty.
      line1: hasShipTo(address) ? unescapeText(address.line1) : '',
      city: hasShipTo(address) ? unescapeText(address.city) : '',
      state: hasShipTo(address) ? unescapeText(address.state) : '',
      zip: hasShipTo(address) ? address.zip : '',
    },
    unavailable: [...unavailable, ...short],
  };
}
