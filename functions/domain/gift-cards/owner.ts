import { createHash } from 'node:crypto';
import { shopDay } from '#shared/gift-cards';
import { formatCents, formatPrice } from '#shared/money';
import { canonicalOrderNumber, orderLabel } from '#shared/order-number';
import { unescapeText } from '#shared/sanitize';
import type { GiftCardView, StoreCreditBody } from '#shared/schemas/gift-cards';
import type * as z from '#shared/schemas/zod';
import type { giftCardDetailSchema, giftCardListSchema } from '#shared/schemas/gift-cards';
import { giftCardCodes, giftCardEntries, giftCards } from '../../db/entities/gift-card';
import { orders } from '../../db/entities/order';
import { isConditionFailure, type TransactItem } from '../../db/table';
import { transactWrite, transactWriteOrFailures } from '../../db/transaction';
import { csvText, type CsvRow } from '../../lib/csv';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { getDeliveries, getDelivery, withdraw, type Delivery } from '../mail/deliveries';
import { cardEntries, checkCard, issueItems } from '../money/ledger';
import { getCard, type GiftCard } from './cards';
import { outstandingOf } from './figures';
import { cardMailItem, GIFT_CARD_MAIL, giftCardMailRef } from './mails';

/**
 * The owner's Gift cards area (issue 36 items 4 and 5, docs/decisions/0128): every card with the shop's liability, one
 * card with its ledger and its check, store credit issued by hand, a card voided or mailed again. A code is never
 * read here: the owner sees a card's last four only.
 */

const STALE = 'This card changed since you opened it. Reload to see it as it is now.';

/** The card's latest mail (its `mails`-th; a card from before the count has had one). */
export const mailsOf = (card: Pick<GiftCard, 'mails'>) => card.mails ?? 1;
const latestMailRef = (card: GiftCard) => giftCardMailRef(card.cardId, mailsOf(card));

/**
 * A card as the owner sees it, field by field (never the hash of its code), with its latest mail's state when it has
 * one.
 */
export function cardView(card: GiftCard, mail?: Delivery | null): GiftCardView {
  const optional = ['last4', 'buyer', 'sourceOrder', 'reason', 'issuedBy', 'message', 'sentAt', 'voidedAt'] as const;
  return {
    cardId: card.cardId,
    kind: card.kind,
    status: card.status,
    amount: card.amount,
    balance: card.balance,
    recipient: card.recipient,
    deliverOn: card.deliverOn,
    mails: mailsOf(card),
    version: card.version,
    createdAt: card.createdAt,
    ...Object.fromEntries(optional.flatMap((field) => (card[field] === undefined ? [] : [[field, card[field]]]))),
    ...(mail ? { mail: mail.status } : {}),
  };
}

type GiftCardList = z.infer<typeof giftCardListSchema>;
type GiftCardDetail = z.infer<typeof giftCardDetailSchema>;

/** Every card, newest first, each with its latest mail's state, and the outstanding balance. */
export async function listCards(): Promise<GiftCardList> {
  const cards = await giftCards.query('all', {}, { order: 'desc' });
  const mails = await getDeliveries(GIFT_CARD_MAIL, cards.map(latestMailRef));
  return {
    cards: cards.map((card) => cardView(card, mails.get(latestMailRef(card)))),
    outstanding: outstandingOf(cards),
  };
}

/** One card with its ledger (every entry, in the order written) and whether the entries sum to its balance. */
export async function cardDetail(cardId: string): Promise<GiftCardDetail> {
  const card = await getCard(cardId);
  if (!card) throw notFound('No gift card has this id.');
  const [entries, check, mail] = await Promise.all([
    cardEntries(cardId),
    checkCard(cardId),
    getDelivery(GIFT_CARD_MAIL, latestMailRef(card)),
  ]);
  return {
    card: cardView(card, mail),
    entries: entries.map(({ entryId, kind, amount, orderNumber, note, at }) => ({
      entryId,
      kind,
      amount,
      at,
      ...(orderNumber ? { orderNumber } : {}),
      ...(note ? { note } : {}),
    })),
    ledgerOk: check.ok,
  };
}

/**
 * The card a store credit's own id stands for (the owner's form's issueId, a refund's id): the same id is always the
 * same card, so a second press, or a refund written again, makes no second card.
 */
