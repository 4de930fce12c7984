import { Button, TableCell, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { ITEM_MESSAGES, MESSAGES } from '#shared/messages';
import { ADMIN_PAGE_SIZE, stockItemInputSchema, stockItemUpdateSchema } from '#shared/schemas/admin';
import { APPAREL_SIZES, stockItemSizes } from '#shared/sizes';
import { drawnField } from '../../components/form/field';
import { useForm } from '../../components/form/useForm';
import { createItem, deleteItem, listItems, updateItem, type StockItem } from './adminApi';
import { AdminTable, DeleteButton } from './AdminTable';
import {
  AdminPage,
  adminWrite,
  checkedWrite,
  cursorOf,
  submissionOf,
  useAdminWrites,
  useCursorPages,
  type WriteResult,
} from './useAdmin';

type Counts = Record<string, string>;
/** A count as typed: empty is 0; anything else is the number it reads as (the shared schema says what it may be). */
const typedCount = (value = '') => (value.trim() === '' ? 0 : Number(value));
const countsOf = (item: StockItem): Counts => Object.fromEntries(APPAREL_SIZES.map((s) => [s, String(item.stock[s])]));
const stockOf = (counts: Counts) => Object.fromEntries(APPAREL_SIZES.map((s) => [s, typedCount(counts[s])]));
const editsOf = (items: StockItem[]) => Object.fromEntries(items.map((item) => [item.id, countsOf(item)]));

/** The add form as typed: the id and a count per size. */
type NewItem = { id: string } & Counts;
const EMPTY_ITEM: NewItem = { id: '', ...Object.fromEntries(APPAREL_SIZES.map((s) => [s, ''])) };

/** A page of stock items, or the one item `?id=` (the dashboard's low-stock links). */
export async function loader({ request }: LoaderFunctionArgs) {
  const only = new URL(request.url).searchParams.get('id') ?? undefined;
  return { only, page: await listItems(cursorOf(request), only) };
}

type ItemWrite = { intent: 'create' | 'update' | 'delete'; id: string; counts?: Counts; version?: number };

/** A count's message under the add form's size (the request's `stock.S` is the form's `S`). */
const bySize = (result: WriteResult): WriteResult =>
  result.fields
    ? {
        ...result,
        fields: Object.fromEntries(
          Object.entries(result.fields).map(([key, text]) => [key.replace(/^stock\./, ''), text]),
        ),
      }
    : result;

/**
 * The stock items' writes, each checked first with the server's schema (a count that is not a whole number of 0 or
 * more is said, not read as 0): adding one (its messages beside the add form's fields), its counts, deleting it.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { intent, id, counts = {}, version } = (await submissionOf(request)) as ItemWrite;
  if (intent === 'create') {
    const body = { id: id.trim(), stock: stockOf(counts) };
    return bySize(await checkedWrite(intent, stockItemInputSchema, body, () => createItem(body), `Added ${body.id}.`));
  }
  if (intent === 'update') {
    const body = { stock: stockOf(counts), version };
    return checkedWrite(intent, stockItemUpdateSchema, body, () => updateItem(id, body), `Updated ${id}.`);
  }
  return adminWrite(intent, () => deleteItem(id), `Deleted ${id}.`);
}

/**
 * Stock items: counts S, M, L, XL, 2XL; a gift wrap's item shows its S, M and L by the sheet sizes shoppers pick
 * (18inX36in, ...: shared/sizes.ts stockItemSizes) and sells no XL or 2XL. `?id=` shows that one item alone (low-stock
 * links).
 */
export default function AdminItemsPage() {
  const { only, page } = useLoaderData<typeof loader>();
  const { write, notice, sent } = useAdminWrites();
  const { pager } = useCursorPages(page, page.items.length, { label: 'stock items', pageSize: ADMIN_PAGE_SIZE });
  // The counts as edited, from each page as read (a page read again after a write starts from the stored counts).
  const [edits, setEdits] = useState(() => editsOf(page.items));
  const [editsOfPage, setEditsOfPage] = useState(page);
  if (editsOfPage !== page) {
    setEditsOfPage(page);
    setEdits(editsOf(page.items));
  }
  // The add form (components/form useForm): empties once the item it sent was added; its messages beside its fields.
  const form = useForm<NewItem, WriteResult>('new-item', EMPTY_ITEM, undefined, { intent: 'create', keepState: true });
  const message = drawnField(form.fields);
  const items = page.items;

  function add(event: FormEvent) {
    event.preventDefault();
    const { id, ...counts } = form.values;
    form.send({ id, counts });
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
          isRequired
          value={form.values.id}
          onChange={form.set('id')}
          pattern="[A-Za-z0-9_-]+"
          {...message('id')}
        />
        <div className="counts">
          {APPAREL_SIZES.map((s) => (
            <TextField
              key={s}
              label={s}
              type="number"
              min={0}
              value={form.values[s] ?? ''}
              onChange={form.set(s)}
              {...message(s)}
            />
          ))}
        </div>
        <Button type="submit" variation="primary" isLoading={form.sending} loadingText="Adding…">
          Add stock item
        </Button>
        <p className="muted wide item-hint">{ITEM_MESSAGES.giftwrapHint}</p>
      </form>
    </AdminPage>
  );
}
