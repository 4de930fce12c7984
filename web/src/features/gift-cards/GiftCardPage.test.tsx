import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calendarDay } from '#shared/format';
import { addDays, shopDay } from '#shared/gift-cards';
import { GIFT_CARD_WORDS } from '#shared/gift-card-lines';
import { MESSAGES } from '#shared/messages';
import { heldRefusal } from '../../testing/held';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';

/**
 * The gift card pages (issue 36, docs/decisions/0127): the form checks a card with the checkout's own schema and puts it
 * in the cart as a line of its own; the cart shows who it is for and when it is mailed, and prices it with no shipping,
 * tax or discount of its own; the balance page says what a code has left. The API's answers are stubbed.
 */
const today = () => shopDay(new Date());
const stored = () => JSON.parse(localStorage.getItem('cart') ?? '[]') as Record<string, unknown>[];
const balanceCalls: unknown[] = [];
const validated: unknown[] = [];

function serve(balance: { status: number; body: unknown; headers?: Record<string, string> }) {
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url.startsWith('/api/products?')) return json(200, { products: [] });
    if (url === '/api/products/validate-cart') {
      validated.push(JSON.parse(init!.body as string));
      return json(200, { success: true, outOfStockItems: [] });
    }
    if (url === '/api/gift-cards/balance') {
      balanceCalls.push(JSON.parse(init!.body as string));
      return json(balance.status, balance.body, balance.headers);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
}

beforeEach(() => {
  localStorage.clear();
  balanceCalls.length = 0;
  validated.length = 0;
  serve({ status: 404, body: {} });
});

/** Fills the form for `name`; the amount is a preset's button or typed. */
async function fill(user: ReturnType<typeof userEvent.setup>, name: string, amount: string | null = null) {
  if (amount?.startsWith('$')) await user.click(screen.getByRole('radio', { name: amount }));
  else if (amount !== null) await user.type(screen.getByLabelText(/Or another amount/), amount);
  await user.type(screen.getByLabelText("Recipient's name"), name);
  await user.type(screen.getByLabelText("Recipient's email"), `${name.toLowerCase()}@example.com`);
}

it('offers $25, $50 (chosen) and $100 or an amount of your own, and today to 90 days ahead; adds the card to the cart', async () => {
  const user = userEvent.setup();
  renderApp('/gift-cards');
  await screen.findByRole('heading', { name: 'Gift Cards', level: 1 });
  const amounts = within(screen.getByRole('group', { name: 'Amount' }));
  expect(amounts.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual([
    '$25',
    '$50',
    '$100',
  ]);
  expect(amounts.getByRole('radio', { name: '$50' })).toHaveProperty('checked', true);
  const day = screen.getByLabelText<HTMLInputElement>('Delivery date');
  expect([day.value, day.min, day.max]).toEqual([today(), today(), addDays(today(), 90)]);
  expect(screen.getByRole('link', { name: "Check a card's balance" }).getAttribute('href')).toBe('/gift-cards/balance');

  await fill(user, 'Bea', '$100');
  await user.type(screen.getByLabelText('Message (optional)'), 'Happy birthday');
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  expect(await screen.findByText(`Gift card for Bea, mailed ${calendarDay(today())} is in your cart.`)).toBeTruthy();
  expect(stored()).toEqual([
    {
      id: 'gift-card',
      name: 'Gift card',
      image: '/gift-card.svg',
      price: 10000,
      size: 'GIFT CARD',
      quantity: 1,
      giftCard: {
        amount: 10000,
        recipientName: 'Bea',
        recipientEmail: 'bea@example.com',
        message: 'Happy birthday',
        deliverOn: today(),
      },
    },
  ]);
  // The recipient's fields empty for the next card; a second card to someone else is a second line.
  expect(screen.getByLabelText<HTMLInputElement>("Recipient's name").value).toBe('');
  await fill(user, 'Cy', '75.50');
  await user.clear(screen.getByLabelText('Delivery date'));
  await user.type(screen.getByLabelText('Delivery date'), addDays(today(), 10));
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  await waitFor(() => expect(stored()).toHaveLength(2));
  expect(stored()[1]).toMatchObject({
    price: 7550,
    giftCard: { recipientName: 'Cy', deliverOn: addDays(today(), 10) },
  });
  // The same card again is not a second line.
  await fill(user, 'Cy', '75.50');
  await user.clear(screen.getByLabelText('Delivery date'));
  await user.type(screen.getByLabelText('Delivery date'), addDays(today(), 10));
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  expect(await screen.findByText(GIFT_CARD_WORDS.alreadyInCart)).toBeTruthy();
  expect(stored()).toHaveLength(2);
});

it('says what is wrong beside each field, with the checkout’s own words, and focuses the first', async () => {
  const user = userEvent.setup();
  renderApp('/gift-cards');
  await screen.findByRole('heading', { name: 'Gift Cards', level: 1 });
  await user.type(screen.getByLabelText(/Or another amount/), '5');
  await user.type(screen.getByLabelText("Recipient's email"), 'not-an-address');
  await user.clear(screen.getByLabelText('Delivery date'));
  await user.type(screen.getByLabelText('Delivery date'), addDays(today(), -1));
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));

  const other = screen.getByLabelText<HTMLInputElement>(/Or another amount/);
  expect(other.getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(other);
  expect(screen.getByRole('group', { name: 'Amount' }).getAttribute('aria-describedby')).toBe('gift-amount-error');
  expect(document.getElementById('gift-amount-error')!.textContent).toBe('A gift card can be from $10 to $500.');
  const described = (label: string) => {
    const field = screen.getByLabelText(label);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    return field
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)!.textContent)
      .join(' | ');
  };
  expect(described("Recipient's name")).toBe("Please enter the recipient's name.");
  expect(described("Recipient's email")).toBe('Please enter a valid email address.');
  expect(described('Delivery date')).toMatch(/^The delivery date cannot be in the past\. \| We email the card/);
  expect(stored()).toEqual([]);

  // 90 days ahead is the last day; 91 is refused.
  await user.clear(screen.getByLabelText('Delivery date'));
  await user.type(screen.getByLabelText('Delivery date'), addDays(today(), 91));
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  expect(described('Delivery date')).toMatch(/^The delivery date can be at most 90 days ahead\./);
});

