import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, settled, urlOf } from '../../testing/render';

/**
 * The owner's gift cards page (issue 36 item 5): the outstanding balance, every card with its facts and mail, store
 * credit issued once per form (dollars checked before anything is sent), the CSV.
 */
const stamp = '2026-11-20T10:00:00.000Z';
const bought = {
  cardId: `gc_${'a'.repeat(32)}`,
  kind: 'purchased',
  status: 'active',
  amount: 5000,
  balance: 3250,
  last4: '7KQ2',
  buyer: { orderNumber: '1042', name: 'Ada Buyer', email: 'ada@example.com' },
  sourceOrder: '1042',
  recipient: { name: 'Bo Friend', email: 'bo@example.com' },
  deliverOn: '2026-11-21',
  sentAt: stamp,
  mail: 'sent',
  mails: 1,
  version: 2,
  createdAt: stamp,
};
const failedCredit = {
  cardId: `gc_${'b'.repeat(32)}`,
  kind: 'store_credit',
  status: 'active',
  amount: 1500,
  balance: 1500,
  last4: 'ZZ99',
  reason: 'Mug broke',
  issuedBy: 'admin@example.com',
  recipient: { name: 'Cy', email: 'cy@example.com' },
  deliverOn: '2026-11-22',
  mail: 'failed',
  mails: 2,
  version: 3,
  createdAt: stamp,
};
const voided = {
  ...failedCredit,
  cardId: `gc_${'c'.repeat(32)}`,
  status: 'voided',
  balance: 0,
  last4: undefined,
  mail: 'withdrawn',
  mails: 1,
};
let cards: Record<string, unknown>[];
const calls: { method: string; url: string; body: Record<string, unknown> | null }[] = [];
/** A POST waits for this before it is answered (a write on its way). */
let held: Promise<void> | undefined;

