import { TRACKING_WORDS } from '#shared/tracking';
import { Badge, Button, Table, TableBody, TableCell, TableRow } from '@aws-amplify/ui-react';
import { type FormEvent } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs } from 'react-router-dom';
import { CONFIRMATION_MAIL_MESSAGES, REMINDER_MESSAGES, STOCK_ALERT_MESSAGES } from '#shared/messages';
import { delayText } from '#shared/reminders';
import { reminderSettingsSchema } from '#shared/schemas/reminders';
import { formatPrice } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import { orderLabel } from '#shared/order-number';
import { getDashboard, saveReminderSettings } from './adminApi';
import { GiftCardsTile } from './GiftCardBits';
import { localDate, midnightDaysAgo } from './localDays';
import { useForm } from '../../components/form/useForm';
import { AdminPage, checkedWrite, HeadRow, submissionOf, useAdminWrites, type WriteResult } from './useAdmin';

/**
 * The admin's own days (decision 0054): today from their midnight, the last 30 days from their midnight 29 days
 * before (today is the 30th). The figures are counted from these instants and the links open the Sales view from the
 * same local dates, so a link lists exactly the orders its figure counts.
 */
function days() {
  const today = midnightDaysAgo(0);
  const since = midnightDaysAgo(29);
  return { today, since, todayDate: localDate(today), sinceDate: localDate(since) };
}
export async function loader() {
  const shown = days();
  return { ...(await getDashboard(shown.today.toISOString(), shown.since.toISOString())), days: shown };
}

/**
 * The dashboard's one write: the reminder delay (whole minutes, 0 off), as typed read into a number (empty is none)
 * and checked with the server's schema before it is sent (docs/decisions/0158).
 */
export async function action({ request }: ActionFunctionArgs) {
  const typed = (await submissionOf(request)).reminderDelayMinutes;
  const minutes = typeof typed === 'string' && typed.trim() !== '' ? Number(typed) : undefined;
  const body = { reminderDelayMinutes: minutes };
  return checkedWrite(
    'reminders',
    reminderSettingsSchema,
    body,
    () => saveReminderSettings(minutes ?? 0),
    (saved) => `${REMINDER_MESSAGES.saved} Cart reminders: ${delayText(saved.reminderDelayMinutes)}.`,
  );
}

/**
 * Reminders sent and orders recovered with their revenue (issue 27 item 4), and the delay the owner sets (0 turns them
 * off).
 */
function RemindersTile({ reminders }: { reminders: ReturnType<typeof useLoaderData<typeof loader>>['reminders'] }) {
  const form = useForm<{ reminderDelayMinutes: string }, WriteResult>(
    'reminders',
    { reminderDelayMinutes: String(reminders.delayMinutes) },
    (sent) => sent,
    { intent: 'reminders', keepState: true },
  );
  const save = (event: FormEvent) => {
    event.preventDefault();
    form.send({ ...form.values });
  };
  const error = form.fields.reminderDelayMinutes;
  return (
    <li className="card">
      <h2>{REMINDER_MESSAGES.tileHeading}</h2>
      <p className="figure">{reminders.last30Days.recovered}</p>
      <p className="muted">
        {reminders.last30Days.recovered === 1 ? 'order' : 'orders'} recovered in 30 days ·{' '}
        {formatPrice(reminders.last30Days.revenue)} · {reminders.last30Days.sent} sent
      </p>
      <p className="muted">
        Today: {reminders.today.sent} sent · {reminders.today.recovered} recovered ·{' '}
        {formatPrice(reminders.today.revenue)}
      </p>
      <form className="tile-form" onSubmit={save} aria-label={REMINDER_MESSAGES.tileHeading}>
        <label>
          {REMINDER_MESSAGES.delayLabel}
          <input
            name="reminderDelayMinutes"
            inputMode="numeric"
            value={form.values.reminderDelayMinutes}
            onChange={form.set('reminderDelayMinutes')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'reminder-delay-error' : undefined}
          />
        </label>
        {error && (
          <span id="reminder-delay-error" className="error">
            {error}
          </span>
        )}
        <Button type="submit" size="small" isLoading={form.sending}>
          Save
        </Button>
        <span className="muted">Now: {delayText(reminders.delayMinutes)}</span>
      </form>
    </li>
  );
}

/**
 * The owner's dashboard: sales, orders to ship, quotes, gift cards, open replacement requests, confirmation mails not
 * sent, cart reminders, back-in-stock requests, low stock; each links to its page.
 */
