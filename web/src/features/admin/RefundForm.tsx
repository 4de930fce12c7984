import { Link } from 'react-router-dom';
import { GIFT_CARD_PRODUCT_ID } from '#shared/gift-cards';
import { Button, CheckboxField, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { lineKey, lineLabel } from '#shared/aftersale';
import { formatPrice, toCents } from '#shared/money';
import { REFUND_REASON_LABEL, REFUND_REASONS, refundPlan, type RefundReason } from '#shared/refunds';
import { unescapeText } from '#shared/sanitize';
import { drawnField } from '../../components/form/field';
import { Options } from '../../components/form/parts';
import { useForm } from '../../components/form/useForm';
import type { AdminOrder } from './adminApi';
import type { WriteResult } from './useAdmin';

/** What the form sends (POST /api/admin/orders/{orderNumber}/refunds, shared/schemas/refunds.ts). */
export interface RefundRequest {
  refundId: string;
  lines: { id: string; size: string; quantity: number }[];
  shipping: boolean;
  amount?: number;
  reason: RefundReason;
  note?: string;
  restock: boolean;
  to: 'payment' | 'store_credit';
}

/** The form as typed. */
interface RefundDraft {
  mode: 'items' | 'amount';
  units: Record<string, number>;
  shipping: boolean;
  dollars: string;
  reason: RefundReason;
  note: string;
  restock: boolean;
  /** Back the way it was paid, or as store credit (a gift card mailed to the customer): docs/decisions/0126. */
  to: 'payment' | 'store_credit';
}

/** A prefilled form (a replacement that cannot be made: its units, reason sold out). */
export interface RefundPreset {
  units: Record<string, number>;
  reason: RefundReason;
}

const newRefundId = () => crypto.randomUUID();

/**
 * The owner's refund in part (docs/decisions/0116): chosen units of each line (with their shares of discount and
 * tax), the shipping or not, or an amount; a reason; the units back to stock or not. The amount shown is the one the
 * server refunds: both use shared/refunds.ts. The form makes its refund id once and sends it with every press, so a
 * double click or a retry after an error is the same refund; a new id once the order lists that refund. Its state,
 * pending state and the shop's messages beside its fields are the forms' one (components/form useForm).
 */
export function RefundForm({ order, preset }: { order: AdminOrder; preset?: RefundPreset }) {
  const money = order.money!;
  const [refundId, setRefundId] = useState(newRefundId);
  // The form's state, once (components/form): its values, the write on its way, the shop's messages beside the fields.
  const empty: RefundDraft = {
    mode: 'items',
    units: preset?.units ?? {},
    shipping: false,
    dollars: '',
    reason: preset?.reason ?? 'damaged',
    note: '',
    restock: false,
    to: 'payment',
  };
  const form = useForm<RefundDraft, WriteResult>('refund', empty, (sent) => sent, {
    intent: 'refund-part',
    keepState: true,
  });
  const { mode, units, shipping, dollars, reason, note, restock, to } = form.values;
  const { change } = form;
  const message = drawnField(form.fields);
  // The order lists this refund now (made, or refused): the next refund is another one, from an empty form.
  if (money.refunds.some((refund) => refund.refundId === refundId)) {
    setRefundId(newRefundId());
    change({ units: {}, shipping: false, dollars: '', note: '' });
  }
  const left = money.captured - money.refunded;
  const lines = order.lines.map((line, index) => ({ ...line, shares: order.tax.lines?.[index] }));
  const chosen = lines
    .filter((line) => (units[lineKey(line)] ?? 0) > 0)
    .map((line) => ({ id: line.id, size: line.size, quantity: units[lineKey(line)] }));
  let amount: number | undefined;
  try {
    amount = mode === 'amount' ? toCents(dollars) : undefined;
  } catch {
    amount = NaN;
  }
  const plan = refundPlan(
    { lines, amounts: order.amounts, discountOnShipping: money.discountOnShipping },
    {
      captured: money.captured,
      refunded: money.refunded,
      units: money.refundedUnits,
      shipping: money.shippingRefunded,
    },
    mode === 'amount' ? { lines: [], shipping: false, amount } : { lines: chosen, shipping },
  );
  const touched = mode === 'amount' ? dollars.trim() !== '' : chosen.length > 0 || shipping;
  const total = 'plan' in plan ? plan.plan.total : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (total === null) return;
    const where =
      to === 'store_credit'
        ? 'as store credit (a gift card mailed to the customer)'
        : order.payments.some((payment) => payment.method === 'gift_card')
          ? 'to the card first, then the gift card that paid part'
          : "to the customer's card";
    if (!window.confirm(`Refund ${formatPrice(total)} ${where}? This cannot be undone.`)) return;
    form.send({
      refund: {
        refundId,
        lines: mode === 'items' ? chosen : [],
        shipping: mode === 'items' && shipping,
        ...(mode === 'amount' ? { amount } : {}),
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
        restock: mode === 'items' && restock,
        to,
      } satisfies RefundRequest,
    });
  };
  return (
    <section className="card refund-form" aria-labelledby="refund-part-heading">
      <h2 id="refund-part-heading">Refund</h2>
      <form className="refund-fields" onSubmit={submit}>
        <p className="muted">
          Paid {formatPrice(money.captured)}, refunded {formatPrice(money.refunded)}: {formatPrice(left)} left. The
          customer is mailed once per refund.
        </p>
        <div className="refund-mode" role="radiogroup" aria-label="What to refund">
          {(['items', 'amount'] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="refund-mode"
                checked={mode === value}
                onChange={() => change({ mode: value })}
              />{' '}
              {value === 'items' ? 'Items' : 'An amount'}
            </label>
          ))}
        </div>
        {mode === 'items' ? (
          <div className="refund-lines">
            {lines.map((line) => {
              const key = lineKey(line);
              // A gift card bought is voided in Gift cards, then its amount refunded (docs/decisions/0126).
              if (line.id === GIFT_CARD_PRODUCT_ID)
                return (
                  <p key={key} className="muted">
                    {unescapeText(line.name)}: void it in <Link to="/admin/gift-cards">Gift cards</Link>, then refund
                    its amount.
                  </p>
                );
              const open = line.quantity - (money.refundedUnits[key] ?? 0);
              return (
                <SelectField
                  key={key}
                  label={`${lineLabel({ name: unescapeText(line.name), size: line.size })} (${open} of ${line.quantity} left)`}
                  value={String(units[key] ?? 0)}
                  isDisabled={open <= 0}
                  onChange={(event) => change({ units: { ...units, [key]: Number(event.target.value) } })}
                >
                  {Array.from({ length: Math.max(0, open) + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </SelectField>
              );
            })}
            {!money.shippingRefunded && order.amounts.shipping > 0 && (
              <CheckboxField
                name="refund-shipping"
                label="The shipping, with its tax"
                checked={shipping}
                onChange={(event) => change({ shipping: event.target.checked })}
              />
            )}
            <CheckboxField
              name="refund-restock"
              label="Put these units back in stock"
              checked={restock}
              onChange={(event) => change({ restock: event.target.checked })}
            />
          </div>
        ) : (
          <TextField
            label="Amount ($)"
            inputMode="decimal"
            value={dollars}
            onChange={(event) => change({ dollars: event.target.value })}
            {...message('amount')}
          />
        )}
        <div className="refund-mode" role="radiogroup" aria-label="Give it back">
          {(['payment', 'store_credit'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="refund-to" checked={to === value} onChange={() => change({ to: value })} />{' '}
              {value === 'payment' ? 'Back to the payment' : 'As store credit'}
            </label>
          ))}
        </div>
        <SelectField
          label="Reason"
          value={reason}
          onChange={(event) => change({ reason: event.target.value as RefundReason })}
          {...message('reason')}
        >
          <Options values={REFUND_REASONS} label={REFUND_REASON_LABEL} />
        </SelectField>
        <TextAreaField
          label="Note (only you see it)"
          rows={2}
          value={note}
          onChange={(e) => change({ note: e.target.value })}
          {...message('note')}
        />
        {touched && 'error' in plan && (
          <p className="field-error" role="alert">
            {plan.error}
          </p>
        )}
        <Button type="submit" variation="primary" size="small" isDisabled={form.sending || total === null}>
          {total === null ? 'Refund' : `Refund ${formatPrice(total)}`}
        </Button>
      </form>
    </section>
  );
}

/** Each refund of the order (amount, what, why, where it stands) and the ledger check. */
export function RefundList({ order }: { order: AdminOrder }) {
  const money = order.money;
  if (!money || (!money.refunds.length && money.ledger?.ok !== false)) return null;
  return (
    <section className="card" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">Refunds</h2>
      <ul className="refund-list">
        {money.refunds.map((refund) => (
          <li key={refund.refundId}>
            <strong>{formatPrice(refund.total)}</strong>{' '}
            {refund.status === 'refunded' ? 'refunded' : refund.status === 'failed' ? 'refused' : 'under way'}
            {', '}
            {new Date(refund.at).toLocaleString()}:{' '}
            {[
              ...refund.lines.map(
                (line) => `${line.quantity} x ${lineLabel({ name: unescapeText(line.name), size: line.size })}`,
              ),
              ...(refund.shipping ? ['shipping'] : []),
            ].join(', ') || 'an amount'}
            . {REFUND_REASON_LABEL[refund.reason]}
            {refund.note ? `: ${unescapeText(refund.note)}` : ''}
            {refund.restock ? ' (back in stock)' : ''}
            {refund.storeCredit
              ? ' (as store credit)'
              : refund.toGiftCard
                ? ` (${formatPrice(refund.toCard ?? 0)} to the card, ${formatPrice(refund.toGiftCard)} to the gift card)`
                : ''}
            {refund.taxProblem ? ` Stripe Tax not reversed yet: ${refund.taxProblem}` : ''}
          </li>
        ))}
      </ul>
      {money.ledger && (
        <p className={money.ledger.ok ? 'muted' : 'field-error'}>
          {money.ledger.ok
            ? `Ledger: ${money.ledger.entries} entries agree with the totals.`
            : `Ledger does not agree: ${money.ledger.problems.join('; ')}`}
        </p>
      )}
    </section>
  );
}
