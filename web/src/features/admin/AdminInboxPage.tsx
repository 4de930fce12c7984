import { Badge, Button } from '@aws-amplify/ui-react';
import { useLoaderData, type ActionFunctionArgs } from 'react-router-dom';
import { listSubmissions, resendSubmission } from './adminApi';
import { AdminPage, adminWrite, submissionOf, useAdminWrites } from './useAdmin';

const KIND = { contact: 'Contact', support: 'Support', quote: 'Quote' } as Record<string, string>;

export const loader = async () => ({ items: await listSubmissions() });

export async function action({ request }: ActionFunctionArgs) {
  const { id } = (await submissionOf(request)) as { intent: 'resend'; id: string };
  return adminWrite('resend', () => resendSubmission(id), 'Sent the mail again.');
}

/** Contact, support and quote messages, newest first, with whether the mail to the shop went out. */
export default function AdminInboxPage() {
  const { items } = useLoaderData<typeof loader>();
  const { write, notice, sent } = useAdminWrites();
  return (
    <AdminPage title="Inbox" notice={notice}>
      {items.length === 0 && <p className="card">No messages yet.</p>}
      {items.map((item) => (
        <article key={item.id} className="card order" aria-label={`${KIND[item.kind]} from ${item.name}`}>
          <header>
            <strong>
              {KIND[item.kind]} · {item.name} &lt;{item.email}&gt;
            </strong>
            <span>{new Date(item.createdAt).toLocaleString('en-US')}</span>
            <Badge variation={item.mailStatus === 'failed' ? 'error' : item.mailStatus === 'sent' ? 'success' : 'info'}>
              Mail: {item.mailStatus}
            </Badge>
          </header>
          {item.items && <p>Items: {item.items}</p>}
          <p className="inbox-item">{item.message}</p>
          {item.mailStatus === 'failed' && (
            <Button
              size="small"
              isLoading={sent?.id === item.id}
              loadingText="Sending…"
              onClick={() => void write('resend', { id: item.id })}
            >
              Send the mail again
            </Button>
          )}
        </article>
      ))}
    </AdminPage>
  );
}
