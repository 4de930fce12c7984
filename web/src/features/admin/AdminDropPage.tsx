import { TableScroll } from './TableScroll';
import { Button, CheckboxField, SelectField, TextField } from '@aws-amplify/ui-react';
import type { FormEvent } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { SHOP_TIME_ZONE } from '#shared/format';
import { dropInputSchema, dropRestockSchema, type DropView } from '#shared/schemas/drops';
import { drawnField } from '../../components/form/field';
import { useForm } from '../../components/form/useForm';
import { endDrop, getDrop, listProducts, restockDrop, setUpDrop } from './adminApi';
import { AdminPage, adminWrite, checkedWrite, submissionOf, useAdminWrites, type WriteResult } from './useAdmin';

export const loader = async ({ params }: LoaderFunctionArgs) => {
  const productId = params.productId ?? '';
  const [page, drop] = await Promise.all([listProducts(undefined, productId, 1), getDrop(productId)]);
  return { productId, product: page.products[0] ?? null, drop };
};

interface SetUpDraft {
  sizes: string[];
  startsAt: string;
  limit: string;
  line: boolean;
}
interface RestockDraft {
  size: string;
  units: string;
}
const EMPTY_SET_UP: SetUpDraft = { sizes: [], startsAt: '', limit: '1', line: false };
const EMPTY_RESTOCK: RestockDraft = { size: '', units: '' };

type DropWrite =
  | { intent: 'setUp'; productId: string; draft: SetUpDraft }
  | { intent: 'restock'; productId: string; draft: RestockDraft }
  | { intent: 'end'; productId: string };

/** A message's path (`sizes.0`) as the form's field. */
const byField = (result: WriteResult): WriteResult =>
  result.fields
    ? {
        ...result,
        fields: Object.fromEntries(Object.entries(result.fields).map(([key, text]) => [key.split('.')[0], text])),
      }
    : result;
const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Set up a drop, restock one of its sizes, end it: each checked with the server's schema first. */
export async function action({ request }: ActionFunctionArgs) {
  const write = (await submissionOf(request)) as DropWrite;
  const { productId } = write;
  if (write.intent === 'end') return adminWrite('end', () => endDrop(productId), 'Ended the drop.');
  if (write.intent === 'restock') {
    const body = { size: write.draft.size, units: whole(write.draft.units) };
    return byField(
      await checkedWrite(
        'restock',
        dropRestockSchema,
        body,
        () => restockDrop(productId, body),
        `Added ${body.units} to ${body.size}.`,
      ),
    );
  }
  const { draft } = write;
  const body = { sizes: draft.sizes, startsAt: draft.startsAt, limit: whole(draft.limit), line: draft.line };
  return byField(
    await checkedWrite('setUp', dropInputSchema, body, () => setUpDrop(productId, body), 'Set up the drop.', {
      reloadOnConflict: true,
    }),
  );
}

/** A time the server answers (UTC) as the owner reads it: in the shop's time zone. */
const startText = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