it('the cart shows each card with its recipient and day, one card each, and prices it with no shipping, tax or discount', async () => {
  const card = (name: string, amount: number) => ({
    id: 'gift-card',
    name: 'Gift card',
    image: '/gift-card.svg',
    price: amount,
    size: 'GIFT CARD',
    quantity: 1,
    giftCard: { amount, recipientName: name, recipientEmail: `${name}@example.com`, deliverOn: today() },
  });
  localStorage.setItem('cart', JSON.stringify([card('Bea', 5000), card('Cy', 2500)]));
  const user = userEvent.setup();
  renderApp('/cart');
  const details = await screen.findByRole('complementary', { name: 'Order Details' });
  const line = (await screen.findByRole('link', { name: `Gift card for Bea, mailed ${calendarDay(today())}` })).closest(
    'li',
  )!;
  expect(within(line).getByText('To Bea@example.com')).toBeTruthy();
  expect(within(line).getByText('1 card')).toBeTruthy();
  expect(within(line).queryByRole('button', { name: 'One more' })).toBeNull();
  // Gift cards only: nothing ships, nothing is taxed.
  expect(within(details).getByText('Shipping & handling').nextElementSibling!.textContent).toBe('$0.00');
  expect(within(details).getByText('Estimated tax').nextElementSibling!.textContent).toBe('$0.00');
  expect(details.querySelector('dd.total')!.textContent).toBe('$75.00');
  expect(within(details).getByText(GIFT_CARD_WORDS.emailedNotShipped)).toBeTruthy();
  // Removing one card leaves the other.
  await user.click(within(line).getByRole('button', { name: /^Remove Gift card for Bea/ }));
  await waitFor(() =>
    expect(stored().map((kept) => (kept.giftCard as { recipientName: string }).recipientName)).toEqual(['Cy']),
  );
  // Proceed sends each card with its line (the server prices it); the shipping step says why it still asks.
  await user.click(within(details).getByRole('button', { name: 'Proceed to Checkout' }));
  expect(await screen.findByText(GIFT_CARD_WORDS.addressForCardsOnly)).toBeTruthy();
  expect(validated).toEqual([
    {
      cart: [
        { id: 'gift-card', size: 'GIFT CARD', quantity: 1, name: 'Gift card', giftCard: card('Cy', 2500).giftCard },
      ],
    },
  ]);
});

