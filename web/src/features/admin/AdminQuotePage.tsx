import { Badge, Button, TextAreaField } from '@aws-amplify/ui-react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { formatPrice } from '#shared/money';
import { adminMessageBodySchema, offerBodySchema } from '#shared/schemas/quotes';
import { orderLabel } from '#shared/order-number';
import { fileSizeText, OWNER_MOVES, QUOTE_SERVICE_LABEL, QUOTE_STATUS_LABEL, quoteLabel } from '#shared/quotes';
import { ApiError } from '../../lib/api';
import { OfferForm, offerOf, type OfferDraft } from './OfferForm';
import { artworkLink, catalogueProducts, getAdminQuote, moveQuote, sendOffer, sendShopMessage } from './quotesAdmin';
import { drawnField } from '../../components/form/field';
import { useForm } from '../../components/form/useForm';
import {
  AdminPage,
  adminWrite,
  checkedWrite,
  refused,
  submissionOf,
  useAdminWrites,
  type WriteResult,
} from './useAdmin';
import './quotes.css';

/** The quote, and the catalogue an offer's lines may be chosen from. */
export const loader = async ({ params }: LoaderFunctionArgs) => {
  const [answer, catalogue] = await Promise.all([getAdminQuote(params.quoteId ?? ''), catalogueProducts()]);
  return { ...answer, catalogue };
};

export async function action({ params, request }: ActionFunctionArgs) {
  const quoteId = params.quoteId ?? '';
  const sent = await submissionOf(request);
  if (sent.intent === 'offer') {
    const offer = offerOf(sent.draft as OfferDraft);
    if (!offer.ok) return refused('offer', offer.message, offer.fields);
    return checkedWrite(
      'offer',
      offerBodySchema,
      offer.body,
      () => sendOffer(quoteId, offer.body),
      'Offer sent: the customer was mailed.',
      { reloadOnConflict: true },
    );
  }
  if (sent.intent === 'message') {
    const body = { text: sent.text };
    return checkedWrite(
      'message',
      adminMessageBodySchema,
      body,
      () => sendShopMessage(quoteId, String(body.text)),
      'Message sent.',
    );
  }
  return adminWrite(
    'move',
    () => moveQuote(quoteId, String(sent.status)),
    (result) => `Moved to ${QUOTE_STATUS_LABEL[result.quote.status].toLowerCase()}.`,
    { reloadOnConflict: true },
  );
}

/** A file's download: a one-minute attachment link from the shop (the artwork is never shown in the page). */
async function download(quoteId: string, fileId: string) {
  try {
    window.location.assign((await artworkLink(quoteId, fileId)).url);
  } catch (error) {
    window.alert(error instanceof ApiError ? error.message : 'The file could not be fetched.');
  }
}

