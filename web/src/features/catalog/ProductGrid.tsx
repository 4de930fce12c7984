import type { Ref } from 'react';
import type { Product } from '#shared/schemas/product';
import { ProductCard } from '../../components/ProductCard';

/** Cards in the first row of a desktop grid: loaded at once; the first is the page's largest picture. */
const FIRST_ROW = 4;

/** A grid of product cards (category and search pages). */
export function ProductGrid({ products, ref }: { products: Product[]; ref?: Ref<HTMLDivElement> }) {
  return (
    <div className="grid product-grid" ref={ref}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index === 0} eager={index < FIRST_ROW} />
      ))}
    </div>
  );
}
