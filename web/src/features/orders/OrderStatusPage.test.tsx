import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heldRefusal } from '../../testing/held';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';

/**
 * /order-status: the look-up, the order as the guest sees it (tracking, amounts with a discount), the replacement form.
 */
const order = {
  orderNumber: 'pi_abc',
  status: 'completed',
  createdAt: '2025-03-01T10:00:00Z',
  shippingAddress: {
    name: 'Gail Guest',
    email: 'gail@example.com',
    line1: '3 Pine Rd',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
  },
  lines: [
    { id: 'candle', name: 'Harvest Candle', image: '/c.svg', price: 2400, size: 'CANDLE', quantity: 2 },
    { id: 'tee', name: 'Snow Tee', image: '/t.svg', price: 2000, size: 'M', quantity: 1 },
  ],
  amounts: { subtotal: 6800, discount: 680, shipping: 599, tax: 0, total: 6719 },
  promoCode: 'SPRING10',
  carrier: 'UPS',
  trackingNumber: '1Z999',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
  shippedAt: '2025-03-02T10:00:00Z',
  cancelledAt: null,
  replacementOf: null,
};
const page = {
  order,
  replacements: [],
  replaceable: { 'candle|CANDLE': 2, 'tee|M': 1 },
  replaceableUntil: '2099-04-01T10:00:00Z',
};
const calls: { url: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, body });
    if (url.endsWith('/config.json'))
      return json(200, {
        region: 'us-east-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
        cognitoEndpoint: null,
        stripePublishableKey: null,
        paymentMode: 'test',
      });
    if (url === '/api/orders/lookup') {
      return body.email === 'gail@example.com'
        ? json(200, page)
        : json(404, {
            error: { code: 'not_found', message: 'We could not find an order with that number and email address.' },
          });
    }
    if (url === '/api/orders/replacements')
      return json(201, {
        replacement: {
          id: 'pi_abc_r1',
          orderNumber: 'pi_abc',
          status: 'open',
          lines: [],
          reason: 'x',
          message: null,
          createdAt: '2025-03-03T10:00:00Z',
          decidedAt: null,
        },
      });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

it('finds the order by number and email, shows tracking and every amount (a discount too), and sends a replacement request for the chosen units', async () => {
  renderApp('/order-status?order=pi_abc');
  expect((await screen.findByLabelText<HTMLInputElement>('Order number')).value).toBe('pi_abc');
  await userEvent.type(screen.getByLabelText('Email'), 'other@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Find my order' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'We could not find an order with that number and email address.',
  );

  await userEvent.clear(screen.getByLabelText('Email'));
  await userEvent.type(screen.getByLabelText('Email'), 'gail@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Find my order' }));
  expect((await screen.findByRole('link', { name: 'Track your parcel' })).getAttribute('href')).toBe(
    'https://www.ups.com/track?tracknum=1Z999',
  );
  const amounts = [...document.querySelectorAll('.amounts > div')].map((row) => row.textContent);
  expect(amounts).toEqual(['Subtotal$68.00', 'Discount (SPRING10)-$6.80', 'Shipping$5.99', 'Tax$0.00', 'Total$67.19']);

  const form = screen.getByRole('heading', { name: /Ask for a replacement/ }).closest('section')!;
  await userEvent.click(within(form).getByRole('button', { name: 'Ask for a replacement' }));
  expect(within(form).getByRole('alert').textContent).toBe('Choose how many of which item should be replaced.');
  expect(
    within(form)
      .getAllByRole('option', { name: /./ })
      .filter((o) => o.closest('select') === within(form).getByLabelText(/Harvest Candle/))
      .map((o) => o.textContent),
  ).toEqual(['0', '1', '2']);
  await userEvent.selectOptions(within(form).getByLabelText(/Harvest Candle/), '1');
  await userEvent.type(within(form).getByLabelText('What went wrong?'), 'A jar arrived cracked.');
  await userEvent.click(within(form).getByRole('button', { name: 'Ask for a replacement' }));
  await within(form).findByText(/we received your request/);
  expect(calls.find((call) => call.url === '/api/orders/replacements')?.body).toEqual({
    orderNumber: 'pi_abc',
    email: 'gail@example.com',
    lines: [{ id: 'candle', size: 'CANDLE', quantity: 1 }],
    reason: 'A jar arrived cracked.',
  });
});

