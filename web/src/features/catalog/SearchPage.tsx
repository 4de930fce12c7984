import { useSearchParams } from 'react-router-dom';
import { CategoryChips } from '../../components/CategoryChips';
import { productSearchAnswerSchema, searchUrl } from '../../../../shared/schemas/product';
import { ApiError } from '../../lib/api';
import { useQuery } from '../../lib/query';
import { GridPlaceholder, ProductGrid } from './ProductGrid';
import './catalog.css';

/** /search?q=: listed products matching the words (name, description, tag words; prefixes and small typos). */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const { data, error } = useQuery(q ? searchUrl(q) : null, productSearchAnswerSchema);
  return (
    <section className="page category" aria-labelledby="search-heading">
      <h1 id="search-heading">{q ? `Search results for “${q}”` : 'Search the shop'}</h1>
      {!q ? (
        <p className="card">Type what you are looking for in the search box above: a product, a scent, a colour or a category.</p>
      ) : error ? (
        <p className="card error" role="alert">
          {error instanceof ApiError && error.status === 429 ? error.message : 'We could not search just now. Please try again.'}
        </p>
      ) : !data ? (
        <GridPlaceholder label="Searching…" />
      ) : data.products.length === 0 ? (
        <div className="card empty-search">
          <p role="status">No products match “{q}”. Check the spelling, try a shorter word, or browse a category:</p>
          <CategoryChips />
        </div>
      ) : (
        <>
          <p className="muted" role="status">
            {data.products.length === 1 ? '1 product' : `${data.products.length} products`}
          </p>
          <ProductGrid products={data.products} />
        </>
      )}
    </section>
  );
}
