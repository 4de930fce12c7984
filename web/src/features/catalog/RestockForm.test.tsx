import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STOCK_ALERT_MESSAGES as WORDS } from '#shared/messages';
import { forgetAnswers } from '../../lib/answers';
import { setTokenSource } from '../../lib/api';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';
import { resetTestSession, signInForTest, testSession } from '../../testing/session';

/**
 * "Email me when it's back" on the product page (issue 27 item 5), through the app's own route (its loader and its
 * action). The session is the test's (the auth feature is replaced by a store the test sets).
 */
jest.mock(
  '../auth/AuthProvider',
  () => jest.requireActual<typeof import('../../testing/session')>('../../testing/session').testAuth,
);

const config = {
  region: 'us-east-1',
  userPoolId: 'p',
  userPoolClientId: 'c',
  cognitoEndpoint: null,
  stripePublishableKey: null,
  paymentMode: 'test',
};
const hoodie = {
  id: 'h1',
  name: 'Cabin Hoodie',
  image: '/h.svg',
  extraImages: [],
  description: 'Warm',
  price: 4999,
  tag: 'hoodies',
  stockRef: 'H',
  averageRating: 4.5,
  ratingCount: 2,
  sizes: [
    { size: 'S', available: 0 },
    { size: 'M', available: 3 },
    { size: 'L', available: 1 },
    { size: 'XL', available: 0 },
    { size: '2XL', available: 2 },
  ],
};
const soldOutCandle = {
  ...hoodie,
  id: 'c1',
  name: 'Cider Candle',
  tag: 'candles',
  stockRef: undefined,
  sizes: [{ size: 'CANDLE', available: 0 }],
};
const candle = { ...soldOutCandle, id: 'c2', sizes: [{ size: 'CANDLE', available: 4 }] };

/** What the page sent to POST /api/stock-alerts, and what the server answers next. */
let asked: unknown[];
let nextAnswer: { status: number; body: unknown };
beforeEach(() => {
  forgetAnswers();
  localStorage.clear();
  asked = [];
  nextAnswer = { status: 200, body: { ok: true, message: 'Thanks!' } };
  resetTestSession();
  setTokenSource(async () => (testSession().user ? 'token' : null));
  const products: Record<string, unknown> = { h1: hoodie, c1: soldOutCandle, c2: candle };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url.endsWith('/config.json')) return json(200, config);
    if (url === '/api/stock-alerts') {
      asked.push(JSON.parse(init!.body as string));
      return json(nextAnswer.status, nextAnswer.body);
    }
    if (url.startsWith('/api/products?')) return json(200, { products: [] });
    if (url === '/auth/cart') return json(200, { cart: { cart: [] } });
    const id = url.split('/').pop()!;
    return products[id]
      ? json(200, products[id])
      : json(404, { error: { code: 'not_found', message: 'Product not found.' } });
  }) as typeof fetch;
});

const section = async () => screen.findByRole('region', { name: WORDS.heading });

it('offers the sold-out sizes only; asking sends the size and the address and shows the shop’s sentence', async () => {
  renderApp('/product/h1');
  const box = await section();
  expect(within(box).getByText(WORDS.intro(['S', 'XL']))).toBeTruthy();
  const sizes = within(box).getByRole('group', { name: WORDS.sizeLabel });
  expect(
    within(sizes)
      .getAllByRole<HTMLInputElement>('radio')
      .map((radio) => [radio.value, radio.checked]),
  ).toEqual([
    ['S', false],
    ['XL', false],
  ]);
  // Add to Cart above still refuses the sold-out sizes.
  expect(screen.getByRole<HTMLOptionElement>('option', { name: 'S (sold out)' }).disabled).toBe(true);

  nextAnswer = {
    status: 200,
    body: { ok: true, message: WORDS.subscribed('ada@example.com', 'Cabin Hoodie in size XL') },
  };
  await userEvent.click(within(sizes).getByRole('radio', { name: 'XL' }));
  await userEvent.type(within(box).getByLabelText('Email'), ' ada@example.com');
  await userEvent.click(within(box).getByRole('button', { name: WORDS.button }));
  expect(await within(box).findByText(WORDS.subscribed('ada@example.com', 'Cabin Hoodie in size XL'))).toBeTruthy();
  expect(within(box).getByRole('status').textContent).toBe(
    WORDS.subscribed('ada@example.com', 'Cabin Hoodie in size XL'),
  );
  expect(asked).toEqual([{ productId: 'h1', size: 'XL', email: 'ada@example.com' }]);
});

it('shows the server’s field messages beside their fields, and a refusal without fields as an alert', async () => {
  renderApp('/product/h1');
  const box = await section();
  nextAnswer = {
    status: 400,
    body: {
      error: {
        code: 'validation_failed',
        message: 'Please check the fields.',
        fields: { size: 'Choose a size.', email: 'Please enter a valid email address.' },
      },
    },
  };
  await userEvent.type(within(box).getByLabelText('Email'), 'not-an-address');
  await userEvent.click(within(box).getByRole('button', { name: WORDS.button }));
  expect(await within(box).findByText('Choose a size.')).toBeTruthy();
  expect(within(box).getByText('Please enter a valid email address.')).toBeTruthy();
  expect(within(box).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  expect(within(box).queryByRole('alert')).toBeNull();

  nextAnswer = { status: 409, body: { error: { code: 'conflict', message: WORDS.inStock('Cabin Hoodie in size S') } } };
  await userEvent.click(within(box).getByRole('radio', { name: 'S' }));
  await userEvent.click(within(box).getByRole('button', { name: WORDS.button }));
  expect((await within(box).findByRole('alert')).textContent).toBe(WORDS.inStock('Cabin Hoodie in size S'));
  expect(within(box).getByRole('status').textContent).toBe('');
});

it('a sold-out one-size product asks for the address only', async () => {
  renderApp('/product/c1');
  const box = await section();
  expect(within(box).queryByRole('radio')).toBeNull();
  expect(within(box).getByText(WORDS.intro([]))).toBeTruthy();
  await userEvent.type(within(box).getByLabelText('Email'), 'bo@example.com');
  await userEvent.click(within(box).getByRole('button', { name: WORDS.button }));
  await within(box).findByText('Thanks!');
  expect(asked).toEqual([{ productId: 'c1', size: 'CANDLE', email: 'bo@example.com' }]);
});

it('a product with every size in stock shows no form', async () => {
  renderApp('/product/c2');
  await screen.findByRole('heading', { name: 'Cider Candle' });
  expect(screen.queryByRole('region', { name: WORDS.heading })).toBeNull();
});

it('signed in: the account’s address is filled in (also when the session arrives after the page), and what the shopper types wins', async () => {
  renderApp('/product/c1');
  const box = await section();
  expect(within(box).getByLabelText<HTMLInputElement>('Email').value).toBe('');
  await signInForTest({ userId: 'u1', email: 'ann@example.com', role: null });
  expect(within(box).getByLabelText<HTMLInputElement>('Email').value).toBe('ann@example.com');
  await userEvent.click(within(box).getByRole('button', { name: WORDS.button }));
  await within(box).findByText('Thanks!');
  expect(asked).toEqual([{ productId: 'c1', size: 'CANDLE', email: 'ann@example.com' }]);
  const field = within(box).getByLabelText<HTMLInputElement>('Email');
  await userEvent.clear(field);
  await userEvent.type(field, 'gift@example.com');
  await userEvent.click(within(box).getByRole('button', { name: WORDS.button }));
  await within(box).findByText('Thanks!');
  expect(asked.at(-1)).toEqual({ productId: 'c1', size: 'CANDLE', email: 'gift@example.com' });
});
