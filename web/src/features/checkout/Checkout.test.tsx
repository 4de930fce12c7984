import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { GIFT_CARD_WORDS } from '#shared/gift-card-lines';
import { CART_MESSAGES, MESSAGES, RATE_LIMIT_MESSAGES } from '#shared/messages';
import { PROMO_MESSAGES } from '#shared/promo';
import { jsonResponse as json, urlOf } from '../../testing/render';
import { fillShippingDetails, renderCheckout } from '../../testing/checkout';

/**
 * The payment step follows the server: the test card form in test mode, and a plain message (no card fields)
 * when the shop takes cards through Stripe but has no publishable key, or when the server says payments are off.
 */
const line = { id: 'c1', name: 'Cider Candle', image: '/c.svg', price: 1800, size: 'CANDLE', quantity: 2 };
const intentAnswer = (paymentMode: 'stripe' | 'test') => ({
  clientSecret: 'pi_1_secret_2',
  paymentIntentId: 'pi_1',
  checkoutId: '8d4c3f5e-0b1a-4c1e-9a53-7d3f2a9b6c10',
  amounts: { subtotal: 3600, discount: 0, shipping: 599, tax: 252, total: 4451 },
  cardAmount: 4451,
  paymentMode,
});

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | 'network-down';
function serve(options: {
  mode: 'stripe' | 'test';
  key: string | null;
  intent: { status: number; body: unknown };
  more?: Record<string, (body: Record<string, unknown>) => Answer>;
}) {
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const more = options.more?.[url];
    if (more) {
      const answer = more(typeof init?.body === 'string' ? JSON.parse(init.body) : {});
      if (answer === 'network-down') throw new TypeError('Failed to fetch');
      return json(answer.status, answer.body, answer.headers);
    }
    if (url.endsWith('/config.json')) {
      return json(200, {
        region: 'us-east-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
        cognitoEndpoint: null,
        stripePublishableKey: options.key,
        paymentMode: options.mode,
      });
    }
    if (url.startsWith('/api/products?')) return json(200, { products: [] });
    if (url === '/api/products/validate-cart') return json(200, { success: true, outOfStockItems: [] });
    if (url === '/auth/create-payment-intent/guest') return json(options.intent.status, options.intent.body);
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
}

/** The shopper's hands: user-event as it is, or (under fake timers) one that moves the fake clock as it waits. */
type User = Pick<UserEvent, 'click' | 'type'>;

async function reachPayment(user: User = userEvent) {
  localStorage.setItem('cart', JSON.stringify([line]));
  renderCheckout();
  await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
  await screen.findByRole('heading', { name: 'Shipping Details' });
  const fill = async (label: string, value: string) => user.type(screen.getByLabelText(label), value);
  await fill('Full name', 'Ada Buyer');
  await fill('Email', 'ada@example.com');
  await fill('Address', '1 Main St');
  await fill('City', 'Springfield');
  await fill('State', 'IL');
  await fill('ZIP code', '62701');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

/** window.alert, a fresh mock before each test. */
const alert = jest.fn();

/**
 * Fake timers for a test that waits out the retries' backoff and Retry-After: the test moves the clock, and the
 * shopper's user-event moves it as it types.
 */
function fakeClock(): User {
  jest.useFakeTimers();
  return userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
}
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
afterEach(() => jest.useRealTimers());

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  alert.mockReset();
  window.alert = alert;
});

async function payWith(number: string, user: User = userEvent) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: /^Pay / }));
}
const confirmed = (status: string) => () => ({
  status: 200,
  body: { paymentIntent: { id: 'pi_1', status, amount: 4451 } },
});
const recorded = { status: 201, body: { order: { orderNumber: '1001', status: 'pending' } } };
/** The test card step, with the card step's and the order's answers. */
const serveTestMode = (more: Record<string, (body: Record<string, unknown>) => Answer>) =>
  serve({ mode: 'test', key: null, intent: { status: 200, body: intentAnswer('test') }, more });

