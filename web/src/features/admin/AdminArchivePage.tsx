import { Button, Pagination, SearchField, Table, TableBody, TableCell, TableRow, Tabs, TextField } from '@aws-amplify/ui-react';
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatPrice } from '../../../../shared/money';
import { unescapeText } from '../../../../shared/sanitize';
import { downloadOrdersCsv, listOrders, type OrderQuery } from './adminApi';
import { StatusBadge, when } from './OrderBits';
import { AdminPage, HeadRow, problemText, useAdminData } from './useAdmin';

type Status = 'pending' | 'completed' | 'cancelled';

/**
 * Shipped orders (and those not shipped yet, and cancelled ones): search by order number, email or name, a date range, pages, and the CSV of
 * the range. Filters live in the address (?status&q&from&to), so a dashboard link opens a filtered list.
 */
export default function AdminArchivePage() {
  const [params, setParams] = useSearchParams();
  const status: Status = params.get('status') === 'cancelled' ? 'cancelled' : params.get('status') === 'pending' ? 'pending' : 'completed';
  const filters: OrderQuery = { status, q: params.get('q') ?? undefined, from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  /** Cursors of the pages seen so far: page n starts at cursors[n - 1]. */
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState(filters.q ?? '');
  const [csvProblem, setCsvProblem] = useState('');
  const { q, from, to } = filters;
  const cursor = cursors[page - 1];
  const { data, error } = useAdminData(useCallback(() => listOrders({ status, q, from, to, cursor }), [status, q, from, to, cursor]));

  const apply = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setCursors([undefined]);
    setPage(1);
    setParams(next, { replace: true });
  };
  const go = (to: number) => {
    if (to > cursors.length || to < 1) return;
    if (to === cursors.length && data?.nextCursor) setCursors([...cursors, data.nextCursor]);
    setPage(to);
  };
  const next = () => {
    if (!data?.nextCursor) return;
    if (page === cursors.length) setCursors([...cursors, data.nextCursor]);
    setPage(page + 1);
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
      {data === null && !error ? (
        <p className="muted">Loading…</p>
      ) : data && data.orders.length === 0 ? (
        <p className="card">No orders match.</p>
      ) : (
        data && (
          <div className="table-wrap">
            <Table size="small" variation="striped" highlightOnHover>
              <HeadRow cells={['Order', 'Date', 'Customer', 'Total', 'Status', 'Shipped']} />
              <TableBody>
                {data.orders.map((order) => (
                  <TableRow key={order.orderNumber}>
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
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )
      )}
      <Pagination currentPage={page} totalPages={cursors.length} hasMorePages={Boolean(data?.nextCursor)} onNext={next} onPrevious={() => go(page - 1)} onChange={(to) => to && go(to)} />
    </AdminPage>
  );
}
