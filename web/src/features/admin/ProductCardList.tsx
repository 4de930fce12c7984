import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import type { AdminProduct } from './adminApi';
import { stockSummary } from './productRows';

/** The admin's phone width (admin.css's cards-on-phone rules use the same). */
export const ADMIN_PHONE = '(max-width: 640px)';

/**
 * The products on a phone (issue 34 item 6): a list of cards, each its photo, name, price and stock, opening the
 * product alone (`?id=`, where it is edited); nothing wider than the phone. The pager under it, as under the table.
 */
export function ProductCardList({ products, pager }: { products: AdminProduct[]; pager: ReactNode }) {
  return (
    <>
      <ul className="product-cards">
        {products.map((product) => (
          <li key={product.id} className="card" data-testid={`card-${product.id}`}>
            <img src={product.image} alt="" width={56} height={56} />
            <div>
              <Link to={`/admin/products?id=${encodeURIComponent(product.id)}`} className="product-card-name">
                {unescapeText(product.name)}
              </Link>
              <p className="product-card-price">{formatPrice(product.price)}</p>
              <p className="muted product-card-stock">{stockSummary(product)}</p>
            </div>
          </li>
        ))}
      </ul>
      {pager}
    </>
  );
}
