import { useLoaderData, useNavigation, useSearchParams } from 'react-router-dom';
import { LIST_MESSAGES, MESSAGES } from '#shared/messages';
import { PRODUCT_SORTS, SORT_LABELS, type ProductSort } from '#shared/product-lists';
import type { categoryLoader } from './loaders';
import { NotFound } from '../../components/NotFound';
import { listState } from '../../components/productPages';
import { PagedGrid } from './PagedGrid';
import './catalog.css';

/**
 * /product-list/:category: the listed products whose tags contain the category word, a first screenful (one page)
 * and "Load more". The order and the pages loaded live in the address (replaced, not pushed), and the route's loader
 * reads them (app/loaders.ts), so the back button from a product returns to the same products at the same scroll
 * position (app/Layout.tsx).
 */
export default function ProductListPage() {
  const { category, list } = useLoaderData<typeof categoryLoader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  if (!category || !list) return <NotFound />;
  const { sort, pages } = listState(params);
  // Load more or another order is on its way (this page's address, changed): the select shows the order asked for.
  const loading = navigation.state === 'loading' && navigation.location.pathname === `/product-list/${category.slug}`;
  const asked = loading ? listState(new URLSearchParams(navigation.location.search)).sort : sort;

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
        <h1 id="category-heading">{category.label}</h1>
        <label className="sort">
          Sort by{' '}
          <select value={asked} onChange={(event) => change({ sort: event.target.value as ProductSort, pages: 1 })}>
            {PRODUCT_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.failed && list.products.length === 0 ? (
        <p className="card error" role="alert">
          {LIST_MESSAGES.listFailed}
        </p>
      ) : list.products.length === 0 ? (
        <p className="card">{MESSAGES.noProductsInCategory}</p>
      ) : (
        <PagedGrid
          list={list}
          loading={loading}
          onMore={() => change({ pages: pages + 1 })}
          end={LIST_MESSAGES.endOfCategory(category.label)}
        />
      )}
    </section>
  );
}
