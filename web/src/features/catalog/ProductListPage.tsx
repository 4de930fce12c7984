import { useParams } from 'react-router-dom';
import { CATEGORIES } from '../../../../shared/categories';
import { MESSAGES } from '../../../../shared/messages';
import { ProductCard } from '../../components/ProductCard';
import { Spinner } from '../../components/Spinner';
import { useProducts } from '../../components/useProducts';
import NotFoundPage from '../pages/NotFoundPage';

/** /product-list/:category: the listed products whose tags contain the category word. */
export default function ProductListPage() {
  const { category = '' } = useParams();
  const known = CATEGORIES.find((c) => c.slug === category);
  const { products } = useProducts(known ? category : 'none');
  if (!known) return <NotFoundPage />;
  return (
    <section className="page" aria-labelledby="category-heading">
      <h1 id="category-heading">{known.label}</h1>
      {products === null ? (
        <Spinner label={`Loading ${known.label}…`} />
      ) : products.length === 0 ? (
        <p className="card">{MESSAGES.noProductsInCategory}</p>
      ) : (
        <div className="grid">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      )}
    </section>
  );
}
