import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createElement } from 'react';
import { checkoutRoute } from '../features/checkout/checkoutRoutes';
import { renderRoutes } from './render';

/** The shipping step's fields as a shopper fills them (the address the checkout tests use). */
export const SHIPPING_DETAILS = [
  ['Full name', 'Ada Buyer'],
  ['Email', 'ada@example.com'],
  ['Address', '1 Main St'],
  ['City', 'Springfield'],
  ['State', 'IL'],
  ['ZIP code', '62701'],
] as const;

/** Types the shipping details into the shipping step and presses Next (the card step follows). */
export async function fillShippingDetails(user: Pick<UserEvent, 'type' | 'click'>): Promise<void> {
  for (const [label, value] of SHIPPING_DETAILS) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

/**
 * The cart and its checkout steps as the app routes them (features/checkout/checkoutRoutes.ts), opened at `path`,
 * under a root that shows nothing while the first step's code and loader load (as the app's shell does).
 */
export const renderCheckout = (path = '/cart') =>
  renderRoutes(
    [
      {
        HydrateFallback: () => null,
        children: [
          checkoutRoute,
          { path: '/orderconfirmation', element: createElement('h1', null, 'Order confirmation') },
          { path: '/', element: createElement('h1', null, 'Home') },
        ],
      },
    ],
    path,
  );