/** One quote (issue 37): the request, its artwork, the order, moving it on, every offer, a new offer, the thread. */
export default function AdminQuotePage() {
  const { quote, offers, linkExpiresAt, catalogue } = useLoaderData<typeof loader>();
  const { write, pending, notice } = useAdminWrites();
  const moves = OWNER_MOVES[quote.status] ?? [];
  const canOffer = ['new', 'offer_sent', 'expired', 'declined'].includes(quote.status);
  return (
    <AdminPage title={`Quote ${quoteLabel(quote.number)}`} notice={notice}>
      <p>
        <Badge>{QUOTE_STATUS_LABEL[quote.status]}</Badge> {quote.name} ·{' '}
        <a href={`mailto:${quote.email}`}>{quote.email}</a> · asked{' '}
        {new Date(quote.createdAt).toLocaleDateString('en-US')} · link valid until {linkExpiresAt.slice(0, 10)}
      </p>
      {quote.order && (
        <p className="card">
          Order <Link to={`/admin/orders/${quote.order.orderNumber}`}>{orderLabel(quote.order.orderNumber)}</Link>:{' '}
          {formatPrice(quote.order.amounts.total)}, {quote.order.status === 'completed' ? 'completed' : 'paid'}
        </p>
      )}
      {moves.length > 0 && (
        <div className="actions">
          {moves.map((status) => (
            <Button
              key={status}
              size="small"
              isDisabled={pending !== null}
              onClick={() => void write('move', { status })}
            >
              {status === 'declined' ? 'Decline the request' : `Move to ${QUOTE_STATUS_LABEL[status].toLowerCase()}`}
            </Button>
          ))}
        </div>
      )}
      <section className="card stack" aria-label="Request">
        <h2>Request</h2>
        <dl className="quote-facts">
          <dt>Service</dt>
          <dd>{QUOTE_SERVICE_LABEL[quote.service]}</dd>
          <dt>Quantity</dt>
          <dd>{quote.quantity}</dd>
          <dt>Needed by</dt>
          <dd>{quote.neededBy ?? '—'}</dd>
          <dt>Items</dt>
          <dd className="pre">{quote.items}</dd>
          <dt>Message</dt>
          <dd className="pre">{quote.message}</dd>
        </dl>
        <h3>Artwork</h3>
        {quote.files.length === 0 && <p className="muted">No files.</p>}
        <ul className="artwork-list">
          {quote.files.map((file) => (
            <li key={file.id} className="artwork-item">
              {file.preview ? (
                <img src={file.preview} alt="" width={48} height={48} />
              ) : (
                <span className="file-icon" aria-hidden="true">
                  {file.format.toUpperCase()}
                </span>
              )}
              <span className="artwork-name">
                {file.name} <span className="muted">{fileSizeText(file.size)}</span>
              </span>
              <Button size="small" onClick={() => void download(quote.quoteId, file.id)}>
                Download
              </Button>
            </li>
          ))}
        </ul>
      </section>
      {offers.length > 0 && (
        <section className="card stack" aria-label="Offers">
          <h2>Offers</h2>
          {offers.map((offer) => (
            <p key={offer.no}>
              <strong>Offer {offer.no}</strong> · {offer.state} · {formatPrice(offer.amounts.total)} before tax · valid
              until {offer.validUntil} ·{' '}
              {offer.lines.map((line) => `${line.quantity} x ${line.description}`).join(', ')}
            </p>
          ))}
        </section>
      )}
      {canOffer && <OfferForm service={quote.service} quantity={quote.quantity} catalogue={catalogue} />}
      <section className="card stack" aria-label="Messages">
        <h2>Messages</h2>
        <ul className="thread">
          {quote.messages.map((message) => (
            <li key={message.id} className={message.from}>
              <span className="who">
                {message.from === 'shop' ? 'Us' : quote.name}
                {message.kind === 'change_request'
                  ? ' (change asked for)'
                  : message.kind === 'declined'
                    ? ' (declined)'
                    : ''}{' '}
                · {new Date(message.at).toLocaleString('en-US')}
              </span>
              {message.text}
            </li>
          ))}
        </ul>
        <ReplyForm />
      </section>
    </AdminPage>
  );
}

/**
 * The owner's reply in the quote's thread: the forms' one (components/form useForm, the page's write `message`), the
 * text checked with the server's schema first, kept until the shop took it (a refusal is said beside the field, the
 * text still there to fix), emptied once sent.
 */
export function ReplyForm() {
  const form = useForm<{ text: string }, WriteResult>('reply', { text: '' }, undefined, {
    intent: 'message',
    keepState: true,
  });
  const message = drawnField(form.fields);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ text: form.values.text });
      }}
    >
      <TextAreaField
        label="Reply"
        rows={3}
        maxLength={3000}
        required
        value={form.values.text}
        onChange={form.set('text')}
        {...message('text')}
      />
      <Button type="submit" size="small" isDisabled={form.sending}>
        Send reply
      </Button>
    </form>
  );
}
