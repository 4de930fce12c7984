import { Link } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { formatPrice } from '../../../shared/money';
import type { Product } from '../../../shared/schemas/product';
import { unescapeText } from '../../../shared/sanitize';

/** A product in a grid or strip: image, 'Reviews: average/5', name, price; links to its page. */
export function ProductCard({ product }: { product: Product }) {
  const name = unescapeText(product.name);
  return (
    <Link to={`/product/${product.id}`} className="product-card">
      <img src={product.image} alt={name} loading="lazy" width="400" height="400" />
      <span className="reviews">{MESSAGES.reviews(product.averageRating)}</span>
      <span className="product-name">{name}</span>
      <span className="price">{formatPrice(product.price)}</span>
    </Link>
  );
}
