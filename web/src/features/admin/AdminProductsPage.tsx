import { Button, TableCell, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../../../shared/messages';
import { formatCents, toCents } from '../../../../shared/money';
import { sizeKind, TUMBLER_SIZES } from '../../../../shared/sizes';
import { unescapeText } from '../../../../shared/sanitize';
import { createProduct, deleteProduct, draftProduct, listProducts, updateProduct, type AdminProduct, type AdminProductPage } from './adminApi';
import { AdminTable, DeleteButton, usePagedAdminList } from './AdminTable';
import { ImageInput } from './ImageInput';
import { AdminPage, problemText } from './useAdmin';

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

const productsOf = (page: AdminProductPage) => page.products;

/**
 * The listed products, 50 a page, edited in place; `?id=` shows that one product alone (the dashboard's low-stock
 * links: the row is there whichever page it would be on), with a link back to them all.
 */
export default function AdminProductsPage() {
  const [params] = useSearchParams();
  const only = params.get('id') ?? undefined;
  const [rows, setRows] = useState<Record<string, Row>>({});
  const {
    rows: products,
    error,
    notice,
    setNotice,
    act,
    pager,
  } = usePagedAdminList(
    useCallback(
      (cursor?: string) =>
        listProducts(cursor, only).then((answer) => {
          setRows(Object.fromEntries(answer.products.map((p) => [p.id, rowOf(p)])));
          return answer;
        }),
      [only],
    ),
    productsOf,
    { label: 'products', resetKey: only ?? '' },
  );

  async function save(product: AdminProduct) {
    const body = changes(product, rows[product.id]);
    if (Number.isNaN(body.price)) return setNotice({ variation: 'error', text: 'Price must look like 12.99' });
    await act(`Saved ${rows[product.id].name}.`, () => updateProduct(product.id, { ...body, version: product.version }));
  }

  const edit = (id: string, patch: Partial<Row>) => setRows({ ...rows, [id]: { ...rows[id], ...patch } });

  return (
    <AdminPage title="Products" notice={notice} error={error} loading={products === null}>
      {only && products && (
        <p className="card only-one">
          {products.length ? (
            <>
              Showing one product: <strong>{unescapeText(products[0].name)}</strong>.
            </>
          ) : (
            <>
              No listed product has the id <span className="mono">{only}</span> (drafted or deleted since?).
            </>
          )}{' '}
          <Link to="/admin/products">Show all products</Link>
        </p>
      )}
      <AdminTable
        columns={['Image', 'Name', 'Price ($)', 'Tags', 'Stock', 'Description', 'Actions']}
        rows={products}
        rowKey={(product) => product.id}
        rowId={(product) => `row-${product.id}`}
        rowTestId={(product) => `row-${product.id}`}
        pager={pager}
        cells={(product) => {
          const row = rows[product.id];
          if (!row) return null;
          const dirty = Object.keys(changes(product, row)).length > 0;
          const counts = ownCounts(row.tag);
          return (
            <>
              <TableCell>
                <img src={product.image} alt="" />
              </TableCell>
              <TableCell>
                <input aria-label="Name" value={row.name} onChange={(e) => edit(product.id, { name: e.target.value })} />
              </TableCell>
              <TableCell>
                <input aria-label="Price" inputMode="decimal" value={row.price} onChange={(e) => edit(product.id, { price: e.target.value })} />
              </TableCell>
              <TableCell>
                <input aria-label="Tags" value={row.tag} onChange={(e) => edit(product.id, { tag: e.target.value })} />
              </TableCell>
              <TableCell>
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
              </TableCell>
              <TableCell>
                <textarea aria-label="Description" rows={2} value={row.description} onChange={(e) => edit(product.id, { description: e.target.value })} />
              </TableCell>
              <TableCell className="actions">
                <Button size="small" variation="primary" isDisabled={!dirty} onClick={() => void save(product)}>
                  Save
                </Button>
                <Button size="small" onClick={() => void act(`Drafted ${row.name}.`, () => draftProduct(product.id))}>
                  Draft
                </Button>
                <DeleteButton question={`Delete ${row.name} and its images?`} onDelete={() => act(`Deleted ${row.name}.`, () => deleteProduct(product.id))} />
              </TableCell>
            </>
          );
        }}
      />
      <AddProduct onAdded={(name) => void act(`Added ${name}.`, async () => undefined)} />
    </AdminPage>
  );
}

const EMPTY = { name: '', description: '', price: '', tag: '', stockRef: '', image: '', extra1: '', extra2: '', stock: {} as Record<string, string> };

function AddProduct({ onAdded }: { onAdded: (name: string) => void }) {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState('');
  // Which photo fields have a photo on its way (made smaller, uploading or being prepared).
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const waiting = (field: string) => (busy: boolean) => setPending((current) => (current[field] === busy ? current : { ...current, [field]: busy }));
  const counts = ownCounts(form.tag);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A photo still on its way is not missing: the owner is told to wait for it, not to upload one.
    if (Object.values(pending).some(Boolean)) return window.alert(MESSAGES.photoNotReady);
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
      setError(problemText(failure));
    }
  }

  return (
    <section className="card" aria-labelledby="add-heading">
      <h2 id="add-heading">Add a product</h2>
      <form className="add" onSubmit={(event) => void submit(event)}>
        {/* A photo is reported when it is ready, seconds after it was picked: it joins the form as it is then (what was typed meanwhile stays). */}
        <ImageInput label="Main image" required value={form.image} onChange={(image) => setForm((current) => ({ ...current, image }))} onBusy={waiting('image')} />
        <ImageInput label="Extra image 1" value={form.extra1} onChange={(extra1) => setForm((current) => ({ ...current, extra1 }))} onBusy={waiting('extra1')} />
        <ImageInput label="Extra image 2" value={form.extra2} onChange={(extra2) => setForm((current) => ({ ...current, extra2 }))} onBusy={waiting('extra2')} />
        <TextField label="Name" name="name" isRequired maxLength={200} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <TextField label="Price ($)" name="price" isRequired inputMode="decimal" placeholder="24.99" value={form.price} onChange={(e) => setForm({ ...form, price: e.target.value })} />
        <TextField label="Tags (comma-separated)" name="tag" isRequired placeholder="tees,new-releases" value={form.tag} onChange={(e) => setForm({ ...form, tag: e.target.value })} />
        {counts.length === 0 ? (
          <TextField label="Stock item (apparel and gift wraps)" name="stockRef" value={form.stockRef} onChange={(e) => setForm({ ...form, stockRef: e.target.value })} />
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
        {error && (
          <p className="error wide" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" variation="primary" className="wide">
          Add product
        </Button>
      </form>
    </section>
  );
}
