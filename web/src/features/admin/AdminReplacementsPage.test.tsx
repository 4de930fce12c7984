import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/** A replacement that cannot be made (its size is gone) offers the owner a refund of its units (decision 0116). */
it('approving a request whose size is gone: the refusal, and a link to refund those units with the reason sold out', async () => {
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