it('shows the test card form when the server uses the test card processor', async () => {
  serve({ mode: 'test', key: null, intent: { status: 200, body: intentAnswer('test') } });
  await reachPayment();
  expect(await screen.findByLabelText('Card number')).toBeTruthy();
  expect(screen.queryByText(MESSAGES.paymentsUnavailable)).toBeNull();
});

describe('a card that fails, and the expiry as typed', () => {
  const declined = () => ({
    status: 402,
    body: { error: { code: 'card_declined', message: 'Your card was declined.' } },
  });

  it('a declined card: the alert, and the same message beside the form until the shopper changes something', async () => {
    serveTestMode({ '/api/test-payments/confirm': declined });
    await reachPayment();
    await payWith('4000000000000002');
    const message = MESSAGES.paymentFailed('Your card was declined.');
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
    const shown = await screen.findByRole('alert');
    expect(shown.textContent).toBe(message);
    // Once the alert is closed the message has the focus (a laptop's window ends above it: issue 50 item 6).
    await waitFor(() => expect(document.activeElement).toBe(shown));
    await userEvent.type(screen.getByLabelText('CVC'), '4');
    expect(screen.queryByText(message)).toBeNull();
  });

  it('an expiry typed 1230 is sent as 12/30 and shown so', async () => {
    const sent: Record<string, unknown>[] = [];
    serveTestMode({
      '/api/test-payments/confirm': (body) => {
        sent.push(body);
        return declined();
      },
    });
    await reachPayment();
    await userEvent.type(await screen.findByLabelText('Card number'), '4000000000000002');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ card: { expMonth: 12, expYear: 30 } });
    expect(screen.getByLabelText<HTMLInputElement>('Expiry (MM/YY)').value).toBe('12/30');
  });

  it('an expiry it cannot read is explained and nothing is sent', async () => {
    const sent: unknown[] = [];
    serveTestMode({
      '/api/test-payments/confirm': (body) => {
        sent.push(body);
        return declined();
      },
    });
    await reachPayment();
    await userEvent.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '13/30');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.expiryUnreadable);
    expect(screen.getByLabelText('Expiry (MM/YY)').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();
  });
});

it('says card payments are unavailable, with no card fields, when Stripe has no publishable key', async () => {
  serve({ mode: 'stripe', key: null, intent: { status: 200, body: intentAnswer('stripe') } });
  await reachPayment();
  expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.paymentsUnavailable);
  expect(screen.queryByLabelText('Card number')).toBeNull();
});

it('tells the shopper when the server answers that payments are not set up, and stays on the shipping step', async () => {
  serve({
    mode: 'stripe',
    key: 'pk_test_1',
    intent: {
      status: 503,
      body: { error: { code: 'payments_not_configured', message: MESSAGES.paymentsUnavailable } },
    },
  });
  await reachPayment();
  await screen.findByRole('button', { name: 'Next' });
  expect(alert).toHaveBeenCalledWith(MESSAGES.paymentsUnavailable);
  expect(screen.getByRole('heading', { name: 'Shipping Details' })).toBeTruthy();
});