it('tells a cancelled order’s refund as it is: done, under way, or nothing paid (a $0 replacement)', async () => {
  const cases = [
    { refund: 'refunded', says: 'Cancelled on March 4, 2025; the payment was refunded to your card.' },
    {
      refund: 'under-way',
      says: 'Cancelled on March 4, 2025; the refund of your payment is under way and reaches your card within a few days.',
    },
    { refund: null, says: 'Cancelled on March 4, 2025.' },
  ];
  for (const { refund, says } of cases) {
    const cancelled = {
      ...page,
      order: {
        ...order,
        status: 'cancelled',
        shippedAt: null,
        carrier: null,
        trackingNumber: null,
        trackingUrl: null,
        cancelledAt: '2025-03-04T15:00:00Z',
        refund,
      },
      replaceable: {},
    };
    global.fetch = jest.fn(async (input: RequestInfo | URL) =>
      urlOf(input) === '/api/orders/lookup'
        ? json(200, cancelled)
        : json(404, { error: { code: 'not_found', message: 'Not found.' } }),
    ) as typeof fetch;
    const { unmount } = renderApp('/order-status?order=pi_abc');
    await userEvent.type(await screen.findByLabelText('Email'), 'gail@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Find my order' }));
    // The status badge, then the sentence.
    expect((await screen.findByText(/Cancelled on/)).textContent).toBe(`Cancelled ${says}`);
    unmount();
  }
});

it('a request for every unit left still says thanks (the form goes, the message stays)', async () => {
  let asked = false;
  const one = { ...page, order: { ...order, lines: [order.lines[1]] }, replaceable: { 'tee|M': 1 } };
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = urlOf(input);
    if (url === '/api/orders/lookup') return json(200, asked ? { ...one, replaceable: {} } : one);
    if (url === '/api/orders/replacements') {
      asked = true;
      return json(201, {
        replacement: {
          id: 'pi_abc_r1',
          orderNumber: 'pi_abc',
          status: 'open',
          lines: [],
          reason: 'x',
          message: null,
          createdAt: '2025-03-03T10:00:00Z',
          decidedAt: null,
        },
      });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  renderApp('/order-status?order=pi_abc');
  await userEvent.type(await screen.findByLabelText('Email'), 'gail@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Find my order' }));
  await userEvent.selectOptions(await screen.findByLabelText(/Snow Tee \(M\)/), '1');
  await userEvent.type(screen.getByLabelText('What went wrong?'), 'Torn seam.');
  await userEvent.click(screen.getByRole('button', { name: 'Ask for a replacement' }));
  expect((await screen.findByRole('status')).textContent).toBe(
    'Thanks, we received your request and mailed you a copy. We will answer soon.',
  );
  // The order was read again: nothing is left to ask for, so the form is gone, and the thanks is still there.
  await screen.findByRole('heading', { name: 'Replacement asked for' });
  expect(screen.queryByRole('button', { name: 'Ask for a replacement' })).toBeNull();
  expect(screen.getByRole('status').textContent).toContain('we received your request');
});

