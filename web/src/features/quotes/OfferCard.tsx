import { useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import { formatPrice, type Amounts } from '#shared/money';
import { useWrite } from '../../lib/useWrite';
import { OfferPayment } from './OfferPayment';
import type { QuoteView } from './quotesApi';

type Offer = NonNullable<QuoteView['offer']>;
/** Why an offer that is not open cannot be paid, in plain words. */
const ENDED: Record<Exclude<Offer['state'], 'open' | 'paid'>, string> = {
  replaced: MESSAGES.offerReplaced,
  expired: MESSAGES.offerExpired,
  declined: MESSAGES.offerDeclined,
};

/**
 * The offer: its lines and amounts, until when, the made-to-order terms; accept and pay, or decline. Its tax is one
 * row (issue 50 item 10): how it is worked out until the offer is priced for the address, then the figure with the
 * total; once paid, the rows are what was charged (the order's amounts), with the total charged.
 */
export function OfferCard({ quote, token }: { quote: QuoteView; token: string }) {
  const offer = quote.offer!;
  const submit = useWrite();
  const navigation = useNavigation();
  const [paying, setPaying] = useState(false);
  /** The offer priced for the shopper's address (the payment step's), while paying. */
  const [priced, setPriced] = useState<Amounts | null>(null);
  const charged = offer.state === 'paid' ? (quote.order?.amounts ?? null) : paying ? priced : null;
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const busy = navigation.state !== 'idle';
  return (
    <section className="card stack" aria-labelledby="offer-title">
      <h2 id="offer-title">Our offer{offer.no > 1 ? ` (version ${offer.no})` : ''}</h2>
      <table className="offer-lines">
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {offer.lines.map((line, index) => (
            <tr key={index}>
              <td>
                {line.description}
                {line.kind === 'design' && <span className="muted"> · design work</span>}
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">{formatPrice(line.quantity * line.unitPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl>
        <dt>Subtotal</dt>
        <dd>{formatPrice((charged ?? offer.amounts).subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>{offer.ships ? formatPrice(charged?.shipping ?? offer.shipping) : 'Nothing ships'}</dd>
        <dt>Tax</dt>
        <dd>
          {charged
            ? formatPrice(charged.tax)
            : offer.ships
              ? 'By your shipping address (design work is not taxed)'
              : 'None on design work'}
        </dd>
        {charged && (
          <>
            <dt>{offer.state === 'paid' ? 'Total charged' : 'Total'}</dt>
            <dd>
              <strong>{formatPrice(charged.total)}</strong>
            </dd>
          </>
        )}
        <dt>Valid until</dt>
        <dd>{offer.validUntil}</dd>
      </dl>
      {offer.note && <p className="offer-note">{offer.note}</p>}
      <p className="muted">{offer.terms}</p>
      {offer.state === 'paid' && <p className="success">Accepted and paid. Thank you!</p>}
      {offer.state !== 'open' && offer.state !== 'paid' && (
        <p className="error" role="alert">
          {ENDED[offer.state]}
        </p>
      )}
      {offer.state === 'open' && !paying && !declining && (
        <div className="actions">
          <button type="button" onClick={() => setPaying(true)}>
            Accept and pay
          </button>
          <button type="button" className="secondary" onClick={() => setDeclining(true)}>
            Decline
          </button>
        </div>
      )}
      {offer.state === 'open' && paying && (
        <OfferPayment
          quote={quote}
          token={token}
          offer={offer}
          onPriced={setPriced}
          onCancel={() => {
            setPaying(false);
            setPriced(null);
          }}
        />
      )}
      {offer.state === 'open' && declining && (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(
              { intent: 'decline', token, offerNo: offer.no, text: reason },
              { method: 'post', encType: 'application/json' },
            );
          }}
        >
          <label htmlFor="decline-reason">Why not? (optional)</label>
          <textarea
            id="decline-reason"
            rows={2}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="actions">
            <button type="submit" disabled={busy}>
              Decline the offer
            </button>
            <button type="button" className="secondary" onClick={() => setDeclining(false)}>
              Back
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