export const storeCreditCardId = (sourceId: string) =>
  `gc_${createHash('sha256').update(`store-credit|${sourceId}`).digest('hex').slice(0, 32)}`;

export interface StoreCredit {
  /** Cents. */
  amount: number;
  recipient: { name: string; email: string };
  reason: string;
  /** The admin who gives it (their email). */
  issuedBy: string;
  /** The order it makes good for (its key, e.g. "1042"). */
  sourceOrder?: string;
}

/**
 * Store credit as transaction items, for whoever writes it (the owner's form; a refund given as store credit writes
 * them in its own transaction, so the credit exists exactly when the refund does): a card of kind `store_credit`,
 * scheduled for today, its `issued` entry, and its first mail, due now (the send-mails job writes it with a new code
 * within a minute). The card's id comes from `sourceId` (storeCreditCardId): the items fail their condition when that
 * card exists already.
 */
export function issueStoreCredit(
  sourceId: string,
  credit: StoreCredit,
  now = new Date(),
): { cardId: string; items: TransactItem[] } {
  const cardId = storeCreditCardId(sourceId);
  const card = {
    cardId,
    kind: 'store_credit' as const,
    status: 'scheduled' as const,
    amount: credit.amount,
    balance: credit.amount,
    reason: credit.reason,
    issuedBy: credit.issuedBy,
    recipient: credit.recipient,
    deliverOn: shopDay(now),
    mails: 1,
    ...(credit.sourceOrder ? { sourceOrder: credit.sourceOrder } : {}),
  };
  return { cardId, items: [...issueItems(card), cardMailItem(card, 1, now)] };
}

/** The order a typed number names (its key), or a 400 beside the field. */
async function orderNamed(typed: string): Promise<string> {
  const problem = () =>
    badRequest('Please check the highlighted fields.', { orderNumber: 'No order has this number.' });
  const orderNumber = canonicalOrderNumber(typed);
  if (!orderNumber) throw problem();
  if (!(await orders.get({ orderNumber }))) throw problem();
  return orderNumber;
}

/**
 * Store credit issued by hand (POST /api/admin/gift-cards): once per `issueId` (the form makes one), so a second
 * press answers the card the first one made; the same id with another amount or recipient is refused (409).
 */
