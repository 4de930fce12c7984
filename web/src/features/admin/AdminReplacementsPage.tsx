import { Button, Tabs, TextAreaField } from '@aws-amplify/ui-react';
import { useRef, useState } from 'react';
import {
  Link,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import type { ReplacementStatus } from '#shared/aftersale';
import { unescapeText } from '#shared/sanitize';
import { orderLabel } from '#shared/order-number';
import { decideReplacement, listReplacements } from './adminApi';
import { OrderLines, RequestBadge, when } from './OrderBits';
import { AMPLIFY_TABS, useCurrentInView } from './rowInView';
import { replacementDecisionBodySchema } from '#shared/schemas/orders';
import { drawnField } from '../../components/form/field';
import { useForm } from '../../components/form/useForm';
import { AdminPage, adminWrite, checkedWrite, submissionOf, useAdminWrites, type WriteResult } from './useAdmin';

type Status = ReplacementStatus;
type Request = Awaited<ReturnType<typeof listReplacements>>[number];
const STATUSES: readonly Status[] = ['open', 'approved', 'declined', 'cancelled'];

/** The requests of one state (`?status=`, open when none). */
const statusOf = (params: URLSearchParams): Status =>
  STATUSES.find((known) => known === params.get('status')) ?? 'open';

export async function loader({ request }: LoaderFunctionArgs) {
  const status = statusOf(new URL(request.url).searchParams);
  return { status, requests: await listReplacements(status) };
}

type Decision = { intent: 'approve'; id: string } | { intent: `decline-${string}`; id: string; message: string };

export async function action({ request }: ActionFunctionArgs) {
  const decision = (await submissionOf(request)) as Decision;
  if (decision.intent === 'approve')
    // Which request was refused (out of stock): its card offers a refund of those units instead (decision 0116).
    return {
      ...(await adminWrite(
        'approve',
        () => decideReplacement(decision.id, { decision: 'approve' }),
        (result) =>
          `Approved: replacement order ${orderLabel(result.replacementOrder ?? decision.id)} is waiting to ship.`,
      )),
      id: decision.id,
    };
  // The decline form's write (one per request: `decline-<id>`), checked first with the server's schema.
  const body = { decision: 'decline' as const, message: decision.message };
  return checkedWrite(
    decision.intent,
    replacementDecisionBodySchema,
    body,
    () => decideReplacement(decision.id, body),
    `Declined ${orderLabel(decision.id)}; the customer was mailed.`,
  );
}

/** Replacement requests (the 30-day promise): approve (a $0 replacement order) or decline with a message. */
export default function AdminReplacementsPage() {
  const { status: shownStatus, requests } = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const { write, notice, sent, result } = useAdminWrites();
  const refused = result?.intent === 'approve' && !result.ok ? (result as { id?: string }).id : undefined;
  const location = useLocation();
  // The tab asked for shows at once; its requests replace the list once read.
  const switching =
    navigation.state === 'loading' && !navigation.json && navigation.location.pathname === location.pathname;
  const status = switching ? statusOf(new URLSearchParams(navigation.location.search)) : shownStatus;
  const stale = status !== shownStatus;
  // A phone shows some of the tabs: the chosen one is scrolled into view.
  const tabs = useRef<HTMLDivElement>(null);
  useCurrentInView(tabs, AMPLIFY_TABS, status);
  return (
    <AdminPage title="Replacement requests" notice={notice}>
      <Tabs
        ref={tabs}
        value={status}
        onValueChange={(value) => setParams(value === 'open' ? {} : { status: value }, { replace: true })}
        items={[
          { value: 'open', label: 'Open', content: null },
          { value: 'approved', label: 'Approved', content: null },
          { value: 'declined', label: 'Declined', content: null },
          { value: 'cancelled', label: 'Cancelled', content: null },
        ]}
      />
      {stale && <p className="muted">Loading…</p>}
      {!stale && requests.length === 0 && <p className="card">No {status} requests.</p>}
      {!stale &&
        requests.map((request) => (
          <RequestCard
            key={request.id}
            request={request}
            busy={sent?.id === request.id}
            cannotApprove={refused === request.id}
            onApprove={() => void write('approve', { id: request.id })}
          />
        ))}
    </AdminPage>
  );
}

/** The order page with its refund form filled with a request's units and the reason "sold out". */
const refundLink = (request: Request) =>
  `/admin/orders/${encodeURIComponent(request.orderNumber)}?${new URLSearchParams({
    refund: request.lines.map((line) => `${line.id}|${line.size}:${line.quantity}`).join(','),
    reason: 'sold_out',
  }).toString()}`;

function RequestCard({
  request,
  busy,
  cannotApprove = false,
  onApprove,
}: {
  request: Request;
  busy: boolean;
  /** Approving it was refused (its size is gone): a refund of its units is offered instead. */
  cannotApprove?: boolean;
  onApprove: () => void;
}) {
  const [declining, setDeclining] = useState(false);
  return (
    <article className="card order" aria-label={`Replacement request ${orderLabel(request.id)}`}>
      <header>
        <strong className="mono">{orderLabel(request.id)}</strong>
        <span>{when(request.createdAt)}</span>
        <RequestBadge status={request.status} />
      </header>
      <p>
        {unescapeText(request.name)} · {request.email} · order{' '}
        <Link to={`/admin/orders/${request.orderNumber}`}>{orderLabel(request.orderNumber)}</Link>
      </p>
      <OrderLines lines={request.lines} />
      <blockquote className="reason">{unescapeText(request.reason)}</blockquote>
      {request.message && <p className="muted">Our answer: {unescapeText(request.message)}</p>}
      {request.replacementOrder && (
        <p>
          Replacement order: <Link to={`/admin/orders/${request.replacementOrder}`}>{request.replacementOrder}</Link>
          {request.status === 'cancelled' && ' (cancelled before it shipped; its items can be asked for again)'}
        </p>
      )}
      {request.status === 'open' && cannotApprove && (
        <p>
          The replacement cannot be made now. <Link to={refundLink(request)}>Refund these units instead</Link> (then
          decline the request with a word to the customer).
        </p>
      )}
      {request.status === 'open' && !declining && (
        <div className="actions">
          <Button variation="primary" size="small" isDisabled={busy} onClick={onApprove}>
            Approve
          </Button>
          <Button size="small" isDisabled={busy} onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </div>
      )}
      {request.status === 'open' && declining && (
        <DeclineForm id={request.id} busy={busy} back={() => setDeclining(false)} />
      )}
    </article>
  );
}

/**
 * Decline with a message to the customer: the forms' one (components/form useForm), its write named per request
 * (`decline-<id>`, so only this card waits while it goes), the message checked with the server's schema first and its
 * refusal said beside the field. The page reads the request again once declined (the form goes with the open card).
 */
function DeclineForm({ id, busy, back }: { id: string; busy: boolean; back: () => void }) {
  const form = useForm<{ message: string }, WriteResult>(`decline-${id}`, { message: '' }, undefined, {
    intent: `decline-${id}`,
    keepState: true,
  });
  const message = drawnField(form.fields);
  return (
    <form
      className="decline-form"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ id, message: form.values.message });
      }}
    >
      <TextAreaField
        label="Message to the customer"
        rows={3}
        maxLength={1000}
        isRequired
        value={form.values.message}
        onChange={form.set('message')}
        {...message('message')}
      />
      <div className="actions">
        <Button
          type="submit"
          variation="destructive"
          size="small"
          isDisabled={busy || form.sending || !form.values.message.trim()}
        >
          Decline request
        </Button>
        <Button size="small" variation="link" onClick={back}>
          Back
        </Button>
      </div>
    </form>
  );
}
