import { Badge, TableCell } from '@aws-amplify/ui-react';
import { Link, useLoaderData } from 'react-router-dom';
import { STOCK_ALERT_MESSAGES as WORDS } from '#shared/messages';
import type { StockDemand } from '#shared/schemas/stock-alerts';
import { CANDLE_SIZE } from '#shared/sizes';
import { listStockDemand } from './adminApi';
import { AdminTable } from './AdminTable';
import { AdminPage } from './useAdmin';

export const loader = async () => ({ demand: await listStockDemand() });

const COLUMNS = ['Product', 'Size', 'Waiting', 'In stock now', 'Last asked', 'Restock'] as const;
type Row = StockDemand['sizes'][number];

/** Where the owner changes the size's count: the stock item that holds it, or the product's own counts. */
const restockLink = (row: Row) =>
  row.stockRef
    ? `/admin/items?id=${encodeURIComponent(row.stockRef)}`
    : `/admin/products?id=${encodeURIComponent(row.productId)}`;

/** What happens to the row's requests now, when it is not simply "waiting for stock". */
function state(row: Row) {
  if (row.name === null) return <Badge variation="error">{WORDS.adminGone}</Badge>;
  if (!row.listed) return <Badge variation="warning">{WORDS.adminDrafted}</Badge>;
  if (row.available > 0) return <Badge variation="success">{WORDS.adminMailing}</Badge>;
  return <Badge variation="error">Sold out</Badge>;
}

/**
 * Back-in-stock requests waiting (issue 27 item 7): per product and size, most asked for first, with what can be
 * bought now and where to restock it. Counts only: who asked stays with the shop's mail.
 */
export default function AdminStockAlertsPage() {
  const { demand } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={WORDS.adminTitle}>
      <p className="muted">{WORDS.adminIntro}</p>
      <AdminTable
        cardsOnPhone
        columns={COLUMNS}
        rows={demand.sizes}
        rowKey={(row) => `${row.productId}|${row.size}`}
        rowTestId={(row) => `demand-${row.productId}-${row.size}`}
        empty={WORDS.adminNone}
        cells={(row) => (
          <>
            <TableCell as="th" scope="row" className="name-cell">
              {row.name === null ? (
                <span className="mono">{row.productId}</span>
              ) : (
                <Link to={`/product/${encodeURIComponent(row.productId)}`}>{row.name}</Link>
              )}
            </TableCell>
            <TableCell data-label={COLUMNS[1]}>{row.size === CANDLE_SIZE ? 'one size' : row.size}</TableCell>
            <TableCell data-label={COLUMNS[2]}>
              <strong>{row.waiting}</strong>
            </TableCell>
            <TableCell data-label={COLUMNS[3]}>
              <span>
                {row.available} {state(row)}
              </span>
            </TableCell>
            <TableCell data-label={COLUMNS[4]}>{new Date(row.lastAskedAt).toLocaleDateString('en-US')}</TableCell>
            <TableCell data-label={COLUMNS[5]}>
              {row.name !== null && (
                <Link to={restockLink(row)}>{row.stockRef ? `Stock item ${row.stockRef}` : 'Product counts'}</Link>
              )}
            </TableCell>
          </>
        )}
      />
      {demand.sizes.length > 0 && (
        <p className="muted">
          {demand.waiting} {demand.waiting === 1 ? 'request' : 'requests'} waiting in all.
        </p>
      )}
    </AdminPage>
  );
}
