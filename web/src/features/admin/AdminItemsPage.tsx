import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { APPAREL_SIZES } from '../../../../shared/sizes';
import { ApiError } from '../../lib/api';
import { createItem, deleteItem, listItems, updateItem, type StockItem } from './adminApi';
import './admin.css';

type Counts = Record<string, string>;
const toCount = (value: string) => Math.max(0, Number.parseInt(value, 10) || 0);
const countsOf = (item: StockItem): Counts => Object.fromEntries(APPAREL_SIZES.map((s) => [s, String(item.stock[s])]));
const stockOf = (counts: Counts) => Object.fromEntries(APPAREL_SIZES.map((s) => [s, toCount(counts[s] ?? '0')]));

/** Stock items: counts S, M, L, XL, 2XL (gift wraps use S, M, L). */
export default function AdminItemsPage() {
  const [items, setItems] = useState<StockItem[]>([]);
  const [edits, setEdits] = useState<Record<string, Counts>>({});
  const [notice, setNotice] = useState('');
  const [newId, setNewId] = useState('');
  const [newCounts, setNewCounts] = useState<Counts>({});

  const load = () =>
    listItems()
      .then((list) => {
        setItems(list);
        setEdits(Object.fromEntries(list.map((item) => [item.id, countsOf(item)])));
      })
      .catch((error) => console.error('admin read failed', error));
  useEffect(() => {
    void load();
  }, []);

  async function run(label: string, action: () => Promise<unknown>) {
    try {
      await action();
      setNotice(label);
      await load();
    } catch (error) {
      setNotice(error instanceof ApiError ? error.message : MESSAGES.serverError);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    await run(`Added ${newId}.`, () => createItem({ id: newId.trim(), stock: stockOf(newCounts) }));
    setNewId('');
    setNewCounts({});
  }

  return (
    <section className="page admin">
      <h1>Stock items</h1>
      <p role="status" aria-live="polite" className="notice" hidden={!notice}>
        {notice}
      </p>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Item id</th>
              {APPAREL_SIZES.map((s) => (
                <th key={s} scope="col">
                  {s}
                </th>
              ))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.id}</th>
                {APPAREL_SIZES.map((s) => (
                  <td key={s}>
                    <input
                      type="number"
                      min={0}
                      aria-label={`${item.id} ${s}`}
                      value={edits[item.id]?.[s] ?? ''}
                      onChange={(e) => setEdits({ ...edits, [item.id]: { ...edits[item.id], [s]: e.target.value } })}
                    />
                  </td>
                ))}
                <td className="actions">
                  <button type="button" className="small" onClick={() => void run(`Updated ${item.id}.`, () => updateItem(item.id, { stock: stockOf(edits[item.id]), version: item.version }))}>
                    Update
                  </button>
                  <button type="button" className="small secondary danger" onClick={() => window.confirm(MESSAGES.confirmDeleteItem) && void run(`Deleted ${item.id}.`, () => deleteItem(item.id))}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form className="card add" onSubmit={add} aria-label="Add a stock item">
        <label>
          Item id
          <input required value={newId} onChange={(e) => setNewId(e.target.value)} pattern="[A-Za-z0-9_-]+" />
        </label>
        <div className="counts">
          {APPAREL_SIZES.map((s) => (
            <label key={s}>
              {s}
              <input type="number" min={0} value={newCounts[s] ?? ''} onChange={(e) => setNewCounts({ ...newCounts, [s]: e.target.value })} />
            </label>
          ))}
        </div>
        <button type="submit">Add stock item</button>
      </form>
    </section>
  );
}
