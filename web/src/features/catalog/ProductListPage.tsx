import { useParams, useSearchParams } from 'react-router-dom';
import { CATEGORIES } from '../../../../shared/categories';
import { LIST_MESSAGES, MESSAGES } from '../../../../shared/messages';
import { PRODUCT_SORTS, SORT_LABELS, type ProductSort } from '../../../../shared/schemas/product';
import { NotFound } from '../../components/NotFound';
import { listState, useProductPages } from '../../components/useProducts';
import { PagedGrid } from './PagedGrid';
import { GridPlaceholder } from './ProductGrid';
import './catalog.css';

/**
 * /product-list/:category: the listed products whose tags contain the category word, a first screenful (one page)
 * and "Load more". The order and the pages loaded live in the address (replaced, not pushed), so the back button
 * from a product returns to the same products at the same scroll position (components/Layout.tsx).
 */
export default function ProductListPage() {
  const { category = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const known = CATEGORIES.find((c) => c.slug === category);
  const { sort, pages } = listState(params);
  const list = useProductPages(category, sort, known ? pages : 0);
  if (!known) return <NotFound />;

  const change = (next: { sort?: ProductSort; pages?: number }) => {
    const updated = new URLSearchParams(params);
    const value = { sort, pages, ...next };
    if (value.sort === 'newest') updated.delete('sort');
    else updated.set('sort', value.sort);
    if (value.pages <= 1) updated.delete('pages');
    else updated.set('pages', String(value.pages));
    setParams(updated, { replace: true, preventScrollReset: true });
  };

  return (
    <section className="page category" aria-labelledby="category-heading">
      <div className="category-head">
        <h1 id="category-heading">{known.label}</h1>
        <label className="sort">
          Sort by{' '}
          <select value={sort} onChange={(event) => change({ sort: event.target.value as ProductSort, pages: 1 })}>
            {PRODUCT_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.products === null ? (
        <GridPlaceholder label={`Loading ${known.label}…`} />
      ) : list.failed && list.products.length === 0 ? (
        <p className="card error" role="alert">
          {LIST_MESSAGES.listFailed}
        </p>
      ) : list.products.length === 0 ? (
        <p className="card">{MESSAGES.noProductsInCategory}</p>
      ) : (
        <PagedGrid list={{ ...list, products: list.products }} onMore={() => change({ pages: pages + 1 })} end={LIST_MESSAGES.endOfCategory(known.label)} />
      )}
    </section>
  );
}
