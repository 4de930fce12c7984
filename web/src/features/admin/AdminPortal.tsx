import { Badge, Table, TableBody, TableCell, TableRow } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '../../../../shared/money';
import { unescapeText } from '../../../../shared/sanitize';
import { getDashboard } from './adminApi';
import { AdminPage, HeadRow, useAdminData } from './useAdmin';

const startOfToday = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
};
const day = (date: Date) => date.toISOString().slice(0, 10);
const dashboardFromToday = () => getDashboard(startOfToday());

/** The owner's dashboard: sales, orders to ship, open replacement requests, low stock; each links to its page. */
export default function AdminPortal() {
  const { data, error } = useAdminData(dashboardFromToday);
  const [since] = useState(() => day(new Date(Date.now() - 30 * 24 * 3600 * 1000)));
  return (
    <AdminPage title="Admin" error={error} loading={data === null}>
      {data && (
        <>
          <ul className="dashboard-tiles">
            <li className="card">
              <h2>Sales today</h2>
              <p className="figure">{formatPrice(data.today.revenue)}</p>
              <p className="muted">
                {data.today.orders} {data.today.orders === 1 ? 'order' : 'orders'}
                {data.today.discounts > 0 && ` · ${formatPrice(data.today.discounts)} in discounts`}
              </p>
              <Link to={`/admin/orders/archive?from=${day(new Date())}`}>Today's orders</Link>
            </li>
            <li className="card">
              <h2>Last 30 days</h2>
              <p className="figure">{formatPrice(data.last30Days.revenue)}</p>
              <p className="muted">
                {data.last30Days.orders} {data.last30Days.orders === 1 ? 'order' : 'orders'} · {formatPrice(data.last30Days.discounts)} in discounts
              </p>
              <p className="tile-links">
                <Link to={`/admin/orders/archive?from=${since}`}>Orders since {new Date(`${since}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}</Link>
                <Link to="/admin/promo-codes">Promo codes</Link>
              </p>
            </li>
            <li className="card">
              <h2>Waiting to ship</h2>
              <p className="figure">{data.waitingToShip}</p>
              <p className="muted">{data.oldestWaiting ? `Oldest from ${new Date(data.oldestWaiting).toLocaleDateString('en-US')}` : 'Nothing to pack'}</p>
              <Link to="/admin/orders/pending">Orders to ship</Link>
            </li>
            <li className="card">
              <h2>Replacement requests</h2>
              <p className="figure">{data.openReplacements}</p>
              <p className="muted">open</p>
              <Link to="/admin/replacements">Review requests</Link>
            </li>
          </ul>
          <section className="card" aria-labelledby="low-stock-heading">
            <h2 id="low-stock-heading">
              Low stock <span className="muted">(at or under {data.threshold})</span>
            </h2>
            {data.lowStock.length === 0 ? (
              <p className="muted">Every size has more than {data.threshold} in stock.</p>
            ) : (
              <div className="table-wrap">
                <Table size="small" variation="striped">
                  <HeadRow cells={['Product or stock item', 'Size', 'In stock']} />
                  <TableBody>
                    {data.lowStock.map((row) => (
                      <TableRow key={`${row.kind}|${row.id}|${row.size}`}>
                        <TableCell>
                          <Link to={row.kind === 'product' ? `/admin/products#row-${row.id}` : `/admin/items#item-${row.id}`}>{unescapeText(row.name)}</Link>
                        </TableCell>
                        <TableCell>{row.size === 'CANDLE' ? 'one size' : row.size}</TableCell>
                        <TableCell>
                          <Badge variation={row.count === 0 ? 'error' : 'warning'}>{row.count === 0 ? 'Sold out' : row.count}</Badge>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
          </section>
        </>
      )}
    </AdminPage>
  );
}
