import { Button, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '#shared/messages';
import { drawnField } from '../../components/form/field';
import { useForm } from '../../components/form/useForm';
import { toCents } from '#shared/money';
import { ImageInput } from './ImageInput';
import { ownCounts, toCount, weightsOf } from './productRows';
import { ShippingFields } from './ShippingFields';
import type { WriteResult } from './useAdmin';

const PRICE = 'Price must look like 12.99';

const EMPTY = {
  name: '',
  description: '',
  price: '',
  tag: '',
  stockRef: '',
  image: '',
  extra1: '',
  extra2: '',
  stock: {} as Record<string, string>,
  weights: {} as Record<string, string>,
  packing: '',
};

/** The add form as typed. */
export type ProductDraft = typeof EMPTY;

/**
 * What the form sends, from what was typed (the page's action reads it): the price in cents, or why not (said beside
 * the field); its stock as the tag's own counts or a stock item.
 */
export function productOf(form: ProductDraft) {
  const price = toCents(form.price);
  if (Number.isNaN(price)) return { ok: false as const, message: PRICE, fields: { price: PRICE } };
  const counts = ownCounts(form.tag);
  return {
    ok: true as const,
    product: {
      name: form.name,
      description: form.description,
      price,
      tag: form.tag,
      image: form.image,
      extraImages: [form.extra1, form.extra2].filter(Boolean),
      ...(Object.keys(weightsOf(form.tag, form.weights)).length
        ? { weightGrams: weightsOf(form.tag, form.weights) }
        : {}),
      ...(form.packing ? { packing: form.packing } : {}),
      ...(counts.length
        ? { stock: Object.fromEntries(counts.map((k) => [k, toCount(form.stock[k] ?? '')])) }
        : { stockRef: form.stockRef }),
    },
  };
}

/**
 * Add a product: the photos upload as they are picked (ImageInput: progress, then the photo being prepared), the rest
 * goes to the page's action (intent `create`: the price read, then the server's schema); the form's state, pending
 * state and the shop's messages beside its fields are the forms' one (components/form useForm), and it empties once
 * the product is added.
 */
export function AddProductForm() {
  const added = useForm<ProductDraft, WriteResult>('product', EMPTY, undefined, { intent: 'create', keepState: true });
  const { values: form, change } = added;
  const message = drawnField(added.fields);
  const problem = added.answer && !added.answer.ok ? (added.answer.notice?.text ?? '') : '';
  // Which photo fields have a photo on its way (made smaller, uploading or being prepared).
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const waiting = (field: string) => (busy: boolean) =>
    setPending((current) => (current[field] === busy ? current : { ...current, [field]: busy }));
  const counts = ownCounts(form.tag);

  function submit(event: FormEvent) {
    event.preventDefault();
    // A photo still on its way is not missing: the owner is told to wait for it, not to upload one.
    if (Object.values(pending).some(Boolean)) return window.alert(MESSAGES.photoNotReady);
    if (!form.image) return window.alert(MESSAGES.uploadImage);
    added.send({ draft: form });
  }

  return (
    <section className="card" aria-labelledby="add-heading">
      <h2 id="add-heading">Add a product</h2>
      <form className="add" onSubmit={submit}>
        {/* A photo is reported when it is ready, seconds after it was picked: it joins the form as it is then
            (what was typed meanwhile stays). */}
        <ImageInput
          label="Main image"
          required
          value={form.image}
          onChange={(image) => change({ image })}
          onBusy={waiting('image')}
        />
        <ImageInput
          label="Extra image 1"
          value={form.extra1}
          onChange={(extra1) => change({ extra1 })}
          onBusy={waiting('extra1')}
        />
        <ImageInput
          label="Extra image 2"
          value={form.extra2}
          onChange={(extra2) => change({ extra2 })}
          onBusy={waiting('extra2')}
        />
        <TextField
          label="Name"
          isRequired
          maxLength={200}
          value={form.name}
          onChange={(e) => change({ name: e.target.value })}
          {...message('name')}
        />
        <TextField
          label="Price ($)"
          isRequired
          inputMode="decimal"
          placeholder="24.99"
          value={form.price}
          onChange={(e) => change({ price: e.target.value })}
          {...message('price')}
        />
        <TextField
          label="Tags (comma-separated)"
          isRequired
          placeholder="tees,new-releases"
          value={form.tag}
          onChange={(e) => change({ tag: e.target.value })}
          {...message('tag')}
        />
        {counts.length === 0 ? (
          <TextField
            label="Stock item (apparel and gift wraps)"
            value={form.stockRef}
            onChange={(e) => change({ stockRef: e.target.value })}
            {...message('stockRef')}
          />
        ) : (
          counts.map((k) => (
            <TextField
              key={k}
              label={k === 'CANDLE' ? 'Stock count' : `${k} stock`}
              name={`stock-${k}`}
              inputMode="numeric"
              value={form.stock[k] ?? ''}
              onChange={(e) => change({ stock: { ...form.stock, [k]: e.target.value } })}
            />
          ))
        )}
        <fieldset className="shipping-facts wide">
          <legend>Shipping</legend>
          <ShippingFields
            tag={form.tag}
            weights={form.weights}
            packing={form.packing}
            onWeights={(weights) => change({ weights })}
            onPacking={(packing) => change({ packing })}
            idPrefix="New product: "
          />
        </fieldset>
        <TextAreaField
          className="wide"
          label="Description"
          isRequired
          rows={3}
          maxLength={5000}
          value={form.description}
          onChange={(e) => change({ description: e.target.value })}
          {...message('description')}
        />
        {problem && (
          <p className="error wide" role="alert">
            {problem}
          </p>
        )}
        <Button type="submit" variation="primary" className="wide" isLoading={added.sending} loadingText="Adding…">
          Add product
        </Button>
      </form>
    </section>
  );
}
