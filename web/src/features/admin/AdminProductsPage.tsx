import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { formatCents, toCents } from '../../../../shared/money';
import { sizeKind, TUMBLER_SIZES } from '../../../../shared/sizes';
import { unescapeText } from '../../../../shared/sanitize';
import { ApiError } from '../../lib/api';
import { createProduct, deleteProduct, draftProduct, listProducts, updateProduct, type AdminProduct } from './adminApi';
import { ImageInput } from './ImageInput';
import './admin.css';

/** Non-numeric input becomes 0 (spec section 5). */
const toCount = (value: string) => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

interface Row {
  name: string;
  price: string;
  tag: string;
  stockRef: string;
  description: string;
  stock: Record<string, string>;
}

const rowOf = (p: AdminProduct): Row => ({
  name: unescapeText(p.name),
  price: formatCents(p.price),
  tag: p.tag,
  stockRef: p.stockRef ?? '',
  description: unescapeText(p.description),
  stock: Object.fromEntries(Object.entries(p.stock).map(([k, v]) => [k, String(v)])),
});

/** Which own counts a product keeps: tumblers 16/20/24oz, single-size goods one count, apparel none. */
const ownCounts = (tag: string): string[] => (sizeKind(tag) === 'tumbler' ? [...TUMBLER_SIZES] : sizeKind(tag) === 'single' ? ['CANDLE'] : []);

function changes(product: AdminProduct, row: Row) {
  const original = rowOf(product);
  const body: Record<string, unknown> = {};
  if (row.name !== original.name) body.name = row.name;
  if (row.price !== original.price) body.price = toCents(row.price);
  if (row.tag !== original.tag) body.tag = row.tag;
  if (row.stockRef !== original.stockRef) body.stockRef = row.stockRef;
  if (row.description !== original.description) body.description = row.description;
  const counts = ownCounts(row.tag);
  if (counts.some((k) => (row.stock[k] ?? '0') !== (original.stock[k] ?? '0'))) body.stock = Object.fromEntries(counts.map((k) => [k, toCount(row.stock[k] ?? '0')]));
  return body;
}