/** The balance page's message beside the code: the one its field is described by. */
const codeMessage = () => {
  const input = screen.getByLabelText('Gift card code');
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

it('the balance page answers a code with what is left, and a wrong code or too many in plain words', async () => {
  const user = userEvent.setup();
  serve({ status: 200, body: { last4: '7KQ2', amount: 5000, balance: 1250 } });
  renderApp('/gift-cards/balance');
  await screen.findByRole('heading', { name: 'Gift Card Balance', level: 1 });
  await user.click(screen.getByRole('button', { name: 'Check balance' }));
  await waitFor(() => expect(codeMessage()).toBe('Please enter a gift card code.'));
  expect(balanceCalls).toEqual([]);

  await user.type(screen.getByLabelText('Gift card code'), ' abcd-efgh-jkmn-pqrs-7kq2 ');
  await user.click(screen.getByRole('button', { name: 'Check balance' }));
  expect(await screen.findByText('Balance: $12.50 of $50.00 (card ending 7KQ2)')).toBeTruthy();
  expect(balanceCalls).toEqual([{ code: 'abcd-efgh-jkmn-pqrs-7kq2' }]);
  expect(screen.getByLabelText('Gift card code').getAttribute('aria-invalid')).toBeNull();

  serve({ status: 404, body: { error: { code: 'gift_card_unknown', message: MESSAGES.giftCardUnknown } } });
  await user.click(screen.getByRole('button', { name: 'Check balance' }));
  await waitFor(() => expect(codeMessage()).toBe(MESSAGES.giftCardUnknown));
  expect(screen.queryByText(/^Balance:/)).toBeNull();
  expect(screen.getByLabelText('Gift card code').getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(screen.getByLabelText('Gift card code'));

  serve({
    status: 429,
    body: { error: { code: 'too_many_gift_card_codes', message: MESSAGES.giftCardTooManyCodes } },
    headers: { 'retry-after': '300' },
  });
  await user.click(screen.getByRole('button', { name: 'Check balance' }));
  await waitFor(() => expect(codeMessage()).toBe(MESSAGES.giftCardTooManyCodes));
});

it("the balance check waits while it goes (the button says so), and the server's field message shows beside the code", async () => {
  const user = userEvent.setup();
  const shop = heldRefusal({ code: 'That code is not one of ours.' });
  const calls: unknown[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) === '/api/gift-cards/balance') {
      calls.push(JSON.parse(init!.body as string));
      return shop.answer();
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  renderApp('/gift-cards/balance');
  await screen.findByRole('heading', { name: 'Gift Card Balance', level: 1 });
  await user.type(screen.getByLabelText('Gift card code'), 'ABCD-EFGH-JKMN-PQRS-7KQ2');
  await user.click(screen.getByRole('button', { name: 'Check balance' }));
  const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Checking…' });
  expect(button.disabled).toBe(true);
  await user.click(button);
  shop.release();
  await waitFor(() => expect(codeMessage()).toBe('That code is not one of ours.'));
  expect(screen.getByLabelText<HTMLInputElement>('Gift card code').value).toBe('ABCD-EFGH-JKMN-PQRS-7KQ2');
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Check balance' }).disabled).toBe(false);
  expect(calls).toEqual([{ code: 'ABCD-EFGH-JKMN-PQRS-7KQ2' }]);
});

it('adds one card for a double click: the form is on its way once, and says the card is in the cart', async () => {
  const user = userEvent.setup();
  renderApp('/gift-cards');
  await screen.findByRole('heading', { name: 'Gift Cards', level: 1 });
  await fill(user, 'Di', '$25');
  await user.dblClick(screen.getByRole('button', { name: 'Add to cart' }));
  expect(await screen.findByText(`Gift card for Di, mailed ${calendarDay(today())} is in your cart.`)).toBeTruthy();
  expect(screen.queryByText(GIFT_CARD_WORDS.alreadyInCart)).toBeNull();
  expect(stored()).toHaveLength(1);
  expect(screen.getByRole('link', { name: 'View your cart' }).getAttribute('href')).toBe('/cart');
});
