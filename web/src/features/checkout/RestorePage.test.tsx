import { screen } from '@testing-library/react';
import { createElement } from 'react';
import type { CartLine } from '#shared/schemas/cart';
import { REMINDER_MESSAGES } from '#shared/messages';
import { jsonResponse as json, renderRoutes, urlOf } from '../../testing/render';
import { checkoutRoute } from './checkoutRoutes';
import { CHECKOUT_ID_KEY, CHECKOUT_SECRET_KEY } from './checkoutApi';
import { PRICED_KEY } from './checkoutSession';
import RestorePage from './RestorePage';
import { restoreLoader } from './restoreData';

/**
 * A reminder's link (/cart/restore?token=) in a fresh browser, a phone say (issue 27 item 1): the cart and the
 * shipping step come from the server's answer, and Next will make a new checkout (this tab's is forgotten).
 */
const candle: CartLine = { id: 'c1', name: 'Cider Candle', image: '/c.jpg', price: 1500, size: 'CANDLE', quantity: 2 };
const shipping = {
  name: 'Ada Buyer',
  email: 'ada@example.com',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};
let restoreAnswer: { status: number; body: unknown };
let asked: { url: string; body: unknown }[];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  asked = [];
  restoreAnswer = { status: 200, body: { cart: [candle], shippingAddress: shipping, unavailable: [] } };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    asked.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (url.endsWith('/config.json'))
      return json(200, {
        region: 'us-east-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
        cognitoEndpoint: null,
        stripePublishableKey: null,
        paymentMode: 'test',
      });
    if (url === '/api/reminders/restore') return json(restoreAnswer.status, restoreAnswer.body);
    if (url.startsWith('/api/products')) return json(200, { products: [] });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

/** The app's restore route beside the checkout's steps (a fresh route object each time). */
const open = (path: string) =>
  renderRoutes(
    [
      {
        HydrateFallback: () => null,
        children: [
          checkoutRoute,
          { path: '/cart/restore', loader: restoreLoader, Component: RestorePage },
          { path: '/', element: createElement('h1', null, 'Home') },
        ],
      },
    ],
    path,
  );

it('fills the cart and the shipping step from the answer and opens the shipping step; this tab forgets its own checkout', async () => {
  // This browser had a checkout of its own (another cart): Next must not reuse it.
  sessionStorage.setItem(CHECKOUT_ID_KEY, 'old-checkout');
  sessionStorage.setItem(CHECKOUT_SECRET_KEY, 'old-secret');
  sessionStorage.setItem(PRICED_KEY, '{}');
  open('/cart/restore?token=abc.def');
  expect(await screen.findByRole('heading', { name: 'Shipping Details' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe(
    'Your cart and shipping details are back. Check them and press Next.',
  );
  expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Ada Buyer');
  expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
  expect(screen.getByLabelText<HTMLInputElement>('ZIP code').value).toBe('62701');
  expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([candle]);
  expect([
    sessionStorage.getItem(CHECKOUT_ID_KEY),
    sessionStorage.getItem(CHECKOUT_SECRET_KEY),
    sessionStorage.getItem(PRICED_KEY),
  ]).toEqual([null, null, null]);
  expect(asked.filter((call) => call.url === '/api/reminders/restore')).toEqual([
    { url: '/api/reminders/restore', body: { token: 'abc.def' } },
  ]);
  // The email field says what the address is used for (no consent box: docs/decisions/0078).
  expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe('email-use');
  expect(document.getElementById('email-use')!.textContent).toMatch(
    /at most one reminder about your cart, with a one-click unsubscribe/,
  );
});

it('says what sold out since before going on', async () => {
  restoreAnswer = {
    status: 200,
    body: { cart: [candle], shippingAddress: shipping, unavailable: ['Snow &amp; Ice Tumbler'] },
  };
  open('/cart/restore?token=abc.def');
  expect(await screen.findByRole('heading', { name: 'Your cart is back' })).toBeTruthy();
  expect(screen.getByRole('listitem').textContent).toBe('Snow & Ice Tumbler');
  expect(screen.getByRole('link', { name: 'Continue to shipping' }).getAttribute('href')).toBe('/cart/shipping');
  expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([candle]);
});

it("joins this browser's own cart: its lines stay, a line of both is not doubled, and the shipping step says so", async () => {
  const tee: CartLine = { id: 't1', name: 'Pumpkin Tee', image: '/t.jpg', price: 2499, size: 'S', quantity: 2 };
  localStorage.setItem('cart', JSON.stringify([tee, { ...candle, quantity: 1 }]));
  open('/cart/restore?token=abc.def');
  expect(await screen.findByRole('heading', { name: 'Shipping Details' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe(REMINDER_MESSAGES.restoredBeside);
  expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([tee, candle]);
});

it("when everything sold out since, this browser's cart and checkout are left as they were, and the page says so", async () => {
  const tee: CartLine = { id: 't1', name: 'Pumpkin Tee', image: '/t.jpg', price: 2499, size: 'S', quantity: 2 };
  localStorage.setItem('cart', JSON.stringify([tee]));
  sessionStorage.setItem(CHECKOUT_ID_KEY, 'own-checkout');
  sessionStorage.setItem(CHECKOUT_SECRET_KEY, 'own-secret');
  restoreAnswer = { status: 200, body: { cart: [], shippingAddress: shipping, unavailable: ['Cider Candle'] } };
  open('/cart/restore?token=abc.def');
  expect(await screen.findByRole('heading', { name: 'Sold out since' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe(REMINDER_MESSAGES.restoredAllGone);
  expect(screen.getByText(REMINDER_MESSAGES.restoredAllGoneKept)).toBeTruthy();
  expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([tee]);
  expect([sessionStorage.getItem(CHECKOUT_ID_KEY), sessionStorage.getItem(CHECKOUT_SECRET_KEY)]).toEqual([
    'own-checkout',
    'own-secret',
  ]);
});

it('an expired link is refused with a clear page, and nothing changes in this browser', async () => {
  localStorage.setItem('cart', JSON.stringify([{ ...candle, id: 'mine' }]));
  restoreAnswer = {
    status: 400,
    body: {
      error: {
        code: 'link_expired',
        message:
          'This link to your cart has expired. Your cart is not kept any more, but everything is still in the shop.',
      },
    },
  };
  open('/cart/restore?token=abc.def');
  expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeTruthy();
  // Under the heading, what it means, not the heading again.
  expect(screen.getByRole('alert').textContent).toBe(REMINDER_MESSAGES.restoreAfter.link_expired);
  expect(screen.getByRole('alert').textContent).not.toMatch(/expired/);
  expect(JSON.parse(localStorage.getItem('cart')!)[0].id).toBe('mine');
});

it('a tampered link is refused with a clear page', async () => {
  restoreAnswer = { status: 400, body: { error: { code: 'link_invalid', message: 'refused' } } };
  open('/cart/restore?token=abc.changed');
  expect(await screen.findByRole('heading', { name: 'This link to your cart did not work' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toMatch(/not complete or was changed/);
  expect(screen.getByRole('link', { name: 'Go to the shop' }).getAttribute('href')).toBe('/');
});
