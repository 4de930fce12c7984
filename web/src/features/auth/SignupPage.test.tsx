import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, MESSAGES } from '#shared/messages';
import { jsonResponse as json, renderApp } from '../../testing/render';
import type { AuthState } from './AuthProvider';

/**
 * Sign-up's failure (issue 34 item 7): the spec's words stay as they are, and beside them two ways on for an address
 * that may have an account: sign in, or reset the password, each with the address typed here.
 */
const session: Omit<AuthState, 'confirmReset'> = {
  ready: true,
  user: null,
  signIn: jest.fn(),
  signOut: jest.fn(),
  signUp: jest.fn(async () => {
    throw new Error('UsernameExistsException');
  }),
  sendResetCode: jest.fn(async () => {}),
};
jest.mock('./AuthProvider', () => ({
  useAuth: () => session,
  AuthProvider: ({ children }: { children: ReactNode }) => children,
  PasswordResetRequiredError: class extends Error {},
}));

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  global.fetch = jest.fn(async () => json(200, { products: [] })) as typeof fetch;
});
afterEach(() => jest.restoreAllMocks());

async function failSignUp() {
  const view = renderApp('/signup');
  await screen.findByRole('heading', { name: MESSAGES.createAccount });
  await userEvent.type(screen.getByLabelText('First name'), 'Ann');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lee');
  await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret123');
  await userEvent.click(screen.getByRole('button', { name: MESSAGES.createAccount }));
  await screen.findByRole('alert');
  return view;
}

it("keeps the spec's words as they are, with links to sign in and to reset the password beside them", async () => {
  await failSignUp();
  expect(screen.getByRole('alert').textContent).toBe('Signup Failed! Email might be in use already.');
  expect(screen.getByRole('link', { name: AUTH_MESSAGES.signInInstead }).getAttribute('href')).toBe('/login');
  expect(screen.getByRole('link', { name: AUTH_MESSAGES.resetInstead }).getAttribute('href')).toBe('/login');
});

it('sign in opens the sign-in form with the address filled in', async () => {
  const { router } = await failSignUp();
  await userEvent.click(screen.getByRole('link', { name: AUTH_MESSAGES.signInInstead }));
  await screen.findByRole('button', { name: 'Sign In' });
  expect(router.state.location.pathname).toBe('/login');
  expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ann@example.com');
});

it('reset the password opens the reset form with the address filled in; Send Link sends it there', async () => {
  await failSignUp();
  await userEvent.click(screen.getByRole('link', { name: AUTH_MESSAGES.resetInstead }));
  await userEvent.click(await screen.findByRole('button', { name: MESSAGES.sendLink }));
  expect(session.sendResetCode).toHaveBeenCalledWith('ann@example.com');
  expect(await screen.findByText(MESSAGES.resetSent)).toBeTruthy();
});

it('other refusals (passwords that differ) get no links', async () => {
  renderApp('/signup');
  await screen.findByRole('heading', { name: MESSAGES.createAccount });
  await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret124');
  await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
  await userEvent.type(screen.getByLabelText('First name'), 'Ann');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lee');
  await userEvent.click(screen.getByRole('button', { name: MESSAGES.createAccount }));
  expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.passwordsDiffer);
  expect(screen.queryByRole('link', { name: AUTH_MESSAGES.resetInstead })).toBeNull();
});
