import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PAYMENT_ROUTE_ID } from './steps';

/** A route module: its page (default export), and its loader and action when it has them. */
type RouteModule = { default: ComponentType; loader?: RouteObject['loader']; action?: RouteObject['action'] };
const routeModule = (load: () => Promise<RouteModule>) => async () => {
  const { default: Component, loader, action } = await load();
  return { Component, ...(loader ? { loader } : {}), ...(action ? { action } : {}) };
};

/**
 * The cart and the checkout's steps, each its own address and route module (issue 26, docs/decisions/0074): /cart
 * (the cart; its action is Proceed to Checkout), /cart/shipping (loader: a cart is needed; action: Next prices the
 * checkout), /cart/payment (loader: a priced checkout that holds is needed). Each is its own chunk, so the cart does
 * not download the card step. The step rules are in steps.ts.
 */

export const checkoutRoute: RouteObject = {
  path: '/cart',
  lazy: routeModule(() => import('./CheckoutLayout')),
  children: [
    { index: true, id: 'cart', lazy: routeModule(() => import('./CartStep')) },
    { path: 'shipping', id: 'cart-shipping', lazy: routeModule(() => import('./ShippingStep')) },
    { path: 'payment', id: PAYMENT_ROUTE_ID, lazy: routeModule(() => import('./PaymentStep')) },
  ],
};
