import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { heldRefusal } from '../../testing/held';
import { adminOrder } from '../../testing/orders';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';
import { CONFIRMATION_MAIL_MESSAGES as WORDS } from '#shared/messages';
import type { ConfirmationMailView } from '#shared/schemas/order-views';
import { when } from './OrderBits';

/** The admin order page of pi_1, as the router shows it. */
const renderOrderPage = () => renderAdmin('/admin/orders/pi_1');

/** The admin's order page says how a cancelled order's refund stands: pending (the shop finishes it), refused, done. */
const stamp = '2026-06-01T10:00:00.000Z';
const cancelled = (refund: { status: string; id: string | null } | null, state: string) => ({
  order: adminOrder({
    status: 'cancelled',
    cancelledAt: stamp,
    payment: { state, refund: refund && { ...refund, at: stamp } },
  }),
  replacements: [],
  replacementOrders: [],
  timeline: [],
  confirmationMail: null,
});

/** An order's page as the server answers it (its requests and timeline as the test gives them). */
type Detail = Omit<ReturnType<typeof cancelled>, 'replacements' | 'timeline'> & {
  replacements: unknown[];
  timeline: unknown[];
};
async function show(detail: Detail) {
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL) =>
    urlOf(input) === '/api/admin/orders/pi_1'
      ? json(200, detail)
      : json(404, { error: { code: 'not_found', message: 'Not found.' } }),
  ) as typeof fetch;
  renderOrderPage();
  await screen.findByText(state(detail));
}
const state = (detail: Detail) => detail.order.payment.state;

it('a pending refund: not finished, the shop finishes it by itself, the admin may finish it now', async () => {
  await show(cancelled({ status: 'pending', id: null }, 'refund pending'));
  expect(screen.getByRole('heading', { name: 'Refund not finished' })).toBeTruthy();
  expect(screen.getByText(/finishes it by itself/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Finish the refund' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Refund refused' })).toBeNull();
});

it('a refused refund: said so, with the provider id; the shop does not retry it', async () => {
  await show(cancelled({ status: 'failed', id: 're_refused' }, 'refund failed'));
  expect(screen.getByRole('heading', { name: 'Refund refused' })).toBeTruthy();
  expect(screen.getByText(/refused the refund \(re_refused\)/)).toBeTruthy();
  expect(screen.getByText(/does not try again by itself/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try the refund again' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Refund not finished' })).toBeNull();
});

it('a finished refund: no refund card', async () => {
  await show(cancelled({ status: 'refunded', id: 're_1' }, 'refunded'));
  expect(screen.queryByRole('heading', { name: /Refund (refused|not finished)/ })).toBeNull();
});

it('a pending order prints a packing slip: the address, items, sizes and quantities, no prices', async () => {
  const detail = {
    order: adminOrder({
      lines: [
        {
          id: 'candle',
          name: 'Harvest &amp; Spice Candle',
          image: '/i/c.svg',
          price: 1800,
          size: 'CANDLE',
          quantity: 2,
        },
        { id: 'tee', name: 'Snowflake Tee', image: '/i/t.svg', price: 2299, size: 'L', quantity: 1 },
      ],
    }),
    replacements: [],
    replacementOrders: [],
    timeline: [],
    confirmationMail: null,
  };
  await show(detail);
  const print = jest.fn();
  window.print = print;
  (await screen.findByRole('button', { name: 'Print packing slip' })).click();
  expect(print).toHaveBeenCalledTimes(1);
  const slip = screen.getByRole('region', { name: 'Packing slip' });
  const rows = within(slip)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
  expect(rows).toEqual(['Harvest & Spice Candle2', 'Snowflake TeeL1']);
  expect(slip.textContent).toContain('Gail Guest3 Pine RdReno, NV 89501');
  expect(slip.textContent).toContain('/order-status');
  expect(slip.textContent).not.toMatch(/\$/);
});

/**
 * The order page against a small server: GET the order (and its confirmation mail), POST its actions (decisions 0053,
 * 0064).
 */
