/**
 * The checkout feature's public entry: the card payment parts a paid quote's offer uses too (features/quotes), and
 * nothing else (web/dependency-rules.md).
 */
export type { StripeConfirm } from './StripePaymentForm';
export { AuthenticateDialog, TestCardForm, type TestCard } from './TestCardForm';
export { confirmTestPayment } from './checkoutApi';
export { retry } from './retry';
/** The card form (Stripe's Payment Element), loaded when it is shown: its own chunk, as in the checkout. */
export const loadStripePaymentForm = () => import('./StripePaymentForm');
