import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { MESSAGES, RATE_LIMIT_MESSAGES } from '#shared/messages';
import ResetPasswordPage from './ResetPasswordPage';

const confirmReset = jest.fn();
jest.mock('./AuthProvider', () => ({ useAuth: () => ({ confirmReset }) }));

/** An error as Amplify raises Cognito's answer: its type as the name. */
const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

async function submitWith(failure: Error) {
  confirmReset.mockReset().mockRejectedValue(failure);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter([{ path: '/reset', element: <ResetPasswordPage /> }], {
    initialEntries: ['/reset?email=ann%40example.com&code=123456'],
  });
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), 'Another-pass-42');
  await user.type(screen.getByLabelText('Confirm new password'), 'Another-pass-42');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
  expect(confirmReset).toHaveBeenCalledWith({ email: 'ann@example.com', code: '123456', password: 'Another-pass-42' });
}

afterEach(() => jest.restoreAllMocks());

test('a code tried too often asks for a new link, not to wait', async () => {
  await submitWith(cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'));
  expect(await screen.findByText(MESSAGES.resetCodeSpent)).toBeTruthy();
  expect(screen.queryByText(RATE_LIMIT_MESSAGES.passwordReset)).toBeNull();
});

test('a wrong code says so and points to a new link', async () => {
  await submitWith(cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.'));
  expect(await screen.findByText(MESSAGES.resetCodeWrong)).toBeTruthy();
});

test("the shop's own 429 keeps its sentence", async () => {
  await submitWith(cognitoError('TooManyRequestsException', RATE_LIMIT_MESSAGES.passwordReset));
  expect(await screen.findByText(RATE_LIMIT_MESSAGES.passwordReset)).toBeTruthy();
});
