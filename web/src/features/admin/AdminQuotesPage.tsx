import { Tabs, TableCell } from '@aws-amplify/ui-react';
import { useRef } from 'react';
import {
  Link,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { formatPrice } from '#shared/money';
import { QUOTE_SERVICE_LABEL, QUOTE_STATUS_LABEL, QUOTE_STATUSES, quoteLabel, type QuoteStatus } from '#shared/quotes';
import { AdminTable } from './AdminTable';
import { listQuotes } from './quotesAdmin';
import { AMPLIFY_TABS, useCurrentInView } from './rowInView';
import { AdminPage } from './useAdmin';

/** The quotes of one status (`?status=`, new when none). */
const statusOf = (params: URLSearchParams): QuoteStatus =>
  QUOTE_STATUSES.find((known) => known === params.get('status')) ?? 'new';

export async function loader({ request }: LoaderFunctionArgs) {
  const status = statusOf(new URL(request.url).searchParams);
  return { status, quotes: (await listQuotes(status)).quotes };
}

const COLUMNS = ['Quote', 'From', 'Service', 'Qty', 'Needed by', 'Files', 'Total', 'Asked'] as const;

/**
 * Quotes (issue 37): requests by status (new, offer sent, accepted and paid, in production, shipped, done, declined,
 * expired); each opens its page (artwork, thread, offers).
 */
export default function AdminQuotesPage() {
  const { status: shownStatus, quotes } = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const switching = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const status = switching ? statusOf(new URLSearchParams(navigation.location.search)) : shownStatus;
  const tabs = useRef<HTMLDivElement>(null);
  useCurrentInView(tabs, AMPLIFY_TABS, status);
  return (
    <AdminPage title="Quotes">
      <Tabs
        ref={tabs}
        value={status}
        onValueChange={(value) => setParams(value === 'new' ? {} : { status: value }, { replace: true })}
        items={QUOTE_STATUSES.map((value) => ({ value, label: QUOTE_STATUS_LABEL[value], content: null }))}
      />
      {status !== shownStatus ? (
        <p className="muted">Loading…</p>
      ) : (
        <AdminTable
          cardsOnPhone
          columns={COLUMNS}
          rows={quotes}
          rowKey={(row) => row.quoteId}
          rowTestId={(row) => `quote-${row.number}`}
          empty={`No quotes ${QUOTE_STATUS_LABEL[status].toLowerCase()}.`}
          cells={(row) => (
            <>
              <TableCell as="th" scope="row" className="name-cell">
                <Link to={`/admin/quotes/${row.quoteId}`}>{quoteLabel(row.number)}</Link>
              </TableCell>
              <TableCell data-label={COLUMNS[1]}>
                {row.name}
                <br />
                <span className="muted">{row.email}</span>
              </TableCell>
              <TableCell data-label={COLUMNS[2]}>{QUOTE_SERVICE_LABEL[row.service]}</TableCell>
              <TableCell data-label={COLUMNS[3]}>{row.quantity}</TableCell>
              <TableCell data-label={COLUMNS[4]}>{row.neededBy ?? '—'}</TableCell>
              <TableCell data-label={COLUMNS[5]}>{row.files}</TableCell>
              <TableCell data-label={COLUMNS[6]}>{row.total === null ? '—' : formatPrice(row.total)}</TableCell>
              <TableCell data-label={COLUMNS[7]}>{new Date(row.createdAt).toLocaleDateString('en-US')}</TableCell>
            </>
          )}
        />
      )}
    </AdminPage>
  );
}
