import { Button, TableCell, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { ITEM_MESSAGES, MESSAGES } from '#shared/messages';
import { ADMIN_PAGE_SIZE } from '#shared/schemas/admin';
import { APPAREL_SIZES, stockItemSizes } from '#shared/sizes';
import { createItem, deleteItem, listItems, updateItem, type StockItem } from './adminApi';
import { AdminTable, DeleteButton } from './AdminTable';
import { AdminPage, adminWrite, cursorOf, submissionOf, useAdminWrites, useCursorPages } from './useAdmin';

type Counts = Record<string, string>;
const toCount = (value: string) => Math.max(0, Number.parseInt(value, 10) || 0);
const countsOf = (item: StockItem): Counts => Object.fromEntries(APPAREL_SIZES.map((s) => [s, String(item.stock[s])]));
const stockOf = (counts: Counts) => Object.fromEntries(APPAREL_SIZES.map((s) => [s, toCount(counts[s] ?? '0')]));
const editsOf = (items: StockItem[]) => Object.fromEntries(items.map((item) => [item.id, countsOf(item)]));

/** A page of stock items, or the one item `?id=` (the dashboard's low-stock links). */
export async function loader({ request }: LoaderFunctionArgs) {
  const only = new URL(request.url).searchParams.get('id') ?? undefined;
  return { only, page: await listItems(cursorOf(request), only) };
}

type ItemWrite = { intent: 'create' | 'update' | 'delete'; id: string; counts?: Counts; version?: number };

export async function action({ request }: ActionFunctionArgs) {
  const { intent, id, counts = {}, version } = (await submissionOf(request)) as ItemWrite;
  if (intent === 'create')
    return adminWrite(intent, () => createItem({ id: id.trim(), stock: stockOf(counts) }), `Added ${id}.`);
  if (intent === 'update')
    return adminWrite(intent, () => updateItem(id, { stock: stockOf(counts), version }), `Updated ${id}.`);
  return adminWrite(intent, () => deleteItem(id), `Deleted ${id}.`);
}

/**
 * Stock items: counts S, M, L, XL, 2XL; a gift wrap's item shows its S, M and L by the sheet sizes shoppers pick
 * (18inX36in, ...: shared/sizes.ts stockItemSizes) and sells no XL or 2XL. `?id=` shows that one item alone (low-stock
 * links).
 */
export default function AdminItemsPage() {
  const { only, page } = useLoaderData<typeof loader>();
  const { write, notice, sent, result } = useAdminWrites();
  const { pager } = useCursorPages(page, page.items.length, { label: 'stock items', pageSize: ADMIN_PAGE_SIZE });
  // The counts as edited, from each page as read (a page read again after a write starts from the stored counts).
  const [edits, setEdits] = useState(() => editsOf(page.items));
  const [editsOfPage, setEditsOfPage] = useState(page);
  if (editsOfPage !== page) {
    setEditsOfPage(page);
    setEdits(editsOf(page.items));
  }
  const [newId, setNewId] = useState('');
  const [newCounts, setNewCounts] = useState<Counts>({});
  // The add form empties once the item it sent was added.
  const [answered, setAnswered] = useState(result);
  if (answered !== result) {
    setAnswered(result);
    if (result?.intent === 'create' && result.ok) {
      setNewId('');
      setNewCounts({});
    }
  }
  const items = page.items;

  function add(event: FormEvent) {
    event.preventDefault();
    void write('create', { id: newId, counts: newCounts });
  }

  return (
    <AdminPage title="Stock items" notice={notice}>
      {only && (
        <p className="card only-one">
          {items.length ? (
            <>
              Showing one stock item: <strong className="mono">{only}</strong>.
            </>
          ) : (
            <>
              No stock item has the id <span className="mono">{only}</span> (deleted since?).
            </>
          )}{' '}
          <Link to="/admin/items">Show all stock items</Link>
        </p>
      )}
      <AdminTable
        columns={['Item id', ...APPAREL_SIZES, 'Actions']}
        rows={items}
        rowKey={(item) => item.id}
        rowId={(item) => `item-${item.id}`}
        pager={pager}
        cells={(item) => (
          <>
            <TableCell as="th" scope="row">
              {item.id}
            </TableCell>
            {stockItemSizes(item.families).map(({ key, label, sold }) => (
              <TableCell key={key} className={label === key ? undefined : 'size-named'}>
                {sold ? (
                  <label>
                    {/* A gift wrap's count under its sheet size (issue 34 item 5); S to 2XL need no second name. */}
                    {label !== key && <span className="size-name">{label}</span>}
                    <input
                      type="number"
                      min={0}
                      aria-label={`${item.id} ${label}`}
                      value={edits[item.id]?.[key] ?? ''}
                      onChange={(e) => setEdits({ ...edits, [item.id]: { ...edits[item.id], [key]: e.target.value } })}
                    />
                  </label>
                ) : (
                  <span className="muted" title={ITEM_MESSAGES.unsold}>
                    <span aria-hidden="true">–</span>
                    <span className="visually-hidden">
                      {key}: {ITEM_MESSAGES.unsold}
                    </span>
                  </span>
                )}
              </TableCell>
            ))}
            <TableCell className="actions">
              <Button
                size="small"
                variation="primary"
                isDisabled={sent?.id === item.id}
                onClick={() => void write('update', { id: item.id, counts: edits[item.id], version: item.version })}
              >
                Update
              </Button>
              <DeleteButton
                question={MESSAGES.confirmDeleteItem}
                busy={sent?.id === item.id}
                onDelete={() => void write('delete', { id: item.id })}
              />
            </TableCell>
          </>
        )}
      />
      <form className="card add add-item" onSubmit={add} aria-label="Add a stock item">
        <TextField
          label="Item id"
          name="id"
          isRequired
          value={newId}
          onChange={(e) => setNewId(e.target.value)}
          pattern="[A-Za-z0-9_-]+"
        />
        <div className="counts">
          {APPAREL_SIZES.map((s) => (
            <TextField
              key={s}
              label={s}
              name={`count-${s}`}
              type="number"
              min={0}
              value={newCounts[s] ?? ''}
              onChange={(e) => setNewCounts({ ...newCounts, [s]: e.target.value })}
            />
          ))}
        </div>
        <Button type="submit" variation="primary" isLoading={sent?.intent === 'create'} loadingText="Adding…">
          Add stock item
        </Button>
        <p className="muted wide item-hint">{ITEM_MESSAGES.giftwrapHint}</p>
      </form>
    </AdminPage>
  );
}
