import { useEffect, useRef } from 'react';
import { LIST_MESSAGES } from '#shared/messages';
import type { ProductPages } from '../../components/productPages';
import { ProductGrid } from './ProductGrid';

interface PagedGridProps {
  /** The products of the pages loaded so far (at least one) and where the list stands. */
  list: ProductPages;
  /** The page after them is on its way (the address asks for one page more; the route's loader reads it). */
  loading: boolean;
  /** Asks for one page more (the page keeps the count in its address). */
  onMore: () => void;
  /** What is said under the last page. */
  end: string;
}

/**
 * A grid of the pages loaded so far and "Load more" under it (category and search pages). After Load more, focus
 * moves to the first card that came with the new page, whether the button stays (more to come) or goes (the last
 * page): a keyboard or screen-reader user continues where the new products start, never from the top of the
 * page. If the page cannot be loaded, focus goes to the sentence that says so.
 */
export function PagedGrid({ list, loading, onMore, end }: PagedGridProps) {
  const grid = useRef<HTMLDivElement>(null);
  const problem = useRef<HTMLParagraphElement>(null);
  /** How many cards were shown when Load more was pressed: the first new card is at that index. */
  const pending = useRef<number | null>(null);
  const shown = list.products.length;

  useEffect(() => {
    const from = pending.current;
    if (from === null) return;
    if (list.failed) {
      pending.current = null;
      problem.current?.focus();
    } else if (shown > from) {
      pending.current = null;
      (grid.current?.children[from] as HTMLElement | undefined)?.focus();
    }
  }, [shown, list.failed]);

  return (
    <>
      <ProductGrid products={list.products} ref={grid} />
      <div className="load-more" aria-live="polite">
        {list.failed ? (
          <p className="error" role="alert" tabIndex={-1} ref={problem}>
            {LIST_MESSAGES.loadMoreFailed}
          </p>
        ) : list.more ? (
          <button
            type="button"
            className="secondary"
            disabled={loading}
            onClick={() => {
              pending.current = shown;
              onMore();
            }}
          >
            {loading ? LIST_MESSAGES.loadingMore : LIST_MESSAGES.loadMore}
          </button>
        ) : (
          <p className="end">{end}</p>
        )}
      </div>
    </>
  );
}
