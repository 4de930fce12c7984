import { Badge, Button, SelectField, TextField } from '@aws-amplify/ui-react';
import { type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  CARRIERS,
  type Carrier,
  lineKey,
  lineLabel,
  REPLACEMENT_STATUS_LABEL,
  type ReplacementStatus,
} from '#shared/aftersale';
import { QUOTE_STATUS_LABEL, quoteLabel } from '#shared/quotes';
import type { AdminOrderView } from '#shared/schemas/order-views';
import { ORDER_STATE_LABEL, orderState, type ShippableOrder } from '#shared/to-ship';
import { formatPrice } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import { orderLabel } from '#shared/order-number';
import { drawnField } from '../../components/form/field';
import { Options } from '../../components/form/parts';
import { useForm } from '../../components/form/useForm';
import type { WriteResult } from './useAdmin';

/** How a carrier is named in the ship form's select. */
const CARRIER_LABEL = Object.fromEntries(CARRIERS.map((name) => [name, name === 'other' ? 'Other' : name])) as Record<
  Carrier,
  string
>;

const ORDER_BADGE = { pending: 'warning', completed: 'success', cancelled: 'error', refunded: 'info' } as const;
const REQUEST_BADGE = { open: 'warning', approved: 'success', declined: 'error', cancelled: 'error' } as const;

/** An order's state: its status, or Refunded for one whose every unit was refunded before it shipped. */
export function StatusBadge({ order }: { order: ShippableOrder<{ id: string; size: string; quantity: number }> }) {
  const state = orderState(order);
  return <Badge variation={ORDER_BADGE[state]}>{ORDER_STATE_LABEL[state]}</Badge>;
}
export const RequestBadge = ({ status }: { status: ReplacementStatus }) => (
  <Badge variation={REQUEST_BADGE[status]}>{REPLACEMENT_STATUS_LABEL[status]}</Badge>
);

/** "2 × Tee (M) — $50.00" lines of an order or a request; with `taxes` (each line's, in cents) "· tax $2.00". */
export function OrderLines({
  lines,
  taxes,
}: {
  lines: { id: string; name: string; size: string; quantity: number; price?: number }[];
  taxes?: readonly number[] | null;
}) {
  return (
    <ul className="order-lines">
      {lines.map((line, index) => (
        <li key={`${line.id}|${line.size}`}>
          {line.quantity} × {unescapeText(line.name)}
          {line.size !== 'CANDLE' ? ` (${line.size})` : ''}
          {line.price !== undefined ? ` — ${formatPrice(line.price * line.quantity)}` : ''}
          {taxes?.[index] !== undefined ? ` · tax ${formatPrice(taxes[index])}` : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * A quote's order (issue 50 item 5): made to order, with its quote (a link to it) and where its production stands, so
 * it is not packed as a stocked order.
 */
export function MadeToOrder({ quote }: { quote: NonNullable<AdminOrderView['quote']> }) {
  return (
    <p className="order-mark">
      <Badge variation="info">Made to order</Badge>{' '}
      <span>
        <Link to={`/admin/quotes/${encodeURIComponent(quote.quoteId)}`}>Quote {quoteLabel(quote.number)}</Link> ·{' '}
        {quote.productionStartedAt
          ? `${QUOTE_STATUS_LABEL.in_production} since ${new Date(quote.productionStartedAt).toLocaleDateString('en-US')}`
          : `${QUOTE_STATUS_LABEL.paid}: production not started`}
      </span>
    </p>
  );
}

/**
 * An order refunded in part before it shipped: the units refunded (not packed: the lines above and the packing slip
 * hold only the units left to send), or an amount given back while everything still ships.
 */
export function RefundMark({ order }: { order: AdminOrderView }) {
  const units = (line: { id: string; size: string }) => order.refundedUnits?.[lineKey(line)] ?? 0;
  const refunded = order.lines
    .filter((line) => units(line) > 0)
    .map((line) => `${units(line)} × ${lineLabel({ name: unescapeText(line.name), size: line.size })}`);
  if (!refunded.length && !order.refunded) return null;
  return (
    <p className="order-mark">
      <Badge variation="warning">Part refunded</Badge>{' '}
      <span>
        {refunded.length
          ? `Refunded, not to pack: ${refunded.join(', ')}`
          : `${formatPrice(order.refunded ?? 0)} given back; everything still ships`}
      </span>
    </p>
  );
}

export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('en-US') : '');

export type Shipment = { carrier?: Carrier; trackingNumber?: string };

/** The ship form as typed: no carrier is ''. */
type ShipDraft = { carrier: string; trackingNumber: string };

/**
 * Complete Order: the carrier and tracking number (both optional) the "on its way" mail links to. The same fields
 * correct them after shipping (Change tracking: `initial` holds what it shipped with, `submitLabel` the button). Its
 * state, pending state and the shop's messages beside its fields are the forms' one (components/form useForm): it
 * posts `{ intent, shipment, ...with }` to the page's action (`intent` names this form's write, one per order on a
 * page of several), which checks the shipment with the server's schema before sending it.
 */
export function ShipForm({
  orderNumber,
  intent = 'ship',
  with: extra = {},
  initial = {},
  submitLabel = 'Complete Order',
  label = `Ship ${orderLabel(orderNumber)}`,
}: {
  orderNumber: string;
  intent?: string;
  with?: Record<string, unknown>;
  initial?: Shipment;
  submitLabel?: string;
  label?: string;
}) {
  const empty: ShipDraft = { carrier: initial.carrier ?? '', trackingNumber: initial.trackingNumber ?? '' };
  const form = useForm<ShipDraft, WriteResult>(`${intent}-${orderNumber}`, empty, undefined, {
    intent,
    keepState: true,
  });
  const { carrier, trackingNumber } = form.values;
  const message = drawnField(form.fields);
  function submit(event: FormEvent) {
    event.preventDefault();
    const shipment: Shipment = {
      ...(carrier ? { carrier: carrier as Carrier } : {}),
      ...(trackingNumber.trim() ? { trackingNumber: trackingNumber.trim() } : {}),
    };
    form.send({ ...extra, shipment });
  }
  return (
    <form className="ship-form" onSubmit={submit} aria-label={label}>
      <SelectField
        label="Carrier"
        placeholder="No carrier"
        value={carrier}
        onChange={form.set('carrier')}
        size="small"
        {...message('carrier')}
      >
        <Options values={CARRIERS} label={CARRIER_LABEL} />
      </SelectField>
      <TextField
        label="Tracking number"
        size="small"
        value={trackingNumber}
        onChange={form.set('trackingNumber')}
        maxLength={64}
        autoComplete="off"
        {...message('trackingNumber')}
      />
      <Button type="submit" variation="primary" size="small" isDisabled={form.sending}>
        {submitLabel}
      </Button>
    </form>
  );
}