describe('after the card is authorized', () => {
  it('stock gone: shows the spec sentence with the names and returns to the cart, which keeps its lines', async () => {
    const message = `${MESSAGES.outOfStock}\nCider Candle`;
    serveTestMode({
      '/api/test-payments/confirm': confirmed('requires_capture'),
      '/auth/adminOrders/guest': () => ({ status: 409, body: { error: { code: 'out_of_stock', message } } }),
    });
    await reachPayment();
    await payWith('4242424242424242');
    await screen.findByRole('heading', { name: 'Your Cart' });
    expect(alert).toHaveBeenCalledWith(message);
    expect(screen.getByRole('link', { name: 'Cider Candle' })).toBeTruthy();
    expect(sessionStorage.getItem('checkoutId')).toBeNull();
  });

  it('network trouble: says the order is being confirmed and keeps trying until the shop answers (each failure logged)', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = fakeClock();
    let calls = 0;
    serveTestMode({
      '/api/test-payments/confirm': confirmed('requires_capture'),
      '/auth/adminOrders/guest': () =>
        ++calls === 1
          ? 'network-down'
          : calls === 2
            ? { status: 503, body: { error: { code: 'unavailable', message: 'x' } } }
            : recorded,
    });
    await reachPayment(user);
    await payWith('4242424242424242', user);
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.confirmingOrder);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    // The backoff: 1 s after the first failure, 2 s after the second.
    await advance(3000);
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls).toBe(3);
    expect(localStorage.getItem('orderNumber')).toBe('1001');
    expect(logged.mock.calls.map(([message]) => message)).toEqual([
      'order confirmation failed; retrying',
      'order confirmation failed; retrying',
    ]);
    logged.mockRestore();
  });

  it('the shop says to wait (429): the page says the card was accepted and the order will be confirmed by mail, and asks again only after Retry-After', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = fakeClock();
    /** When the shop was asked for the order (the fake clock's time). */
    const calls: number[] = [];
    serveTestMode({
      '/api/test-payments/confirm': confirmed('requires_capture'),
      '/auth/adminOrders/guest': () => {
        calls.push(Date.now());
        return calls.length === 1
          ? {
              status: 429,
              headers: { 'retry-after': '3' },
              body: { error: { code: 'rate_limited', message: RATE_LIMIT_MESSAGES.orderRecording } },
            }
          : recorded;
      },
    });
    await reachPayment(user);
    await payWith('4242424242424242', user);
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.confirmingOrderLater);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(alert).not.toHaveBeenCalled();
    // Not asked again before Retry-After (3 s) has passed ...
    await advance(2000);
    expect(calls).toHaveLength(1);
    // ... then asked again, 3 s after the first time at the earliest, and the order is there.
    await advance(1500);
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls).toHaveLength(2);
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(3000);
    expect(localStorage.getItem('orderNumber')).toBe('1001');
    expect(logged.mock.calls.map(([message]) => message)).toEqual(['order confirmation failed; retrying']);
    logged.mockRestore();
  });

  it('the card was authorized before (a lost answer): confirming again is refused as Stripe does, and the page asks the shop for the order', async () => {
    const recordedCalls: unknown[] = [];
    serveTestMode({
      '/api/test-payments/confirm': () => ({
        status: 400,
        body: {
          error: {
            code: 'payment_intent_unexpected_state',
            message: 'You cannot confirm this PaymentIntent because it has a status of requires_capture.',
          },
        },
      }),
      '/auth/adminOrders/guest': (body) => {
        recordedCalls.push(body.paymentIntentId);
        return recorded;
      },
    });
    await reachPayment();
    await payWith('4242424242424242');
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(recordedCalls).toEqual(['pi_1']);
    expect(alert).not.toHaveBeenCalled();
  });

  it('3-D Secure in test mode: the authenticate step, then the order', async () => {
    const answers: unknown[] = [];
    serveTestMode({
      '/api/test-payments/confirm': (body) => {
        answers.push(body.threeDSecure);
        return confirmed(body.threeDSecure === 'complete' ? 'requires_capture' : 'requires_action')();
      },
      '/auth/adminOrders/guest': () => recorded,
    });
    await reachPayment();
    await payWith('4000002500003155');
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.authenticatePayment });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(answers).toEqual([undefined, 'complete']);
  });

  it('too many failed card attempts: the card step says so plainly and offers only Back', async () => {
    serveTestMode({
      '/api/test-payments/confirm': () => ({
        status: 402,
        body: { error: { code: 'card_attempts_exceeded', message: MESSAGES.tooManyCardAttempts } },
      }),
    });
    await reachPayment();
    sessionStorage.setItem('checkoutId', intentAnswer('test').checkoutId);
    await payWith('4000000000000002');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.tooManyCardAttempts);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(sessionStorage.getItem('checkoutId')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });
});

