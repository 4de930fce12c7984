import { GUEST_ORDER_MESSAGES } from '#shared/messages';
import { orders } from '../../db/entities/order';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as addGuestOrder } from './add-guest-order';
import { handler as listOrders } from './list-orders';
import { handler as mailLink } from './mail-guest-order-link';

/**
 * A guest's order added to an account (issue 50 item 11, docs/decisions/0143), against DynamoDB Local, the Cognito and
 * SES stand-ins: the order goes to the account only through the link mailed to the account's own email, opened by
 * that account; a claim of the client's (an order number, another account's link, a changed link) adds nothing.
 */
interface Customer {
  email: string;
  token: string;
}
let ada: Customer;
let eve: Customer;
let next = 5000;

/** A guest's order with this email, written as checkout records one. */
async function guestOrder(email: string, customer = 'guest'): Promise<string> {
  const orderNumber = String(next++);
  await orders.put({
    orderNumber,
    customer,
    status: 'pending',
    paymentStatus: 'captured',
    shippingAddress: { name: 'Ada', email, line1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
    lines: [{ id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 1 }],
    amounts: { subtotal: 1800, discount: 0, shipping: 599, tax: 150, total: 2549 },
    createdAt: new Date().toISOString(),
  });
  return orderNumber;
}

const askLink = (who: Customer, orderNumber: string) =>
  invoke(mailLink, { method: 'POST', path: '/auth/guest-orders/link', token: who.token, body: { orderNumber } });
const add = (who: Customer, token: string) =>
  invoke(addGuestOrder, { method: 'POST', path: '/auth/guest-orders/add', token: who.token, body: { token } });
const ordersOf = async (who: Customer) =>
  (await invoke(listOrders, { method: 'GET', path: '/auth/orders', token: who.token })).body.orders.map(
    (order: { orderNumber: string }) => order.orderNumber,
  ) as string[];
/** The mails of the link to `to` for this order, newest first, and the token of the newest. */
function linkMails(to: string, orderNumber: string) {
  const mails = sentMails().filter(
    (mail) => mail.to.includes(to) && mail.subject === GUEST_ORDER_MESSAGES.mailSubject(`#${orderNumber}`),
  );
  const link = /https?:\/\/\S+\/account\/add-order\?token=(\S+)/.exec(mails[0]?.text ?? '');
  return { mails, token: link ? decodeURIComponent(link[1]) : null };
}

beforeAll(async () => {
  await useFreshTable();
  process.env.SITE_URL = 'https://shop.example.com';
  ada = await signInNewUser({ email: `ada-${Date.now()}@example.com` });
  eve = await signInNewUser({ email: `eve-${Date.now()}@example.com` });
});

it('mails a link to the account’s email, and the link adds the order to that account (twice: the same answer)', async () => {
  // Typed at checkout with capitals and a +tag: the same mailbox by the canonical email rule (design section 4).
  const orderNumber = await guestOrder(ada.email.replace('ada-', 'Ada-').replace('@', '+shop@'));
  const asked = await askLink(ada, `#${orderNumber}`);
  expect(asked.status).toBe(200);
  expect(asked.body).toEqual({ orderNumber });
  const { mails, token } = linkMails(ada.email, orderNumber);
  expect(mails).toHaveLength(1);
  expect(mails[0].text).toContain(`https://shop.example.com/account/add-order?token=`);
  // Nothing is added by asking: only the link adds it.
  expect((await orders.get({ orderNumber }))!.customer).toBe('guest');
  expect(await ordersOf(ada)).toEqual([]);

  const added = await add(ada, token!);
  expect(added.status).toBe(200);
  expect(added.body.order.orderNumber).toBe(orderNumber);
  expect((await orders.get({ orderNumber }))!.customer).toBe(await userIdOf(ada));
  expect(await ordersOf(ada)).toEqual([orderNumber]);
  const again = await add(ada, token!);
  expect(again.status).toBe(200);
  expect(await ordersOf(ada)).toEqual([orderNumber]);
});

it('an order with another email: the same answer, no mail, nothing added', async () => {
  const orderNumber = await guestOrder('someone.else@example.com');
  const before = sentMails().length;
  const asked = await askLink(ada, orderNumber);
  expect(asked.status).toBe(200);
  expect(asked.body).toEqual({ orderNumber });
  expect(sentMails()).toHaveLength(before);
  // An order number nobody has: the same answer too.
  expect((await askLink(ada, '999999')).body).toEqual({ orderNumber: '999999' });
  expect((await orders.get({ orderNumber }))!.customer).toBe('guest');
});

it('another account’s link, a changed link or a made-up one adds nothing', async () => {
  const orderNumber = await guestOrder(ada.email);
  await askLink(ada, orderNumber);
  const { token } = linkMails(ada.email, orderNumber);
  // Eve holds Ada's link (forwarded, or seen over a shoulder): refused, the order stays a guest's.
  const stolen = await add(eve, token!);
  expect(stolen.status).toBe(403);
  expect(stolen.body.error).toEqual({ code: 'other_account', message: GUEST_ORDER_MESSAGES.otherAccount });
  // A link changed by one letter, or one for another order number, is not the shop's.
  const [payload, signature] = token!.split('.');
  const changed = `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
  expect((await add(ada, changed)).status).toBe(400);
  const forged = Buffer.from(JSON.stringify({ p: 'guest-order', s: `${await userIdOf(eve)} ${orderNumber}` }))
    .toString('base64url')
    .concat(`.${signature}`);
  expect((await add(eve, forged)).body.error.code).toBe('link_invalid');
  expect((await orders.get({ orderNumber }))!.customer).toBe('guest');
  expect(await ordersOf(eve)).toEqual([]);
});

it('an order already in an account is not moved, and is not offered by mail', async () => {
  const orderNumber = await guestOrder(ada.email, await userIdOf(eve));
  const before = sentMails().length;
  expect((await askLink(ada, orderNumber)).status).toBe(200);
  expect(sentMails()).toHaveLength(before);
  expect((await orders.get({ orderNumber }))!.customer).toBe(await userIdOf(eve));
});

it('two links of one order used at once by their account: added once', async () => {
  const orderNumber = await guestOrder(ada.email);
  await askLink(ada, orderNumber);
  const { token } = linkMails(ada.email, orderNumber);
  const answers = await Promise.all([add(ada, token!), add(ada, token!), add(ada, token!)]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  const stored = (await orders.get({ orderNumber }))!;
  expect(stored.customer).toBe(await userIdOf(ada));
  expect((await ordersOf(ada)).filter((listed) => listed === orderNumber)).toHaveLength(1);
});

/** The account's user id (the token's `sub`). */
async function userIdOf(who: Customer): Promise<string> {
  return (JSON.parse(Buffer.from(who.token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;
}
