import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { canonicalCode, CODE_ALPHABET, CODE_LENGTH, lastFour } from '#shared/gift-cards';
import { MESSAGES } from '#shared/messages';
import { giftCardCodes, giftCards, type GiftCardRecord } from '../../db/entities/gift-card';
import { transactWrite } from '../../db/transaction';
import { HttpError } from '../../lib/errors';
import { onOneTry } from '../guessing/budget';

/**
 * Gift cards and store credit (issue 36, docs/decisions/0126): the card, its code, and a code looked up on one try of
 * the client's budget of wrong codes (functions/domain/guessing/budget.ts). The card's balance and its entries are the
 * money room's (functions/domain/money/ledger.ts: issueItems, debitItems, creditItems, checkCard): every change of a
 * balance is a transaction item there, joined to the transaction of what it records (an order's take, a cancel, a
 * refund), so both happen or neither.
 */
export type GiftCard = GiftCardRecord;

/** A new code: CODE_LENGTH characters of CODE_ALPHABET, each from a uniformly random byte (rejection sampling). */
export function newCode(): string {
  let code = '';
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(32)) {
      // 240 = 8 x 30: bytes from 240 up would favour the first letters.
      if (byte < 240 && code.length < CODE_LENGTH) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return code;
}

/** The stored form of a code: SHA-256 of its canonical form (98 random bits need no slow hash; decision 0126). */
export const hashCode = (canonical: string) => createHash('sha256').update(`gift-card|${canonical}`).digest('hex');

export const newCardId = () => `gc_${randomUUID().replace(/-/g, '')}`;

export function getCard(cardId: string): Promise<GiftCard | null> {
  return giftCards.get({ cardId }, { consistent: true });
}

/** The card a typed code names, or null (not a code, not ours, or a code a later mail of its card replaced). */
export async function cardByCode(typed: string): Promise<GiftCard | null> {
  const canonical = canonicalCode(typed);
  if (!canonical) return null;
  const pointer = await giftCardCodes.get({ codeHash: hashCode(canonical) }, { consistent: true });
  const card = pointer ? await getCard(pointer.cardId) : null;
  return card && card.codeHash === pointer!.codeHash ? card : null;
}

/**
 * A new code for a card, made when its mail is written (each mail carries a new code; the one before stops working):
 * the pointer of the new hash, the old pointer gone, the card's hash and last four, in one transaction at the card's
 * version. The code itself is only in the mail. A card that is not active or scheduled gets none (null).
 */
export async function assignCode(card: GiftCard): Promise<{ code: string; card: GiftCard } | null> {
  if (card.status === 'voided') return null;
  const code = newCode();
  const codeHash = hashCode(code);
  const at = new Date().toISOString();
  await transactWrite([
    giftCardCodes.transact.put({ codeHash, cardId: card.cardId }, { ifNew: true }),
    ...(card.codeHash ? [giftCardCodes.transact.delete({ codeHash: card.codeHash })] : []),
    giftCards.transact.update(
      { cardId: card.cardId },
      { set: { codeHash, last4: lastFour(code), status: 'active', sentAt: at }, add: { version: 1 } },
      { when: { equals: { version: card.version, status: card.status } } },
    ),
  ]);
  return { code, card: (await getCard(card.cardId))! };
}

/** A code that is no active card's: one plain 404, counted as a wrong code. */
const unknownCard = () => new HttpError(404, 'gift_card_unknown', MESSAGES.giftCardUnknown);
const isUnknownCard = (error: unknown) => error instanceof HttpError && error.code === 'gift_card_unknown';

/**
 * The card a client typed, for spending or its balance, on one try of the client's budget of wrong gift card codes
 * (GIFT_CARD_RULES; docs/decisions/0126, 0139): reserved before the code is looked up (429 once the budget is used),
 * and given back when the code is an active card's. A code that is not a card's (or a voided card's) keeps the try
 * and answers 404 with one plain message.
 */
export async function cardForClient(typed: string, client: string): Promise<GiftCard> {
  return onOneTry(
    'gift-card',
    client,
    async () => {
      const card = await cardByCode(typed);
      if (!card || card.status !== 'active') throw unknownCard();
      return card;
    },
    isUnknownCard,
  );
}
