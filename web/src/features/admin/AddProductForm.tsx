import { Button, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '#shared/messages';
import { toCents } from '#shared/money';
import { ImageInput } from './ImageInput';
import { ownCounts, toCount } from './productRows';

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
};

/**
 * Add a product: the photos upload as they are picked (ImageInput: progress, then the photo being prepared), the rest
 * goes to the page's action (`add`); the form empties once the product is added (`added`), and says why not
 * (`problem`).
 */
export function AddProductForm({
  add,
  adding,
  added,
  problem,
}: {
  add: (product: Record<string, unknown> & { name: string }) => void;
  adding: boolean;
  added: object | null;
  problem: string;
}) {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState('');
  // Which photo fields have a photo on its way (made smaller, uploading or being prepared).
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const waiting = (field: string) => (busy: boolean) =>
    setPending((current) => (current[field] === busy ? current : { ...current, [field]: busy }));
  const counts = ownCounts(form.tag);
  const [emptiedFor, setEmptiedFor] = useState(added);
  if (emptiedFor !== added) {
    setEmptiedFor(added);
    if (added) {
      setForm(EMPTY);
      setError('');
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // A photo still on its way is not missing: the owner is told to wait for it, not to upload one.
    if (Object.values(pending).some(Boolean)) return window.alert(MESSAGES.photoNotReady);
    if (!form.image) return window.alert(MESSAGES.uploadImage);
    const price = toCents(form.price);
    if (Number.isNaN(price)) return setError('Price must look like 12.99');
    setError('');
    add({
      name: form.name,
      description: form.description,
      price,
      tag: form.tag,
      image: form.image,
      extraImages: [form.extra1, form.extra2].filter(Boolean),
      ...(counts.length
        ? { stock: Object.fromEntries(counts.map((k) => [k, toCount(form.stock[k] ?? '')])) }
        : { stockRef: form.stockRef }),
    });
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
          onChange={(image) => setForm((current) => ({ ...current, image }))}
          onBusy={waiting('image')}
        />
        <ImageInput
          label="Extra image 1"
          value={form.extra1}
          onChange={(extra1) => setForm((current) => ({ ...current, extra1 }))}
          onBusy={waiting('extra1')}
        />
        <ImageInput
          label="Extra image 2"
          value={form.extra2}
          onChange={(extra2) => setForm((current) => ({ ...current, extra2 }))}
          onBusy={waiting('extra2')}
        />
        <TextField
          label="Name"
          name="name"
          isRequired
          maxLength={200}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <TextField
          label="Price ($)"
          name="price"
          isRequired
          inputMode="decimal"
          placeholder="24.99"
          value={form.price}
          onChange={(e) => setForm({ ...form, price: e.target.value })}
        />
        <TextField
          label="Tags (comma-separated)"
          name="tag"
          isRequired
          placeholder="tees,new-releases"
          value={form.tag}
          onChange={(e) => setForm({ ...form, tag: e.target.value })}
        />
        {counts.length === 0 ? (
          <TextField
            label="Stock item (apparel and gift wraps)"
            name="stockRef"
            value={form.stockRef}
            onChange={(e) => setForm({ ...form, stockRef: e.target.value })}
          />
        ) : (
          counts.map((k) => (
            <TextField
              key={k}
              label={k === 'CANDLE' ? 'Stock count' : `${k} stock`}
              name={`stock-${k}`}
              inputMode="numeric"
              value={form.stock[k] ?? ''}
              onChange={(e) => setForm({ ...form, stock: { ...form.stock, [k]: e.target.value } })}
            />
          ))
        )}
        <TextAreaField
          className="wide"
          label="Description"
          name="description"
          isRequired
          rows={3}
          maxLength={5000}
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
        />
        {(error || problem) && (
          <p className="error wide" role="alert">
            {error || problem}
          </p>
        )}
        <Button type="submit" variation="primary" className="wide" isLoading={adding} loadingText="Adding…">
          Add product
        </Button>
      </form>
    </section>
  );
}
