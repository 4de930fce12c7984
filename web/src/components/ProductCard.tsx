import { Link } from 'react-router-dom';
import { PHOTO_SIZES } from '#shared/images';
import { reviewsLine } from '#shared/messages';
import type { Product } from '#shared/schemas/product';
import { unescapeText } from '#shared/sanitize';
import { stockBadge } from '#shared/stock';
import { Photo } from './Photo';
import { SalePrice } from './SalePrice';

/**
 * A product in a grid or strip: photo, 'Reviews: average/5', name, price; links to its page. A badge on the photo says
 * "Sold out" or "Only N left" when the list told its stock (shared/stock.ts, docs/decisions/0075).
 */
export function ProductCard({
  product,
  sizes = PHOTO_SIZES.grid,
  priority = false,
  eager = false,
}: {
  product: Product;
  sizes?: string;
  priority?: boolean;
  eager?: boolean;
}) {
  const name = unescapeText(product.name);
  const badge = stockBadge(product.left);
  const soldOut = product.left !== undefined && product.left <= 0;
  return (
    <Link to={`/product/${product.id}`} className={soldOut ? 'product-card sold-out' : 'product-card'}>
      <Photo
        photo={product.photos[0]}
        fallback={product.image}
        alt={name}
        sizes={sizes}
        priority={priority}
        eager={eager}
      />
      <span className="reviews">{reviewsLine(product)}</span>
      <span className="product-name">{name}</span>
      <SalePrice price={product.price} sale={product.sale} />
      {badge && <span className={soldOut ? 'stock-badge out' : 'stock-badge'}>{badge}</span>}
    </Link>
  );
}
