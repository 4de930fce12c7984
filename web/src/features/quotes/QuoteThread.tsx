import { useState, type FormEvent } from 'react';
import { useActionData, useNavigation } from 'react-router-dom';
import { THREAD_CLOSED_STATUSES } from '#shared/quotes';
import { useWrite } from '../../lib/useWrite';
import type { QuoteWrite } from './quoteData';
import type { QuoteView } from './quotesApi';

const WHO = { shop: 'Us', shopper: 'You' } as const;
const KIND = { message: '', change_request: ' (change asked for)', declined: ' (declined the offer)' } as const;

/**
 * The quote's messages, oldest first, each shown as text (never as markup), and the form to write one or to ask for
 * a change of the offer (the shop answers with a new offer); no form once the quote is done or declined.
 */
export function QuoteThread({
  quote,
  token,
  canAskChange,
}: {
  quote: QuoteView;
  token: string;
  canAskChange: boolean;
}) {
  const submit = useWrite();
  const navigation = useNavigation();
  const answer = useActionData<QuoteWrite>();
  const [text, setText] = useState('');
  const [change, setChange] = useState(false);
  const sending = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const [answered, setAnswered] = useState(answer);
  if (answered !== answer) {
    setAnswered(answer);
    if (answer?.ok && answer.intent !== 'decline') setText('');
  }
  function send(event: FormEvent) {
    event.preventDefault();
    const intent = change && canAskChange ? 'change' : 'message';
    void submit({ intent, token, text }, { method: 'post', encType: 'application/json' });
  }
  return (
    <section className="card stack" aria-labelledby="thread-title">
      <h2 id="thread-title">Messages</h2>
      {quote.messages.length === 0 ? (
        <p className="muted">No messages yet.</p>
      ) : (
        <ul className="thread">
          {quote.messages.map((message) => (
            <li key={message.id} className={message.from}>
              <span className="who">
                {WHO[message.from]}
                {KIND[message.kind]} · {new Date(message.at).toLocaleString('en-US')}
              </span>
              {message.text}
            </li>
          ))}
        </ul>
      )}
      {!THREAD_CLOSED_STATUSES.includes(quote.status) && (
        <form className="stack" onSubmit={send}>
          <label htmlFor="quote-message">Write to us</label>
          <textarea
            id="quote-message"
            required
            maxLength={3000}
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {canAskChange && (
            <label className="check">
              <input type="checkbox" checked={change} onChange={(event) => setChange(event.target.checked)} /> This is a
              change I would like to the offer
            </label>
          )}
          <button type="submit" disabled={sending}>
            {sending ? 'Sending…' : change && canAskChange ? 'Ask for a change' : 'Send message'}
          </button>
        </form>
      )}
      <p role="status" aria-live="polite" className={answer && !answer.ok ? 'error' : 'success'}>
        {!sending && answer ? answer.message : ''}
      </p>
    </section>
  );
}
