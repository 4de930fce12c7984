import { randomUUID } from 'node:crypto';
import { lastFour, shopDay } from '#shared/gift-cards';
import { transactWrite } from '../../db/transaction';
import { newCardId } from '../../domain/gift-cards/cards';
import { checkCard, debitItems, issueItems } from '../../domain/money/ledger';
import { shopMonthStart } from '../../domain/gift-cards/figures';
import { GIFT_CARD_MAIL, giftCardMailRef } from '../../domain/gift-cards/mails';
import { getDelivery, sweepDeliveries } from '../../domain/mail/deliveries';
import { COMPOSERS } from '../../jobs/send-mails';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { authorizedGuest, createCandle, orderNumberOf, recordGuest } from '#tests/checkout';
import { handler as checkBalance } from '../gift-cards/check-balance';
import { handler as changeCard } from './change-gift-card';
import { handler as getCard } from './get-gift-card';
import { handler as getDashboard } from './get-dashboard';
import { handler as issueCard } from './issue-gift-card';
import { handler as listCards } from './list-gift-cards';

/**
 * The owner's Gift cards area (issue 36 items 4 and 5) against DynamoDB Local, the Cognito stand-in and the SES
 * stand-in: store credit issued by hand and mailed by the send-mails job's sweep with a code, voided, sent again with a
 * new code; the list, its outstanding balance and CSV; the dashboard's figures; every card's ledger checked.
 */
let admin: { email: string; token: string };
let shopper: string;
let orderNumber: string;
/** Every card a test made: each one's ledger must agree with its balance at the end. */
const made = new Set<string>();

beforeAll(async () => {
  await useFreshTable();
  [admin, { token: shopper }] = await Promise.all([signInNewUser({ admin: true }), signInNewUser()]);
  await createCandle(5);
  const checkout = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
  await recordGuest(checkout.paymentIntentId, checkout.checkoutSecret);
  orderNumber = await orderNumberOf(checkout.paymentIntentId);
});

afterAll(async () => {
  for (const cardId of made) expect({ cardId, ...(await checkCard(cardId)) }).toMatchObject({ cardId, ok: true });
});

const recipientAddress = () => `credit-${randomUUID().slice(0, 8)}@example.com`;
const credit = (overrides: Record<string, unknown> = {}) => ({
  issueId: randomUUID(),
  amount: 2500,
  recipientName: 'Ruth Recipient',
  recipientEmail: recipientAddress(),
  reason: 'The blue mug cannot be made again',
  ...overrides,
});

const issue = async (body: Record<string, unknown>, token = admin.token) => {
  const answer = await invoke(issueCard, { method: 'POST', path: '/api/admin/gift-cards', body, token });
  if (answer.status === 201) made.add(answer.body.cardId);
  return answer;
};
const detail = (cardId: string, token = admin.token) =>
  invoke(getCard, {
    method: 'GET',
    path: `/api/admin/gift-cards/${cardId}`,
    routePath: '/api/admin/gift-cards/{cardId}',
    params: { cardId },
    token,
  });
const act = (cardId: string, action: 'void' | 'resend', version: number, token = admin.token) =>
  invoke(changeCard, {
    method: 'POST',
    path: `/api/admin/gift-cards/${cardId}/actions`,
    routePath: '/api/admin/gift-cards/{cardId}/actions',
    params: { cardId },
    body: { action, version },
    token,
  });
const list = (token = admin.token, query?: Record<string, string>) =>
  invoke(listCards, { method: 'GET', path: '/api/admin/gift-cards', token, query });
const balanceOf = (code: string) =>
  invoke(checkBalance, { method: 'POST', path: '/api/gift-cards/balance', body: { code } });
/** The send-mails job's pass over the mails due now, with its composers (a gift card's writes a new code). */
const sweep = () => sweepDeliveries(new Date(), { compose: COMPOSERS });
/** The codes mailed to an address, newest first. */
const codesMailedTo = (email: string) =>
  sentMails()
    .filter((mail) => mail.to.includes(email))
    .map((mail) => /Your gift card code: ([A-Z0-9-]+)/.exec(mail.text)?.[1])
    .filter((code): code is string => Boolean(code));