it('a checkout that was closed (expired, stopped) is replaced by a new one when the shopper presses Next', async () => {
  const ids: unknown[] = [];
  serve({
    mode: 'test',
    key: null,
    intent: { status: 200, body: intentAnswer('test') },
    more: {
      '/auth/create-payment-intent/guest': (body) => {
        ids.push(body.checkoutId);
        return ids.length === 1
          ? { status: 409, body: { error: { code: 'checkout_closed', message: MESSAGES.checkoutClosed } } }
          : { status: 200, body: intentAnswer('test') };
      },
    },
  });
  sessionStorage.setItem('checkoutId', '0b7f3c1e-6a4d-4c2b-9f5e-2d8a7c6b5e41');
  await reachPayment();
  expect(await screen.findByLabelText('Card number')).toBeTruthy();
  expect(ids).toHaveLength(2);
  expect(ids[0]).toBe('0b7f3c1e-6a4d-4c2b-9f5e-2d8a7c6b5e41');
  expect(ids[1]).not.toBe(ids[0]);
  expect(alert).not.toHaveBeenCalled();
});

describe('the checkout belongs to this tab (docs/decisions/0062)', () => {
  const SECRET = 'c2VjcmV0LW9mLXRoaXMtYnJvd3Nlci0wMTIzNDU2Nzg5YWI';

  it('the first Next asks for a new checkout; its id and secret are kept, sent with the next Next and with the order', async () => {
    const intents: Record<string, unknown>[] = [];
    const orders: Record<string, unknown>[] = [];
    serve({
      mode: 'test',
      key: null,
      intent: { status: 200, body: intentAnswer('test') },
      more: {
        '/auth/create-payment-intent/guest': (body) => {
          intents.push(body);
          // The secret comes only with the answer that made the checkout.
          return {
            status: 200,
            body: intents.length === 1 ? { ...intentAnswer('test'), checkoutSecret: SECRET } : intentAnswer('test'),
          };
        },
        '/api/test-payments/confirm': confirmed('requires_capture'),
        '/auth/adminOrders/guest': (body) => {
          orders.push(body);
          return recorded;
        },
      },
    });
    await reachPayment();
    await screen.findByLabelText('Card number');
    expect(intents[0].checkoutId).toBeUndefined();
    expect(intents[0].checkoutSecret).toBeUndefined();
    expect(sessionStorage.getItem('checkoutId')).toBe(intentAnswer('test').checkoutId);
    expect(sessionStorage.getItem('checkoutSecret')).toBe(SECRET);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByLabelText('Card number');
    expect(intents[1]).toMatchObject({ checkoutId: intentAnswer('test').checkoutId, checkoutSecret: SECRET });
    expect(sessionStorage.getItem('checkoutSecret')).toBe(SECRET);
    await payWith('4242424242424242');
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(orders).toEqual([{ paymentIntentId: 'pi_1', checkoutSecret: SECRET }]);
    expect(sessionStorage.getItem('checkoutId')).toBeNull();
    expect(sessionStorage.getItem('checkoutSecret')).toBeNull();
  });

  it('a checkout the shop does not know as this browser’s (404) is replaced by a new one without a word', async () => {
    const intents: Record<string, unknown>[] = [];
    serve({
      mode: 'test',
      key: null,
      intent: { status: 200, body: intentAnswer('test') },
      more: {
        '/auth/create-payment-intent/guest': (body) => {
          intents.push(body);
          return intents.length === 1
            ? { status: 404, body: { error: { code: 'checkout_not_found', message: MESSAGES.checkoutNotFound } } }
            : {
                status: 200,
                body: {
                  ...intentAnswer('test'),
                  checkoutId: '5a1f0c2e-7b3d-4e8f-9a6b-1c2d3e4f5a6b',
                  checkoutSecret: SECRET,
                },
              };
        },
      },
    });
    sessionStorage.setItem('checkoutId', '0b7f3c1e-6a4d-4c2b-9f5e-2d8a7c6b5e41');
    sessionStorage.setItem('checkoutSecret', 'an-old-secret-of-another-checkout');
    await reachPayment();
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(intents[0]).toMatchObject({
      checkoutId: '0b7f3c1e-6a4d-4c2b-9f5e-2d8a7c6b5e41',
      checkoutSecret: 'an-old-secret-of-another-checkout',
    });
    expect(intents[1].checkoutId).toBeUndefined();
    expect(intents[1].checkoutSecret).toBeUndefined();
    expect(sessionStorage.getItem('checkoutId')).toBe('5a1f0c2e-7b3d-4e8f-9a6b-1c2d3e4f5a6b');
    expect(sessionStorage.getItem('checkoutSecret')).toBe(SECRET);
    expect(alert).not.toHaveBeenCalled();
  });
});

