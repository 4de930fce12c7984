import { ADMIN_ORDERS_PAGE, type OrderListView } from '#shared/schemas/orders';
import type { OrderQuery } from './adminApi';
import { localDayEnd, localDayStart } from './localDays';

/** The views of the orders, as the tabs show them and name them in the address (?status=). */
export const VIEWS: readonly { value: OrderListView; label: string }[] = [
  { value: 'all', label: 'All orders' },
  { value: 'sales', label: 'Sales' },
  { value: 'completed', label: 'Shipped' },
  { value: 'pending', label: 'To ship' },
  { value: 'cancelled', label: 'Cancelled' },
];

/**
 * The view and filters an address asks for (?status&q&from&to, dates as the admin's YYYY-MM-DD). Without a view the
 * shipped orders, or for a search every order (issue 50 item 3: a search looks across every order).
 */
export function filtersOf(params: URLSearchParams) {
  const q = params.get('q') ?? undefined;
  const status: OrderListView =
    VIEWS.find((view) => view.value === params.get('status'))?.value ?? (q ? 'all' : 'completed');
  return {
    status,
    q,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
}

/** What the list (and its CSV) asks the server for: the admin's days as moments, a page of orders. */
export const queryOf = ({ status, q, from, to }: ReturnType<typeof filtersOf>): OrderQuery => ({
  status,
  q,
  from: localDayStart(from),
  to: localDayEnd(to),
  limit: ADMIN_ORDERS_PAGE,
});

/** How far back a search has read while it reads on: the loader reports it, the page shows it. */
export function readingProgress() {
  let readThrough: string | null = null;
  const listeners = new Set<() => void>();
  return {
    report: (to: string | undefined) => {
      readThrough = to ?? '';
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** null until the first request came back short; then the date read back to ('' when unknown). */
    read: () => readThrough,
  };
}
export type Progress = ReturnType<typeof readingProgress>;
