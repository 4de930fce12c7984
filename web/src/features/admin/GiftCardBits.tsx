import { Badge, TableCell } from '@aws-amplify/ui-react';
import './gift-cards.css';
import { Link } from 'react-router-dom';
import { shopDay } from '#shared/gift-cards';
import { formatPrice } from '#shared/money';
import { orderLabel } from '#shared/order-number';
import { unescapeText } from '#shared/sanitize';
import type { GiftCardView } from '#shared/schemas/gift-cards';

/** How the owner's gift card pages name a card's kind, state and mail (issue 36, docs/decisions/0128). */
export const KIND_LABEL: Record<GiftCardView['kind'], string> = {
  purchased: 'Gift card',
  store_credit: 'Store credit',
};
export const STATUS_LABEL: Record<GiftCardView['status'], string> = {
  scheduled: 'Not sent yet',
  active: 'Active',
  voided: 'Voided',
};
const STATUS_BADGE = { scheduled: 'info', active: 'success', voided: 'error' } as const;

/** A day (YYYY-MM-DD) as the owner reads it: "Dec 24, 2026". */
export const dayText = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What became of the card's latest mail, in words (the second and later mails say which they are). */
export function mailText(card: GiftCardView): string {
  const which = card.mails > 1 ? ` (mail ${card.mails})` : '';
  switch (card.mail) {
    case undefined:
      return '—';
    case 'pending':
      return card.status === 'scheduled' && card.deliverOn > shopDay(new Date())
        ? `Mailed on ${dayText(card.deliverOn)}`
        : `Sending soon${which}`;
    case 'sending':
      return `Sending${which}`;
    case 'sent':
      return `Sent${which}`;
    case 'failed':
      return `Failed${which}: send again`;
    case 'unknown':
      return `May not have gone out${which}`;
    case 'withdrawn':
      return 'Not sent (voided)';
  }
}

/** The mail's state, red where it waits for the owner. */
export const MailState = ({ card }: { card: GiftCardView }) =>
  card.mail === 'failed' || card.mail === 'unknown' ? (
    <span className="tag-failed">{mailText(card)}</span>
  ) : (
    <>{mailText(card)}</>
  );

export const StatusBadge = ({ card }: { card: GiftCardView }) => (
  <Badge variation={STATUS_BADGE[card.status]}>{STATUS_LABEL[card.status]}</Badge>
);

/** A link to an order's page, by its number as people read it. */
export const OrderLink = ({ orderNumber }: { orderNumber: string }) => (
  <Link to={`/admin/orders/${encodeURIComponent(orderNumber)}`}>{orderLabel(orderNumber)}</Link>
);

export const GIFT_CARD_COLUMNS = ['Card', 'Kind', 'Amount', 'Balance', 'Buyer', 'Recipient', 'Delivery', 'Mail'];

/** One card's cells in the owner's list (labelled for the phone's cards); its last 4 open its page. */
export function GiftCardCells({ card }: { card: GiftCardView }) {
  const [, kind, amount, balance, buyer, recipient, delivery, mail] = GIFT_CARD_COLUMNS;
  return (
    <>
      <TableCell as="th" scope="row" className="name-cell">
        <Link to={`/admin/gift-cards/${card.cardId}`} aria-label={`Card ${card.last4 ?? 'with no code yet'}`}>
          {card.last4 ? <span className="mono">…{card.last4}</span> : 'No code yet'}
        </Link>{' '}
        {card.status !== 'active' && <StatusBadge card={card} />}
      </TableCell>
      <TableCell data-label={kind}>{KIND_LABEL[card.kind]}</TableCell>
      <TableCell data-label={amount}>{formatPrice(card.amount)}</TableCell>
      <TableCell data-label={balance}>{formatPrice(card.balance)}</TableCell>
      <TableCell data-label={buyer}>
        {card.buyer ? (
          <span>
            {unescapeText(card.buyer.name)} · <OrderLink orderNumber={card.buyer.orderNumber} />
          </span>
        ) : (
          <span className="muted">
            {card.sourceOrder ? (
              <>
                For <OrderLink orderNumber={card.sourceOrder} />
              </>
            ) : (
              'Issued by the shop'
            )}
          </span>
        )}
      </TableCell>
      <TableCell data-label={recipient}>
        <span>
          {unescapeText(card.recipient.name)}
          <br />
          <span className="muted">{card.recipient.email}</span>
        </span>
      </TableCell>
      <TableCell data-label={delivery}>{dayText(card.deliverOn)}</TableCell>
      <TableCell data-label={mail}>
        <MailState card={card} />
      </TableCell>
    </>
  );
}

/**
 * The dashboard's gift card tile: the outstanding balance (the shop's liability) and the cards bought this month in
 * the shop's time zone, how many and for how much.
 */
export function GiftCardsTile({
  figures,
}: {
  figures: { outstanding: number; soldThisMonth: number; soldValue: number };
}) {
  return (
    <li className="card">
      <h2>Gift cards</h2>
      <p className="figure">{formatPrice(figures.outstanding)}</p>
      <p className="muted">
        outstanding · {figures.soldThisMonth} {figures.soldThisMonth === 1 ? 'card' : 'cards'} sold this month (
        {formatPrice(figures.soldValue)})
      </p>
      <Link to="/admin/gift-cards">Gift cards</Link>
    </li>
  );
}