it('follows each replacement order: its tracking link once shipped, waiting, or cancelled (and its units asked for again)', async () => {
  const request = (n: number, status: string, shipment: unknown) => ({
    id: `pi_abc_r${n}`,
    orderNumber: 'pi_abc',
    status,
    lines: [{ id: 'tee', name: 'Snow Tee', image: '/t.svg', size: 'M', quantity: 1 }],
    reason: 'Torn.',
    message: null,
    createdAt: `2025-03-0${n + 2}T10:00:00Z`,
    decidedAt: `2025-03-0${n + 2}T12:00:00Z`,
    cancelledAt: status === 'cancelled' ? '2025-03-09T10:00:00Z' : null,
    shipment,
  });
  const shipped = {
    status: 'completed',
    carrier: 'USPS',
    trackingNumber: '9405R',
    trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9405R',
    shippedAt: '2025-03-08T10:00:00Z',
  };
  const waiting = { status: 'pending', carrier: null, trackingNumber: null, trackingUrl: null, shippedAt: null };
  const gone = { ...waiting, status: 'cancelled' };
  const withRequests = {
    ...page,
    replacements: [request(3, 'cancelled', gone), request(2, 'approved', waiting), request(1, 'approved', shipped)],
  };
  global.fetch = jest.fn(async (input: RequestInfo | URL) =>
    urlOf(input) === '/api/orders/lookup'
      ? json(200, withRequests)
      : json(404, { error: { code: 'not_found', message: 'Not found.' } }),
  ) as typeof fetch;
  renderApp('/order-status?order=pi_abc');
  await userEvent.type(await screen.findByLabelText('Email'), 'gail@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Find my order' }));
  const requests = within(
    (await screen.findByRole('heading', { name: 'Replacement requests' })).closest('section')!,
  ).getAllByRole('listitem');
  expect(requests.map((item) => item.querySelector('p')?.textContent)).toEqual([
    'Replacement order pi_abc_r3 was cancelled before it shipped; nothing was charged. You can ask for these items again.',
    'Replacement order pi_abc_r2: you get a mail with tracking when it ships.',
    'Replacement order pi_abc_r1 shipped on March 8, 2025 with USPS · Track the replacement.',
  ]);
  expect(requests[0].querySelector('strong')?.textContent).toBe('Cancelled');
  expect(within(requests[2]).getByRole('link', { name: 'Track the replacement' }).getAttribute('href')).toBe(
    'https://tools.usps.com/go/TrackConfirmAction?tLabels=9405R',
  );
});

it('a link with a short number shows it as the mail does (#1042), and the look-up sends it so', async () => {
  renderApp('/order-status?order=1042');
  expect((await screen.findByLabelText<HTMLInputElement>('Order number')).value).toBe('#1042');
  await userEvent.type(screen.getByLabelText('Email'), 'gail@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Find my order' }));
  await screen.findByRole('link', { name: 'Track your parcel' });
  expect(calls.find((call) => call.url === '/api/orders/lookup')?.body).toEqual({
    orderNumber: '#1042',
    email: 'gail@example.com',
  });
});

it("the look-up waits while it goes (the button says so), and the server's field message shows beside its field", async () => {
  const shop = heldRefusal({ email: 'That email address is not one the shop can read.' });
  const looked: unknown[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) === '/api/orders/lookup') {
      looked.push(JSON.parse(init!.body as string));
      return shop.answer();
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  renderApp('/order-status?order=pi_abc');
  await screen.findByLabelText('Order number');
  await userEvent.type(screen.getByLabelText('Email'), 'gail@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Find my order' }));
  const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Looking…' });
  expect(button.disabled).toBe(true);
  shop.release();
  const email = screen.getByLabelText<HTMLInputElement>('Email');
  await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
  const message = screen.getByText('That email address is not one the shop can read.');
  expect(email.getAttribute('aria-describedby')).toBe(message.id);
  expect(email.value).toBe('gail@example.com');
  expect(screen.getByLabelText('Order number').getAttribute('aria-invalid')).toBeNull();
  expect(looked).toEqual([{ orderNumber: 'pi_abc', email: 'gail@example.com' }]);
});

it("checks the look-up with the shop's schema before it is sent: a wrong email is said beside the field", async () => {
  renderApp('/order-status?order=pi_abc');
  await screen.findByLabelText('Order number');
  const form = screen.getByRole<HTMLFormElement>('form', { name: 'Find your order' });
  await userEvent.type(screen.getByLabelText('Email'), 'gail at example');
  form.noValidate = true;
  await userEvent.click(screen.getByRole('button', { name: 'Find my order' }));
  const email = screen.getByLabelText('Email');
  await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
    'Please enter a valid email address.',
  );
  expect(calls.filter((call) => call.url === '/api/orders/lookup')).toEqual([]);
});
