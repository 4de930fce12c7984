import { Button, TableCell, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import { formatCents, toCents } from '#shared/money';
import { sizeKind, TUMBLER_SIZES } from '#shared/sizes';
import { unescapeText } from '#shared/sanitize';
import { ADMIN_PAGE_SIZE } from '#shared/schemas/admin';
import { createProduct, deleteProduct, draftProduct, listProducts, updateProduct, type AdminProduct } from './adminApi';
import { AdminTable, DeleteButton } from './AdminTable';
import { ImageInput } from './ImageInput';
import { AdminPage, adminWrite, cursorOf, refused, submissionOf, useAdminWrites, useCursorPages } from './useAdmin';

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
const ownCounts = (tag: string): string[] =>
  sizeKind(tag) === 'tumbler' ? [...TUMBLER_SIZES] : sizeKind(tag) === 'single' ? ['CANDLE'] : [];

function changes(product: AdminProduct, row: Row) {
  const original = rowOf(product);
  const body: Record<string, unknown> = {};
  if (row.name !== original.name) body.name = row.name;
  if (row.price !== original.price) body.price = toCents(row.price);
  if (row.tag !== original.tag) body.tag = row.tag;
  if (row.stockRef !== original.stockRef) body.stockRef = row.stockRef;
  if (row.description !== original.description) body.description = row.description;
  const counts = ownCounts(row.tag);
  if (counts.some((k) => (row.stock[k] ?? '0') !== (original.stock[k] ?? '0')))
    body.stock = Object.fromEntries(counts.map((k) => [k, toCount(row.stock[k] ?? '0')]));
  return body;
}

const rowsOf = (products: AdminProduct[]) => Object.fromEntries(products.map((p) => [p.id, rowOf(p)]));

/** A page of listed products, or the one product `?id=` (the dashboard's low-stock links). */
export async function loader({ request }: LoaderFunctionArgs) {
  const only = new URL(request.url).searchParams.get('id') ?? undefined;
  return { only, page: await listProducts(cursorOf(request), only) };
}

type ProductWrite =
  | { intent: 'save'; product: AdminProduct; row: Row }
  | { intent: 'draft' | 'delete'; id: string; name: string }
  | { intent: 'create'; product: Record<string, unknown> & { name: string } };

export async function action({ request }: ActionFunctionArgs) {
  const write = (await submissionOf(request)) as ProductWrite;
  switch (write.intent) {
    case 'save': {
      const body = changes(write.product, write.row);
      if (Number.isNaN(body.price)) return refused('save', 'Price must look like 12.99');
      return adminWrite(
        'save',
        () => updateProduct(write.product.id, { ...body, version: write.product.version }),
        `Saved ${write.row.name}.`,
      );
    }
    case 'draft':
      return adminWrite('draft', () => draftProduct(write.id), `Drafted ${write.name}.`);
    case 'delete':
      return adminWrite('delete', () => deleteProduct(write.id), `Deleted ${write.name}.`);
    case 'create':
      return adminWrite('create', () => createProduct(write.product), `Added ${write.product.name}.`);
  }
}

/**
 * The listed products, 50 a page, edited in place; `?id=` shows that one product alone (the dashboard's low-stock
 * links: the row is there whichever page it would be on), with a link back to them all. Each page read (again, after
 * a write) starts from the stored values; a refused save keeps what was typed.
 */
export default function AdminProductsPage() {
  const { only, page } = useLoaderData<typeof loader>();
  const { write, notice, result, sent } = useAdminWrites();
  const products = page.products;
  const { pager } = useCursorPages(page, products.length, { label: 'products', pageSize: ADMIN_PAGE_SIZE });
  const [rows, setRows] = useState(() => rowsOf(products));
  const [rowsOfPage, setRowsOfPage] = useState(page);
  if (rowsOfPage !== page) {
    setRowsOfPage(page);
    setRows(rowsOf(products));
  }
  // A product the add form sent and the server refused: the form says why (the page's notice says what was added).
  const addProblem = result?.intent === 'create' && !result.ok ? (result.notice?.text ?? '') : '';

  const edit = (id: string, patch: Partial<Row>) => setRows({ ...rows, [id]: { ...rows[id], ...patch } });

  return (
    <AdminPage title="Products" notice={addProblem ? null : notice}>
      {only && (
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
          const busy = sent?.id === product.id || (sent?.product as AdminProduct | undefined)?.id === product.id;
          const counts = ownCounts(row.tag);
          return (
            <>
              <TableCell>
                <img src={product.image} alt="" />
              </TableCell>
              <TableCell>
                <input
                  aria-label="Name"
                  value={row.name}
                  onChange={(e) => edit(product.id, { name: e.target.value })}
                />
              </TableCell>
              <TableCell>
                <input
                  aria-label="Price"
                  inputMode="decimal"
                  value={row.price}
                  onChange={(e) => edit(product.id, { price: e.target.value })}
                />
              </TableCell>
              <TableCell>
                <input aria-label="Tags" value={row.tag} onChange={(e) => edit(product.id, { tag: e.target.value })} />
              </TableCell>
              <TableCell>
                {counts.length === 0 ? (
                  <label>
                    Stock item
                    <input
                      aria-label="Stock item"
                      value={row.stockRef}
                      onChange={(e) => edit(product.id, { stockRef: e.target.value })}
                    />
                  </label>
                ) : (
                  counts.map((k) => (
                    <label key={k}>
                      {k === 'CANDLE' ? 'Count' : k}
                      <input
                        aria-label={`${k} count`}
                        inputMode="numeric"
                        value={row.stock[k] ?? '0'}
                        onChange={(e) => edit(product.id, { stock: { ...row.stock, [k]: e.target.value } })}
                      />
                    </label>
                  ))
                )}
              </TableCell>
              <TableCell>
                <textarea
                  aria-label="Description"
                  rows={2}
                  value={row.description}
                  onChange={(e) => edit(product.id, { description: e.target.value })}
                />
              </TableCell>
              <TableCell className="actions">
                <Button
                  size="small"
                  variation="primary"
                  isDisabled={!dirty || busy}
                  onClick={() => void write('save', { product, row })}
                >
                  Save
                </Button>
                <Button
                  size="small"
                  isDisabled={busy}
                  onClick={() => void write('draft', { id: product.id, name: row.name })}
                >
                  Draft
                </Button>
                <DeleteButton
                  question={`Delete ${row.name} and its images?`}
                  busy={busy}
                  onDelete={() => void write('delete', { id: product.id, name: row.name })}
                />
              </TableCell>
            </>
          );
        }}
      />
      <AddProduct
        add={(product) => void write('create', { product })}
        adding={sent?.intent === 'create'}
        added={result?.intent === 'create' && result.ok ? result : null}
        problem={addProblem}
      />
    </AdminPage>
  );
}

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
function AddProduct({
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
