import { Badge, Button } from '@aws-amplify/ui-react';
import { listSubmissions, resendSubmission } from './adminApi';
import { AdminPage, useAdminData } from './useAdmin';

const KIND = { contact: 'Contact', support: 'Support', quote: 'Quote' } as Record<string, string>;

/** Contact, support and quote messages, newest first, with whether the mail to the shop went out. */
export default function AdminInboxPage() {
  const { data: items, error, notice, act } = useAdminData(listSubmissions);
  return (
    <AdminPage title="Inbox" notice={notice} error={error} loading={items === null}>
      {items?.length === 0 && <p className="card">No messages yet.</p>}
      {items?.map((item) => (
        <article key={item.id} className="card order" aria-label={`${KIND[item.kind]} from ${item.name}`}>
          <header>
            <strong>
              {KIND[item.kind]} · {item.name} &lt;{item.email}&gt;
            </strong>
            <span>{new Date(item.createdAt).toLocaleString('en-US')}</span>
            <Badge variation={item.mailStatus === 'failed' ? 'error' : item.mailStatus === 'sent' ? 'success' : 'info'}>Mail: {item.mailStatus}</Badge>
          </header>
          {item.items && <p>Items: {item.items}</p>}
          <p className="inbox-item">{item.message}</p>
          {item.mailStatus === 'failed' && (
            <Button size="small" onClick={() => void act('Sent the mail again.', () => resendSubmission(item.id))}>
              Send the mail again
            </Button>
          )}
        </article>
      ))}
    </AdminPage>
  );
}
