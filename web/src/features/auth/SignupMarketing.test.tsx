import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARKETING_CONSENT_WORDS } from '#shared/marketing';
import { MESSAGES } from '#shared/messages';
import { setTokenSource } from '../../lib/api';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';
import type { AuthState } from './AuthProvider';

/** The sign-up's marketing box (issue 56 item 3, docs/decisions/0166): unticked; only a ticked one says yes. */
const session: Omit<AuthState, 'confirmReset'> = {
  ready: true,
  user: null,
  signIn: jest.fn(),
  signOut: jest.fn(),
  signUp: jest.fn(async () => {}),
  sendResetCode: jest.fn(async () => {}),
};
jest.mock('./AuthProvider', () => ({
  useAuth: () => session,
  AuthProvider: ({ children }: { children: ReactNode }) => children,
  PasswordResetRequiredError: class extends Error {},
}));

const calls: { url: string; body: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  setTokenSource(async () => 'x.eyJzdWIiOiJ1c2VyIn0.x');
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: urlOf(input), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return urlOf(input) === '/auth/marketing-consent'
      ? json(200, { agreedAt: '2026-12-02T08:00:00.000Z' })
      : json(200, { products: [] });
  }) as typeof fetch;
});

async function signUp(tick: boolean) {
  renderApp('/signup');
  await screen.findByRole('heading', { name: MESSAGES.createAccount });
  const box = screen.getByRole<HTMLInputElement>('checkbox', { name: MARKETING_CONSENT_WORDS });
  expect(box.checked).toBe(false);
  await userEvent.type(screen.getByLabelText('First name'), 'Ann');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lee');
  await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret123');
  if (tick) await userEvent.click(box);
  await userEvent.click(screen.getByRole('button', { name: MESSAGES.createAccount }));
  await waitFor(() => expect(session.signUp).toHaveBeenCalled());
}

it('unticked, the account is made and nothing is agreed', async () => {
  await signUp(false);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(calls.filter((call) => call.url === '/auth/marketing-consent')).toEqual([]);
});

it("ticked, the new account's yes is sent once it is made", async () => {
  await signUp(true);
  await waitFor(() =>
    expect(calls.filter((call) => call.url === '/auth/marketing-consent')).toEqual([
      { url: '/auth/marketing-consent', body: { agreed: true } },
    ]),
  );
});