export default function AdminPortal() {
  const data = useLoaderData<typeof loader>();
  const { notice } = useAdminWrites();
  const sinceDate = data.days.sinceDate;
  return (
    <AdminPage title="Admin" notice={notice}>
      <>
        <ul className="dashboard-tiles">
          <li className="card">
            <h2>Sales today</h2>
            <p className="figure">{formatPrice(data.today.revenue)}</p>
            <p className="muted">
              {data.today.orders} {data.today.orders === 1 ? 'order' : 'orders'}
              {data.today.discounts > 0 && ` · ${formatPrice(data.today.discounts)} in discounts`}
            </p>
            <Link to={`/admin/orders/archive?status=sales&from=${data.days.todayDate}`}>Today's orders</Link>
          </li>
          <li className="card">
            <h2>Last 30 days</h2>
            <p className="figure">{formatPrice(data.last30Days.revenue)}</p>
            <p className="muted">
              {data.last30Days.orders} {data.last30Days.orders === 1 ? 'order' : 'orders'} ·{' '}
              {formatPrice(data.last30Days.discounts)} in discounts
            </p>
            <p className="tile-links">
              <Link to={`/admin/orders/archive?status=sales&from=${sinceDate}`}>
                Orders since {data.days.since.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
              </Link>
              <Link to="/admin/promo-codes">Promo codes</Link>
            </p>
          </li>
          {data.refunds && (
            <li className="card" aria-label="Refunds">
              <h2>Refunds</h2>
              <p className="figure">{formatPrice(data.refunds.today.cents)}</p>
              <p className="muted">
                Today: {data.refunds.today.count} {data.refunds.today.count === 1 ? 'refund' : 'refunds'} · 30 days:{' '}
                {data.refunds.last30Days.count} ({formatPrice(data.refunds.last30Days.cents)})
              </p>
            </li>
          )}
          <li className="card">
            <h2>Waiting to ship</h2>
            <p className="figure">{data.waitingToShip}</p>
            <p className="muted">
              {data.oldestWaiting
                ? `Oldest from ${new Date(data.oldestWaiting).toLocaleDateString('en-US')}`
                : 'Nothing to pack'}
            </p>
            <Link to="/admin/orders/pending">Orders to ship</Link>
          </li>
          {data.lateParcels && (
            <li className="card" aria-label={TRACKING_WORDS.lateHeading}>
              <h2>{TRACKING_WORDS.lateHeading}</h2>
              <p className="figure">{data.lateParcels.count}</p>
              <p className="muted">{TRACKING_WORDS.lateHint}</p>
              {data.lateParcels.orders.length > 0 && (
                <ul className="tile-orders">
                  {data.lateParcels.orders.map((order) => (
                    <li key={order.orderNumber}>
                      <Link to={`/admin/orders/${encodeURIComponent(order.orderNumber)}`}>
                        {orderLabel(order.orderNumber)}
                      </Link>{' '}
                      <span className="muted">
                        expected {new Date(order.expectedBy).toLocaleDateString('en-US', { timeZone: 'UTC' })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {data.lateParcels.count > data.lateParcels.orders.length && (
                <p className="muted">
                  {TRACKING_WORDS.lateMore(data.lateParcels.count - data.lateParcels.orders.length)}
                </p>
              )}
            </li>
          )}
          <li className="card">
            <h2>Quotes</h2>
            <p className="figure">{data.quotes.waiting}</p>
            <p className="muted">
              waiting for a price · {data.quotes.offersOut} {data.quotes.offersOut === 1 ? 'offer' : 'offers'} out ·{' '}
              {data.quotes.wonThisMonth} won this month ({formatPrice(data.quotes.wonValue)})
            </p>
            <Link to="/admin/quotes">Quotes</Link>
          </li>
          <GiftCardsTile figures={data.giftCards} />
          <li className="card">
            <h2>Replacement requests</h2>
            <p className="figure">{data.openReplacements}</p>
            <p className="muted">open</p>
            <Link to="/admin/replacements">Review requests</Link>
          </li>
          <li className="card">
            <h2>{CONFIRMATION_MAIL_MESSAGES.tileHeading}</h2>
            <p className="figure">{data.unsentConfirmations.count}</p>
            {data.unsentConfirmations.count === 0 ? (
              <p className="muted">
                {data.unsentConfirmations.retrying
                  ? CONFIRMATION_MAIL_MESSAGES.tileNoneWaiting
                  : CONFIRMATION_MAIL_MESSAGES.tileNone}
              </p>
            ) : (
              <>
                <ul className="tile-orders">
                  {data.unsentConfirmations.orders.map((order) => (
                    <li key={order.orderNumber}>
                      <Link to={`/admin/orders/${encodeURIComponent(order.orderNumber)}`}>
                        {orderLabel(order.orderNumber)}
                      </Link>{' '}
                      <span className="muted">{CONFIRMATION_MAIL_MESSAGES.tileState[order.state]}</span>
                    </li>
                  ))}
                </ul>
                {data.unsentConfirmations.count > data.unsentConfirmations.orders.length && (
                  <p className="muted">
                    {CONFIRMATION_MAIL_MESSAGES.tileMore(
                      data.unsentConfirmations.count - data.unsentConfirmations.orders.length,
                    )}
                  </p>
                )}
              </>
            )}
            {data.unsentConfirmations.retrying > 0 && (
              <p className="muted">{CONFIRMATION_MAIL_MESSAGES.tileRetrying(data.unsentConfirmations.retrying)}</p>
            )}
          </li>
          <RemindersTile reminders={data.reminders} />
          <li className="card">
            <h2>{STOCK_ALERT_MESSAGES.tileHeading}</h2>
            <p className="figure">{data.stockAlerts.waiting}</p>
            <p className="muted">{STOCK_ALERT_MESSAGES.tileSizes(data.stockAlerts.sizes)}</p>
            <Link to="/admin/stock-alerts">{STOCK_ALERT_MESSAGES.tileLink}</Link>
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
                      <TableCell className="name-cell">
                        {/* The product or item alone, whichever page of its table it would be on. */}
                        <Link
                          to={`${row.kind === 'product' ? '/admin/products' : '/admin/items'}?id=${encodeURIComponent(row.id)}`}
                        >
                          {unescapeText(row.name)}
                        </Link>
                      </TableCell>
                      <TableCell>{row.size === 'CANDLE' ? 'one size' : row.label}</TableCell>
                      <TableCell>
                        <Badge variation={row.count === 0 ? 'error' : 'warning'}>
                          {row.count === 0 ? 'Sold out' : row.count}
                        </Badge>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </section>
      </>
    </AdminPage>
  );
}
