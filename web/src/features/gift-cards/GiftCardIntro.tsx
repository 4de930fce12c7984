import { Link } from 'react-router-dom';

/**
 * The gift card page's heading and what a card is: its first screen, also rendered into its first HTML
 * (app/firstScreens.tsx, docs/decisions/0120).
 */
export function GiftCardIntro() {
  return (
    <>
      <h1>Gift Cards</h1>
      <p>
        For someone who would rather choose: a gift card from $10 to $500, mailed to them by email on the day you pick,
        with your message. It pays for anything in the shop and never expires.{' '}
        <Link to="/gift-cards/balance">Check a card&apos;s balance</Link>.
      </p>
    </>
  );
}

/** The balance page's heading and what it does: its first screen too. */
export function BalanceIntro() {
  return (
    <>
      <h1>Gift Card Balance</h1>
      <p>Type the code from your gift card&apos;s email to see what is left on it.</p>
    </>
  );
}
