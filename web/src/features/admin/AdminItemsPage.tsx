import { Button, Table, TableBody, TableCell, TableRow, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { APPAREL_SIZES } from '../../../../shared/sizes';
import { createItem, deleteItem, listItems, updateItem, type StockItem } from './adminApi';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin';
import { AdminPage, HeadRow, useAdminData, useCursorPages } from './useAdmin';

type Counts = Record<string, string>;
const toCount = (value: string) => Math.max(0, Number.parseInt(value, 10) || 0);
const countsOf = (item: StockItem): Counts => Object.fromEntries(APPAREL_SIZES.map((s) => [s, String(item.stock[s])]));
const stockOf = (counts: Counts) => Object.fromEntries(APPAREL_SIZES.map((s) => [s, toCount(counts[s] ?? '0')]));

/** Stock items: counts S, M, L, XL, 2XL (gift wraps use S, M, L). */
export default function AdminItemsPage() {
  const [edits, setEdits] = useState<Record<string, Counts>>({});
  const [newId, setNewId] = useState('');
  const [newCounts, setNewCounts] = useState<Counts>({});
  const { cursor, pager } = useCursorPages();
  const { data, error, notice, act: run } = useAdminData(
    () =>
      listItems(cursor).then((answer) => {
        setEdits(Object.fromEntries(answer.items.map((item) => [item.id, countsOf(item)])));
        return answer;
      }),
    [cursor],
  );
  const items = data?.items ?? null;

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!(await run(`Added ${newId}.`, () => createItem({ id: newId.trim(), stock: stockOf(newCounts) })))) return;
    setNewId('');
    setNewCounts({});
  }

  return (
    <AdminPage title="Stock items" notice={notice} error={error} loading={items === null}>
      <div className="table-wrap">
        <Table size="small" variation="striped">
          <HeadRow cells={['Item id', ...APPAREL_SIZES, 'Actions']} />
          <TableBody>
            {items?.map((item) => (
              <TableRow key={item.id} id={`item-${item.id}`}>
                <TableCell as="th" scope="row">
                  {item.id}
                </TableCell>
                {APPAREL_SIZES.map((s) => (
                  <TableCell key={s}>
                    <input
                      type="number"
                      min={0}
                      aria-label={`${item.id} ${s}`}
                      value={edits[item.id]?.[s] ?? ''}
                      onChange={(e) => setEdits({ ...edits, [item.id]: { ...edits[item.id], [s]: e.target.value } })}
                    />
                  </TableCell>
                ))}
                <TableCell className="actions">
                  <Button size="small" variation="primary" onClick={() => void run(`Updated ${item.id}.`, () => updateItem(item.id, { stock: stockOf(edits[item.id]), version: item.version }))}>
                    Update
                  </Button>
                  <Button size="small" variation="destructive" onClick={() => window.confirm(MESSAGES.confirmDeleteItem) && void run(`Deleted ${item.id}.`, () => deleteItem(item.id))}>
                    Delete
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {pager(data, items?.length ?? 0, ADMIN_PAGE_SIZE, 'stock items')}
      <form className="card add" onSubmit={add} aria-label="Add a stock item">
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
