import { Badge, Button, SelectField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import {
  CARRIERS,
  ORDER_STATUS_LABEL,
  type Carrier,
  REPLACEMENT_STATUS_LABEL,
  type OrderStatus,
  type ReplacementStatus,
} from '#shared/aftersale';
import { formatPrice } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import { orderLabel } from '#shared/order-number';

const ORDER_BADGE = { pending: 'warning', completed: 'success', cancelled: 'error' } as const;
const REQUEST_BADGE = { open: 'warning', approved: 'success', declined: 'error', cancelled: 'error' } as const;

export const StatusBadge = ({ status }: { status: OrderStatus }) => (
  <Badge variation={ORDER_BADGE[status]}>{ORDER_STATUS_LABEL[status]}</Badge>
);
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
