import { Suspense, useState } from 'react';
import { Await } from 'react-router-dom';
import { PHOTO_SIZES } from '#shared/images';
import type { Product } from '#shared/schemas/product';
import { ProductCard } from './ProductCard';
import { hotItems } from './productPages';

const TITLE = 'Hot right now';

/**
 * The hot-items strip: products tagged `hot`, as the page's loader handed them over: the list itself (held, e.g.
 * from the HTML: shown in the first render) or its promise (the strip's height is kept while it comes). It
 * disappears when there is nothing hot, or when the list cannot be had (the page around it does not depend on it).
 * A page whose route has no loader for it (the cart, the order confirmation) leaves `products` out: the strip then
 * asks for the list once, when it is first shown.
 */
export function HotItems({
  products: given,
  title = TITLE,
  exclude,
}: {
  products?: Product[] | Promise<Product[]>;
  title?: string;
  exclude?: string;
}) {
  const [own] = useState(() => given ?? hotItems());
  const products = given ?? own;
  if (Array.isArray(products)) return <Strip products={products} title={title} exclude={exclude} />;
  return (
    <Suspense fallback={<Strip products={null} title={title} />}>
      <Await resolve={products} errorElement={null}>
        {(loaded: Product[]) => <Strip products={loaded} title={title} exclude={exclude} />}
      </Await>
    </Suspense>
  );
}

function Strip({ products, title, exclude }: { products: Product[] | null; title: string; exclude?: string }) {
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
