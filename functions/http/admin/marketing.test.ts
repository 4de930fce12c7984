import { parse } from 'csv-parse/sync';
import { emailOptOuts } from '../../db/entities/email-opt-out';
import { marketingConsents } from '../../db/entities/marketing-consent';
import { MARKETING_CONSENT_WORDS } from '#shared/marketing';
import { shopDay } from '#shared/gift-cards';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { address, createCandle, guestIntent, orderNumberOf, pay, recordGuest } from '#tests/checkout';
import { handler as agree } from '../accounts/agree-to-marketing';
import { handler as exportMarketing } from './export-marketing';

/**
 * Who to mail next season (issue 56 item 3, docs/decisions/0166): a yes is recorded only from a ticked box (at
 * checkout with the order, at sign-up for the account's own email), with the box's words and the time; the export by
 * segment lists only those who agreed and did not unsubscribe since.
 */
let admin: string;
const exportOf = (query: Record<string, string>) =>
  invoke(exportMarketing, { token: admin, method: 'GET', path: '/api/admin/marketing/export', query });

async function order(email: string, marketingConsent?: boolean) {
  const intent = await guestIntent({
    cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }],
    shippingAddress: { ...address, email, name: email.split('@')[0] },
    ...(marketingConsent === undefined ? {} : { marketingConsent }),
  });
  expect(intent.status).toBe(200);
  await pay(intent.body.clientSecret);
  expect((await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret)).status).toBeLessThan(300);
  return orderNumberOf(intent.body.paymentIntentId);
}

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(100);
});

it('only a ticked box records a yes, with its words and time; the export lists only who agreed and stayed', async () => {
  const before = new Date().toISOString();
  const ann = await order('Ann@Example.com', true);
  await order('bob@example.com'); // never asked
  await order('bea@example.com', false); // the box left unticked
  await order('cat@example.com', true);
  // Cat unsubscribes later (the unsubscribe link writes this record).
  await emailOptOuts.put({ email: 'cat@example.com', optedOutAt: new Date().toISOString(), via: 'page' });

  const yeses = await marketingConsents.query('all', {});
  expect(yeses.map((yes) => yes.email).sort()).toEqual(['ann@example.com', 'cat@example.com']);
  const annYes = yeses.find((yes) => yes.email === 'ann@example.com')!;
  expect(annYes).toMatchObject({
    typedEmail: 'Ann@Example.com',
    via: 'checkout',
    words: MARKETING_CONSENT_WORDS,
    orderNumber: ann,
  });
  expect(annYes.agreedAt >= before).toBe(true);

  const today = shopDay(new Date());
  const segments: Record<string, string>[] = [
    { segment: 'bought-between', from: today, to: today },
    { segment: 'bought-category', category: 'candles' },
    { segment: 'spent-over', over: '1000' },
    { segment: 'not-since', since: '2099-01-01' },
  ];
  for (const query of segments) {
    const { status, body } = await exportOf(query);
    expect(status).toBe(200);
    expect(body.customers.map((customer: { email: string }) => customer.email)).toEqual(['Ann@Example.com']);
    const rows: string[][] = parse(String((await exportOf({ ...query, format: 'csv' })).body));
    expect(rows[0]).toEqual(['email', 'name', 'agreed_at', 'agreed_via', 'orders', 'spent', 'last_order_at']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Ann@Example.com']);
    expect(JSON.stringify(rows)).not.toMatch(/bob|bea|cat/);
  }
  // Out of a segment: bought nothing in another category, spent less, bought since.
  expect((await exportOf({ segment: 'bought-category', category: 'hoodies' })).body.customers).toEqual([]);
  expect((await exportOf({ segment: 'spent-over', over: '100000' })).body.customers).toEqual([]);
  expect((await exportOf({ segment: 'not-since', since: today })).body.customers).toEqual([]);
  // A segment without what it needs is refused.
  expect((await exportOf({ segment: 'spent-over' })).status).toBe(400);
});

it("the sign-up's box: the account's own email agrees, once; an unsubscribe after it takes it out", async () => {
  const { email, token } = await signInNewUser();
  const first = await invoke(agree, { token, method: 'POST', path: '/auth/marketing-consent', body: { agreed: true } });
  expect(first.status).toBe(200);
  const again = await invoke(agree, { token, method: 'POST', path: '/auth/marketing-consent', body: { agreed: true } });
  expect(again.body.agreedAt).toBe(first.body.agreedAt);
  const refused = await invoke(agree, {
    token,
    method: 'POST',
    path: '/auth/marketing-consent',
    body: { agreed: false },
  });
  expect(refused.status).toBe(400);
  const yes = (await marketingConsents.query('all', {})).filter((record) => record.via === 'sign-up');
  expect(yes).toEqual([expect.objectContaining({ typedEmail: email, words: MARKETING_CONSENT_WORDS })]);
  // Bought after signing up (as a guest with the same email): in the export, until unsubscribed.
  await order(email);
  const inIt = await exportOf({ segment: 'spent-over', over: '0' });
  expect(inIt.body.customers.map((customer: { email: string }) => customer.email)).toContain(email);
  await emailOptOuts.put({ email: email.toLowerCase(), optedOutAt: new Date().toISOString(), via: 'one-click' });
  const out = await exportOf({ segment: 'spent-over', over: '0' });
  expect(out.body.customers.map((customer: { email: string }) => customer.email)).not.toContain(email);
});