beforeEach(() => {
  calls.length = 0;
  held = undefined;
  cards = [bought, failedCredit, voided];
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    calls.push({ method, url, body });
    if (url === '/api/admin/gift-cards' && method === 'GET') return json(200, { cards, outstanding: 4750 });
    if (url === '/api/admin/gift-cards' && method === 'POST') {
      await held;
      if (body!.orderNumber === '#1')
        return json(400, {
          error: {
            code: 'validation_failed',
            message: 'Please check the highlighted fields.',
            fields: { orderNumber: 'No order has this number.' },
          },
        });
      const card = {
        ...failedCredit,
        cardId: `gc_${String(cards.length).repeat(32)}`,
        status: 'scheduled',
        amount: body!.amount,
        balance: body!.amount,
        last4: undefined,
        recipient: { name: body!.recipientName, email: body!.recipientEmail },
        reason: body!.reason,
        mail: 'pending',
        mails: 1,
        version: 1,
      };
      cards = [card, ...cards];
      return json(201, card);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

const row = (cardId: string) => screen.getByTestId(`gift-card-${cardId}`);
const cellsOf = (element: HTMLElement) => [...element.querySelectorAll('td')].map((td) => td.textContent);

it('shows the outstanding balance and each card: last 4, kind, amounts, buyer, recipient, delivery and its mail', async () => {
  renderAdmin('/admin/gift-cards');
  const outstanding = (await screen.findByRole('heading', { name: 'Outstanding balance' })).closest('section')!;
  expect(outstanding.textContent).toContain('$47.50');
  expect(outstanding.textContent).toContain('What 2 cards can still spend');

  const first = row(bought.cardId);
  expect(within(first).getByRole('link', { name: 'Card 7KQ2' }).getAttribute('href')).toBe(
    `/admin/gift-cards/${bought.cardId}`,
  );
  expect(cellsOf(first)).toEqual([
    'Gift card',
    '$50.00',
    '$32.50',
    'Ada Buyer · #1042',
    'Bo Friendbo@example.com',
    'Nov 21, 2026',
    'Sent',
  ]);
  expect(within(first).getByRole('link', { name: '#1042' }).getAttribute('href')).toBe('/admin/orders/1042');
  // A mail that failed waits for the owner (in red); store credit has no buyer.
  const credit = row(failedCredit.cardId);
  expect(cellsOf(credit)).toEqual([
    'Store credit',
    '$15.00',
    '$15.00',
    'Issued by the shop',
    'Cycy@example.com',
    'Nov 22, 2026',
    'Failed (mail 2): send again',
  ]);
  expect(within(credit).getByText('Failed (mail 2): send again').className).toBe('tag-failed');
  const gone = row(voided.cardId);
  expect(within(gone).getByRole('link', { name: 'Card with no code yet' })).toBeTruthy();
  expect(gone.querySelector('th')!.textContent).toContain('Voided');
  expect(cellsOf(gone).at(-1)).toBe('Not sent (voided)');
});

it('issues store credit once per form: dollars checked first, the server refusal beside its field, then cents sent', async () => {
  renderAdmin('/admin/gift-cards');
  const form = await screen.findByRole('form', { name: 'Issue store credit' });
  await userEvent.type(within(form).getByLabelText(/^Amount/), '25.5.0');
  await userEvent.type(within(form).getByLabelText(/Recipient's name/), 'Ruth');
  await userEvent.type(within(form).getByLabelText(/Recipient's email/), 'ruth@example.com');
  await userEvent.type(within(form).getByLabelText(/^Reason/), 'The mug cannot be made again');
  await userEvent.type(within(form).getByLabelText(/^For order/), '#1');
  await userEvent.click(within(form).getByRole('button', { name: 'Issue store credit' }));
  const amount = within(form).getByLabelText(/^Amount/);
  await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
  expect(form.textContent).toContain('Type the amount in dollars, from $0.01 to $5,000.00, like 25 or 25.50.');
  expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

  await userEvent.clear(amount);
  await userEvent.type(amount, '25.50');
  // The rest is checked with the server's own schema first: its words beside the field, nothing sent.
  const email = within(form).getByLabelText(/Recipient's email/);
  await userEvent.clear(email);
  await userEvent.type(email, 'ruth@example');
  await userEvent.click(within(form).getByRole('button', { name: 'Issue $25.50 of store credit' }));
  await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
  expect(within(form).getByText('Please enter a valid email address.')).toBeTruthy();
  expect(amount.getAttribute('aria-invalid')).toBe('false');
  expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  await userEvent.type(email, '.com');

  // The button says what it issues, and is held while the credit is on its way.
  let release = () => {};
  held = new Promise((resolve) => (release = resolve));
  await userEvent.click(within(form).getByRole('button', { name: 'Issue $25.50 of store credit' }));
  await waitFor(() =>
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Issue $25.50 of store credit' }).disabled).toBe(
      true,
    ),
  );
  release();
  held = undefined;
  expect(await within(form).findByText('No order has this number.')).toBeTruthy();
  const orderField = within(form).getByLabelText(/^For order/);
  expect(orderField.getAttribute('aria-invalid')).toBe('true');

  await userEvent.clear(orderField);
  await userEvent.type(orderField, '#1042');
  await userEvent.click(within(form).getByRole('button', { name: 'Issue $25.50 of store credit' }));
  expect(
    await screen.findByText('Issued $25.50 of store credit to Ruth (ruth@example.com): it is mailed within a minute.'),
  ).toBeTruthy();
  const posts = calls.filter((call) => call.method === 'POST');
  expect(posts).toHaveLength(2);
  // The refused try and the one that went through are the same credit (one id per form).
  expect(posts[0].body!.issueId).toBe(posts[1].body!.issueId);
  expect(posts[1].body).toEqual({
    issueId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    amount: 2550,
    recipientName: 'Ruth',
    recipientEmail: 'ruth@example.com',
    reason: 'The mug cannot be made again',
    orderNumber: '#1042',
  });
  // The list was read again (the new card first) and the form emptied for the next credit, with a new id.
  expect(await screen.findByText('ruth@example.com')).toBeTruthy();
  expect(within(form).getByLabelText<HTMLInputElement>(/^Amount/).value).toBe('');
  await userEvent.type(within(form).getByLabelText(/^Amount/), '5');
  await userEvent.type(within(form).getByLabelText(/Recipient's name/), 'Sam');
  await userEvent.type(within(form).getByLabelText(/Recipient's email/), 'sam@example.com');
  await userEvent.type(within(form).getByLabelText(/^Reason/), 'Late parcel');
  await userEvent.click(within(form).getByRole('button', { name: 'Issue $5.00 of store credit' }));
  await screen.findByText(/Issued \$5\.00 of store credit to Sam/);
  const third = calls.filter((call) => call.method === 'POST')[2].body!;
  expect(third.issueId).not.toBe(posts[1].body!.issueId);
  expect(third).not.toHaveProperty('orderNumber');
});

it('downloads the CSV with the admin token, under the name the server gives', async () => {
  const saved: string[] = [];
  let authorization: string | undefined;
  URL.createObjectURL = jest.fn(() => 'blob:csv');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const listed = global.fetch;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) !== '/api/admin/gift-cards?format=csv') return listed(input, init);
    calls.push({ method: 'GET', url: urlOf(input), body: null });
    authorization = (init?.headers as Record<string, string>).authorization;
    return {
      ok: true,
      status: 200,
      headers: {
        get: (name: string) =>
          name.toLowerCase() === 'content-disposition' ? 'attachment; filename="gift-cards-2026-11-27.csv"' : null,
      },
      text: async () => 'created,kind\r\n',
    } as unknown as Response;
  }) as typeof fetch;
  try {
    renderAdmin('/admin/gift-cards');
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['gift-cards-2026-11-27.csv']));
    await settled();
    expect(calls.some((call) => call.url === '/api/admin/gift-cards?format=csv')).toBe(true);
    expect(authorization).toBe(`Bearer ${ADMIN_TEST_TOKEN}`);
  } finally {
    click.mockRestore();
  }
});