function DropTable({ drop }: { drop: DropView }) {
  return (
    <TableScroll className="drop-sizes" label="The drop's sizes">
      <table>
        <thead>
          <tr>
            <th scope="col">Size</th>
            <th scope="col">Units left</th>
            <th scope="col">Sold</th>
            <th scope="col">Restocked</th>
            <th scope="col">Sum check</th>
          </tr>
        </thead>
        <tbody>
          {drop.sizes.map((size) => (
            <tr key={size.size}>
              <th scope="row">{size.size}</th>
              <td>{size.units}</td>
              <td>{size.taken}</td>
              <td>{size.restocked}</td>
              <td>
                {size.sumHolds
                  ? `Adds up (${size.start} - ${size.taken} + ${size.restocked})`
                  : 'Does not add up: tell the developer'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * A product's drop (issue 57, docs/decisions/0170, 0171 and 0173), reached from the product's row: set it up (sizes,
 * start in the shop's time zone, limit per customer, the line or not), then the one number of units left per size with
 * its sum check, restock a size, end the drop.
 */
export default function AdminDropPage() {
  const { productId, product, drop } = useLoaderData<typeof loader>();
  const { write, notice, pending } = useAdminWrites();
  const setUp = useForm<SetUpDraft, WriteResult>('drop', EMPTY_SET_UP, undefined, { intent: 'setUp' });
  const restock = useForm<RestockDraft, WriteResult>('restock', EMPTY_RESTOCK, undefined, { intent: 'restock' });
  const setUpField = drawnField(setUp.fields);
  const restockField = drawnField(restock.fields);
  const on = drop?.state === 'on';
  const sizes = product?.sizes.map((size) => size.size) ?? [];

  function sendSetUp(event: FormEvent) {
    event.preventDefault();
    setUp.send({ productId, draft: setUp.values });
  }
  function sendRestock(event: FormEvent) {
    event.preventDefault();
    restock.send({ productId, draft: restock.values });
  }
  function end() {
    if (window.confirm('End the drop? Its units go back into the product’s one stock count.'))
      void write('end', { productId });
  }

  return (
    <AdminPage title={`Drop: ${product?.name ?? productId}`} notice={notice}>
      <p className="muted">
        <Link to="/admin/products">Back to products</Link>
      </p>
      {drop && (
        <section className="card" aria-label="The drop">
          <h2>
            {on
              ? `On sale from ${startText(drop.startsAt)} (shop time)`
              : `Ended ${drop.endedAt ? startText(drop.endedAt) : ''}`}
          </h2>
          <p>Limit per customer: {drop.limit}</p>
          <DropTable drop={drop} />
          {on && (
            <>
              <form className="add" onSubmit={sendRestock} aria-label="Restock a size" noValidate>
                <SelectField
                  label="Size to restock"
                  placeholder="Choose a size"
                  value={restock.values.size}
                  onChange={(e) => restock.change({ size: e.target.value })}
                  {...restockField('size')}
                >
                  {drop.sizes.map((size) => (
                    <option key={size.size} value={size.size}>
                      {size.size}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label="Units to add"
                  type="number"
                  min={1}
                  value={restock.values.units}
                  onChange={(e) => restock.change({ units: e.target.value })}
                  {...restockField('units')}
                />
                <div className="actions wide">
                  <Button type="submit" isDisabled={restock.sending}>
                    {restock.sending ? 'Restocking…' : 'Restock'}
                  </Button>
                  <Button variation="destructive" onClick={end} isDisabled={pending === 'end'}>
                    {pending === 'end' ? 'Ending…' : 'End the drop'}
                  </Button>
                </div>
              </form>
            </>
          )}
        </section>
      )}
      {!on && (
        <form className="card add" onSubmit={sendSetUp} aria-label="Set up a drop" noValidate>
          <h2 className="wide">Set up a drop</h2>
          <fieldset className="wide drop-sizes-choice">
            <legend>Sizes in the drop</legend>
            {sizes.map((size) => (
              <CheckboxField
                key={size}
                label={size}
                name="sizes"
                value={size}
                checked={setUp.values.sizes.includes(size)}
                onChange={(e) =>
                  setUp.change({
                    sizes: e.target.checked
                      ? [...setUp.values.sizes, size]
                      : setUp.values.sizes.filter((one) => one !== size),
                  })
                }
              />
            ))}
            {setUp.fields.sizes && <p className="amplify-field__error-message">{setUp.fields.sizes}</p>}
          </fieldset>
          <TextField
            label="Starts (the shop's time zone)"
            type="datetime-local"
            value={setUp.values.startsAt}
            onChange={(e) => setUp.change({ startsAt: e.target.value })}
            {...setUpField('startsAt')}
          />
          <TextField
            label="Limit per customer"
            type="number"
            min={1}
            value={setUp.values.limit}
            onChange={(e) => setUp.change({ limit: e.target.value })}
            {...setUpField('limit')}
          />
          <CheckboxField
            className="wide"
            label="Use a line (buyers wait their turn to pay)"
            name="line"
            value="yes"
            checked={setUp.values.line}
            onChange={(e) => setUp.change({ line: e.target.checked })}
          />
          <div className="actions wide">
            <Button type="submit" variation="primary" isDisabled={setUp.sending}>
              {setUp.sending ? 'Setting up…' : 'Set up the drop'}
            </Button>
          </div>
        </form>
      )}
    </AdminPage>
  );
}
