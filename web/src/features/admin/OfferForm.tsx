import { Button, CheckboxField, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { formatCents, toCents } from '#shared/money';
import { OFFER_DEFAULT_SHIPPING, QUOTE_LIFETIME_DAYS } from '#shared/quotes';
import { ALL_SIZES } from '#shared/sizes';

interface LineDraft {
  description: string;
  kind: 'goods' | 'design';
  quantity: string;
  unitPrice: string;
  productId: string;
  size: string;
}
const blank = (kind: LineDraft['kind'], quantity = ''): LineDraft => ({
  description: '',
  kind,
  quantity,
  unitPrice: '',
  productId: '',
  size: '',
});
const inDays = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);

/** What the form sends, or why it cannot (a price in dollars that cannot be read). */
export function offerBodyOf(lines: LineDraft[], ships: boolean, shipping: string, note: string, validUntil: string) {
  const body = {
    lines: lines.map((line) => ({
      description: line.description,
      kind: line.kind,
      quantity: Number(line.quantity),
      unitPrice: toCents(line.unitPrice),
      ...(line.productId.trim() ? { productId: line.productId.trim(), size: line.size } : {}),
    })),
    ships,
    shipping: ships ? toCents(shipping) : 0,
    note,
    validUntil,
  };
  const unreadable = body.lines.some((line) => Number.isNaN(line.unitPrice)) || Number.isNaN(body.shipping);
  return unreadable ? null : body;
}

/**
 * The owner's offer (issue 37): lines (description, goods or design work, quantity, unit price in dollars; a line may
 * name a stocked product id and size, which then takes its units when paid), shipping or none, a note, valid until.
 */
export function OfferForm({
  service,
  quantity,
  busy,
  onSend,
}: {
  service: string;
  quantity: number;
  busy: boolean;
  onSend: (body: ReturnType<typeof offerBodyOf>) => void;
}) {
  const design = service !== 'printing';
  const [lines, setLines] = useState<LineDraft[]>([blank(design ? 'design' : 'goods', String(design ? 1 : quantity))]);
  const [ships, setShips] = useState(!design);
  const [shipping, setShipping] = useState(formatCents(OFFER_DEFAULT_SHIPPING));
  const [note, setNote] = useState('');
  const [validUntil, setValidUntil] = useState(inDays(14));
  const change = (index: number, patch: Partial<LineDraft>) =>
    setLines(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  function submit(event: FormEvent) {
    event.preventDefault();
    onSend(offerBodyOf(lines, ships, shipping, note, validUntil));
  }
  return (
    <form className="card offer-form stack" onSubmit={submit} aria-label="New offer">
      <h2>New offer</h2>
      {lines.map((line, index) => (
        <fieldset key={index} className="offer-line">
          <legend>Line {index + 1}</legend>
          <TextField
            label="Description"
            required
            maxLength={300}
            value={line.description}
            onChange={(e) => change(index, { description: e.target.value })}
          />
          <SelectField
            label="Kind"
            value={line.kind}
            onChange={(e) => change(index, { kind: e.target.value as LineDraft['kind'] })}
          >
            <option value="goods">Goods (printing, products): taxed</option>
            <option value="design">Design work: a service</option>
          </SelectField>
          <TextField
            label="Quantity"
            type="number"
            min={1}
            required
            value={line.quantity}
            onChange={(e) => change(index, { quantity: e.target.value })}
          />
          <TextField
            label="Unit price ($)"
            inputMode="decimal"
            required
            value={line.unitPrice}
            onChange={(e) => change(index, { unitPrice: e.target.value })}
          />
          <TextField
            label="Stocked product id (optional)"
            descriptiveText="Takes the units from stock when paid"
            value={line.productId}
            onChange={(e) => change(index, { productId: e.target.value })}
          />
          {line.productId.trim() && (
            <SelectField label="Size" value={line.size} onChange={(e) => change(index, { size: e.target.value })}>
              <option value="">Choose a size</option>
              {ALL_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </SelectField>
          )}
          {lines.length > 1 && (
            <Button size="small" variation="link" onClick={() => setLines(lines.filter((_, at) => at !== index))}>
              Remove line {index + 1}
            </Button>
          )}
        </fieldset>
      ))}
      <Button size="small" onClick={() => setLines([...lines, blank('goods')])}>
        Add a line
      </Button>
      <CheckboxField
        label="Something ships"
        name="ships"
        checked={ships}
        onChange={(e) => setShips(e.target.checked)}
      />
      {ships && (
        <TextField
          label="Shipping ($)"
          inputMode="decimal"
          value={shipping}
          onChange={(e) => setShipping(e.target.value)}
        />
      )}
      <TextAreaField
        label="Note to the customer"
        rows={3}
        maxLength={3000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <TextField
        label="Valid until"
        type="date"
        required
        min={inDays(0)}
        max={inDays(QUOTE_LIFETIME_DAYS)}
        value={validUntil}
        onChange={(e) => setValidUntil(e.target.value)}
      />
      <Button type="submit" variation="primary" isDisabled={busy}>
        {busy ? 'Sending…' : 'Send the offer'}
      </Button>
    </form>
  );
}
