import { Button, TableCell, TextField } from '@aws-amplify/ui-react';
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../../../shared/messages';
import { APPAREL_SIZES } from '../../../../shared/sizes';
import { createItem, deleteItem, listItems, updateItem, type StockItem } from './adminApi';
import { AdminTable, DeleteButton, usePagedAdminList } from './AdminTable';
import { AdminPage } from './useAdmin';

type Counts = Record<string, string>;
const toCount = (value: string) => Math.max(0, Number.parseInt(value, 10) || 0);
const countsOf = (item: StockItem): Counts => Object.fromEntries(APPAREL_SIZES.map((s) => [s, String(item.stock[s])]));
const itemsOf = (page: { items: StockItem[] }) => page.items;
const stockOf = (counts: Counts) => Object.fromEntries(APPAREL_SIZES.map((s) => [s, toCount(counts[s] ?? '0')]));

/** Stock items: counts S, M, L, XL, 2XL (gift wraps use S, M, L); `?id=` shows that one item alone (low-stock links). */
export default function AdminItemsPage() {
  const [params] = useSearchParams();
  const only = params.get('id') ?? undefined;
  const [edits, setEdits] = useState<Record<string, Counts>>({});
  const [newId, setNewId] = useState('');
  const [newCounts, setNewCounts] = useState<Counts>({});
  const {
    rows: items,
    error,
    notice,
    act: run,
    pager,
  } = usePagedAdminList(
    useCallback(
      (cursor?: string) =>
        listItems(cursor, only).then((answer) => {
          setEdits(Object.fromEntries(answer.items.map((item) => [item.id, countsOf(item)])));
          return answer;
        }),
      [only],
    ),
    itemsOf,
    { label: 'stock items', resetKey: only ?? '' },
  );

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!(await run(`Added ${newId}.`, () => createItem({ id: newId.trim(), stock: stockOf(newCounts) })))) return;
    setNewId('');
    setNewCounts({});
  }

  return (
    <AdminPage title="Stock items" notice={notice} error={error} loading={items === null}>
      {only && items && (
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
            {APPAREL_SIZES.map((s) => (
              <TableCell key={s}>
                <input type="number" min={0} aria-label={`${item.id} ${s}`} value={edits[item.id]?.[s] ?? ''} onChange={(e) => setEdits({ ...edits, [item.id]: { ...edits[item.id], [s]: e.target.value } })} />
              </TableCell>
            ))}
            <TableCell className="actions">
              <Button size="small" variation="primary" onClick={() => void run(`Updated ${item.id}.`, () => updateItem(item.id, { stock: stockOf(edits[item.id]), version: item.version }))}>
                Update
              </Button>
              <DeleteButton question={MESSAGES.confirmDeleteItem} onDelete={() => run(`Deleted ${item.id}.`, () => deleteItem(item.id))} />
            </TableCell>
          </>
        )}
      />
      <form className="card add" onSubmit={(event) => void add(event)} aria-label="Add a stock item">
        <TextField label="Item id" name="id" isRequired value={newId} onChange={(e) => setNewId(e.target.value)} pattern="[A-Za-z0-9_-]+" />
        <div className="counts">
          {APPAREL_SIZES.map((s) => (
            <TextField key={s} label={s} name={`count-${s}`} type="number" min={0} value={newCounts[s] ?? ''} onChange={(e) => setNewCounts({ ...newCounts, [s]: e.target.value })} />
          ))}
        </div>
        <Button type="submit" variation="primary">
          Add stock item
        </Button>
      </form>
    </AdminPage>
  );
}
