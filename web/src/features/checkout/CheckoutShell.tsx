import { ShippingForm } from './ShippingForm';
import { CART_NOTE, EMPTY_ADDRESS, STEP_HEADING, type Step } from './steps';

/**
 * A checkout step's first screen, in its first HTML (docs/decisions/0120): the step's heading and the Order Details
 * panel's frame where CheckoutLayout puts them (the same classes), a line's or a form's room beside it (the shipping
 * step's own form, inert until the app runs: its fields and hint are the step's largest paint). The build
 * renders it (app/firstScreens.tsx); the app then fills it in from this browser's own cart and takes its place in
 * one commit (app/shell.ts), so nothing shown moves.
 */
export function CheckoutShell({ step }: { step: Step }) {
  return (
    <div className="checkout" aria-busy="true">
      <section className="checkout-main" aria-labelledby="checkout-heading">
        <h1 id="checkout-heading" tabIndex={-1}>
          {STEP_HEADING[step]}
        </h1>
        {step === 'cart' && <p className="step-note">{CART_NOTE}</p>}
        {step === 'shipping' ? (
          <ShippingForm address={EMPTY_ADDRESS} />
        ) : (
          <div className={`card checkout-room ${step}`} aria-hidden="true" />
        )}
      </section>
      <aside className="order-details card" aria-labelledby="order-details-heading">
        <h2 id="order-details-heading">Order Details</h2>
        <div className="order-details-room" aria-hidden="true" />
      </aside>
    </div>
  );
}
