import { GIFT_CARD_RULES } from '#shared/gift-cards';
import { MESSAGES } from '#shared/messages';
import { PROMO_GUESSES, PROMO_MESSAGES } from '#shared/promo';
import { promos } from '../../db/entities/promo';
import { address as guestAddress, createCandle } from '#tests/checkout';
import { activeCard } from '#tests/gift-cards';
import { invoke, useFreshTable } from '#tests/helpers';
import { handler as checkBalance } from '../gift-cards/check-balance';
import { handler as checkPromo } from './check-promo-code';
import { handler as guestIntentHandler } from './create-guest-payment-intent';
import { handler as walletQuote } from './wallet-quote';

/**
 * Guessing codes (issue 50 items 13 and 15, docs/decisions/0139), against DynamoDB Local: a wrong promo code counts
 * against one budget per client, kept in the table, wherever it is typed (the promo check, the card step, a wallet's
 * sheet); gift card codes keep their own. A try is reserved before a code is looked up, in one conditional write, so a
 * burst gets exactly the budget's number of answers; a right code gives its try back.
 */
beforeAll(async () => {
  await useFreshTable();
  await createCandle(50);
  await promos.create({ code: 'TENOFF', kind: 'percent', value: 10 });
});

const cart = [{ id: 'candle', size: 'CANDLE', quantity: 2 }];
/** Each test types from its own address: the budgets are per client. */
const from = (client: string) => ({ 'cloudfront-viewer-address': `${client}:443` });
const promoCheck = (code: string, client: string) =>
  invoke(checkPromo, { method: 'POST', path: '/api/promo-codes/check', headers: from(client), body: { code, cart } });
const cardStep = (promoCode: string, client: string) =>
  invoke(guestIntentHandler, {
    method: 'POST',
    path: '/auth/create-payment-intent/guest',
    headers: from(client),
    body: { cart, promoCode, shippingAddress: guestAddress },
  });
const walletSheet = (promoCode: string, client: string) =>
  invoke(walletQuote, {
    method: 'POST',
    path: '/api/checkout/wallet-quote',
    headers: from(client),
    body: { cart, promoCode, shipTo: { city: 'Portland', state: 'OR', zip: '97201', country: 'US' } },
  });
const balance = (code: string, client: string) =>
  invoke(checkBalance, { method: 'POST', path: '/api/gift-cards/balance', headers: from(client), body: { code } });
const WRONG_CARD = 'ABCD-EFGH-JKMN-PQRS-TVWX';

describe('promo codes: one guessing budget per client, wherever a code is typed', () => {
  it('wrong codes at the promo check, the card step and a wallet’s sheet add up; then 429 everywhere', async () => {
    expect(PROMO_GUESSES.wrongCodesAllowed).toBe(10);
    const client = '198.51.100.21';
    const doors = [promoCheck, cardStep, walletSheet];
    for (let n = 0; n < PROMO_GUESSES.wrongCodesAllowed; n++) {
      const wrong = await doors[n % 3](`GUESS${n}`, client);
      expect(wrong.status).toBe(404);
      expect(wrong.body.error.message).toBe(PROMO_MESSAGES.unknown);
    }
    for (const door of doors) {
      const held = await door('GUESS99', client);
      expect(held.status).toBe(429);
      expect(held.body.error).toEqual({ code: 'too_many_promo_codes', message: PROMO_MESSAGES.tooManyWrong });
      expect(Number(held.headers['Retry-After'])).toBeGreaterThan(0);
      expect(Number(held.headers['Retry-After'])).toBeLessThanOrEqual(PROMO_GUESSES.windowMinutes * 60);
    }
    // Gift card codes keep their own budget: a wrong one is still a plain 404, a right one answers.
    const { code } = await activeCard(1500);
    expect((await balance(WRONG_CARD, client)).status).toBe(404);
    expect((await balance(code, client)).status).toBe(200);
    // Another client is not held back.
    expect((await promoCheck('TENOFF', '198.51.100.22')).status).toBe(200);
  });

  it('a right code gives its try back, at each door', async () => {
    const client = '198.51.100.23';
    for (let n = 0; n < PROMO_GUESSES.wrongCodesAllowed - 1; n++)
      expect((await promoCheck(`NOPE${n}`, client)).status).toBe(404);
    for (let n = 0; n < 4; n++) {
      expect((await promoCheck('TENOFF', client)).status).toBe(200);
      expect((await walletSheet('TENOFF', client)).status).toBe(200);
      expect((await cardStep('TENOFF', client)).status).toBe(200);
    }
    expect((await walletSheet('NOPE-LAST', client)).status).toBe(404);
    expect((await cardStep('NOPE-MORE', client)).status).toBe(429);
  });

  it('a burst of wrong codes gets exactly the budget’s 404s', async () => {
    const client = '198.51.100.24';
    const answers = await Promise.all(Array.from({ length: 25 }, (_, n) => promoCheck(`BURST${n}`, client)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 404)).toHaveLength(PROMO_GUESSES.wrongCodesAllowed);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - PROMO_GUESSES.wrongCodesAllowed);
  });
});

describe('gift card codes: a try is reserved before the code is looked up', () => {
  it('25 wrong codes at once get exactly the budget’s 404s, then 429s; promo codes keep theirs', async () => {
    const client = '198.51.100.31';
    const answers = await Promise.all(Array.from({ length: 25 }, () => balance(WRONG_CARD, client)));
    const refused = answers.filter((answer) => answer.status === 404);
    const held = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(GIFT_CARD_RULES.wrongCodesAllowed);
    expect(held).toHaveLength(25 - GIFT_CARD_RULES.wrongCodesAllowed);
    expect(refused[0].body.error.message).toBe(MESSAGES.giftCardUnknown);
    expect(held[0].body.error.message).toBe(MESSAGES.giftCardTooManyCodes);
    expect((await promoCheck('TENOFF', client)).status).toBe(200);
    expect((await promoCheck('NOT-A-CODE', client)).status).toBe(404);
  });

  it('a right code gives its try back: a shopper checking their card often keeps their budget', async () => {
    const client = '198.51.100.32';
    const { code } = await activeCard(2500);
    for (let n = 0; n < GIFT_CARD_RULES.wrongCodesAllowed - 1; n++)
      expect((await balance(WRONG_CARD, client)).status).toBe(404);
    for (let n = 0; n < 5; n++) expect((await balance(code, client)).status).toBe(200);
    expect((await balance(WRONG_CARD, client)).status).toBe(404);
    expect((await balance(code, client)).status).toBe(429);
  });
});
