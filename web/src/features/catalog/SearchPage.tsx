import { useLoaderData, useNavigation, useSearchParams } from 'react-router-dom';
import { SEARCH_HINT, searchHeading } from '#shared/catalog-html';
import { LIST_MESSAGES } from '#shared/messages';
import type { searchLoader } from './loaders';
import { CategoryChips } from '../../components/CategoryChips';
import { listState } from '../../components/productPages';
import { ApiError } from '../../lib/api';
import { PagedGrid } from './PagedGrid';
import './catalog.css';

/**
 * /search?q=: listed products matching the words (name, description, tag words; prefixes, small typos, accents
 * folded), best first, a page at a time with "Load more" like a category page: the pages loaded are in the address
 * (`&pages=2`, replaced, not pushed) and the route's loader reads them, so back from a product shows the same results.
 */
export default function SearchPage() {
  const { q, list } = useLoaderData<typeof searchLoader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const { pages } = listState(params);
  const asked =
    navigation.state === 'loading' && navigation.location.pathname === '/search'
      ? (new URLSearchParams(navigation.location.search).get('q') ?? '').trim()
      : null;
  // Load more of these words, or other words searched from the header (the results shown stay until theirs come).
  const loading = asked === q;
  const searching = asked !== null && asked !== q;
  const total = list?.first?.total ?? list?.products.length ?? 0;

  const more = () => {
    const updated = new URLSearchParams(params);
    updated.set('pages', String(pages + 1));
    setParams(updated, { replace: true, preventScrollReset: true });
  };

  return (
    <section className="page category" aria-labelledby="search-heading" aria-busy={searching}>
      <h1 id="search-heading">{searchHeading(q)}</h1>
      {searching && (
        <p className="muted" role="status">
          Searching for “{asked}”…
        </p>
      )}
      {!list ? (
        <p className="card">{SEARCH_HINT}</p>
      ) : list.failed && list.products.length === 0 ? (
        <p className="card error" role="alert">
          {list.error instanceof ApiError && list.error.status === 429
            ? list.error.message
            : 'We could not search just now. Please try again.'}
        </p>
      ) : list.products.length === 0 ? (
        <div className="card empty-search">
          <p role="status">No products match “{q}”. Check the spelling, try a shorter word, or browse a category:</p>
          <CategoryChips />
        </div>
      ) : (
        <>
          <p className="muted" role="status">
            {LIST_MESSAGES.productCount(total)}
          </p>
          <PagedGrid list={list} loading={loading} onMore={more} end={LIST_MESSAGES.endOfSearch(total)} />
        </>
      )}
    </section>
  );
}
