import { Button, SearchField, Tabs, TextField } from '@aws-amplify/ui-react';
import { Suspense, useRef, useState, type FormEvent } from 'react';
import { Await, useLoaderData, useLocation, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { AFTERSALE_MESSAGES } from '#shared/messages';
import { FormError } from '../../components/FormError';
import { downloadOrdersCsv, readOrdersPage, type AdminOrderPage } from './adminApi';
import { ArchiveOrders, Reading, ReadProblem } from './ArchiveOrders';
import { filtersOf, queryOf, readingProgress, VIEWS } from './archiveQuery';
import { AMPLIFY_TABS, useCurrentInView } from './rowInView';
import { AdminPage, cursorOf, problemText } from './useAdmin';

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
 * The orders: all of them, paid ones shipped or not (Sales, what the dashboard counts), shipped, to ship, cancelled.
 * Search by order number, email or name: words look in every order (All orders), and a tab narrows them, saying when it
 * holds none of the matches (issue 50 item 3). A date range of the admin's own days, pages, and the CSV of the range.
 * Filters live in the address (?status&q&from&to, dates as the admin's YYYY-MM-DD), so a dashboard link opens a
 * filtered list. A
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
        // A tab narrows a search (its words stay); Shipped without words is the bare address.
        onValueChange={(value) => apply({ status: value === 'completed' && !q ? '' : value })}
        items={VIEWS.map(({ value, label }) => ({ value, label, content: null }))}
      />
      {status === 'sales' && (
        <p className="muted">
          Paid orders, shipped or not yet: what the dashboard counts as sales. Cancelled orders, $0 replacements and
          gift cards bought are left out (a gift card is a sale when it is spent).
        </p>
      )}
      {status === 'pending' && <p className="muted">Orders with something left to send, as To ship lists them.</p>}
      <div className="archive-filters">
        <SearchField
          label="Search orders"
          placeholder="#1042, Stripe payment id (pi_...), email or name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          // Words look in every order (the All orders tab; a tab then narrows them); no words keep the tab.
          onSubmit={(value) => apply(value.trim() ? { q: value.trim(), status: '' } : { q: '' })}
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
      <p className="muted">{AFTERSALE_MESSAGES.ownDays(Intl.DateTimeFormat().resolvedOptions().timeZone)}</p>
      <FormError message={csvProblem} />
      {/* A new address, a new boundary: its fallback shows while that page is read (not the page before it). */}
      <Suspense key={location.search} fallback={<Reading progress={progress} />}>
        <Await resolve={page} errorElement={<ReadProblem />}>
          {(answer: AdminOrderPage) => (
            <ArchiveOrders
              answer={answer}
              empty={
                q && status !== 'all' ? (
                  <>
                    {AFTERSALE_MESSAGES.noOrdersMatchInTab(VIEWS.find((view) => view.value === status)!.label)}{' '}
                    <Button size="small" variation="link" onClick={() => apply({ status: 'all' })}>
                      {AFTERSALE_MESSAGES.searchEveryOrder}
                    </Button>
                  </>
                ) : (
                  AFTERSALE_MESSAGES.noOrdersMatch
                )
              }
            />
          )}
        </Await>
      </Suspense>
    </AdminPage>
  );
}
