import { Button, SearchField, TableCell, Tabs, TextField } from '@aws-amplify/ui-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AFTERSALE_MESSAGES } from '../../../../shared/messages';
import { formatPrice } from '../../../../shared/money';
import { unescapeText } from '../../../../shared/sanitize';
import { ADMIN_ORDERS_PAGE, type OrderListView } from '../../../../shared/schemas/orders';
import { downloadOrdersCsv, readOrdersPage, type AdminOrderPage, type OrderQuery } from './adminApi';
import { AdminTable, usePagedAdminList } from './AdminTable';
import { localDayEnd, localDayStart } from './localDays';
import { StatusBadge, when } from './OrderBits';
import { AdminPage, problemText } from './useAdmin';
import { FormError } from '../../components/FormError';

const VIEWS: readonly OrderListView[] = ['sales', 'completed', 'pending', 'cancelled'];
const COLUMNS = ['Order', 'Date', 'Customer', 'Total', 'Status', 'Shipped'] as const;
type Page = AdminOrderPage & { key: string };
const ordersOf = (page: Page) => page.orders;
const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The orders: paid ones shipped or not (Sales, what the dashboard counts), shipped, not shipped yet, cancelled. Search
 * by order number, email or name, a date range of the admin's own days, pages, and the CSV of the range. Filters live
 * in the address (?status&q&from&to, dates as the admin's YYYY-MM-DD), so a dashboard link opens a filtered list. A
 * search reads on, request after request, until a page is full or everything is read (decision 0054): it says so
 * while it does, and says "No orders match." only once there is nothing more to read.
 */
export default function AdminArchivePage() {
  const [params, setParams] = useSearchParams();
  const status: OrderListView = VIEWS.find((view) => view === params.get('status')) ?? 'completed';
  const q = params.get('q') ?? undefined;
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const key = JSON.stringify([status, q, from, to]);
  const [search, setSearch] = useState(q ?? '');
  const [csvProblem, setCsvProblem] = useState('');
  // How far back a search has read while it reads on (for the filters of `key` only).
  const [progress, setProgress] = useState<{ key: string; readThrough?: string } | null>(null);
  const latestKey = useRef(key);
  useEffect(() => {
    latestKey.current = key;
  }, [key]);
  const query: OrderQuery = { status, q, from: localDayStart(from), to: localDayEnd(to), limit: ADMIN_ORDERS_PAGE };
  const { data, rows, error, page, pager } = usePagedAdminList(
    useCallback(
      async (cursor?: string): Promise<Page> => {
        const filters: OrderQuery = { status, q, from: localDayStart(from), to: localDayEnd(to), limit: ADMIN_ORDERS_PAGE, cursor };
        try {
          const answer = await readOrdersPage(
            filters,
            (readThrough) => setProgress({ key, readThrough }),
            () => latestKey.current === key,
          );
          return { ...answer, key };
        } finally {
          setProgress((shown) => (shown?.key === key ? null : shown));
        }
      },
      [status, q, from, to, key],
    ),
    ordersOf,
    { label: 'orders', pageSize: ADMIN_ORDERS_PAGE, resetKey: key, stepBack: false },
  );
  const searching = progress?.key === key;
  const shown = !searching && data?.key === key ? rows : null;

  const apply = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
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
    <AdminPage title="Orders" error={error}>
      <Tabs
        value={status}
        onValueChange={(value) => apply({ status: value === 'completed' ? '' : value })}
        items={[
          { value: 'sales', label: 'Sales', content: null },
          { value: 'completed', label: 'Shipped', content: null },
          { value: 'pending', label: 'Not shipped yet', content: null },
          { value: 'cancelled', label: 'Cancelled', content: null },
        ]}
      />
      {status === 'sales' && <p className="muted">Paid orders, shipped or not yet: what the dashboard counts as sales (cancelled orders and $0 replacements are left out).</p>}
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
              downloadOrdersCsv(query, `orders-${status}-${from ?? 'start'}-to-${to ?? 'now'}.csv`).catch((failure) => setCsvProblem(problemText(failure)));
            }}
          >
            Download CSV
          </Button>
        </form>
      </div>
      <p className="muted">Dates are your own days ({Intl.DateTimeFormat().resolvedOptions().timeZone}).</p>
      <FormError message={csvProblem} />
      <div role="status" aria-live="polite" className="archive-progress">
        {searching && <p className="muted">{AFTERSALE_MESSAGES.searchingOlderOrders(progress.readThrough ? shortDate(progress.readThrough) : null)}</p>}
      </div>
      {!searching && !shown && !error && <p className="muted">Loading…</p>}
      {shown?.length === 0 && page > 1 ? (
        <>
          <p className="card">{AFTERSALE_MESSAGES.noMoreOrdersMatch}</p>
          {pager}
        </>
      ) : (
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
                {order.amounts.discount > 0 && ` (${formatPrice(order.amounts.discount)} off${order.promoCode ? `, ${order.promoCode}` : ''})`}
              </TableCell>
              <TableCell data-label={COLUMNS[4]}>
                <StatusBadge status={order.status} />
              </TableCell>
              <TableCell data-label={COLUMNS[5]} className={order.trackingUrl || order.shippedAt || order.cancelledAt ? undefined : 'empty'}>
                {order.trackingUrl ? <a href={order.trackingUrl}>{order.trackingNumber}</a> : when(order.shippedAt ?? order.cancelledAt)}
              </TableCell>
            </>
          )}
        />
      )}
    </AdminPage>
  );
}
