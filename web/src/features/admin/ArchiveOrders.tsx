import { Alert, TableCell } from '@aws-amplify/ui-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { Link, useAsyncError } from 'react-router-dom';
import { AFTERSALE_MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { orderLabel } from '#shared/order-number';
import { unescapeText } from '#shared/sanitize';
import { ADMIN_ORDERS_PAGE } from '#shared/schemas/orders';
import type { AdminOrderPage } from './adminApi';
import { AdminTable } from './AdminTable';
import type { Progress } from './archiveQuery';
import { StatusBadge, when } from './OrderBits';
import { problemText, useCursorPages } from './useAdmin';

const COLUMNS = ['Order', 'Date', 'Customer', 'Total', 'Status', 'Shipped'] as const;
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** While a page is read: "Loading…", then, when a search reads on, how far back it has read. */
export function Reading({ progress }: { progress: Progress }) {
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

/** A page that could not be read: the server's words. */
export function ReadProblem() {
  return (
    <Alert variation="error" hasIcon={false} heading="Could not load this page">
      {problemText(useAsyncError())}
    </Alert>
  );
}

/** A page of orders as read, with the pager; `empty` what a first page without orders says. */
export function ArchiveOrders({ answer, empty }: { answer: AdminOrderPage; empty: ReactNode }) {
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
      empty={empty}
      pager={pager}
      highlightOnHover
      cells={(order) => (
        <>
          <TableCell data-label={COLUMNS[0]}>
            <Link className="mono" to={`/admin/orders/${order.orderNumber}`}>
              {orderLabel(order.orderNumber)}
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
            <StatusBadge order={order} />
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
