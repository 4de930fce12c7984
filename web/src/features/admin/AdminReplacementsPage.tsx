import { Button, Tabs, TextAreaField } from '@aws-amplify/ui-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReplacementStatus } from '../../../../shared/aftersale';
import { unescapeText } from '../../../../shared/sanitize';
import { decideReplacement, listReplacements } from './adminApi';
import { OrderLines, RequestBadge, when } from './OrderBits';
import { AdminPage, useAdminData } from './useAdmin';

type Status = ReplacementStatus;
type Request = Awaited<ReturnType<typeof listReplacements>>[number];

/** Replacement requests (the 30-day promise): approve (a $0 replacement order) or decline with a message. */
export default function AdminReplacementsPage() {
  const [status, setStatus] = useState<Status>('open');
  const { data, error, notice, act } = useAdminData(useCallback(() => listReplacements(status), [status]));
  return (
    <AdminPage title="Replacement requests" notice={notice} error={error}>
      <Tabs
        value={status}
        onValueChange={(value) => setStatus(value as Status)}
        items={[
          { value: 'open', label: 'Open', content: null },
          { value: 'approved', label: 'Approved', content: null },
          { value: 'declined', label: 'Declined', content: null },
          { value: 'cancelled', label: 'Cancelled', content: null },
        ]}
      />
      {data === null && !error && <p className="muted">Loading…</p>}
      {data?.length === 0 && <p className="card">No {status} requests.</p>}
      {data?.map((request) => (
        <RequestCard
          key={request.id}
          request={request}
          onApprove={() =>
            act(
              (result) => `Approved: replacement order ${(result as { replacementOrder: string }).replacementOrder} is waiting to ship.`,
              () => decideReplacement(request.id, { decision: 'approve' }),
            )
          }
          onDecline={(message) => act(`Declined ${request.id}; the customer was mailed.`, () => decideReplacement(request.id, { decision: 'decline', message }))}
        />
      ))}
    </AdminPage>
  );
}

function RequestCard({ request, onApprove, onDecline }: { request: Request; onApprove: () => Promise<boolean>; onDecline: (message: string) => Promise<boolean> }) {
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    if (!(await action())) setBusy(false);
  };
  return (
    <article className="card order" aria-label={`Replacement request ${request.id}`}>
      <header>
        <strong className="mono">{request.id}</strong>
        <span>{when(request.createdAt)}</span>
        <RequestBadge status={request.status} />
      </header>
      <p>
        {unescapeText(request.name)} · {request.email} · order <Link to={`/admin/orders/${request.orderNumber}`}>{request.orderNumber}</Link>
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
      {request.status === 'open' && !declining && (
        <div className="actions">
          <Button variation="primary" size="small" isDisabled={busy} onClick={() => void run(onApprove)}>
            Approve
          </Button>
          <Button size="small" isDisabled={busy} onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </div>
      )}
      {request.status === 'open' && declining && (
        <form
          className="decline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => onDecline(message));
          }}
        >
          <TextAreaField label="Message to the customer" name="message" rows={3} maxLength={1000} isRequired value={message} onChange={(e) => setMessage(e.target.value)} />
          <div className="actions">
            <Button type="submit" variation="destructive" size="small" isDisabled={busy || !message.trim()}>
              Decline request
            </Button>
            <Button size="small" variation="link" onClick={() => setDeclining(false)}>
              Back
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}
