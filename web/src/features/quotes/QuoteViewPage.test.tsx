import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '#shared/messages';
import type { QuoteView } from '#shared/schemas/quotes';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';

/**
 * The quote page by its link (issue 37): the offer with what it costs and its terms, the files as downloads (a preview
 * only for PNG and JPEG), messages shown as text, an ended offer said plainly, and a link that opens nothing.
 */
const QUOTE_ID = '0f8b3c2e-5a6d-4e7f-8a9b-0c1d2e3f4a5b';
const quote = (over: Partial<QuoteView> = {}): QuoteView => ({
  quoteId: QUOTE_ID,
  number: '1007',
  status: 'offer_sent',
  createdAt: '2026-11-20T10:00:00.000Z',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  service: 'printing',
  quantity: 40,
  neededBy: '2026-12-20',
  items: '40 hoodies',
  message: 'Navy please',
  files: [
    { id: 'f1', name: 'logo.png', format: 'png', size: 20_000, preview: 'data:image/jpeg;base64,AA==' },
    { id: 'f2', name: 'brief.pdf', format: 'pdf', size: 900, preview: null },
  ],
  offer: {
    no: 2,
    lines: [{ description: 'Navy hoodie', kind: 'goods', quantity: 40, unitPrice: 3200, productId: null, size: null }],
    shipping: 1500,
    ships: true,
    note: 'Sizes can be mixed.',
    validUntil: '2026-12-11',
    sentAt: '2026-11-21T10:00:00.000Z',
    state: 'open',
    amounts: { subtotal: 128000, discount: 0, shipping: 1500, tax: 0, total: 129500 },
    terms: 'Made to order: you can cancel for a full refund until we start production.',
  },
  messages: [
    { id: 'm1', at: '2026-11-21T09:00:00.000Z', from: 'shopper', kind: 'change_request', text: '<b>navy</b> please' },
  ],
  orderNumber: null,
  order: null,
  ...over,
});

function serve(answer: { status: number; body: unknown }) {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = urlOf(input);
    if (url.startsWith(`/api/quotes/${QUOTE_ID}?t=`)) return json(answer.status, answer.body);
    if (url === '/config.json')
      return json(200, {
        region: 'us-east-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
        cognitoEndpoint: null,
        stripePublishableKey: null,
        paymentMode: 'test',
      });
    if (url === `/api/quotes/${QUOTE_ID}/pay`)
      return json(200, {
        clientSecret: 'pi_q_secret_1',
        paymentIntentId: 'pi_q',
        amounts: { subtotal: 128000, discount: 0, shipping: 1500, tax: 8094, total: 137594 },
        paymentMode: 'test',
      });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
}

/** The rows of the offer's amounts, as [term, value]. */
const rowsOf = (offer: HTMLElement) =>
  [...offer.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling!.textContent]);

it('shows the offer, its files as downloads and the messages as text', async () => {
  serve({ status: 200, body: quote() });
  renderApp(`/quotes/${QUOTE_ID}?t=signed.token`);
  await screen.findByRole('heading', { name: 'Your quote Q1007' });
  const offer = screen.getByRole('region', { name: 'Our offer (version 2)' });
  expect(within(offer).getByText('$1,280.00', { selector: 'td' })).toBeTruthy();
  expect(within(offer).getByText('$15.00')).toBeTruthy();
  expect(within(offer).getByText(/Made to order/)).toBeTruthy();
  expect(within(offer).getByRole('button', { name: 'Accept and pay' })).toBeTruthy();
  const files = screen.getByRole('list', { name: 'Your files' });
  const links = within(files).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    `/api/quotes/${QUOTE_ID}/files/f1?t=signed.token`,
    `/api/quotes/${QUOTE_ID}/files/f2?t=signed.token`,
  ]);
  expect(links.every((link) => link.hasAttribute('download'))).toBe(true);
  expect(files.querySelectorAll('img')).toHaveLength(1);
  // Text, never markup.
  expect(screen.getByText('<b>navy</b> please')).toBeTruthy();
  expect(document.querySelector('.thread b')).toBeNull();
});

