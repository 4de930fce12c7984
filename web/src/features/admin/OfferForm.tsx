import { Button, CheckboxField, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import type { FormEvent } from 'react';
import { formatCents, formatPrice, toCents } from '#shared/money';
import { OFFER_DEFAULT_SHIPPING, QUOTE_LIFETIME_DAYS } from '#shared/quotes';
import { unescapeText } from '#shared/sanitize';
import { CANDLE_SIZE } from '#shared/sizes';
import { drawnField } from '../../components/form/field';
import { useForm } from '../../components/form/useForm';
import type { WriteResult } from './useAdmin';

/** A listed product the owner may offer from stock: its sizes as shoppers pick them, with what is available. */
export interface CatalogueProduct {
  id: string;
  name: string;
  price: number;
  sizes: readonly { size: string; available: number }[];
}

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

/** The offer as typed. */
export interface OfferDraft {
  lines: LineDraft[];
  ships: boolean;
  shipping: string;
  note: string;
  validUntil: string;
}

const PRICES = 'Type the prices in dollars, like 32 or 32.50.';

/**
 * The offer the form's draft makes (prices in cents), or why it cannot: a price in dollars that cannot be read, said
 * beside its field (the route action's first check; then the server's schema).
 */
export function offerOf(draft: OfferDraft) {
  const { lines, ships, shipping, note, validUntil } = draft;
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
  const fields: Record<string, string> = {};
  body.lines.forEach((line, index) => {
    if (Number.isNaN(line.unitPrice)) fields[`lines.${index}.unitPrice`] = PRICES;
  });
  if (Number.isNaN(body.shipping)) fields.shipping = PRICES;
  return Object.keys(fields).length ? { ok: false as const, message: PRICES, fields } : { ok: true as const, body };
}

/** What a size is called in the picker: its name (one size for a candle) and how many are available. */
const sizeText = ({ size, available }: { size: string; available: number }) =>
  `${size === CANDLE_SIZE ? 'One size' : size} (${available > 0 ? `${available} in stock` : 'sold out'})`;

/**
 * The owner's offer (issue 37): lines (description, goods or design work, quantity, unit price in dollars; a line may
 * be a stocked product chosen from the catalogue with its size, which then takes its units when paid: issue 50 item
 * 5), shipping or none, a note, valid until. Sent to the page's action (the prices read, then the server's schema);
 * its state, pending state and the shop's messages beside its fields are the forms' one (components/form useForm).
 */
export function OfferForm({
  service,
  quantity,
  catalogue,
}: {
  service: string;
  quantity: number;
  /** The listed products, by name. */
  catalogue: readonly CatalogueProduct[];
}) {
  const design = service !== 'printing';
  // The form's state, once (components/form): the draft, the offer on its way, the shop's messages beside the fields.
  const form = useForm<OfferDraft, WriteResult>(
    'offer',
    {
      lines: [blank(design ? 'design' : 'goods', String(design ? 1 : quantity))],
      ships: !design,
      shipping: formatCents(OFFER_DEFAULT_SHIPPING),
      note: '',
      validUntil: inDays(14),
    },
    (sent) => sent,
    { intent: 'offer', keepState: true },
  );
  const { lines, ships, shipping, note, validUntil } = form.values;
  const message = drawnField(form.fields);
  const setLines = (next: LineDraft[]) => form.change({ lines: next });
  const change = (index: number, patch: Partial<LineDraft>) =>
    setLines(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const productOf = (id: string) => catalogue.find((product) => product.id === id);
  /** A product chosen: its only size chosen with it, and its name as the description when none was typed. */
  const choose = (index: number, id: string) => {
    const product = productOf(id);
    change(index, {
      productId: id,
      size: product?.sizes.length === 1 ? product.sizes[0].size : '',
      ...(product && !lines[index].description.trim()
        ? { description: unescapeText(product.name), kind: 'goods' as const }
        : {}),
    });
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    form.send({ draft: form.values });
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
            {...message(`lines.${index}.description`)}
          />
          <SelectField
            label="Kind"
            value={line.kind}
            onChange={(e) => change(index, { kind: e.target.value as LineDraft['kind'] })}
            {...message(`lines.${index}.kind`)}
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
            {...message(`lines.${index}.quantity`)}
          />
          <TextField
            label="Unit price ($)"
            inputMode="decimal"
            required
            value={line.unitPrice}
            onChange={(e) => change(index, { unitPrice: e.target.value })}
            {...message(`lines.${index}.unitPrice`)}
          />
          <SelectField
            label="From stock (optional)"
            descriptiveText="A product of the catalogue: its units are taken from stock when paid"
            value={line.productId}
            onChange={(e) => choose(index, e.target.value)}
            {...message(`lines.${index}.productId`)}
          >
            <option value="">Not from stock</option>
            {catalogue.map((product) => (
              <option key={product.id} value={product.id}>
                {unescapeText(product.name)} · {formatPrice(product.price)}
              </option>
            ))}
          </SelectField>
          {line.productId && (
            <SelectField
              label="Size"
              required
              value={line.size}
              onChange={(e) => change(index, { size: e.target.value })}
              {...message(`lines.${index}.size`)}
            >
              <option value="">Choose a size</option>
              {(productOf(line.productId)?.sizes ?? []).map((size) => (
                <option key={size.size} value={size.size}>
                  {sizeText(size)}
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
        onChange={(e) => form.change({ ships: e.target.checked })}
      />
      {ships && (
        <TextField
          label="Shipping ($)"
          inputMode="decimal"
          value={shipping}
          onChange={(e) => form.change({ shipping: e.target.value })}
          {...message('shipping')}
        />
      )}
      <TextAreaField
        label="Note to the customer"
        rows={3}
        maxLength={3000}
        value={note}
        onChange={(e) => form.change({ note: e.target.value })}
        {...message('note')}
      />
      <TextField
        label="Valid until"
        type="date"
        required
        min={inDays(0)}
        max={inDays(QUOTE_LIFETIME_DAYS)}
        value={validUntil}
        onChange={(e) => form.change({ validUntil: e.target.value })}
        {...message('validUntil')}
      />
      <Button type="submit" variation="primary" isDisabled={form.sending}>
        {form.sending ? 'Sending…' : 'Send the offer'}
      </Button>
    </form>
  );
}
