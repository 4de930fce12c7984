import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_MESSAGES } from '#shared/messages';
import { setTokenSource } from '../../lib/api';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';
import type { AuthState } from '../auth/AuthProvider';

/** A signed-in customer (the page reads `user` and `signOut` from the session). */
const session: Pick<AuthState, 'ready' | 'user' | 'signOut'> = { ready: true, user: { userId: 'u-ann', email: 'ann@example.com', role: null }, signOut: async () => {} };
jest.mock('../auth/AuthProvider', () => ({ useAuth: () => session, AuthProvider: ({ children }: { children: ReactNode }) => children }));

const home = { name: 'Home', email: 'ann@example.com', phone: '5125550100', address: '1 Main St', state: 'TX', city: 'Austin', zip: '73301' };
const office = { ...home, name: 'Office', address: '9 Work Way' };
let deletes: unknown[];

beforeEach(() => {
  deletes = [];
  setTokenSource(async () => 'token');
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url === '/auth/shippingProfiles' && init?.method === 'DELETE') {
      deletes.push(JSON.parse(init.body as string));
      return json(200, { data: [home] });
    }
    if (url === '/auth/shippingProfiles') return json(200, { data: [home, office] });
    if (url === '/auth/previousOrderCombined') return json(200, { cart: [] });
    if (url === '/auth/orders') return json(200, { orders: [] });
    if (url === '/auth/reviews') return json(200, { ratings: {} });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

it('DELETE asks first: Cancel keeps the profile and sends nothing; OK deletes it', async () => {
  renderApp('/account');
  await screen.findByText(/9 Work Way/);
  const confirm = jest.fn(() => false);
  window.confirm = confirm;
  await userEvent.click(screen.getAllByRole('button', { name: 'DELETE' })[1]);
  expect(confirm).toHaveBeenCalledWith(PROFILE_MESSAGES.confirmDelete('Office'));
  expect(deletes).toEqual([]);
  expect(screen.getByText(/9 Work Way/)).toBeTruthy();

  confirm.mockReturnValue(true);
  await userEvent.click(screen.getAllByRole('button', { name: 'DELETE' })[1]);
  expect(deletes).toEqual([{ index: 1 }]);
  expect(screen.queryByText(/9 Work Way/)).toBeNull();
  expect(screen.getByText(/1 Main St/)).toBeTruthy();
});
