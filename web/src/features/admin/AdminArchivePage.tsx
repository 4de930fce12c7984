import { Alert, Button, SearchField, TableCell, Tabs, TextField } from '@aws-amplify/ui-react';
import { Suspense, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import {
  Await,
  Link,
  useAsyncError,
  useLoaderData,
  useLocation,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { AFTERSALE_MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import { ADMIN_ORDERS_PAGE, type OrderListView } from '#shared/schemas/orders';
import { downloadOrdersCsv, readOrdersPage, type AdminOrderPage, type OrderQuery } from './adminApi';
import { AdminTable } from './AdminTable';
import { localDayEnd, localDayStart } from './localDays';
import { StatusBadge, when } from './OrderBits';
import { AMPLIFY_TABS, useCurrentInView } from './rowInView';
import { AdminPage, cursorOf, problemText, useCursorPages } from './useAdmin';
import { FormError } from '../../components/FormError';

const VIEWS: readonly OrderListView[] = ['sales', 'completed', 'pending', 'cancelled'];
const COLUMNS = ['Order', 'Date', 'Customer', 'Total', 'Status', 'Shipped'] as const;
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The view and filters an address asks for (?status&q&from&to, dates as the admin's YYYY-MM-DD). */
function filtersOf(params: URLSearchParams) {
  const status: OrderListView = VIEWS.find((view) => view === params.get('status')) ?? 'completed';
  return {
    status,
    q: params.get('q') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
}
const queryOf = ({ status, q, from, to }: ReturnType<typeof filtersOf>): OrderQuery => ({
  status,
  q,
  from: localDayStart(from),
  to: localDayEnd(to),
  limit: ADMIN_ORDERS_PAGE,
});

/** How far back a search has read while it reads on: the loader reports it, the page shows it. */
function readingProgress() {
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
type Progress = ReturnType<typeof readingProgress>;

/**
 * The page of orders the address asks for, handed over as it is being read (the page shows how far back a search has
 * read meanwhile); a newer address stops the read (the request's signal).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const progress = readingProgress();
  const page: Promise<AdminOrderPage> = readOrdersPage(
    { ...queryOf(filtersOf(new URL(request.url).searchParams)), cursor: cursorOf(request) },
    progress.report,
    () => !request.signal.aborted,
  );
  return { page, progress };
}

/**
 * The orders: paid ones shipped or not (Sales, what the dashboard counts), shipped, not shipped yet, cancelled. Search
 * by order number, email or name, a date range of the admin's own days, pages, and the CSV of the range. Filters live
 * in the address (?status&q&from&to, dates as the admin's YYYY-MM-DD), so a dashboard link opens a filtered list. A
 * search reads on, request after request, until a page is full or everything is read (decision 0054): it says so
 * while it does, and says "No orders match." only once there is nothing more to read.
 */
export default function AdminArchivePage() {
  const { page, progress } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = filtersOf(params);
  const { status, q, from, to } = filters;
  const [search, setSearch] = useState(q ?? '');
  const [csvProblem, setCsvProblem] = useState('');
  const query = queryOf(filters);
  // A phone shows some of the tabs: the chosen one is scrolled into view.
  const tabs = useRef<HTMLDivElement>(null);
  useCurrentInView(tabs, AMPLIFY_TABS, status);

  const apply = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    // Other filters: from the first page.
    next.delete('cursor');
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next, { replace: true });
  };

  function submitDates(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const date = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    apply({ from: date('from'), to: date('to') });
  }

  return (
    <AdminPage title="Orders">
      <Tabs
        ref={tabs}
        value={status}
        onValueChange={(value) => apply({ status: value === 'completed' ? '' : value })}
        items={[
          { value: 'sales', label: 'Sales', content: null },
          { value: 'completed', label: 'Shipped', content: null },
          { value: 'pending', label: 'Not shipped yet', content: null },
          { value: 'cancelled', label: 'Cancelled', content: null },
        ]}
      />
      {status === 'sales' && (
        <p className="muted">
          Paid orders, shipped or not yet: what the dashboard counts as sales (cancelled orders and $0 replacements are
          left out).
        </p>
      )}
      <div className="archive-filters">
        <SearchField
          label="Search orders"
          placeholder="Order number, email or name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSubmit={(value) => apply({ q: value.trim() })}
          onClear={() => {
            setSearch('');
            apply({ q: '' });
          }}
        />
        <form className="date-range" onSubmit={submitDates} aria-label="Order dates">
          <TextField label="From" name="from" type="date" size="small" defaultValue={from} key={`from-${from}`} />
          <TextField label="To" name="to" type="date" size="small" defaultValue={to} key={`to-${to}`} />
          <Button type="submit" size="small">
            Show
          </Button>
          <Button
            type="button"
            size="small"
            variation="link"
            onClick={() => {
              setCsvProblem('');
              downloadOrdersCsv(query, `orders-${status}-${from ?? 'start'}-to-${to ?? 'now'}.csv`).catch((failure) =>
                setCsvProblem(problemText(failure)),
              );
            }}
          >
            Download CSV
          </Button>
        </form>
      </div>
      <p className="muted">Dates are your own days ({Intl.DateTimeFormat().resolvedOptions().timeZone}).</p>
      <FormError message={csvProblem} />
      {/* A new address, a new boundary: its fallback shows while that page is read (not the page before it). */}
      <Suspense key={location.search} fallback={<Reading progress={progress} />}>
        <Await resolve={page} errorElement={<ReadProblem />}>
          {(answer: AdminOrderPage) => <Orders answer={answer} />}
        </Await>
      </Suspense>
    </AdminPage>
  );
}

/** While a page is read: "Loading…", then, when a search reads on, how far back it has read. */
function Reading({ progress }: { progress: Progress }) {
  const readThrough = useSyncExternalStore(progress.subscribe, progress.read);
  return (
    <div role="status" aria-live="polite" className="archive-progress">
      <p className="muted">
        {readThrough === null
          ? 'Loading…'
          : AFTERSALE_MESSAGES.searchingOlderOrders(readThrough ? shortDate(readThrough) : null)}
      </p>
    </div>
  );
}

function ReadProblem() {
  return (
    <Alert variation="error" hasIcon={false} heading="Could not load this page">
      {problemText(useAsyncError())}
    </Alert>
  );
}

/** A page of orders as read, with the pager. */
function Orders({ answer }: { answer: AdminOrderPage }) {
  const shown = answer.orders;
  const { page, pager } = useCursorPages(answer, shown.length, {
    label: 'orders',
    pageSize: ADMIN_ORDERS_PAGE,
    stepBack: false,
  });
  if (shown.length === 0 && page > 1) {
    return (
      <>
        <p className="card">{AFTERSALE_MESSAGES.noMoreOrdersMatch}</p>
        {pager}
      </>
    );
  }
  return (
    <AdminTable
      cardsOnPhone
      columns={COLUMNS}
      rows={shown}
      rowKey={(order) => order.orderNumber}
      empty="No orders match."
      pager={pager}
      highlightOnHover
      cells={(order) => (
        <>
          <TableCell data-label={COLUMNS[0]}>
            <Link className="mono" to={`/admin/orders/${order.orderNumber}`}>
              {order.orderNumber}
            </Link>
          </TableCell>
          <TableCell data-label={COLUMNS[1]}>{new Date(order.createdAt).toLocaleDateString('en-US')}</TableCell>
          <TableCell data-label={COLUMNS[2]}>
            <span>
              {unescapeText(order.shippingAddress.name)}
              <br />
              <span className="muted">{order.shippingAddress.email}</span>
            </span>
          </TableCell>
          <TableCell data-label={COLUMNS[3]}>
            {formatPrice(order.amounts.total)}
            {order.amounts.discount > 0 &&
              ` (${formatPrice(order.amounts.discount)} off${order.promoCode ? `, ${order.promoCode}` : ''})`}
          </TableCell>
          <TableCell data-label={COLUMNS[4]}>
            <StatusBadge status={order.status} />
          </TableCell>
          <TableCell
            data-label={COLUMNS[5]}
            className={order.trackingUrl || order.shippedAt || order.cancelledAt ? undefined : 'empty'}
          >
            {order.trackingUrl ? (
              <a href={order.trackingUrl}>{order.trackingNumber}</a>
            ) : (
              when(order.shippedAt ?? order.cancelledAt)
            )}
          </TableCell>
        </>
      )}
    />
  );
}