it('an offer that was replaced or has expired says so and offers no payment', async () => {
  serve({ status: 200, body: quote({ status: 'expired', offer: { ...quote().offer!, state: 'expired' } }) });
  renderApp(`/quotes/${QUOTE_ID}?t=signed.token`);
  expect(await screen.findByText(MESSAGES.offerExpired)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Accept and pay' })).toBeNull();
  await userEvent.type(screen.getByLabelText('Write to us'), 'A new offer please');
  expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
});

it('a declined quote says so and takes no more messages (a new request does)', async () => {
  serve({ status: 200, body: quote({ status: 'declined', offer: { ...quote().offer!, state: 'declined' } }) });
  renderApp(`/quotes/${QUOTE_ID}?t=signed.token`);
  expect(await screen.findByText(MESSAGES.offerDeclined)).toBeTruthy();
  expect(screen.getByText('This quote was declined. To ask again, please send a new request.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Accept and pay' })).toBeNull();
  expect(screen.queryByLabelText('Write to us')).toBeNull();
});

it('a link that is not valid opens nothing and says so', async () => {
  serve({ status: 404, body: { error: { code: 'quote_not_found', message: MESSAGES.quoteLinkInvalid } } });
  renderApp(`/quotes/${QUOTE_ID}?t=wrong`);
  expect(await screen.findByText(MESSAGES.quoteLinkInvalid)).toBeTruthy();
  expect(screen.queryByRole('region', { name: /Our offer/ })).toBeNull();
});

it('the payment step shows one tax row: the figure for the address, with the total (issue 50 item 10)', async () => {
  serve({ status: 200, body: quote() });
  renderApp(`/quotes/${QUOTE_ID}?t=signed.token`);
  const offer = await screen.findByRole('region', { name: 'Our offer (version 2)' });
  expect(rowsOf(offer).filter(([term]) => term === 'Tax')).toEqual([
    ['Tax', 'By your shipping address (design work is not taxed)'],
  ]);
  await userEvent.click(within(offer).getByRole('button', { name: 'Accept and pay' }));
  await userEvent.type(screen.getByLabelText('Address'), '1 Main St');
  await userEvent.type(screen.getByLabelText('City'), 'Springfield');
  await userEvent.type(screen.getByLabelText('State'), 'Illinois');
  await userEvent.type(screen.getByLabelText('ZIP code'), '62701');
  await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
  await screen.findByRole('button', { name: 'Pay $1,375.94' });
  expect(screen.getAllByText('Tax', { selector: 'dt' })).toHaveLength(1);
  expect(rowsOf(offer)).toContainEqual(['Tax', '$80.94']);
  expect(rowsOf(offer)).toContainEqual(['Total', '$1,375.94']);
  expect(screen.queryByText(/By your shipping address/)).toBeNull();
  // Back: the offer as it was.
  await userEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(rowsOf(offer)).toContainEqual(['Tax', 'By your shipping address (design work is not taxed)']);
});

it('a paid quote shows what was charged: the order’s amounts under the offer, one tax row (issue 50 item 10)', async () => {
  const charged = { subtotal: 128000, discount: 0, shipping: 1500, tax: 8094, total: 137594 };
  const order = {
    orderNumber: '1042',
    status: 'pending',
    createdAt: '2026-11-22T10:00:00.000Z',
    shippingAddress: {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      line1: '1 Main St',
      city: 'Springfield',
      state: 'Illinois',
      zip: '62701',
    },
    lines: [],
    amounts: charged,
    promoCode: null,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    shippedAt: null,
    cancelledAt: null,
    replacementOf: null,
  };
  serve({
    status: 200,
    body: quote({
      status: 'paid',
      orderNumber: '1042',
      order,
      offer: { ...quote().offer!, state: 'paid' },
    } as Partial<QuoteView>),
  });
  renderApp(`/quotes/${QUOTE_ID}?t=signed.token`);
  const offer = await screen.findByRole('region', { name: 'Our offer (version 2)' });
  expect(rowsOf(offer)).toEqual(
    expect.arrayContaining([
      ['Subtotal', '$1,280.00'],
      ['Shipping', '$15.00'],
      ['Tax', '$80.94'],
      ['Total charged', '$1,375.94'],
    ]),
  );
  expect(screen.getAllByText('Tax', { selector: 'dt' })).toHaveLength(1);
  expect(screen.getByRole('link', { name: '#1042' })).toBeTruthy();
});
