import { amountRows } from '#shared/amount-rows';
import { formatPrice, type Amounts as AmountValues } from '#shared/money';

/** An order's amounts, every page the same way (shared/money.ts amountRows: a discount is a row when there is one). */
export function Amounts({
  amounts,
  promoCode,
  className = 'amounts',
}: {
  amounts: Omit<AmountValues, 'discount'> & { discount?: number };
  promoCode?: string | null;
  className?: string;
}) {
  return (
    <dl className={className}>
      {amountRows(amounts, promoCode).map((row) => (
        <div key={row.label} className={row.total ? 'total' : undefined}>
          <dt>{row.label}</dt>
          <dd>{row.cents < 0 ? `-${formatPrice(-row.cents)}` : formatPrice(row.cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
