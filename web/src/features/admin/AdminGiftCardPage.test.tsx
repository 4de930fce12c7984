import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, settled, urlOf } from '../../testing/render';

/**
 * One gift card's page (issue 36 item 5): its facts, its ledger with each order linked and the ledger's check, Void and
 * Send again (each confirmed first, sent at the version the page read; a card changed meanwhile reads the page again).
 */
const cardId = `gc_${'e'.repeat(32)}`;
const card = {
  cardId,
  kind: 'purchased',
  status: 'active',
  amount: 5000,
  balance: 2300,
  last4: '7KQ2',
  buyer: { orderNumber: '1042', name: 'Ada &amp; Co', email: 'ada@example.com' },
  sourceOrder: '1042',
  recipient: { name: 'Bo Friend', email: 'bo@example.com' },
  message: 'Happy holidays!',
  deliverOn: '2026-11-21',
  sentAt: '2026-11-21T05:00:10.000Z',
  mail: 'sent',
  mails: 1,
  version: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const entries = [
  { entryId: 'issued', kind: 'issued', amount: 5000, at: '2026-11-20T10:00:00.000Z' },
  { entryId: 'order-1077', kind: 'debited', amount: -3500, orderNumber: '1077', at: '2026-11-22T10:00:00.000Z' },
  {
    entryId: 'return-1077-cancel',
    kind: 'credited',
    amount: 800,
    orderNumber: '1077',
    at: '2026-11-23T10:00:00.000Z',
  },
];
let detail: { card: Record<string, unknown>; entries: Record<string, unknown>[]; ledgerOk: boolean };
let actionAnswer: (body: Record<string, unknown>) => Response;
const posts: Record<string, unknown>[] = [];
let confirmed: jest.Mock;

beforeEach(() => {
  posts.length = 0;
  detail = { card, entries, ledgerOk: true };
  actionAnswer = (body) => {
    const changed =
      body.action === 'void'
        ? { ...card, status: 'voided', balance: 0, version: 3, voidedAt: '2026-11-24T10:00:00.000Z' }
        : { ...card, mail: 'pending', mails: 2, version: 3 };
    detail = {
      card: changed,
      entries:
        body.action === 'void'
          ? [...entries, { entryId: 'voided', kind: 'voided', amount: -2300, at: '2026-11-24T10:00:00.000Z' }]
          : entries,
      ledgerOk: true,
    };
    return json(200, changed);
  };
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url === `/api/admin/gift-cards/${cardId}` && (init?.method ?? 'GET') === 'GET') return json(200, detail);
    if (url === `/api/admin/gift-cards/${cardId}/actions` && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      posts.push(body);
      return actionAnswer(body);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  confirmed = jest.fn(() => true);
  window.confirm = confirmed;
});

const show = () => renderAdmin(`/admin/gift-cards/${cardId}`);

it('shows its facts, and its ledger with each order linked and the check that it adds up', async () => {
  show();
  expect(await screen.findByRole('heading', { name: 'Gift card ending 7KQ2', level: 1 })).toBeTruthy();
  const facts = screen.getByRole('region', { name: /Gift card/ });
  expect(facts.textContent).toContain('$23.00 of $50.00');
  expect(facts.textContent).toContain('Ada & Co · ada@example.com · #1042');
  expect(facts.textContent).toContain('Happy holidays!');
  expect(facts.textContent).toContain('Nov 21, 2026');
  expect(within(facts).getByRole('link', { name: '#1042' }).getAttribute('href')).toBe('/admin/orders/1042');

  const ledger = screen.getByRole('region', { name: 'Ledger' });
  const rows = within(ledger).getAllByRole('row').slice(1);
  expect(rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
    ['Issued', '+$50.00', ''],
    ['Paid an order', '-$35.00', '#1077'],
    ['Given back', '+$8.00', '#1077'],
  ]);
  expect(within(rows[1]).getByRole('link', { name: '#1077' }).getAttribute('href')).toBe('/admin/orders/1077');
  expect(ledger.textContent).toContain('The entries add up to the balance, $23.00.');
});

it('says plainly when the ledger does not add up', async () => {
  detail = { card: { ...card, balance: 9999 }, entries, ledgerOk: false };
  show();
  const ledger = await screen.findByRole('region', { name: 'Ledger' });
  expect(ledger.textContent).toContain('The entries add up to $23.00 but the balance says $99.99.');
});

it('Void asks first (Cancel sends nothing), then voids at the version read', async () => {
  show();
  const button = await screen.findByRole('button', { name: 'Void' });
  confirmed.mockReturnValueOnce(false);
  await userEvent.click(button);
  await settled();
  expect(posts).toEqual([]);
  expect(confirmed.mock.calls[0][0]).toBe(
    'Void this card? The $23.00 left on it can no longer be spent and its code stops working. This cannot be undone.',
  );

  await userEvent.click(button);
  expect(
    await screen.findByText('Voided: the $23.00 left can no longer be spent, and its code no longer works.'),
  ).toBeTruthy();
  expect(posts).toEqual([{ action: 'void', version: 2 }]);
  // The page as it now stands: voided, nothing left to void, no mail to send again; the void in the ledger.
  const facts = screen.getByRole('region', { name: /Gift card/ });
  expect(await within(facts).findByRole('heading', { name: 'Gift card Voided' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
  expect(screen.getByRole('region', { name: 'Ledger' }).textContent).toContain('Voided-$23.00');
});

it('Send again asks first, then mails a new code; while that mail is on its way it cannot be pressed again', async () => {
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Send again' }));
  expect(confirmed.mock.calls[0][0]).toBe(
    'Mail this card again to bo@example.com with a new code? The code in earlier mails stops working once the new mail is sent.',
  );
  expect(
    await screen.findByText(
      'A new mail with a new code goes to bo@example.com within a minute; the code in earlier mails stops working then.',
    ),
  ).toBeTruthy();
  expect(posts).toEqual([{ action: 'resend', version: 2 }]);
  expect(await screen.findByText('Sending soon (mail 2)')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
});

it('a card changed meanwhile: the server says so and the page is read again', async () => {
  actionAnswer = () => {
    detail = { card: { ...card, balance: 1000, version: 3 }, entries, ledgerOk: false };
    return json(409, {
      error: { code: 'conflict', message: 'This card changed since you opened it. Reload to see it as it is now.' },
    });
  };
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Void' }));
  expect(await screen.findByText('This card changed since you opened it. Reload to see it as it is now.')).toBeTruthy();
  expect(await screen.findByText('$10.00')).toBeTruthy();
});
