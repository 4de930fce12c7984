import { Button, TableCell } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { AdminProduct } from './adminApi';
import { DeleteButton } from './AdminTable';
import { changes, ownCounts, type Row } from './productRows';
import { ShippingFields } from './ShippingFields';
import type { Notice } from './useAdmin';

/** The products table's columns; each cell carries its column's name for the phone's card (AdminTable cardsOnPhone). */
export const PRODUCT_COLUMNS = [
  'Image',
  'Name',
  'Price ($)',
  'Tags',
  'Stock',
  'Shipping',
  'Description',
  'Actions',
] as const;
const [IMAGE, NAME, PRICE, TAGS, STOCK, SHIPPING, DESCRIPTION] = PRODUCT_COLUMNS;

/**
 * One product's cells in the products table, edited in place: name, price, tags, its stock (the stock item it takes
 * from, or its own counts), description; Save (only when something changed), Draft and Delete, held while a write of
 * this product is on its way (`busy`). What its last save came to (`status`) shows beside the buttons, in a live region
 * a screen reader announces: on a phone the page's notice is a screen's height above the Save pressed (issue 50
 * item 11).
 */
export function ProductCells({
  product,
  row,
  busy,
  status,
  edit,
  save,
  draft,
  remove,
}: {
  product: AdminProduct;
  row: Row;
  busy: boolean;
  status?: Notice;
  edit: (patch: Partial<Row>) => void;
  save: () => void;
  draft: () => void;
  remove: () => void;
}) {
  const dirty = Object.keys(changes(product, row)).length > 0;
  const counts = ownCounts(row.tag);
  return (
    <>
      <TableCell data-label={IMAGE}>
        <img src={product.image} alt="" />
      </TableCell>
      <TableCell data-label={NAME}>
        <input aria-label="Name" value={row.name} onChange={(e) => edit({ name: e.target.value })} />
      </TableCell>
      <TableCell data-label={PRICE}>
        <input
          aria-label="Price"
          inputMode="decimal"
          value={row.price}
          onChange={(e) => edit({ price: e.target.value })}
        />
      </TableCell>
      <TableCell data-label={TAGS}>
        <input aria-label="Tags" value={row.tag} onChange={(e) => edit({ tag: e.target.value })} />
      </TableCell>
      <TableCell data-label={STOCK} className="stock-cell">
        {counts.length === 0 ? (
          <label>
            Stock item
            <input aria-label="Stock item" value={row.stockRef} onChange={(e) => edit({ stockRef: e.target.value })} />
          </label>
        ) : (
          counts.map((k) => (
            <label key={k}>
              {k === 'CANDLE' ? 'Count' : k}
              <input
                aria-label={`${k} count`}
                inputMode="numeric"
                value={row.stock[k] ?? '0'}
                onChange={(e) => edit({ stock: { ...row.stock, [k]: e.target.value } })}
              />
            </label>
          ))
        )}
      </TableCell>
      <TableCell data-label={SHIPPING} className="stock-cell shipping-cell">
        <ShippingFields
          tag={row.tag}
          weights={row.weights}
          packing={row.packing}
          onWeights={(weights) => edit({ weights })}
          onPacking={(packing) => edit({ packing })}
        />
      </TableCell>
      <TableCell data-label={DESCRIPTION}>
        <textarea
          aria-label="Description"
          rows={2}
          value={row.description}
          onChange={(e) => edit({ description: e.target.value })}
        />
      </TableCell>
      <TableCell className="actions">
        <Button size="small" variation="primary" isDisabled={!dirty || busy} onClick={save}>
          Save
        </Button>
        <Button size="small" isDisabled={busy} onClick={draft}>
          Draft
        </Button>
        <DeleteButton question={`Delete ${row.name} and its images?`} busy={busy} onDelete={remove} />
        <Link
          className="drop-link"
          to={`/admin/drops/${encodeURIComponent(product.id)}`}
          aria-label={`Drop: ${product.name}`}
        >
          Drop
        </Link>
        {/* Always there, empty until a save: a live region announces what is put into it, not what it starts with. */}
        <p role="status" className={`row-status ${status?.variation ?? ''}`}>
          {status?.text}
        </p>
      </TableCell>
    </>
  );
}
