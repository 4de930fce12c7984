import { Link } from 'react-router-dom';
import { PHOTO_SIZES } from '../../../shared/images';
import { MESSAGES } from '../../../shared/messages';
import { formatPrice } from '../../../shared/money';
import type { Product } from '../../../shared/schemas/product';
import { unescapeText } from '../../../shared/sanitize';
import { Photo } from './Photo';

/** A product in a grid or strip: photo, 'Reviews: average/5', name, price; links to its page. */
export function ProductCard({ product, sizes = PHOTO_SIZES.grid, priority = false, eager = false }: { product: Product; sizes?: string; priority?: boolean; eager?: boolean }) {
  const name = unescapeText(product.name);
  return (
    <Link to={`/product/${product.id}`} className="product-card">
      <Photo photo={product.photos[0]} fallback={product.image} alt={name} sizes={sizes} priority={priority} eager={eager} />
      <span className="reviews">{MESSAGES.reviews(product.averageRating)}</span>
      <span className="product-name">{name}</span>
      <span className="price">{formatPrice(product.price)}</span>
    </Link>
  );
}