export default function AdminProductsPage() {
  const [products, setProducts] = useState<AdminProduct[] | null>(null);
  const [rows, setRows] = useState<Record<string, Row>>({});
  const [notice, setNotice] = useState('');

  const load = () =>
    listProducts()
      .then((list) => {
        setProducts(list);
        setRows(Object.fromEntries(list.map((p) => [p.id, rowOf(p)])));
      })
      .catch((error) => console.error('admin read failed', error));
  useEffect(() => {
    void load();
  }, []);

  const report = (error: unknown) => setNotice(error instanceof ApiError ? error.message : MESSAGES.serverError);

  async function save(product: AdminProduct) {
    const body = changes(product, rows[product.id]);
    if (Number.isNaN(body.price)) return setNotice('Price must look like 12.99');
    try {
      await updateProduct(product.id, { ...body, version: product.version });
      setNotice(`Saved ${rows[product.id].name}.`);
      await load();
    } catch (error) {
      report(error);
    }
  }

  async function act(label: string, run: () => Promise<unknown>) {
    try {
      await run();
      setNotice(label);
      await load();
    } catch (error) {
      report(error);
    }
  }

  const edit = (id: string, patch: Partial<Row>) => setRows({ ...rows, [id]: { ...rows[id], ...patch } });

  return (
    <section className="page admin">
      <h1>Products</h1>
      <p role="status" aria-live="polite" className="notice" hidden={!notice}>
        {notice}
      </p>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Image</th>
              <th scope="col">Name</th>
              <th scope="col">Price ($)</th>
              <th scope="col">Tags</th>
              <th scope="col">Stock</th>
              <th scope="col">Description</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {products?.map((product) => {
              const row = rows[product.id];
              if (!row) return null;
              const dirty = Object.keys(changes(product, row)).length > 0;
              const counts = ownCounts(row.tag);
              return (
                <tr key={product.id} data-testid={`row-${product.id}`}>
                  <td>
                    <img src={product.image} alt="" />
                  </td>
                  <td>
                    <input aria-label="Name" value={row.name} onChange={(e) => edit(product.id, { name: e.target.value })} />
                  </td>
                  <td>
                    <input aria-label="Price" inputMode="decimal" value={row.price} onChange={(e) => edit(product.id, { price: e.target.value })} />
                  </td>
                  <td>
                    <input aria-label="Tags" value={row.tag} onChange={(e) => edit(product.id, { tag: e.target.value })} />
                  </td>
                  <td>
                    {counts.length === 0 ? (
                      <label>
                        Stock item
                        <input aria-label="Stock item" value={row.stockRef} onChange={(e) => edit(product.id, { stockRef: e.target.value })} />
                      </label>
                    ) : (
                      counts.map((k) => (
                        <label key={k}>
                          {k === 'CANDLE' ? 'Count' : k}
                          <input aria-label={`${k} count`} inputMode="numeric" value={row.stock[k] ?? '0'} onChange={(e) => edit(product.id, { stock: { ...row.stock, [k]: e.target.value } })} />
                        </label>
                      ))
                    )}
                  </td>
                  <td>
                    <textarea aria-label="Description" rows={2} value={row.description} onChange={(e) => edit(product.id, { description: e.target.value })} />
                  </td>
                  <td className="actions">
                    <button type="button" className="small" disabled={!dirty} onClick={() => void save(product)}>
                      Save
                    </button>
                    <button type="button" className="small secondary" onClick={() => void act(`Drafted ${row.name}.`, () => draftProduct(product.id))}>
                      Draft
                    </button>
                    <button
                      type="button"
                      className="small secondary danger"
                      onClick={() => window.confirm(`Delete ${row.name} and its images?`) && void act(`Deleted ${row.name}.`, () => deleteProduct(product.id))}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <AddProduct onAdded={(name) => act(`Added ${name}.`, async () => undefined)} />
    </section>
  );
}

const EMPTY = { name: '', description: '', price: '', tag: '', stockRef: '', image: '', extra1: '', extra2: '', stock: {} as Record<string, string> };

function AddProduct({ onAdded }: { onAdded(name: string): void }) {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState('');
  const counts = ownCounts(form.tag);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.image) return window.alert(MESSAGES.uploadImage);
    const price = toCents(form.price);
    if (Number.isNaN(price)) return setError('Price must look like 12.99');
    try {
      await createProduct({
        name: form.name,
        description: form.description,
        price,
        tag: form.tag,
        image: form.image,
        extraImages: [form.extra1, form.extra2].filter(Boolean),
        ...(counts.length ? { stock: Object.fromEntries(counts.map((k) => [k, toCount(form.stock[k] ?? '')])) } : { stockRef: form.stockRef }),
      });
      onAdded(form.name);
      setForm(EMPTY);
      setError('');
    } catch (failure) {
      setError(failure instanceof ApiError ? [failure.message, ...Object.values(failure.fields ?? {})].join(' ') : MESSAGES.serverError);
    }
  }

  return (
    <section className="card" aria-labelledby="add-heading">
      <h2 id="add-heading">Add a product</h2>
      <form className="add" onSubmit={submit}>
        <ImageInput label="Main image" required value={form.image} onChange={(image) => setForm({ ...form, image })} />
        <ImageInput label="Extra image 1" value={form.extra1} onChange={(extra1) => setForm({ ...form, extra1 })} />
        <ImageInput label="Extra image 2" value={form.extra2} onChange={(extra2) => setForm({ ...form, extra2 })} />
        <label>
          Name
          <input name="name" required maxLength={200} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label>
          Price ($)
          <input name="price" required inputMode="decimal" placeholder="24.99" value={form.price} onChange={(e) => setForm({ ...form, price: e.target.value })} />
        </label>
        <label>
          Tags (comma-separated)
          <input name="tag" required placeholder="tees,new-releases" value={form.tag} onChange={(e) => setForm({ ...form, tag: e.target.value })} />
        </label>
        {counts.length === 0 ? (
          <label>
            Stock item (apparel and gift wraps)
            <input name="stockRef" value={form.stockRef} onChange={(e) => setForm({ ...form, stockRef: e.target.value })} />
          </label>
        ) : (
          counts.map((k) => (
            <label key={k}>
              {k === 'CANDLE' ? 'Stock count' : `${k} stock`}
              <input name={`stock-${k}`} inputMode="numeric" value={form.stock[k] ?? ''} onChange={(e) => setForm({ ...form, stock: { ...form.stock, [k]: e.target.value } })} />
            </label>
          ))
        )}
        <label className="wide">
          Description
          <textarea name="description" required rows={3} maxLength={5000} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
        </label>
        {error && (
          <p className="error wide" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="wide">
          Add product
        </button>
      </form>
    </section>
  );
}
