import { useState } from 'react';
import { MARKETING_CONSENT_KEY } from '#shared/marketing';
import { MarketingConsentBox } from '../../components/MarketingConsentBox';

/** Whether this tab's checkout box is ticked (sent with the checkout's pricing call: checkoutApi.ts createIntent). */
export const marketingConsentTicked = () => {
  try {
    return sessionStorage.getItem(MARKETING_CONSENT_KEY) === 'yes';
  } catch {
    return false;
  }
};

/**
 * The checkout's marketing box (docs/decisions/0166), its own component so the checkout's forms carry only its place:
 * unticked by default; ticked, the order's email agrees when the order is taken.
 */
export function CheckoutMarketingConsent() {
  const [checked, setChecked] = useState(marketingConsentTicked);
  const change = (ticked: boolean) => {
    setChecked(ticked);
    try {
      if (ticked) sessionStorage.setItem(MARKETING_CONSENT_KEY, 'yes');
      else sessionStorage.removeItem(MARKETING_CONSENT_KEY);
    } catch {
      /* storage refused (a private window): the box stays as shown for this page */
    }
  };
  return <MarketingConsentBox checked={checked} onChange={change} />;
}