function serve(
  initial: ReturnType<typeof adminOrder>,
  actions: Record<
    string,
    (body: Record<string, unknown>) => {
      status: number;
      body: unknown;
      order?: ReturnType<typeof adminOrder>;
      mail?: ConfirmationMailView;
    }
  >,
  initialMail: ConfirmationMailView | null = null,
) {
  let current = initial;
  let mail = initialMail;
  const posts: { path: string; body: Record<string, unknown> }[] = [];
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = urlOf(input);
    if (path === '/api/admin/orders/pi_1' && (init?.method ?? 'GET') === 'GET')
      return json(200, {
        order: current,
        replacements: [],
        replacementOrders: [],
        timeline: [],
        confirmationMail: mail,
      });
    const action = actions[path];
    if (action && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      posts.push({ path, body });
      const answer = action(body);
      if (answer.order) current = answer.order;
      if (answer.mail) mail = answer.mail;
      return json(answer.status, answer.body);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  renderOrderPage();
  return posts;
}

const shippedWith = (trackingNumber: string, version: number) =>
  adminOrder({
    status: 'completed',
    shippedAt: stamp,
    completedAt: stamp,
    carrier: 'UPS',
    trackingNumber,
    trackingUrl: `https://www.ups.com/track?tracknum=${trackingNumber}`,
    version,
  });

it('Change tracking: the shipped carrier and number filled in, the correction sent at the version read, the notice says the customer was mailed', async () => {
  const corrected = shippedWith('1ZRIGHT', 3);
  const posts = serve(shippedWith('1ZWRONG', 2), {
    '/api/admin/orders/pi_1/tracking': () => ({ status: 200, body: corrected, order: corrected }),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Change tracking' }));
  const form = screen.getByRole('form', { name: 'Change the tracking of pi_1' });
  expect(within(form).getByLabelText<HTMLSelectElement>('Carrier').value).toBe('UPS');
  const number = within(form).getByLabelText<HTMLInputElement>('Tracking number');
  expect(number.value).toBe('1ZWRONG');
  await userEvent.clear(number);
  await userEvent.type(number, '1ZRIGHT');
  await userEvent.click(within(form).getByRole('button', { name: 'Save and mail the customer' }));
  expect(
    await screen.findByText('Tracking changed to UPS, tracking 1ZRIGHT; the customer was mailed the new one.'),
  ).toBeTruthy();
  expect(posts).toEqual([
    { path: '/api/admin/orders/pi_1/tracking', body: { carrier: 'UPS', trackingNumber: '1ZRIGHT', version: 2 } },
  ]);
  expect(screen.queryByRole('form', { name: 'Change the tracking of pi_1' })).toBeNull();
  expect(screen.getByRole('link', { name: '1ZRIGHT' }).getAttribute('href')).toBe(
    'https://www.ups.com/track?tracknum=1ZRIGHT',
  );
});

/** The order page of a pending order whose Complete Order is answered by `complete`; the bodies it was sent. */
async function showShipForm(complete: () => Promise<Response>) {
  const posts: unknown[] = [];
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = urlOf(input);
    if (path === '/api/admin/orders/pi_1' && (init?.method ?? 'GET') === 'GET')
      return json(200, {
        order: adminOrder(),
        replacements: [],
        replacementOrders: [],
        timeline: [],
        confirmationMail: null,
      });
    if (path === '/api/admin/orders/pi_1/complete' && init?.method === 'POST') {
      posts.push(JSON.parse(init.body as string));
      return complete();
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  renderOrderPage();
  return { form: await screen.findByRole('form', { name: 'Ship pi_1' }), posts };
}

it("Complete Order is held while it goes, and the server's message for the tracking number shows beside it", async () => {
  const shop = heldRefusal({ trackingNumber: 'That tracking number is not one of UPS.' });
  const { form, posts } = await showShipForm(shop.answer);
  await userEvent.selectOptions(within(form).getByLabelText('Carrier'), 'UPS');
  await userEvent.type(within(form).getByLabelText('Tracking number'), '1ZMINE');
  await userEvent.click(within(form).getByRole('button', { name: 'Complete Order' }));
  await waitFor(() =>
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Complete Order' }).disabled).toBe(true),
  );
  shop.release();
  const number = within(form).getByLabelText<HTMLInputElement>('Tracking number');
  await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
  expect(within(form).getByText('That tracking number is not one of UPS.')).toBeTruthy();
  expect(number.value).toBe('1ZMINE');
  expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Complete Order' }).disabled).toBe(false);
  expect(posts).toEqual([{ carrier: 'UPS', trackingNumber: '1ZMINE' }]);
});

it('a tracking number the server would refuse is said beside the field, and nothing is sent', async () => {
  const { form, posts } = await showShipForm(async () => json(200, {}));
  await userEvent.type(within(form).getByLabelText('Tracking number'), '1Z#MINE');
  await userEvent.click(within(form).getByRole('button', { name: 'Complete Order' }));
  const number = within(form).getByLabelText('Tracking number');
  await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
  expect(within(form).getByText('Use letters, digits and - only.')).toBeTruthy();
  expect(posts).toEqual([]);
});

it('Complete Order on an order another tab shipped with another number: the 409 is shown and the page shows it shipped', async () => {
  const message =
    "Order pi_1 was already shipped with UPS, tracking 1ZOTHER. Nothing was changed and no mail was sent; to correct the tracking, use Change tracking on the order's page.";
  serve(adminOrder(), {
    '/api/admin/orders/pi_1/complete': () => ({
      status: 409,
      body: { error: { code: 'conflict', message } },
      order: shippedWith('1ZOTHER', 2),
    }),
  });
  const form = await screen.findByRole('form', { name: 'Ship pi_1' });
  await userEvent.type(within(form).getByLabelText('Tracking number'), '1ZMINE');
  await userEvent.click(within(form).getByRole('button', { name: 'Complete Order' }));
  expect(await screen.findByText(message)).toBeTruthy();
  expect(screen.queryByText('Shipped; the customer was mailed.')).toBeNull();
  // Read again: shipped, with the number it really went with, and no ship form.
  expect(await screen.findByRole('link', { name: '1ZOTHER' })).toBeTruthy();
  expect(screen.queryByRole('form', { name: 'Ship pi_1' })).toBeNull();
});

it('cancelling a $0 replacement order: the confirmation and the notice say there is nothing to refund', async () => {
  const replacement = adminOrder({
    orderNumber: 'pi_1',
    replacementOf: 'pi_0',
    amounts: { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0 },
    payment: { state: 'no charge (replacement)', refund: null },
  });
  serve(replacement, {
    '/api/admin/orders/pi_1/cancel': () => ({
      status: 200,
      body: { ...replacement, status: 'cancelled' },
      order: { ...replacement, status: 'cancelled', cancelledAt: stamp },
    }),
  });
  const asked: string[] = [];
  window.confirm = jest.fn((question?: string) => {
    asked.push(question ?? '');
    return true;
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
  expect(
    await screen.findByText(
      'Cancelled; nothing to refund. The stock is back, the request is marked cancelled and the customer was mailed.',
    ),
  ).toBeTruthy();
  expect(asked).toEqual([
    'Cancel this replacement order? It was free, so there is nothing to refund. The stock goes back, its request is marked cancelled (the customer can ask for these items again) and the customer is mailed. This cannot be undone.',
  ]);
  expect(asked[0]).not.toMatch(/refunded in full/);
});

// ---- The confirmation mail (issue 23, decision 0064).

const mailView = (overrides: Partial<ConfirmationMailView>): ConfirmationMailView => ({
  state: 'sent',
  to: 'gail@example.com',
  at: stamp,
  attempts: 1,
  error: null,
  canSendAgain: false,
  ...overrides,
});
const SEND = '/api/admin/orders/pi_1/send-confirmation';
const sentLater = mailView({ state: 'sent', at: '2026-06-01T12:30:00.000Z', attempts: 7 });

it('a confirmation SES refused at every try: "Confirmation mail not sent" with why and Send again; one press sends it, and the page says when', async () => {
  const failed = mailView({
    state: 'failed',
    at: stamp,
    attempts: 6,
    error: 'MessageRejected: Email address is not verified.',
    canSendAgain: true,
  });
  const posts = serve(
    adminOrder(),
    { [SEND]: () => ({ status: 200, body: { confirmationMail: sentLater }, mail: sentLater }) },
    failed,
  );
  const card = (await screen.findByRole('heading', { name: 'Confirmation mail not sent' })).closest('section')!;
  expect(card.textContent).toContain(
    'SES did not take it, 6 times, so the customer has no confirmation. The shop does not try again by itself.',
  );
  expect(card.textContent).toContain('Last answer: MessageRejected: Email address is not verified.');
  await userEvent.click(within(card).getByRole('button', { name: 'Send again' }));
  expect(await screen.findByText('Confirmation mail sent to gail@example.com.')).toBeTruthy();
  expect(posts).toEqual([{ path: SEND, body: {} }]);
  const sent = await screen.findByRole('heading', { name: `Confirmation mail sent ${when(sentLater.at)}` });
  expect(within(sent.closest('section')!).queryByRole('button', { name: 'Send again' })).toBeNull();
});

it('a send that may have gone out says so, and Send again asks first: declined, nothing is sent', async () => {
  const posts = serve(
    adminOrder(),
    { [SEND]: () => ({ status: 200, body: { confirmationMail: sentLater }, mail: sentLater }) },
    mailView({ state: 'unknown', canSendAgain: true }),
  );
  const card = (await screen.findByRole('heading', { name: 'Confirmation mail may not have been sent' })).closest(
    'section',
  )!;
  expect(card.textContent).toContain('It is not sent again by itself');
  const asked: string[] = [];
  window.confirm = jest.fn((question?: string) => {
    asked.push(question ?? '');
    return false;
  });
  await userEvent.click(within(card).getByRole('button', { name: 'Send again' }));
  expect(asked).toEqual([WORDS.confirmUnknown]);
  expect(posts).toEqual([]);
  window.confirm = jest.fn(() => true);
  await userEvent.click(within(card).getByRole('button', { name: 'Send again' }));
  expect(await screen.findByRole('heading', { name: `Confirmation mail sent ${when(sentLater.at)}` })).toBeTruthy();
  expect(posts).toHaveLength(1);
});

it('Send again while another tab sends it: the server says so, and the page shows it being sent, without the button', async () => {
  const sending = mailView({ state: 'sending', at: null, canSendAgain: false });
  serve(
    adminOrder(),
    { [SEND]: () => ({ status: 409, body: { error: { code: 'conflict', message: WORDS.beingSent } }, mail: sending }) },
    mailView({ state: 'retrying', at: '2026-06-01T10:06:00.000Z', attempts: 2, canSendAgain: true }),
  );
  const card = (await screen.findByRole('heading', { name: 'Confirmation mail not sent yet' })).closest('section')!;
  expect(card.textContent).toContain(
    `SES did not take it (2 times). The shop tries again by itself at ${when('2026-06-01T10:06:00.000Z')}`,
  );
  await userEvent.click(within(card).getByRole('button', { name: 'Send again' }));
  expect(await screen.findByText(WORDS.beingSent)).toBeTruthy();
  const now = await screen.findByRole('heading', { name: 'Confirmation mail being sent' });
  expect(within(now.closest('section')!).queryByRole('button')).toBeNull();
});

it('a sent confirmation: when, to whom, and no button', async () => {
  serve(adminOrder(), {}, mailView({ state: 'sent', at: stamp }));
  const card = (await screen.findByRole('heading', { name: `Confirmation mail sent ${when(stamp)}` })).closest(
    'section',
  )!;
  expect(card.textContent).toContain('To gail@example.com.');
  expect(within(card).queryByRole('button')).toBeNull();
});

it("the order's replacement requests link to where each is handled or what it became; the timeline lists what happened", async () => {
  const request = (id: string, status: string, message: string | null = null) => ({
    id,
    orderNumber: 'pi_1',
    status,
    lines: [{ id: 'c1', name: 'Cider Candle', image: '/c.jpg', size: 'CANDLE', quantity: 1 }],
    reason: 'Arrived &lt;cracked&gt;',
    message,
    createdAt: stamp,
    decidedAt: null,
  });
  const detail = {
    ...cancelled(null, 'paid'),
    order: adminOrder({ status: 'completed', shippedAt: stamp, payment: { state: 'paid', refund: null } }),
    replacements: [request('R-1', 'open'), request('R-2', 'approved'), request('R-3', 'declined', 'Photo unclear.')],
    timeline: [
      { at: stamp, text: 'Order placed.' },
      { at: '2026-06-02T10:00:00.000Z', text: 'Shipped with UPS.' },
    ],
  };
  await show(detail);
  const requests = screen.getByRole('region', { name: 'Replacement requests' });
  const rows = within(requests).getAllByRole('row').slice(1);
  expect(within(rows[0]).getByRole('link', { name: 'R-1' }).getAttribute('href')).toBe('/admin/replacements');
  expect(within(rows[1]).getByRole('link', { name: 'R-2' }).getAttribute('href')).toBe('/admin/orders/R-2');
  expect(within(rows[2]).queryByRole('link')).toBeNull();
  expect(rows[2].textContent).toContain('Arrived <cracked>');
  expect(rows[2].textContent).toContain('Photo unclear.');
  const timeline = screen.getByRole('region', { name: 'Timeline' });
  expect(
    within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([`${when(stamp)} Order placed.`, `${when('2026-06-02T10:00:00.000Z')} Shipped with UPS.`]);
});

describe('how the tax was computed (issue 35)', () => {
  const lines = [
    { id: 'hoodie', name: 'Hoodie', image: '/i/h.svg', price: 4500, size: 'M', quantity: 1 },
    { id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 2 },
  ];
  const page = (tax: ReturnType<typeof adminOrder>['tax']) => ({
    order: adminOrder({ lines, amounts: { subtotal: 8100, discount: 0, shipping: 599, tax: 373, total: 9072 }, tax }),
    replacements: [],
    replacementOrders: [],
    timeline: [],
    confirmationMail: null,
  });
  const shares = [
    { discount: 0, shipping: 333, tax: 0, shippingTax: 0 },
    { discount: 0, shipping: 266, tax: 373, shippingTax: 53 },
  ];

  it('Stripe Tax: the provider, the sale it recorded, and each line with its tax', async () => {
    await show(
      page({
        provider: 'stripe_tax',
        fallback: null,
        stripeTax: {
          calculationId: 'taxcalc_1',
          transactionId: 'tax_1',
          reversalId: null,
          problem: null,
          reversalRefused: false,
        },
        lines: shares,
      }),
    );
    expect(screen.getByText(/Stripe Tax \(by the full address\) · sale recorded \(tax_1\)/)).toBeTruthy();
    expect(screen.getByText('1 × Hoodie (M) — $45.00 · tax $0.00')).toBeTruthy();
    expect(screen.getByText('2 × Candle — $36.00 · tax $3.73')).toBeTruthy();
  });

  it('the table because Stripe Tax did not answer: said so, with the reason', async () => {
    await show(page({ provider: 'table', fallback: 'Request timed out.', stripeTax: null, lines: shares }));
    expect(
      screen.getByText(
        /state table \(by state\) · Stripe Tax did not answer, so the table computed it \(Request timed out\.\)/,
      ),
    ).toBeTruthy();
  });

  it('an order from before the shares were kept: the lines without a tax each', async () => {
    await show(page({ provider: 'table', fallback: null, stripeTax: null, lines: null }));
    expect(screen.getByText('2 × Candle — $36.00')).toBeTruthy();
  });
});

/** The order page of `detail`, with the shop answering its refunds (`refunds`, given the body), and its refund form. */
async function showRefundForm(detail: unknown, refunds: (body: unknown) => Promise<Response>) {
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) === '/api/admin/orders/pi_1/refunds') return refunds(JSON.parse(init?.body as string));
    return urlOf(input) === '/api/admin/orders/pi_1'
      ? json(200, detail)
      : json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  renderOrderPage();
  return screen.findByRole('region', { name: 'Refund' });
}

/** An order of two candles, paid and not refunded yet, as the order page reads it. */
function refundableOrder() {
  const money = {
    captured: 4199 + 320,
    refunded: 0,
    refundable: true,
    why: null,
    refundedUnits: {},
    shippingRefunded: false,
    discountOnShipping: false,
    refunds: [],
    ledger: { ok: true, entries: 1, problems: [] },
  };
  const detail = {
    order: adminOrder({
      lines: [{ id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 2 }],
      amounts: { subtotal: 3600, discount: 0, shipping: 599, tax: 320, total: 4519 },
      tax: {
        provider: 'table',
        fallback: null,
        stripeTax: null,
        lines: [{ discount: 0, shipping: 599, tax: 320, shippingTax: 53 }],
      },
      money,
    }),
    replacements: [],
    replacementOrders: [],
    timeline: [],
    confirmationMail: null,
  };
  return detail;
}

it('the refund form shows what the server refunds (the shared rule) and sends one refund id for a double press', async () => {
  const detail = refundableOrder();
  const sent: { refundId: string; lines: unknown[]; reason: string }[] = [];
  const form = await showRefundForm(detail, async (body) => {
    sent.push(body as (typeof sent)[number]);
    return json(409, { error: { code: 'conflict', message: 'The order is busy. Please try again.' } });
  });
  expect(within(form).getByText(/Paid \$45\.19, refunded \$0\.00: \$45\.19 left/)).toBeTruthy();
  await userEvent.selectOptions(within(form).getByLabelText('Candle (2 of 2 left)'), '1');
  // One candle: 1800 and half the tax on the goods, (320 - 53) / 2 = 133.5, rounded: 134.
  const button = within(form).getByRole('button', { name: 'Refund $19.34' });
  await userEvent.click(button);
  await screen.findByText('The order is busy. Please try again.');
  await userEvent.click(within(form).getByRole('button', { name: 'Refund $19.34' }));
  await screen.findAllByText('The order is busy. Please try again.');
  expect(sent).toHaveLength(2);
  expect(sent[0]).toMatchObject({ lines: [{ id: 'candle', size: 'CANDLE', quantity: 1 }], reason: 'damaged' });
  expect(sent[1].refundId).toBe(sent[0].refundId);
  expect(sent[0].refundId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
});

it("the refund form is held while it goes, and the server's message for a field shows beside that field", async () => {
  const shop = heldRefusal({ amount: 'That is more than is left to refund.' });
  const form = await showRefundForm(refundableOrder(), shop.answer);
  await userEvent.click(within(form).getByRole('radio', { name: 'An amount' }));
  await userEvent.type(within(form).getByLabelText('Amount ($)'), '5');
  await userEvent.click(within(form).getByRole('button', { name: 'Refund $5.00' }));
  await waitFor(() =>
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Refund $5.00' }).disabled).toBe(true),
  );
  shop.release();
  const amount = within(form).getByLabelText('Amount ($)');
  await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
  expect(within(form).getByText('That is more than is left to refund.')).toBeTruthy();
  expect(within(form).getByLabelText('Note (only you see it)').getAttribute('aria-invalid')).toBe('false');
  expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Refund $5.00' }).disabled).toBe(false);
  expect(within(form).getByLabelText<HTMLInputElement>('Amount ($)').value).toBe('5');
});

it('opened from a replacement that cannot be made: the form holds its units and the reason sold out', async () => {
  const detail = {
    order: adminOrder({
      money: {
        captured: 2399,
        refunded: 0,
        refundable: true,
        why: null,
        refundedUnits: {},
        shippingRefunded: false,
        discountOnShipping: false,
        refunds: [],
        ledger: { ok: true, entries: 1, problems: [] },
      },
    }),
    replacements: [],
    replacementOrders: [],
    timeline: [],
    confirmationMail: null,
  };
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL) =>
    urlOf(input) === '/api/admin/orders/pi_1'
      ? json(200, detail)
      : json(404, { error: { code: 'not_found', message: 'Not found.' } }),
  ) as typeof fetch;
  renderAdmin('/admin/orders/pi_1?refund=candle%7CCANDLE%3A1&reason=sold_out');
  const form = await screen.findByRole('region', { name: 'Refund' });
  expect(within(form).getByLabelText<HTMLSelectElement>('Candle (1 of 1 left)').value).toBe('1');
  expect(within(form).getByLabelText<HTMLSelectElement>('Reason').value).toBe('sold_out');
  expect(within(form).getByRole('button', { name: 'Refund $18.00' })).toBeTruthy();
});
