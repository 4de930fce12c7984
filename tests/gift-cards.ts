import { shopDay } from '#shared/gift-cards';
import { transactWrite } from '../functions/db/transaction';
import { assignCode, getCard, newCardId } from '../functions/domain/gift-cards/cards';
import { issueItems } from '../functions/domain/money/ledger';

/**
 * Helpers of the gift card tests: a card issued and given its code as its mail would (the code is returned, as the
 * recipient reads it in the mail; the table keeps only its hash).
 */
export async function activeCard(amount: number, recipient = { name: 'Rae Recipient', email: 'rae@example.com' }) {
  const cardId = newCardId();
  await transactWrite(
    issueItems({
      cardId,
      kind: 'store_credit',
      status: 'scheduled',
      amount,
      balance: amount,
      reason: 'test',
      recipient,
      deliverOn: shopDay(new Date()),
    }),
  );
  const assigned = await assignCode((await getCard(cardId))!);
  return { cardId, code: assigned!.code };
}

export const balanceOf = async (cardId: string) => (await getCard(cardId))!.balance;
