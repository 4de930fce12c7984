import { Button, SearchField, TableCell, Tabs, TextField } from '@aws-amplify/ui-react';
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatPrice } from '../../../../shared/money';
import { unescapeText } from '../../../../shared/sanitize';
import { ADMIN_ORDERS_PAGE } from '../../../../shared/schemas/orders';
import { downloadOrdersCsv, listOrders, type AdminOrderPage, type OrderQuery } from './adminApi';
import { AdminTable, usePagedAdminList } from './AdminTable';
import { StatusBadge, when } from './OrderBits';
import { AdminPage, problemText } from './useAdmin';

type Status = 'pending' | 'completed' | 'cancelled';
const ordersOf = (page: AdminOrderPage) => page.orders;

/**
 * Shipped orders (and those not shipped yet, and cancelled ones): search by order number, email or name, a date range, pages, and the CSV of
 * the range. Filters live in the address (?status&q&from&to), so a dashboard link opens a filtered list.
 */
export default function AdminArchivePage() {
  const [params, setParams] = useSearchParams();
  const status: Status = params.get('status') === 'cancelled' ? 'cancelled' : params.get('status') === 'pending' ? 'pending' : 'completed';
  const filters: OrderQuery = { status, q: params.get('q') ?? undefined, from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const [search, setSearch] = useState(filters.q ?? '');
  const [csvProblem, setCsvProblem] = useState('');
  const { q, from, to } = filters;
  const { data, rows, error, pager } = usePagedAdminList(
    useCallback((cursor?: string) => listOrders({ status, q, from, to, cursor, limit: ADMIN_ORDERS_PAGE }), [status, q, from, to]),
    ordersOf,
    { label: 'orders', pageSize: ADMIN_ORDERS_PAGE, resetKey: JSON.stringify([status, q, from, to]) },
  );

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
          { value: 'completed', label: 'Shipped', content: null },
          { value: 'pending', label: 'Not shipped yet', content: null },
          { value: 'cancelled', label: 'Cancelled', content: null },
        ]}
      />
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
          <TextField label="From" name="from" type="date" size="small" defaultValue={filters.from} key={`from-${filters.from}`} />
          <TextField label="To" name="to" type="date" size="small" defaultValue={filters.to} key={`to-${filters.to}`} />
          <Button type="submit" size="small">
            Show
          </Button>
          <Button
            type="button"
            size="small"
            variation="link"
            onClick={() => {
              setCsvProblem('');
              downloadOrdersCsv(filters).catch((failure) => setCsvProblem(problemText(failure)));
            }}
          >
            Download CSV
          </Button>
        </form>
      </div>
      {csvProblem && (
        <p className="error" role="alert">
          {csvProblem}
        </p>
      )}
      {data === null && !error && <p className="muted">Loading…</p>}
      <AdminTable
        columns={['Order', 'Date', 'Customer', 'Total', 'Status', 'Shipped']}
        rows={rows}
        rowKey={(order) => order.orderNumber}
        empty="No orders match."
        pager={pager}
        highlightOnHover
        cells={(order) => (
          <>
            <TableCell>
              <Link className="mono" to={`/admin/orders/${order.orderNumber}`}>
                {order.orderNumber}
              </Link>
            </TableCell>
            <TableCell>{new Date(order.createdAt).toLocaleDateString('en-US')}</TableCell>
            <TableCell>
              {unescapeText(order.shippingAddress.name)}
              <br />
              <span className="muted">{order.shippingAddress.email}</span>
            </TableCell>
            <TableCell>
              {formatPrice(order.amounts.total)}
              {order.amounts.discount > 0 && ` (${formatPrice(order.amounts.discount)} off${order.promoCode ? `, ${order.promoCode}` : ''})`}
            </TableCell>
            <TableCell>
              <StatusBadge status={order.status} />
            </TableCell>
            <TableCell>{order.trackingUrl ? <a href={order.trackingUrl}>{order.trackingNumber}</a> : when(order.shippedAt ?? order.cancelledAt)}</TableCell>
          </>
        )}
      />
    </AdminPage>
  );
}