describe('store credit issued by hand', () => {
  it('is a scheduled store credit card, mailed by the job with a code: then active with that last 4 and its balance', async () => {
    const body = credit({ orderNumber: `#${orderNumber}` });
    const issued = await issue(body);
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      kind: 'store_credit',
      status: 'scheduled',
      amount: 2500,
      balance: 2500,
      reason: body.reason,
      issuedBy: admin.email,
      sourceOrder: orderNumber,
      recipient: { name: 'Ruth Recipient', email: body.recipientEmail },
      deliverOn: shopDay(new Date()),
      mail: 'pending',
      mails: 1,
    });
    expect(issued.body.last4).toBeUndefined();
    expect(codesMailedTo(body.recipientEmail)).toEqual([]);

    await sweep();
    const [code] = codesMailedTo(body.recipientEmail);
    expect(code).toMatch(/^([A-Z0-9]{4}-){4}[A-Z0-9]{4}$/);
    const mail = sentMails().find((sent) => sent.to.includes(body.recipientEmail))!;
    expect(mail.subject).toBe('Your store credit of $25.00');
    const { body: shown } = await detail(issued.body.cardId);
    expect(shown.card).toMatchObject({ status: 'active', last4: lastFour(code.replace(/-/g, '')), mail: 'sent' });
    expect(shown.entries).toEqual([expect.objectContaining({ kind: 'issued', amount: 2500 })]);
    expect(shown.ledgerOk).toBe(true);
    expect(await balanceOf(code)).toMatchObject({ status: 200, body: { amount: 2500, balance: 2500 } });
  });

  it('a second press with the same issueId answers the same card and makes no second card or mail', async () => {
    const body = credit();
    const first = await issue(body);
    const second = await issue(body);
    expect(second.status).toBe(201);
    expect(second.body.cardId).toBe(first.body.cardId);
    const mine = (await list()).body.cards.filter(
      (card: { recipient: { email: string } }) => card.recipient.email === body.recipientEmail,
    );
    expect(mine).toHaveLength(1);
    await sweep();
    expect(codesMailedTo(body.recipientEmail)).toHaveLength(1);
    // The same id with another amount is another credit: refused, nothing changed.
    const other = await issue({ ...body, amount: 9900 });
    expect(other.status).toBe(409);
    expect((await detail(first.body.cardId)).body.card.amount).toBe(2500);
  });

  it('refuses an order number that names no order, beside its field, and amounts outside 1 cent to $5,000', async () => {
    const body = credit({ orderNumber: '#999999999999' });
    const refused = await issue(body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.orderNumber).toBe('No order has this number.');
    expect((await issue(credit({ amount: 500001 }))).status).toBe(400);
    expect((await issue(credit({ amount: 0 }))).status).toBe(400);
    const cards = (await list()).body.cards as { recipient: { email: string } }[];
    expect(cards.some((card) => card.recipient.email === body.recipientEmail)).toBe(false);
  });
});

describe('void', () => {
  it('takes the balance to 0 with a voided entry, and the code answers 404 from then on', async () => {
    const body = credit({ amount: 4000 });
    const { cardId } = (await issue(body)).body;
    await sweep();
    const [code] = codesMailedTo(body.recipientEmail);
    const before = (await detail(cardId)).body.card;
    expect(before.balance).toBe(4000);
    // A checkout spends $15 (as checkout writes it) while the owner looks at the card: Void takes what is left, $25.
    await transactWrite(debitItems(cardId, 1500, orderNumber, new Date().toISOString()));
    expect((await act(cardId, 'void', before.version - 1)).status).toBe(409);

    const voided = await act(cardId, 'void', before.version);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'voided', balance: 0, version: before.version + 1 });
    const { body: shown } = await detail(cardId);
    expect(shown.entries.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount])).toEqual([
      ['issued', 4000],
      ['debited', -1500],
      ['voided', -2500],
    ]);
    expect(shown.entries.reduce((sum: number, entry: { amount: number }) => sum + entry.amount, 0)).toBe(0);
    expect(shown.entries[1].orderNumber).toBe(orderNumber);
    expect(shown.entries[2].note).toBe('$25.00 was left on it.');
    expect(shown.ledgerOk).toBe(true);
    const check = await balanceOf(code);
    expect(check.status).toBe(404);
    expect(check.body.error.code).toBe('gift_card_unknown');
    // Again: nothing is left to void; nor is a voided card mailed again.
    expect((await act(cardId, 'void', shown.card.version)).status).toBe(409);
    expect((await act(cardId, 'resend', shown.card.version)).status).toBe(409);
  });

  it('a card voided before its mail went out gets no mail: the mail is withdrawn', async () => {
    const body = credit();
    const issued = (await issue(body)).body;
    const voided = await act(issued.cardId, 'void', issued.version);
    expect(voided.body).toMatchObject({ status: 'voided', balance: 0, mail: 'withdrawn' });
    await sweep();
    expect(sentMails().filter((mail) => mail.to.includes(body.recipientEmail))).toEqual([]);
    expect((await getDelivery(GIFT_CARD_MAIL, giftCardMailRef(issued.cardId, 1)))!.status).toBe('withdrawn');
  });
});

