import { formatPrice } from '#shared/money';
import { saleEndsShort, SALE_WORDS } from '#shared/sales';

/**
 * A price, or while a sale is on (issue 54) the sale price with the old price struck through (its accessible text
 * says "Was") and, when `ends`, the sale's last day. The first paint draws the same (shared/catalog-html.ts).
 */
export function SalePrice({
  price,
  sale,
  className = 'price',
  ends = true,
}: {
  price: number;
  sale?: { price: number; was: number; endsAt: string } | null;
  className?: string;
  ends?: boolean;
}) {
  if (!sale) return <span className={className}>{formatPrice(price)}</span>;
  return (
    <>
      <span className={`${className} on-sale`}>
        {formatPrice(sale.price)}{' '}
        <s>
          <span className="visually-hidden">{SALE_WORDS.was}</span>
          {formatPrice(sale.was)}
        </s>
      </span>
      {ends && <span className="sale-ends">{saleEndsShort(sale.endsAt)}</span>}
    </>
  );
}
