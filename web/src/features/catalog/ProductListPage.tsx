import { useParams } from 'react-router-dom';
import { CATEGORIES } from '../../../../shared/categories';
import { MESSAGES } from '../../../../shared/messages';
import { NotFound } from '../../components/NotFound';
import { useProducts } from '../../components/useProducts';
import { GridPlaceholder, ProductGrid } from './ProductGrid';
import './catalog.css';

/** /product-list/:category: the listed products whose tags contain the category word. */
export default function ProductListPage() {
  const { category = '' } = useParams();
  const known = CATEGORIES.find((c) => c.slug === category);
  const { products, failed } = useProducts(known ? category : null);
  if (!known) return <NotFound />;
  return (
    <section className="page category" aria-labelledby="category-heading">
      <h1 id="category-heading">{known.label}</h1>
      {products === null ? (
        <GridPlaceholder label={`Loading ${known.label}…`} />
      ) : failed ? (
        <p className="card error" role="alert">
          We could not load the products just now. Please reload the page to try again.
        </p>
      ) : products.length === 0 ? (
        <p className="card">{MESSAGES.noProductsInCategory}</p>
      ) : (
        <ProductGrid products={products} />
      )}
    </section>
  );
}
