import type { Ref } from 'react';
import { GRID_FIRST_ROW } from '#shared/catalog-html';
import type { Product } from '#shared/schemas/product';
import { ProductCard } from '../../components/ProductCard';

/** A grid of product cards (category and search pages). */
export function ProductGrid({ products, ref }: { products: Product[]; ref?: Ref<HTMLDivElement> }) {
  return (
    <div className="grid product-grid" ref={ref}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index === 0} eager={index < GRID_FIRST_ROW} />
      ))}
    </div>
  );
}