it('an empty cart says so with a way back to the shop, shows no figures (no $0.00 rows, no arrival date), and Proceed stays disabled', async () => {
  serveTestMode({});
  renderCheckout();
  await screen.findByText(CART_MESSAGES.emptyCart);
  expect(screen.getByRole('link', { name: 'Browse the new releases' }).getAttribute('href')).toBe(
    '/product-list/new-releases',
  );
  const details = document.querySelector('.order-details')!;
  expect(details.querySelector('dl')).toBeNull();
  expect(details.textContent).not.toMatch(/\$|arrival/i);
  expect(details.textContent).toContain(CART_MESSAGES.emptyCartTotals);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Proceed to Checkout' }).disabled).toBe(true);
});

describe('the promo code in Order Details', () => {
  const discounted = {
    ...intentAnswer('test'),
    amounts: { subtotal: 3600, discount: 360, shipping: 599, tax: 230, total: 4069 },
    cardAmount: 4069,
    promo: { code: 'SAVE10', description: '10% off your order' },
  };
  const detailRows = () =>
    [...document.querySelectorAll('.order-details dt')].map(
      (dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`,
    );

  it('Apply shows the discount (estimated) and sends the code to the card step, which shows the server’s amounts; Remove takes it off', async () => {
    const intents: Record<string, unknown>[] = [];
    serve({
      mode: 'test',
      key: null,
      intent: { status: 200, body: discounted },
      more: {
        '/api/promo-codes/check': (body) =>
          String(body.code).toUpperCase() === 'SAVE10'
            ? { status: 200, body: { code: 'SAVE10', discount: 360, description: '10% off your order' } }
            : {
                status: 404,
                body: {
                  error: {
                    code: 'promo_unknown',
                    message: 'We do not know that promo code. Please check how it is spelled.',
                  },
                },
              },
        '/auth/create-payment-intent/guest': (body) => {
          intents.push(body);
          return { status: 200, body: discounted };
        },
      },
    });
    localStorage.setItem('cart', JSON.stringify([line]));
    renderCheckout();
    const field = await screen.findByLabelText('Promo code');
    await userEvent.type(field, 'nope1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We do not know that promo code. Please check how it is spelled.',
    );
    await userEvent.clear(field);
    await userEvent.type(field, 'save10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('SAVE10')).toBeTruthy();
    // Estimated before the address: 3600 - 360 + 599, no tax yet.
    expect(detailRows()).toEqual([
      'Subtotal $36.00',
      'Discount (SAVE10) -$3.60',
      'Shipping & handling $5.99',
      'Estimated tax $0.00',
      'Total $38.39',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove promo code SAVE10' }));
    expect(detailRows()).toEqual([
      'Subtotal $36.00',
      'Shipping & handling $5.99',
      'Estimated tax $0.00',
      'Total $41.99',
    ]);
    await userEvent.type(screen.getByLabelText('Promo code'), 'save10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('SAVE10');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await screen.findByRole('heading', { name: 'Shipping Details' });
    await fillShippingDetails(userEvent);
    await screen.findByLabelText('Card number');
    expect(intents[0].promoCode).toBe('SAVE10');
    // The card step: the server's amounts, the code locked in (no Remove).
    expect(detailRows()).toEqual([
      'Subtotal $36.00',
      'Discount (SAVE10) -$3.60',
      'Shipping & handling $5.99',
      'Estimated tax $2.30',
      'Total $40.69',
    ]);
    expect(screen.queryByRole('button', { name: /Remove promo code/ })).toBeNull();
  });

  it('a code used up while paying: the shopper is told, nothing was charged, and the cart goes on without the code', async () => {
    const message =
      'Sorry, promo code SAVE10 was used up while you were paying. Your card was not charged. Please check out again.';
    sessionStorage.setItem(
      'promoCode',
      JSON.stringify({ code: 'SAVE10', discount: 360, description: '10% off your order' }),
    );
    serve({
      mode: 'test',
      key: null,
      intent: { status: 200, body: discounted },
      more: {
        '/api/promo-codes/check': () => ({
          status: 200,
          body: { code: 'SAVE10', discount: 360, description: '10% off your order' },
        }),
        '/api/test-payments/confirm': confirmed('requires_capture'),
        '/auth/adminOrders/guest': () => ({ status: 409, body: { error: { code: 'promo_used_up', message } } }),
      },
    });
    await reachPayment();
    await payWith('4242424242424242');
    await screen.findByRole('heading', { name: 'Your Cart' });
    expect(alert).toHaveBeenCalledWith(message);
    expect(screen.queryByText('SAVE10')).toBeNull();
    expect(sessionStorage.getItem('promoCode')).toBeNull();
    expect(screen.getByLabelText('Promo code')).toBeTruthy();
  });
});

describe('a gift card at the card step (docs/decisions/0126)', () => {
  const code = 'ABCD-EFGH-JKMN-PQRS-TV23';
  const giftOnly = {
    ...intentAnswer('test'),
    clientSecret: '',
    paymentIntentId: 'pi_giftcard_8d4c3f5e0b1a4c1e9a537d3f2a9b6c10',
    cardAmount: 0,
    paymentMode: 'none',
    giftCard: { last4: 'TV23', amount: 4451, balance: 5000 },
  };
  const giftForm = () => screen.getByRole('form', { name: 'Pay with a gift card' });

  it('Apply prices the checkout with the card; when it pays it all, Place order records the order with no card', async () => {
    const asked: Record<string, unknown>[] = [];
    const recordedWith: Record<string, unknown>[] = [];
    serveTestMode({
      '/auth/create-payment-intent/guest': (body) => {
        asked.push(body);
        return { status: 200, body: body.giftCardCode ? giftOnly : intentAnswer('test') };
      },
      '/auth/adminOrders/guest': (body) => {
        recordedWith.push(body);
        return recorded;
      },
    });
    await reachPayment();
    await userEvent.type(await screen.findByLabelText('Gift card'), code.toLowerCase().replace(/-/g, ' '));
    await userEvent.click(within(giftForm()).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('$5.49 stays on the card.')).toBeTruthy();
    expect(asked.at(-1)).toMatchObject({ giftCardCode: code });
    // No card to type: the gift card pays the whole order.
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByText(MESSAGES.giftCardPaysAll)).toBeTruthy();
    const details = screen.getByRole('complementary', { name: 'Order Details' });
    expect(within(details).getByText('Gift card (ending TV23)')).toBeTruthy();
    expect(within(details).getByText('To pay by card').nextElementSibling!.textContent).toBe('$0.00');
    await userEvent.click(screen.getByRole('button', { name: 'Place order ($44.51)' }));
    await waitFor(() =>
      expect(recordedWith).toEqual([expect.objectContaining({ paymentIntentId: giftOnly.paymentIntentId })]),
    );
    expect(await screen.findByRole('dialog', { name: 'Thank you for your order!' })).toBeTruthy();
  });

  it('a code the shop does not know is told under the field, and the card form stays', async () => {
    const message = MESSAGES.giftCardUnknown;
    serveTestMode({
      '/auth/create-payment-intent/guest': (body) =>
        body.giftCardCode
          ? { status: 404, body: { error: { code: 'gift_card_unknown', message } } }
          : { status: 200, body: intentAnswer('test') },
    });
    await reachPayment();
    await userEvent.type(await screen.findByLabelText('Gift card'), code);
    await userEvent.click(within(giftForm()).getByRole('button', { name: 'Apply' }));
    expect(await within(giftForm()).findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    // Not a code at all: explained, nothing asked.
    await userEvent.clear(screen.getByLabelText('Gift card'));
    await userEvent.type(screen.getByLabelText('Gift card'), 'GIFT');
    await userEvent.click(within(giftForm()).getByRole('button', { name: 'Apply' }));
    expect(within(giftForm()).getByText(/A gift card code is 20 letters and digits/)).toBeTruthy();
  });
});

describe('a cart of gift cards only (issue 50 item 9)', () => {
  const giftCard = {
    id: 'gift-card',
    name: 'Gift card',
    image: '/gift-card.svg',
    price: 5000,
    size: 'GIFT CARD',
    quantity: 1,
    giftCard: { amount: 5000, recipientName: 'Bea', recipientEmail: 'bea@example.com', deliverOn: '2099-12-24' },
  };

  it('asks only for the name and email, sends no address, offers no promo code, and shows the buyer on the card step', async () => {
    const sent: Record<string, unknown>[] = [];
    serve({
      mode: 'test',
      key: null,
      intent: { status: 200, body: {} },
      more: {
        '/auth/create-payment-intent/guest': (body) => {
          sent.push(body);
          const amounts = { subtotal: 5000, discount: 0, shipping: 0, tax: 0, total: 5000 };
          return { status: 200, body: { ...intentAnswer('test'), amounts, cardAmount: 5000 } };
        },
      },
    });
    localStorage.setItem('cart', JSON.stringify([giftCard]));
    renderCheckout();
    const details = await screen.findByRole('complementary', { name: 'Order Details' });
    // No promo code field: gift cards take none, and the panel says so; and nothing is taxed.
    expect(within(details).queryByRole('textbox', { name: /promo code/i })).toBeNull();
    expect(within(details).getByText(PROMO_MESSAGES.gift_cards_only)).toBeTruthy();
    expect(within(details).getByText(GIFT_CARD_WORDS.notTaxed)).toBeTruthy();
    await userEvent.click(within(details).getByRole('button', { name: 'Proceed to Checkout' }));
    await screen.findByRole('heading', { level: 1, name: GIFT_CARD_WORDS.buyerHeading });
    expect(screen.getByText(GIFT_CARD_WORDS.addressForCardsOnly)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Your details' });
    expect(
      within(form)
        .getAllByRole('textbox')
        .map((field) => field.getAttribute('name')),
    ).toEqual(['name', 'email']);
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada Buyer');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    expect(alert).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
    expect(sent[0].shippingAddress).toEqual({ name: 'Ada Buyer', email: 'ada@example.com' });
    // No gift card field either: a gift card cannot pay for gift cards.
    expect(screen.queryByLabelText('Gift card')).toBeNull();
    const buyer = screen.getByRole('region', { name: GIFT_CARD_WORDS.buyer });
    expect(buyer.querySelector('address')!.textContent).toBe('Ada Buyerada@example.com');
  });
});
