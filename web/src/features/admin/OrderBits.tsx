import { Badge, Button, SelectField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
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

/**
 * Complete Order: the carrier and tracking number (both optional) the "on its way" mail links to. The same fields
 * correct them after shipping (Change tracking: `initial` holds what it shipped with, `submitLabel` the button).
 * `busy` while the write is on its way (the page's action; the button waits).
 */
export function ShipForm({
  orderNumber,
  onShip,
  busy = false,
  initial = {},
  submitLabel = 'Complete Order',
  label = `Ship ${orderLabel(orderNumber)}`,
}: {
  orderNumber: string;
  onShip: (shipment: Shipment) => void;
  busy?: boolean;
  initial?: Shipment;
  submitLabel?: string;
  label?: string;
}) {
  const [carrier, setCarrier] = useState<string>(initial.carrier ?? '');
  const [trackingNumber, setTrackingNumber] = useState(initial.trackingNumber ?? '');
  function submit(event: FormEvent) {
    event.preventDefault();
    onShip({
      ...(carrier ? { carrier: carrier as Carrier } : {}),
      ...(trackingNumber.trim() ? { trackingNumber: trackingNumber.trim() } : {}),
    });
  }
  return (
    <form className="ship-form" onSubmit={submit} aria-label={label}>
      <SelectField
        label="Carrier"
        placeholder="No carrier"
        value={carrier}
        onChange={(e) => setCarrier(e.target.value)}
        size="small"
      >
        {CARRIERS.map((name) => (
          <option key={name} value={name}>
            {name === 'other' ? 'Other' : name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Tracking number"
        name="trackingNumber"
        size="small"
        value={trackingNumber}
        onChange={(e) => setTrackingNumber(e.target.value)}
        maxLength={64}
        autoComplete="off"
      />
      <Button type="submit" variation="primary" size="small" isDisabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
