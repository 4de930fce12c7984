import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setTokenSource } from '../../lib/api';
import { adminOrder } from '../../testing/orders';
import { jsonResponse as json, urlOf } from '../../testing/render';
import AdminOrderPage from './AdminOrderPage';

/** The admin's order page says how a cancelled order's refund stands: pending (the shop finishes it), refused, done. */
const stamp = '2026-06-01T10:00:00.000Z';
const cancelled = (refund: { status: string; id: string | null } | null, state: string) => ({
  order: adminOrder({ status: 'cancelled', cancelledAt: stamp, payment: { state, refund: refund && { ...refund, at: stamp } } }),
  replacements: [],
  replacementOrders: [],
  timeline: [],
});

async function show(detail: ReturnType<typeof cancelled>) {
  setTokenSource(async () => 'token');
  global.fetch = jest.fn(async (input: RequestInfo | URL) =>
    urlOf(input) === '/api/admin/orders/pi_1' ? json(200, detail) : json(404, { error: { code: 'not_found', message: 'Not found.' } }),
  ) as typeof fetch;
  render(
    <MemoryRouter initialEntries={['/admin/orders/pi_1']}>
      <Routes>
        <Route path="/admin/orders/:orderNumber" element={<AdminOrderPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByText(state(detail));
}
const state = (detail: ReturnType<typeof cancelled>) => detail.order.payment.state;

it('a pending refund: not finished, the shop finishes it by itself, the admin may finish it now', async () => {
  await show(cancelled({ status: 'pending', id: null }, 'refund pending'));
  expect(screen.getByRole('heading', { name: 'Refund not finished' })).toBeTruthy();
  expect(screen.getByText(/finishes it by itself/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Finish the refund' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Refund refused' })).toBeNull();
});

it('a refused refund: said so, with the provider id; the shop does not retry it', async () => {
  await show(cancelled({ status: 'failed', id: 're_refused' }, 'refund failed'));
  expect(screen.getByRole('heading', { name: 'Refund refused' })).toBeTruthy();
  expect(screen.getByText(/refused the refund \(re_refused\)/)).toBeTruthy();
  expect(screen.getByText(/does not try again by itself/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try the refund again' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Refund not finished' })).toBeNull();
});

it('a finished refund: no refund card', async () => {
  await show(cancelled({ status: 'refunded', id: 're_1' }, 'refunded'));
  expect(screen.queryByRole('heading', { name: /Refund (refused|not finished)/ })).toBeNull();
});

it('a pending order prints a packing slip: the address, items, sizes and quantities, no prices', async () => {
  const detail = {
    order: adminOrder({
      lines: [
        { id: 'candle', name: 'Harvest &amp; Spice Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 2 },
        { id: 'tee', name: 'Snowflake Tee', image: '/i/t.svg', price: 2299, size: 'L', quantity: 1 },
      ],
    }),
    replacements: [],
    replacementOrders: [],
    timeline: [],
  };
  await show(detail);
  const print = jest.fn();
  window.print = print;
  (await screen.findByRole('button', { name: 'Print packing slip' })).click();
  expect(print).toHaveBeenCalledTimes(1);
  const slip = screen.getByRole('region', { name: 'Packing slip' });
  const rows = within(slip)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
  expect(rows).toEqual(['Harvest & Spice Candle2', 'Snowflake TeeL1']);
  expect(slip.textContent).toContain('Gail Guest3 Pine RdReno, NV 89501');
  expect(slip.textContent).toContain('/order-status');
  expect(slip.textContent).not.toMatch(/\$/);
});
