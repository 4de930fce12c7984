import { onOneTry } from '../guessing/budget';
import { PromoError, usablePromo } from './redeem';

/**
 * A promo code as a client typed it, at any of its doors (the promo check, the card step, a wallet's sheet): looked up
 * on one try of the client's one budget of wrong promo codes (PROMO_GUESSES, docs/decisions/0139). A code the shop does
 * not know keeps the try (404); any other answer gives it back, so only guesses use the budget. 429 once it is used.
 */
export function typedPromo(client: string, input: Parameters<typeof usablePromo>[0]) {
  return onOneTry(
    'promo',
    client,
    () => usablePromo(input),
    (error) => error instanceof PromoError && error.refusal === 'unknown',
  );
}