export async function issueByHand(body: StoreCreditBody, issuedBy: string): Promise<GiftCardView> {
  const typedOrder = body.orderNumber?.trim();
  const sourceOrder = typedOrder ? await orderNamed(typedOrder) : undefined;
  const { cardId, items } = issueStoreCredit(body.issueId, {
    amount: body.amount,
    recipient: { name: body.recipientName, email: body.recipientEmail },
    reason: body.reason,
    issuedBy,
    sourceOrder,
  });
  try {
    await transactWrite(items);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const card = await getCard(cardId);
  if (!card) throw new Error(`store credit ${cardId} was neither written nor found`);
  if (card.amount !== body.amount || card.recipient.email !== body.recipientEmail)
    throw conflict('This form issued another store credit already. Reload the page to issue a new one.');
  return cardView(card, await getDelivery(GIFT_CARD_MAIL, latestMailRef(card)));
}

/** The card at the version the owner saw, or 404 / 409. */
async function cardAt(cardId: string, version: number): Promise<GiftCard> {
  const card = await getCard(cardId);
  if (!card) throw notFound('No gift card has this id.');
  if (card.version !== version) throw conflict(STALE);
  return card;
}

/**
 * The writes of a void at the card as read: its balance to 0 beside a `voided` entry of minus what was left, the card
 * voided, its code's pointer deleted; on the condition that nothing changed it since (version, status, balance).
 */
export function voidItems(card: GiftCard, at: string): TransactItem[] {
  return [
    giftCards.transact.update(
      { cardId: card.cardId },
      { set: { balance: 0, status: 'voided', voidedAt: at }, remove: ['codeHash'], add: { version: 1 } },
      { when: { equals: { version: card.version, status: card.status, balance: card.balance } } },
    ),
    giftCardEntries.transact.put(
      {
        cardId: card.cardId,
        // A second void (of what a return credited after the first) is its own entry.
        entryId: card.status === 'voided' ? `voided-${card.version}` : 'voided',
        kind: 'voided',
        amount: -card.balance,
        note: `${formatPrice(card.balance)} was left on it.`,
        at,
      },
      { ifNew: true },
    ),
    ...(card.codeHash ? [giftCardCodes.transact.delete({ codeHash: card.codeHash })] : []),
  ];
}

/**
 * Void (POST .../actions `void`): what is left goes, in one transaction at the version the owner saw: the balance to
 * 0 beside a `voided` entry of minus what was left, the card voided, its code's pointer deleted (the code answers
 * like any unknown one from then on). A checkout that spent from the card meanwhile only changes what is left: the
 * void is written again with the new balance. A card voided already is refused, unless a return credited it since
 * (a cancel of an order it paid): then that rest is voided. A mail not sent yet is withdrawn (its composer would
 * withdraw it anyway when its time came: a voided card gets no mail).
 */
export async function voidCard(cardId: string, version: number, now = new Date()): Promise<GiftCardView> {
  for (;;) {
    const card = await cardAt(cardId, version);
    if (card.status === 'voided' && card.balance === 0) throw conflict('This card is voided already.');
    const failed = await transactWriteOrFailures(voidItems(card, now.toISOString()));
    if (failed.length === 0) break;
    // The card changed meanwhile: read again (a new version answers 409 above; a balance spent meanwhile is voided as
    // it now is). Any other condition (its entry written already) is a void done meanwhile.
    if (!failed.every((index) => index === 0)) throw conflict(STALE);
  }
  const voided = (await getCard(cardId))!;
  const mail = await withdraw(GIFT_CARD_MAIL, latestMailRef(voided));
  return cardView(voided, mail);
}

/**
 * Send again (POST .../actions `resend`): the card's next mail, due now, in one transaction with the card's count of
 * mails at the version the owner saw. The send-mails job writes it with a new code within a minute; from then on the
 * code of every earlier mail answers like an unknown one. Refused for a voided card, and while the latest mail has
 * not gone out (waiting for its day, or being sent or retried by the shop): it would only be replaced.
 */
export async function resendCard(cardId: string, version: number, now = new Date()): Promise<GiftCardView> {
  const card = await cardAt(cardId, version);
  if (card.status === 'voided') throw conflict('A voided card is not mailed again.');
  const latest = await getDelivery(GIFT_CARD_MAIL, latestMailRef(card));
  if (latest?.status === 'pending' || latest?.status === 'sending')
    throw conflict(
      latest.attempts === 0
        ? `This card's mail has not gone out yet: it is sent on ${card.deliverOn}.`
        : "This card's mail is being tried again by the shop. Wait for it to be sent or to fail.",
    );
  const next = mailsOf(card) + 1;
  try {
    await transactWrite([
      giftCards.transact.update(
        { cardId },
        { set: { mails: next }, add: { version: 1 } },
        { when: { equals: { version: card.version }, notEquals: { status: 'voided' } } },
      ),
      cardMailItem(card, next, now),
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(STALE);
    throw error;
  }
  const sent = (await getCard(cardId))!;
  return cardView(sent, await getDelivery(GIFT_CARD_MAIL, latestMailRef(sent)));
}

const CSV_COLUMNS = [
  'created',
  'kind',
  'last4',
  'amount',
  'balance',
  'status',
  'buyer',
  'buyer order',
  'recipient',
  'delivery day',
  'sent',
  'reason',
];

/**
 * CSV of every card for the bookkeeper (GET /api/admin/gift-cards?format=csv), newest first: one row per card, amounts
 * in dollars. Store credit has no buyer: its order is the one it makes good for, and its reason says why.
 */
export async function cardsCsv(now = new Date()): Promise<{ csv: string; fileName: string }> {
  const cards = await giftCards.query('all', {}, { order: 'desc' });
  const rows: CsvRow[] = [CSV_COLUMNS];
  for (const card of cards) {
    const order = card.buyer?.orderNumber ?? card.sourceOrder;
    rows.push([
      card.createdAt,
      card.kind === 'store_credit' ? 'store credit' : 'gift card',
      card.last4,
      formatCents(card.amount),
      formatCents(card.balance),
      card.status,
      card.buyer && `${unescapeText(card.buyer.name)} <${card.buyer.email}>`,
      order && orderLabel(order),
      `${unescapeText(card.recipient.name)} <${card.recipient.email}>`,
      card.deliverOn,
      card.sentAt,
      card.reason && unescapeText(card.reason),
    ]);
  }
  return { csv: csvText(rows), fileName: `gift-cards-${shopDay(now)}.csv` };
}
