import { useState } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { unescapeText } from '#shared/sanitize';
import { ADMIN_PAGE_SIZE, productInputSchema } from '#shared/schemas/admin';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { AddProductForm, productOf, type ProductDraft } from './AddProductForm';
import { createProduct, deleteProduct, draftProduct, listProducts, updateProduct, type AdminProduct } from './adminApi';
import { AdminTable } from './AdminTable';
import { ProductCardList, ADMIN_PHONE } from './ProductCardList';
import { PRODUCT_COLUMNS, ProductCells } from './ProductCells';
import { changes, rowsOf, type Row } from './productRows';
import {
  AdminPage,
  adminWrite,
  checkedWrite,
  cursorOf,
  refused,
  submissionOf,
  useAdminWrites,
  useCursorPages,
} from './useAdmin';

/** A page of listed products, or the one product `?id=` (the dashboard's low-stock links). */
export async function loader({ request }: LoaderFunctionArgs) {
  const only = new URL(request.url).searchParams.get('id') ?? undefined;
  return { only, page: await listProducts(cursorOf(request), only) };
}

type ProductWrite =
  | { intent: 'save'; product: AdminProduct; row: Row }
  | { intent: 'draft' | 'delete'; id: string; name: string }
  | { intent: 'create'; draft: ProductDraft };

export async function action({ request }: ActionFunctionArgs) {
  const write = (await submissionOf(request)) as ProductWrite;
  switch (write.intent) {
    case 'save': {
      const body = changes(write.product, write.row);
      if (Number.isNaN(body.price)) return refused('save', 'Price must look like 12.99');
      const saved = await adminWrite(
        'save',
        () => updateProduct(write.product.id, { ...body, version: write.product.version }),
        `Saved ${write.row.name}.`,
      );
      // Which product: its row says it beside its Save (issue 50 item 11).
      return { ...saved, id: write.product.id };
    }
    case 'draft':
      return adminWrite('draft', () => draftProduct(write.id), `Drafted ${write.name}.`);
    case 'delete':
      return adminWrite('delete', () => deleteProduct(write.id), `Deleted ${write.name}.`);
    case 'create': {
      const made = productOf(write.draft);
      if (!made.ok) return refused('create', made.message, made.fields);
      return checkedWrite(
        'create',
        productInputSchema,
        made.product,
        () => createProduct(made.product),
        `Added ${made.product.name}.`,
      );
    }
  }
}

/**
 * The listed products, 50 a page, edited in place; `?id=` shows that one product alone (the dashboard's low-stock
 * links: the row is there whichever page it would be on), with a link back to them all. Each page read (again, after
 * a write) starts from the stored values; a refused save keeps what was typed. On a phone the page is a list of cards
 * (name, price, stock) that each open their product, and the product opened is a card of its fields (issue 34 item 6).
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
  // A save: said beside that product's Save (announced there), not a second time at the top of the page.
  const savedId = result?.intent === 'save' ? (result as typeof result & { id?: string }).id : undefined;
  const savedShown = !!savedId && products.some((product) => product.id === savedId);

  const edit = (id: string, patch: Partial<Row>) => setRows({ ...rows, [id]: { ...rows[id], ...patch } });
  // A phone: the page of products as cards that open a product; the one product opened is a card of its fields.
  const phone = useMediaQuery(ADMIN_PHONE);

  return (
    <AdminPage title="Products" notice={addProblem || savedShown ? null : notice}>
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
      {phone && !only ? (
        <ProductCardList products={products} pager={pager} />
      ) : (
        <AdminTable
          columns={PRODUCT_COLUMNS}
          cardsOnPhone
          rows={products}
          rowKey={(product) => product.id}
          rowId={(product) => `row-${product.id}`}
          rowTestId={(product) => `row-${product.id}`}
          pager={pager}
          cells={(product) => {
            const row = rows[product.id];
            if (!row) return null;
            const busy = sent?.id === product.id || (sent?.product as AdminProduct | undefined)?.id === product.id;
            return (
              <ProductCells
                product={product}
                row={row}
                busy={busy}
                status={product.id === savedId ? notice : null}
                edit={(patch) => edit(product.id, patch)}
                save={() => void write('save', { product, row })}
                draft={() => void write('draft', { id: product.id, name: row.name })}
                remove={() => void write('delete', { id: product.id, name: row.name })}
              />
            );
          }}
        />
      )}
      <AddProductForm />
    </AdminPage>
  );
}
