import { HOT_TAG } from '../../../shared/categories';
import { PHOTO_SIZES } from '../../../shared/images';
import { ProductCard } from './ProductCard';
import { useProducts } from './useProducts';

/**
 * The hot-items strip: products tagged `hot`. Its height is reserved while the list loads (the content below
 * does not jump); it disappears only when there is nothing hot.
 */
export function HotItems({ title = 'Hot right now', exclude }: { title?: string; exclude?: string }) {
  const { products } = useProducts(HOT_TAG);
  const shown = (products ?? []).filter((product) => product.id !== exclude);
  if (products !== null && !shown.length) return null;
  return (
    <section className="hot-items" aria-labelledby="hot-heading" aria-busy={products === null}>
      <h2 id="hot-heading">{title}</h2>
      <div className="strip">
        {products === null
          ? [0, 1, 2, 3].map((i) => <div key={i} className="product-card placeholder" aria-hidden="true" />)
          : shown.map((product) => <ProductCard key={product.id} product={product} sizes={PHOTO_SIZES.strip} />)}
      </div>
    </section>
  );
}
