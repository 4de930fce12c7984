import { MARKETING_CONSENT_WORDS } from '#shared/marketing';

/**
 * The box a customer ticks to get the shop's marketing mail (issue 56 item 3, docs/decisions/0166): unticked until
 * they tick it, with the words the shop records beside their yes (shared/marketing.ts). At sign-up and at checkout.
 */
export function MarketingConsentBox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="marketing-consent">
      <input
        type="checkbox"
        name="marketingConsent"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />{' '}
      {MARKETING_CONSENT_WORDS}
    </label>
  );
}
