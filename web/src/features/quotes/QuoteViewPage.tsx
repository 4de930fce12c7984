import { Link, useLoaderData } from 'react-router-dom';
import { orderLabel } from '#shared/order-number';
import { ORDER_STATUS_PATH } from '#shared/aftersale';
import { QUOTE_SERVICE_LABEL, QUOTE_STATUS_LABEL, quoteLabel } from '#shared/quotes';
import { useNoIndex } from '../../lib/useNoIndex';
import { ArtworkList } from './ArtworkList';
import { OfferCard } from './OfferCard';
import type { QuoteData } from './quoteData';
import { QuoteThread } from './QuoteThread';
import './quotes.css';

/** What the shopper reads of where their quote stands. */
const STATUS_TEXT = {
  new: 'We are looking at your request and will send you an offer here, usually within two working days.',
  offer_sent: 'Our offer is below: accept and pay, ask for a change, or decline.',
  paid: 'Thank you! Your order is paid; we will start on it soon.',
  in_production: 'We are making your order now.',
  shipped: 'Your order is on its way.',
  done: 'Your order is done. Thank you!',
  declined: 'This quote was declined. To ask again, please send a new request.',
  expired: 'The offer has expired. Write to us below if you would like a new one.',
} as const;

/**
 * /quotes/:quoteId?t= (issue 37): the shopper's quote page, opened by the signed link of our mails: the request and
 * its files, where it stands, the offer to accept and pay, the order it became, and the messages.
 */
export default function QuoteViewPage() {
  useNoIndex();
  const data = useLoaderData<QuoteData>();
  if (!data.quote)
    return (
      <section className="page narrow quote-page">
        <h1>Your quote</h1>
        <p className="error" role="alert">
          {data.problem}
        </p>
        <p>
          <Link to="/custom-printing">Ask for a new quote</Link>
        </p>
      </section>
    );
  const { quote, token } = data;
  return (
    <section className="page narrow quote-page stack">
      <h1>Your quote {quoteLabel(quote.number)}</h1>
      <p>
        <span className="status-badge">{QUOTE_STATUS_LABEL[quote.status]}</span> {STATUS_TEXT[quote.status]}
      </p>
      {quote.order && (
        <p className="card">
          Your order{' '}
          <Link to={`${ORDER_STATUS_PATH}?order=${encodeURIComponent(quote.order.orderNumber)}`}>
            {orderLabel(quote.order.orderNumber)}
          </Link>
          {quote.order.status === 'completed' ? (quote.offer?.ships ? ' has shipped.' : ' is done.') : ' is paid.'} What
          was charged is under the offer.
          {quote.order.trackingUrl && (
            <>
              {' '}
              <a href={quote.order.trackingUrl}>Track the parcel</a>
            </>
          )}
        </p>
      )}
      {quote.offer && <OfferCard quote={quote} token={token} />}
      <section className="card stack" aria-labelledby="request-title">
        <h2 id="request-title">Your request</h2>
        <dl>
          <dt>Service</dt>
          <dd>{QUOTE_SERVICE_LABEL[quote.service]}</dd>
          <dt>Quantity</dt>
          <dd>{quote.quantity}</dd>
          {quote.neededBy && (
            <>
              <dt>Needed by</dt>
              <dd>{quote.neededBy}</dd>
            </>
          )}
          <dt>Items</dt>
          <dd className="pre">{quote.items}</dd>
          <dt>Message</dt>
          <dd className="pre">{quote.message}</dd>
        </dl>
        <h3>Files</h3>
        <ArtworkList quote={quote} token={token} />
      </section>
      <QuoteThread
        quote={quote}
        token={token}
        canAskChange={quote.status === 'offer_sent' || quote.status === 'expired'}
      />
    </section>
  );
}
