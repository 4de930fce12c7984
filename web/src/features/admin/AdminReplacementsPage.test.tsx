import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { heldRefusal } from '../../testing/held';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/** A replacement that cannot be made (its size is gone) offers the owner a refund of its units (decision 0116). */
const request = {
  id: '1042_r1',
  orderNumber: '1042',
  status: 'open',
  lines: [{ id: 'tee', name: 'Snowflake Tee', image: '/i/t.svg', size: 'L', quantity: 1 }],
  reason: 'It arrived torn.',
  message: null,
  createdAt: '2026-06-01T10:00:00.000Z',
  decidedAt: null,
  name: 'Gail Guest',
  email: 'gail@example.com',
  replacementOrder: null,
};

it('approving a request whose size is gone: the refusal, and a link to refund those units with the reason sold out', async () => {
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL) =>
    urlOf(input) === '/api/admin/replacements/1042_r1'
      ? json(409, { error: { code: 'out_of_stock', message: 'Out of stock:\nSnowflake Tee (L)' } })
      : json(200, { replacements: [request] }),
  ) as typeof fetch;
  renderAdmin('/admin/replacements');
  await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  const link = await screen.findByRole('link', { name: 'Refund these units instead' });
  expect(link.getAttribute('href')).toBe('/admin/orders/1042?refund=tee%7CL%3A1&reason=sold_out');
});

it("Decline request is held while it goes, and the server's message for the message shows beside it", async () => {
  const shop = heldRefusal({ message: 'Please write the customer a short message.' });
  const sent: unknown[] = [];
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) !== '/api/admin/replacements/1042_r1') return json(200, { replacements: [request] });
    sent.push(JSON.parse(init?.body as string));
    return shop.answer();
  }) as typeof fetch;
  renderAdmin('/admin/replacements');
  await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
  const text = screen.getByLabelText<HTMLTextAreaElement>(/Message to the customer/);
  await userEvent.type(text, 'Sorry.');
  const form = text.closest('form')!;
  await userEvent.click(within(form).getByRole('button', { name: 'Decline request' }));
  await waitFor(() =>
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Decline request' }).disabled).toBe(true),
  );
  shop.release();
  await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
  expect(within(form).getByText('Please write the customer a short message.')).toBeTruthy();
  expect(text.value).toBe('Sorry.');
  expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Decline request' }).disabled).toBe(false);
  expect(sent).toEqual([{ decision: 'decline', message: 'Sorry.' }]);
});
