import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { productListSchema } from '#shared/schemas/product';
import { answer, forgetAnswers } from '../../lib/answers';
import { api, ApiError } from '../../lib/api';
import * as z from '#shared/schemas/zod';
import { jsonResponse, urlOf } from '../../testing/render';
import { AuthProvider, useAuth } from './AuthProvider';

/**
 * The session around the pages (AuthProvider) with Amplify's calls stood in for: a customer signed in on this
 * browser (a stored session), who signs out.
 */
jest.mock('./amplify', () => ({
  configureAmplify: () => undefined,
  getCurrentUser: async () => ({ userId: 'u-ann', username: 'u-ann', signInDetails: { loginId: 'ann@example.com' } }),
  // A customer's access token (no admin group in its payload).
  fetchAuthSession: async () => ({
    tokens: { accessToken: { toString: () => `x.${btoa(JSON.stringify({ sub: 'u-ann' }))}.x` } },
  }),
  signOut: async () => undefined,
  Hub: { listen: () => () => undefined },
}));

const CANDLES = '/api/products?category=candles';
const candle = {
  id: 'c1',
  name: 'Candle',
  image: '/c.jpg',
  extraImages: [],
  description: 'Warm',
  price: 1899,
  tag: 'candles',
  averageRating: 0,
  ratingCount: 0,
};
const catalogueReads = () =>
  (global.fetch as jest.Mock).mock.calls.filter(([input]) => urlOf(input as RequestInfo) === CANDLES).length;

function Session() {
  const { user, signOut } = useAuth();
  return user ? (
    <p>
      Signed in as {user.email}{' '}
      <button type="button" onClick={() => void signOut()}>
        Sign Out
      </button>
    </p>
  ) : (
    <p>Signed out</p>
  );
}

beforeEach(() => {
  forgetAnswers();
  localStorage.clear();
  localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u-ann');
  global.fetch = jest.fn(async (input: RequestInfo | URL) =>
    urlOf(input) === '/config.json'
      ? jsonResponse(200, {
          region: 'us-east-1',
          userPoolId: 'p',
          userPoolClientId: 'c',
          cognitoEndpoint: null,
          stripePublishableKey: null,
          paymentMode: 'test',
        })
      : jsonResponse(200, { products: [candle] }),
  ) as typeof fetch;
});

it('signing out empties the catalogue answers kept in the tab: the next read asks the server again', async () => {
  render(
    <AuthProvider>
      <Session />
    </AuthProvider>,
  );
  await screen.findByText('Signed in as ann@example.com');
  await answer(CANDLES, productListSchema);
  await answer(CANDLES, productListSchema);
  expect(catalogueReads()).toBe(1);

  await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
  await screen.findByText('Signed out');
  await answer(CANDLES, productListSchema);
  expect(catalogueReads()).toBe(2);
});

it('a token the server refuses (401) ends the session in this tab: the app is signed out, as after Sign Out', async () => {
  render(
    <AuthProvider>
      <Session />
    </AuthProvider>,
  );
  await screen.findByText('Signed in as ann@example.com');
  expect(localStorage.getItem('authToken')).not.toBeNull();
  global.fetch = jest.fn(async () =>
    jsonResponse(401, { error: { code: 'unauthorized', message: 'Your session is not valid. Sign in again.' } }),
  ) as typeof fetch;
  await act(async () => {
    await expect(api('/auth/orders', z.object({}), { auth: true })).rejects.toBeInstanceOf(ApiError);
  });
  await screen.findByText('Signed out');
  expect(localStorage.getItem('authToken')).toBeNull();
});