describe('send again', () => {
  it('mails a new code: the first one stops working, the new one works', async () => {
    const body = credit({ amount: 1234 });
    const issued = (await issue(body)).body;
    // Not before its first mail has gone out.
    expect((await act(issued.cardId, 'resend', issued.version)).status).toBe(409);
    await sweep();
    const [first] = codesMailedTo(body.recipientEmail);
    const active = (await detail(issued.cardId)).body.card;
    const again = await act(issued.cardId, 'resend', active.version);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ mails: 2, mail: 'pending', version: active.version + 1 });
    // A second press with the version it read is refused: the page was out of date.
    expect((await act(issued.cardId, 'resend', active.version)).status).toBe(409);
    // Until the job writes the new mail, the first code still works.
    expect((await balanceOf(first)).status).toBe(200);

    await sweep();
    const codes = codesMailedTo(body.recipientEmail);
    expect(codes).toHaveLength(2);
    const [second] = codes;
    expect(second).not.toBe(first);
    expect((await balanceOf(first)).status).toBe(404);
    expect(await balanceOf(second)).toMatchObject({ status: 200, body: { balance: 1234 } });
    expect((await detail(issued.cardId)).body.card).toMatchObject({
      mails: 2,
      mail: 'sent',
      last4: lastFour(second.replace(/-/g, '')),
    });
  });
});

describe('the list, its CSV and the dashboard', () => {
  it('lists every card newest first, with the outstanding balance of the cards that can still be spent', async () => {
    // A card bought (as the storefront's capture writes it) and still waiting for its day, one bought last month.
    const bought = newCardId();
    await transactWrite(
      issueItems({
        cardId: bought,
        kind: 'purchased',
        status: 'scheduled',
        amount: 5000,
        balance: 5000,
        buyer: { orderNumber, name: 'Ada Buyer', email: 'ada@example.com' },
        sourceOrder: orderNumber,
        recipient: { name: 'Bo', email: 'bo@example.com' },
        deliverOn: '2099-01-01',
      }),
    );
    made.add(bought);
    const lastMonth = newCardId();
    const monthStart = new Date(shopMonthStart(new Date()));
    await transactWrite(
      issueItems({
        cardId: lastMonth,
        kind: 'purchased',
        status: 'active',
        amount: 10000,
        balance: 10000,
        recipient: { name: 'Cy', email: 'cy@example.com' },
        deliverOn: '2000-01-01',
        // A minute before this month began, in the shop's time zone.
        ...{ createdAt: new Date(monthStart.getTime() - 60_000).toISOString() },
      }),
    );
    made.add(lastMonth);

    const { body } = await list();
    const cards = body.cards as { cardId: string; status: string; balance: number; createdAt: string }[];
    expect(cards.map((card) => card.createdAt)).toEqual(
      cards
        .map((card) => card.createdAt)
        .sort()
        .reverse(),
    );
    expect(cards.find((card) => card.cardId === bought)).toMatchObject({ status: 'scheduled', balance: 5000 });
    const spendable = cards.filter((card) => card.status !== 'voided');
    expect(body.outstanding).toBe(spendable.reduce((sum, card) => sum + card.balance, 0));
    expect(cards.some((card) => card.status === 'voided')).toBe(true);
    expect(body.outstanding).toBeGreaterThanOrEqual(5000 + 10000);
    for (const card of cards)
      expect({ cardId: card.cardId, ok: (await checkCard(card.cardId)).ok }).toEqual({ cardId: card.cardId, ok: true });

    const { body: dashboard } = await invoke(getDashboard, {
      method: 'GET',
      path: '/api/admin/dashboard',
      token: admin.token,
    });
    // Cards bought this month (store credit is not a sale; last month's card is not this month's).
    expect(dashboard.giftCards).toEqual({ outstanding: body.outstanding, soldThisMonth: 1, soldValue: 5000 });
  });

  it('answers the CSV for the bookkeeper: one row per card', async () => {
    const answer = await list(admin.token, { format: 'csv' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="gift-cards-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = (answer.body as string).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'created,kind,last4,amount,balance,status,buyer,buyer order,recipient,delivery day,sent,reason',
    );
    const cards = (await list()).body.cards as { cardId: string }[];
    expect(rows).toHaveLength(cards.length + 1);
    const boughtRow = rows.find((row) => row.includes('Bo <bo@example.com>'))!;
    expect(boughtRow).toContain(',gift card,,50.00,50.00,scheduled,Ada Buyer <ada@example.com>,');
    expect(boughtRow).toContain(',2099-01-01,');
    expect(
      rows.some((row) => row.includes(',store credit,') && row.includes('The blue mug cannot be made again')),
    ).toBe(true);
  });

  it("is the owner's: a signed-in shopper is refused (403) on every route, and so is no token (401)", async () => {
    const cardId = newCardId();
    expect((await list(shopper)).status).toBe(403);
    expect((await list(shopper, { format: 'csv' })).status).toBe(403);
    expect((await detail(cardId, shopper)).status).toBe(403);
    expect((await issue(credit(), shopper)).status).toBe(403);
    expect((await act(cardId, 'void', 1, shopper)).status).toBe(403);
    expect((await act(cardId, 'resend', 1, shopper)).status).toBe(403);
    expect((await invoke(listCards, { method: 'GET', path: '/api/admin/gift-cards' })).status).toBe(401);
    expect((await detail(cardId)).status).toBe(404);
    expect((await act(cardId, 'void', 1)).status).toBe(404);
  });
});
