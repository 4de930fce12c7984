import type { ReactNode } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUEST_ORDER_MESSAGES, MESSAGES } from '#shared/messages';
import { setTokenSource } from '../../lib/api';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';
import type { CurrentUser } from '../auth/AuthProvider';

/**
 * A guest's order added to an account (issue 50 item 11, docs/decisions/0143), as the pages do it: sign-up from the
 * order's confirmation asks for the link and lands on the account page, which says so; the account page asks for a
 * link by number; the mailed link's page adds the order with a press, signed in only. The shop's answers are stubbed
 * (the rule itself: functions/http/accounts/guest-orders.test.ts).
 */
const mockSession: { user: CurrentUser | null; listeners: Set<() => void> } = { user: null, listeners: new Set() };
const mockSetUser = (user: CurrentUser | null) => {
  mockSession.user = user;
  for (const listener of mockSession.listeners) listener();
};
jest.mock('../auth/AuthProvider', () => {
  const { useSyncExternalStore } = jest.requireActual<typeof import('react')>('react');
  const subscribe = (listener: () => void) => {
    mockSession.listeners.add(listener);
    return () => mockSession.listeners.delete(listener);
  };
  return {
    AuthProvider: ({ children }: { children: ReactNode }) => children,
    PasswordResetRequiredError: class extends Error {},
    useAuth: () => ({
      ready: true,
      user: useSyncExternalStore(subscribe, () => mockSession.user),
      signOut: async () => mockSetUser(null),
      signIn: async () => {},
      sendResetCode: async () => {},
      signUp: async ({ email }: { email: string }) => mockSetUser({ userId: 'u-ada', email, role: null }),
    }),
  };
});

const sent: { url: string; body: unknown }[] = [];
let addAnswer: { status: number; body: unknown };

beforeEach(() => {
  mockSession.user = null;
  sent.length = 0;
  addAnswer = { status: 200, body: { order: { orderNumber: '1042' } } };
  setTokenSource(async () => (mockSession.user ? 'token' : null));
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (init?.body && url.startsWith('/auth/guest-orders/'))
      sent.push({ url, body: JSON.parse(init.body as string) as unknown });
    if (url === '/auth/guest-orders/link') return json(200, { orderNumber: '1042' });
    if (url === '/auth/guest-orders/add') return json(addAnswer.status, addAnswer.body);
    if (url === '/auth/shippingProfiles') return json(200, { data: [], lastUsed: null });
    if (url === '/auth/previousOrderCombined') return json(200, { cart: [], rateable: [] });
    if (url === '/auth/orders') return json(200, { orders: [] });
    if (url === '/auth/reviews') return json(200, { ratings: {} });
    if (url === '/auth/cart') return json(200, { cart: { cart: [] } });
    return json(200, { products: [] });
  }) as typeof fetch;
});

it('sign-up from the order’s confirmation asks for the link and lands on the account page, which says so', async () => {
  const { router } = renderApp('/');
  await act(() => router.navigate('/signup', { state: { email: 'ada@example.com', guestOrder: '1042' } }));
  await screen.findByRole('heading', { name: MESSAGES.createAccount });
  expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
  await userEvent.type(screen.getByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Buyer');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret123');
  await userEvent.click(screen.getByRole('button', { name: MESSAGES.createAccount }));
  expect(await screen.findByText(GUEST_ORDER_MESSAGES.linkSent('#1042'))).toBeTruthy();
  expect(router.state.location.pathname).toBe('/account');
  expect(sent).toEqual([{ url: '/auth/guest-orders/link', body: { orderNumber: '1042' } }]);
});

it('the account page asks for a link by the order’s number and says what happens next', async () => {
  mockSession.user = { userId: 'u-ada', email: 'ada@example.com', role: null };
  renderApp('/account');
  await userEvent.type(await screen.findByLabelText('Order number'), '#1042');
  await userEvent.click(screen.getByRole('button', { name: 'Email me a link to add it' }));
  expect(await screen.findByText(GUEST_ORDER_MESSAGES.linkSent('#1042'), { selector: 'p.success' })).toBeTruthy();
  expect(sent).toEqual([{ url: '/auth/guest-orders/link', body: { orderNumber: '#1042' } }]);
});

it('the mailed link adds nothing by being opened: signed out it asks to sign in; signed in, a press adds the order', async () => {
  const { router } = renderApp('/account/add-order?token=abc.def');
  await screen.findByText(GUEST_ORDER_MESSAGES.signInFirst);
  expect(router.state.location.pathname).toBe('/login');
  expect(router.state.location.state).toMatchObject({ from: '/account/add-order?token=abc.def' });
  expect(sent).toEqual([]);
  // Signed in, the sign-in page sends them back to the link's page.
  await act(async () => mockSetUser({ userId: 'u-ada', email: 'ada@example.com', role: null }));
  await screen.findByRole('heading', { name: 'Add an order to your account' });
  expect(sent).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Add the order to my account' }));
  expect(await screen.findByText(GUEST_ORDER_MESSAGES.added('#1042'))).toBeTruthy();
  expect(screen.getByRole('link', { name: 'See the order' }).getAttribute('href')).toBe('/account/orders/1042');
  expect(sent).toEqual([{ url: '/auth/guest-orders/add', body: { token: 'abc.def' } }]);
});

it('a link the shop refuses says why, in its words', async () => {
  mockSession.user = { userId: 'u-eve', email: 'eve@example.com', role: null };
  addAnswer = { status: 403, body: { error: { code: 'other_account', message: GUEST_ORDER_MESSAGES.otherAccount } } };
  renderApp('/account/add-order?token=abc.def');
  await userEvent.click(await screen.findByRole('button', { name: 'Add the order to my account' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(GUEST_ORDER_MESSAGES.otherAccount));
});
