import { Alert, TableCell } from '@aws-amplify/ui-react';
import { formatPrice } from '#shared/money';
import type * as z from '#shared/schemas/zod';
import type { giftCardEntryViewSchema, GiftCardView } from '#shared/schemas/gift-cards';
import { AdminTable } from './AdminTable';
import { OrderLink } from './GiftCardBits';

type Entry = z.infer<typeof giftCardEntryViewSchema>;

const ENTRY_LABEL: Record<Entry['kind'], string> = {
  issued: 'Issued',
  debited: 'Paid an order',
  credited: 'Given back',
  voided: 'Voided',
};
const COLUMNS = ['When', 'What', 'Amount', 'Order'];

/** A signed amount: +$25.00, -$12.50. */
const signed = (cents: number) => `${cents < 0 ? '-' : '+'}${formatPrice(Math.abs(cents))}`;

/**
 * A card's ledger (docs/decisions/0126): every movement of its balance in the order written, each debit and credit
 * with a link to its order, and the check that the entries add up to the balance.
 */
export function GiftCardLedger({
  card,
  entries,
  ledgerOk,
}: {
  card: GiftCardView;
  entries: Entry[];
  ledgerOk: boolean;
}) {
  const sum = entries.reduce((total, entry) => total + entry.amount, 0);
  return (
    <section className="card" aria-labelledby="ledger-heading">
      <h2 id="ledger-heading">Ledger</h2>
      <AdminTable
        cardsOnPhone
        columns={COLUMNS}
        rows={entries}
        rowKey={(entry) => entry.entryId}
        empty="No entries."
        cells={(entry) => (
          <>
            <TableCell as="th" scope="row">
              {new Date(entry.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
            </TableCell>
            <TableCell data-label={COLUMNS[1]}>
              <span>
                {ENTRY_LABEL[entry.kind]}
                {entry.note && <span className="muted"> · {entry.note}</span>}
              </span>
            </TableCell>
            <TableCell data-label={COLUMNS[2]}>
              <span className="mono">{signed(entry.amount)}</span>
            </TableCell>
            <TableCell data-label={COLUMNS[3]} className={entry.orderNumber ? undefined : 'empty'}>
              {entry.orderNumber ? <OrderLink orderNumber={entry.orderNumber} /> : ''}
            </TableCell>
          </>
        )}
      />
      {ledgerOk ? (
        <p className="ledger-check">✓ The entries add up to the balance, {formatPrice(card.balance)}.</p>
      ) : (
        <Alert variation="error" hasIcon={false}>
          The entries add up to {formatPrice(sum)} but the balance says {formatPrice(card.balance)}. Nothing was
          changed; tell whoever runs the shop&apos;s systems.
        </Alert>
      )}
    </section>
  );
}
