import { TAX_PROVIDER_LABEL } from '#shared/tax-codes';
import type { AdminOrder } from './adminApi';

/**
 * How an order's tax was computed (issue 35, docs/decisions/0107 and 0108): by Stripe Tax or the shop's table, why the
 * table when Stripe Tax did not answer, and where Stripe Tax's record of the sale stands. A `dt`/`dd` pair for the
 * summary's facts.
 */
export function TaxFacts({ tax }: { tax: AdminOrder['tax'] }) {
  const stripe = tax.stripeTax;
  return (
    <>
      <dt>Tax</dt>
      <dd>
        {TAX_PROVIDER_LABEL[tax.provider]}
        {tax.fallback && <> · Stripe Tax did not answer, so the table computed it ({tax.fallback})</>}
        {stripe && <> · {saleText(stripe)}</>}
      </dd>
    </>
  );
}

function saleText(stripe: NonNullable<AdminOrder['tax']['stripeTax']>): string {
  if (stripe.reversalId)
    return `sale recorded (${stripe.transactionId}), reversed when cancelled (${stripe.reversalId})`;
  if (stripe.reversalRefused)
    return `Stripe refused to reverse the sale (${stripe.problem ?? 'no reason given'}): reverse transaction ${stripe.transactionId} in Stripe's dashboard`;
  if (stripe.transactionId)
    return stripe.problem
      ? `sale recorded (${stripe.transactionId}); its reversal is not made yet (${stripe.problem}), the shop tries again`
      : `sale recorded (${stripe.transactionId})`;
  return stripe.problem
    ? `sale not recorded yet (${stripe.problem}); the shop tries again`
    : 'sale recorded once the payment is captured';
}
