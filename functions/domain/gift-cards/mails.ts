import { formatCode, startOfShopDay } from '#shared/gift-cards';
import { formatPrice } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import type { TransactItem } from '../../db/table';
import { scheduledItem, type Composed, type Delivery } from '../mail/deliveries';
import { siteLink } from '../../lib/mail';
import { assignCode, getCard, type GiftCard } from './cards';

/**
 * A card's mail (docs/decisions/0126): the delivery kind GIFT_CARD_MAIL, ref `<cardId>|<n>` (the n-th mail of the
 * card: the owner's "send again" is the next one). It is written when it goes out, by the send-mails job's composer,
 * and carries a code made at that moment: the code is in the mail only, never in the table (the delivery keeps no
 * copy of it). A refused send is written again with a new code; the code of a mail that may have gone out still
 * works until a later mail of the card replaces it.
 */
export const GIFT_CARD_MAIL = 'gift-card';

export const giftCardMailRef = (cardId: string, n: number) => `${cardId}|${n}`;
const cardIdOf = (ref: string) => ref.split('|')[0];

/**
 * The write of a card's n-th mail, due at the start of its delivery day (or now when that has passed), for the
 * transaction that makes the card (or, for a later mail, that asks for it).
 */
export function cardMailItem(card: Pick<GiftCard, 'cardId' | 'deliverOn'>, n = 1, now = new Date()): TransactItem {
  const day = new Date(startOfShopDay(card.deliverOn));
  return scheduledItem(GIFT_CARD_MAIL, giftCardMailRef(card.cardId, n), day > now ? day : now);
}

/** The send-mails job's composer of GIFT_CARD_MAIL. */
export async function composeCardMail(delivery: Delivery): Promise<Composed> {
  const card = await getCard(cardIdOf(delivery.ref));
  if (!card) return { notWanted: 'the card does not exist' };
  if (card.status === 'voided') return { notWanted: 'the card was voided' };
  const assigned = await assignCode(card);
  if (!assigned) return { notWanted: 'the card was voided' };
  return { mail: cardMail(assigned.card, assigned.code), secret: true };
}

/** The mail itself: who it is from, the amount or balance, the message, the code, and where to check and spend it. */
export function cardMail(card: GiftCard, code: string) {
  const recipient = unescapeText(card.recipient.name);
  const from = card.kind === 'store_credit' ? 'the shop' : unescapeText(card.buyer?.name ?? 'someone');
  const balanceLink = siteLink('/gift-cards/balance');
  const shopLink = siteLink('/');
  const worth =
    card.balance === card.amount
      ? `It is worth ${formatPrice(card.amount)}.`
      : `It was issued for ${formatPrice(card.amount)} and has ${formatPrice(card.balance)} left.`;
  const text = [
    `Hi ${recipient},`,
    '',
    card.kind === 'store_credit'
      ? `You have store credit from us: a gift card you can spend on anything in the shop. ${worth}`
      : `${from} sent you a gift card. ${worth}`,
    ...(card.message ? ['', 'Their message:', unescapeText(card.message)] : []),
    '',
    `Your gift card code: ${formatCode(code)}`,
    '',
    'Type it in the Gift card field at checkout: it pays the total, and whatever is left stays on the card for next time.',
    'It never expires. Keep this mail: the code is the card, and we cannot show it again.',
    ...(balanceLink ? ['', `Check what is left on it: ${balanceLink}`] : []),
    ...(shopLink ? [`Shop: ${shopLink}`] : []),
  ].join('\n');
  return {
    to: unescapeText(card.recipient.email),
    subject:
      card.kind === 'store_credit'
        ? `Your store credit of ${formatPrice(card.balance)}`
        : `${from} sent you a ${formatPrice(card.amount)} gift card`,
    text,
  };
}
