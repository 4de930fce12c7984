import { HOT_TAG } from '../../../shared/categories';
import { ProductCard } from './ProductCard';
import { useProducts } from './useProducts';

/** The hot-items strip: products tagged `hot`. */
export function HotItems({ title = 'Hot right now', exclude }: { title?: string; exclude?: string }) {
  const { products } = useProducts(HOT_TAG);
  const shown = (products ?? []).filter((product) => product.id !== exclude);
  if (!shown.length) return null;
  return (
    <section className="hot-items" aria-labelledby="hot-heading">
      <h2 id="hot-heading">{title}</h2>
      <div className="strip">
        {shown.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </div>
    </section>
  );
}
