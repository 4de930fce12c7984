import { Table, TableBody, TableCell, TableRow } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { orderLabel } from '#shared/order-number';
import { unescapeText } from '#shared/sanitize';
import type { getOrder } from './adminApi';
import { OrderLines, RequestBadge, when } from './OrderBits';
import { HeadRow } from './useAdmin';

type OrderPage = Awaited<ReturnType<typeof getOrder>>;
const REQUEST_COLUMNS = ['Request', 'Items', 'Reason', 'State'] as const;

/** The order's replacement requests (none: nothing shown), each linked to where it is handled or what it became. */
export function ReplacementRequests({ replacements }: { replacements: OrderPage['replacements'] }) {
  if (replacements.length === 0) return null;
  return (
    <section className="card" aria-labelledby="replacements-heading">
      <h2 id="replacements-heading">Replacement requests</h2>
      <div className="table-wrap cards-on-phone">
        <Table size="small">
          <HeadRow cells={REQUEST_COLUMNS} />
          <TableBody>
            {replacements.map((request) => (
              <TableRow key={request.id}>
                <TableCell data-label={REQUEST_COLUMNS[0]}>
                  {request.status === 'approved' || request.status === 'cancelled' ? (
                    <Link to={`/admin/orders/${request.id}`}>{orderLabel(request.id)}</Link>
                  ) : request.status === 'open' ? (
                    <Link to="/admin/replacements">{orderLabel(request.id)}</Link>
                  ) : (
                    orderLabel(request.id)
                  )}
                </TableCell>
                <TableCell data-label={REQUEST_COLUMNS[1]}>
                  <OrderLines lines={request.lines} />
                </TableCell>
                <TableCell data-label={REQUEST_COLUMNS[2]}>{unescapeText(request.reason)}</TableCell>
                <TableCell data-label={REQUEST_COLUMNS[3]}>
                  <RequestBadge status={request.status} />
                  {request.message && <p className="muted">{unescapeText(request.message)}</p>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

/** What happened to the order, in order. */
export function Timeline({ timeline }: { timeline: OrderPage['timeline'] }) {
  return (
    <section className="card" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      <ol className="timeline">
        {timeline.map((entry, index) => (
          <li key={index}>
            <time dateTime={entry.at}>{when(entry.at)}</time> {entry.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
