import { Button } from '@aws-amplify/ui-react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { cardLabel } from '#shared/gift-cards';
import { formatPrice } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import type { GiftCardView } from '#shared/schemas/gift-cards';
import { GiftCardLedger } from './GiftCardLedger';
import { dayText, KIND_LABEL, MailState, OrderLink, StatusBadge } from './GiftCardBits';
import { changeGiftCard, getGiftCard } from './giftCardsAdmin';
import { AdminPage, adminWrite, submissionOf, useAdminWrites } from './useAdmin';

export const loader = ({ params }: LoaderFunctionArgs) => getGiftCard(params.cardId ?? '');

/** Void or Send again, at the version the page read: a card changed meanwhile (409) reads the page again. */
export async function action({ params, request }: ActionFunctionArgs) {
  const { intent, card } = (await submissionOf(request)) as unknown as {
    intent: 'void' | 'resend';
    card: GiftCardView;
  };
  return adminWrite(
    intent,
    () => changeGiftCard(params.cardId ?? '', intent, card.version),
    intent === 'void'
      ? `Voided: the ${formatPrice(card.balance)} left can no longer be spent, and its code no longer works.`
      : `A new mail with a new code goes to ${card.recipient.email} within a minute; the code in earlier mails stops working then.`,
    { reloadOnConflict: true },
  );
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Whether Send again can be pressed: not for a voided card, nor while its latest mail has not gone out. */
const canResend = (card: GiftCardView) =>
  card.status !== 'voided' && card.mail !== 'pending' && card.mail !== 'sending';

/**
 * One gift card or store credit (issue 36 item 5): its facts, its mail, its ledger (every debit and credit with its
 * order) and the ledger's check; Void and Send again, each confirmed first.
 */
export default function AdminGiftCardPage() {
  const { card, entries, ledgerOk } = useLoaderData<typeof loader>();
  const { write, notice, pending } = useAdminWrites();
  const canVoid = card.status !== 'voided' || card.balance > 0;
  return (
    <AdminPage title={cardLabel(card.last4)} notice={notice}>
      <p>
        <Link to="/admin/gift-cards">All gift cards</Link>
      </p>
      <div className="order-detail">
        <section className="card" aria-labelledby="card-heading">
          <h2 id="card-heading">
            {KIND_LABEL[card.kind]} <StatusBadge card={card} />
          </h2>
          <dl className="facts">
            <dt>Balance</dt>
            <dd>
              <strong>{formatPrice(card.balance)}</strong> of {formatPrice(card.amount)}
            </dd>
            <dt>Recipient</dt>
            <dd>
              {unescapeText(card.recipient.name)} ·{' '}
              <a href={`mailto:${card.recipient.email}`}>{card.recipient.email}</a>
            </dd>
            {card.buyer && (
              <>
                <dt>Bought by</dt>
                <dd>
                  {unescapeText(card.buyer.name)} · {card.buyer.email} ·{' '}
                  <OrderLink orderNumber={card.buyer.orderNumber} />
                </dd>
              </>
            )}
            {card.kind === 'store_credit' && (
              <>
                <dt>Issued by</dt>
                <dd>{card.issuedBy ?? 'the shop'}</dd>
                <dt>Reason</dt>
                <dd className="pre">{unescapeText(card.reason ?? '')}</dd>
                {card.sourceOrder && (
                  <>
                    <dt>For order</dt>
                    <dd>
                      <OrderLink orderNumber={card.sourceOrder} />
                    </dd>
                  </>
                )}
              </>
            )}
            {card.message && (
              <>
                <dt>Message</dt>
                <dd className="pre">{unescapeText(card.message)}</dd>
              </>
            )}
            <dt>Delivery</dt>
            <dd>{dayText(card.deliverOn)}</dd>
            <dt>Mail</dt>
            <dd>
              <MailState card={card} />
              {card.sentAt && <span className="muted"> · code last mailed {when(card.sentAt)}</span>}
            </dd>
            <dt>Created</dt>
            <dd>{when(card.createdAt)}</dd>
            {card.voidedAt && (
              <>
                <dt>Voided</dt>
                <dd>{when(card.voidedAt)}</dd>
              </>
            )}
          </dl>
          <div className="actions card-actions">
            {canResend(card) && (
              <Button
                size="small"
                isDisabled={pending !== null}
                onClick={() =>
                  window.confirm(
                    `Mail this card again to ${card.recipient.email} with a new code? The code in earlier mails stops working once the new mail is sent.`,
                  ) && void write('resend', { card })
                }
              >
                Send again
              </Button>
            )}
            {canVoid && (
              <Button
                size="small"
                variation="destructive"
                isDisabled={pending !== null}
                onClick={() =>
                  window.confirm(
                    `Void this card? The ${formatPrice(card.balance)} left on it can no longer be spent and its code stops working. This cannot be undone.`,
                  ) && void write('void', { card })
                }
              >
                Void
              </Button>
            )}
          </div>
          {card.status === 'scheduled' && card.mail === 'pending' && (
            <p className="muted">Its code is made when its mail goes out; until then there is nothing to send again.</p>
          )}
        </section>
        <GiftCardLedger card={card} entries={entries} ledgerOk={ledgerOk} />
      </div>
    </AdminPage>
  );
}
