import { useEffect, useState } from 'react';
import { listSubmissions, resendSubmission, type Submission } from './adminApi';
import './admin.css';

const KIND = { contact: 'Contact', support: 'Support', quote: 'Quote' } as Record<string, string>;

/** Contact, support and quote messages, newest first, with whether the mail to the shop went out. */
export default function AdminInboxPage() {
  const [items, setItems] = useState<Submission[] | null>(null);
  const load = () => listSubmissions().then(setItems).catch((error) => console.error('admin read failed', error));
  useEffect(() => {
    void load();
  }, []);
  return (
    <section className="page admin">
      <h1>Inbox</h1>
      {items?.length === 0 && <p className="card">No messages yet.</p>}
      {items?.map((item) => (
        <article key={item.id} className="card order" aria-label={`${KIND[item.kind]} from ${item.name}`}>
          <header>
            <strong>
              {KIND[item.kind]} · {item.name} &lt;{item.email}&gt;
            </strong>
            <span>{new Date(item.createdAt).toLocaleString('en-US')}</span>
            <span className={item.mailStatus === 'failed' ? 'tag-failed' : 'muted'}>Mail: {item.mailStatus}</span>
          </header>
          {item.items && <p>Items: {item.items}</p>}
          <p className="inbox-item">{item.message}</p>
          {item.mailStatus === 'failed' && (
            <button type="button" className="small" onClick={() => void resendSubmission(item.id).then(load)}>
              Send the mail again
            </button>
          )}
        </article>
      ))}
    </section>
  );
}
