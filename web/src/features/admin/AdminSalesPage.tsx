import { Badge, Button, TableCell } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useLoaderData, type ActionFunctionArgs } from 'react-router-dom';
import { PROMO_FORM_MESSAGES } from '#shared/messages';
import { saleInputSchema, saleUpdateSchema, type SaleView } from '#shared/schemas/sales';
import { useForm } from '../../components/form/useForm';
import { createSale, deleteSale, listSales, updateSale } from './adminApi';
import { AdminTable, DeleteButton } from './AdminTable';
import { SaleForm } from './SaleForm';
import { EMPTY_SALE, saleBodyOf, saleDollarProblems, saleDraftOf, saleWindowText, type SaleDraft } from './saleDraft';
import {
  AdminPage,
  adminWrite,
  checkedWrite,
  refused,
  submissionOf,
  useAdminWrites,
  type WriteResult,
} from './useAdmin';

export const loader = async () => ({ sales: await listSales() });

type SaleWrite =
  | { intent: 'save'; draft: SaleDraft; editing: SaleView | null }
  | { intent: 'toggle'; sale: SaleView }
  | { intent: 'delete'; sale: SaleView };

const STATE_LABEL: Record<SaleView['state'], string> = {
  on: 'On now',
  scheduled: 'Scheduled',
  ended: 'Ended',
  used_up: 'Used up',
  off: 'Turned off',
};

/** Make or edit a sale (dollars checked first, then the server's schema), turn one on or off, delete an unused one. */
export async function action({ request }: ActionFunctionArgs) {
  const write = (await submissionOf(request)) as SaleWrite;
  if (write.intent === 'toggle') {
    const { sale } = write;
    return adminWrite(
      'toggle',
      () => updateSale(sale.saleId, { ...saleBodyOf(saleDraftOf(sale)), active: !sale.active, version: sale.version }),
      `${sale.active ? 'Turned off' : 'Turned on'} ${sale.name}.`,
    );
  }
  if (write.intent === 'delete')
    return adminWrite('delete', () => deleteSale(write.sale.saleId), `Deleted ${write.sale.name}.`);
  const { draft, editing } = write;
  const problems = saleDollarProblems(draft);
  if (Object.keys(problems).length)
    return refused('save', [PROMO_FORM_MESSAGES.check, ...Object.values(problems)].join(' '), problems);
  if (editing) {
    const body = { ...saleBodyOf(draft), version: editing.version };
    return checkedWrite(
      'save',
      saleUpdateSchema,
      body,
      () => updateSale(editing.saleId, body),
      (saved) => `Saved ${saved.name}.`,
    );
  }
  const body = saleBodyOf(draft);
  return checkedWrite(
    'save',
    saleInputSchema,
    body,
    () => createSale(body),
    (saved) => `Made ${saved.name}: ${saved.description}.`,
  );
}

const COLUMNS = ['Sale', 'What it gives', 'When (shop time)', 'Uses / limit', 'State', 'Actions'] as const;

/** Sales without a code (issue 54): every shopper gets them while they are on; the rules are in the owner's guide. */
export default function AdminSalesPage() {
  const { sales } = useLoaderData<typeof loader>();
  const { write, notice, sent } = useAdminWrites();
  const [editing, setEditing] = useState<SaleView | null>(null);
  const form = useForm<SaleDraft, WriteResult>('sale', EMPTY_SALE, () => setEditing(null), {
    intent: 'save',
    keepState: true,
  });

  function save(event: FormEvent) {
    event.preventDefault();
    form.send({ draft: form.values, editing });
  }
  function open(sale: SaleView | null) {
    setEditing(sale);
    form.setValues(sale ? saleDraftOf(sale) : EMPTY_SALE);
    form.dismiss();
  }
  const busy = (sale: SaleView) => (sent?.sale as SaleView | undefined)?.saleId === sale.saleId;

  return (
    <AdminPage title="Sales" notice={notice}>
      <p className="muted">
        A sale is given to every shopper without a code, from its start to its end (the shop&rsquo;s time, New York).
        One product discount per line (the best for the shopper); an order&rsquo;s sale and a promo code combine only
        when the code is marked &ldquo;combines with sales&rdquo;; a free-shipping code combines with any sale. A
        limited sale is counted when an order is taken, never past its limit.
      </p>
      <AdminTable
        columns={COLUMNS}
        rows={sales}
        rowKey={(sale) => sale.saleId}
        rowId={(sale) => `sale-${sale.saleId}`}
        empty="No sales yet. Make the first one below."
        cardsOnPhone
        cells={(sale) => (
          <>
            <TableCell as="th" scope="row" data-label={COLUMNS[0]}>
              {sale.name}
            </TableCell>
            <TableCell data-label={COLUMNS[1]}>
              {sale.description}
              <span className="muted">
                {' '}
                ({sale.category ? `category ${sale.category}` : sale.products ? sale.products.join(', ') : 'the order'})
              </span>
            </TableCell>
            <TableCell data-label={COLUMNS[2]}>{saleWindowText(sale)}</TableCell>
            <TableCell data-label={COLUMNS[3]}>
              {sale.uses} / {sale.maxUses ?? 'no limit'}
            </TableCell>
            <TableCell data-label={COLUMNS[4]}>
              <Badge variation={sale.state === 'on' ? 'success' : 'info'}>{STATE_LABEL[sale.state]}</Badge>
            </TableCell>
            <TableCell className="actions" data-label={COLUMNS[5]}>
              <Button
                size="small"
                onClick={() => {
                  open(sale);
                  document.getElementById('sale-form')?.scrollIntoView({ behavior: 'smooth' });
                }}
                aria-label={`Edit ${sale.name}`}
              >
                Edit
              </Button>
              <Button
                size="small"
                isDisabled={busy(sale)}
                onClick={() => void write('toggle', { sale })}
                aria-label={`${sale.active ? 'Turn off' : 'Turn on'} ${sale.name}`}
              >
                {sale.active ? 'Turn off' : 'Turn on'}
              </Button>
              {sale.uses === 0 && (
                <DeleteButton
                  label={`Delete ${sale.name}`}
                  question={`Delete the sale ${sale.name}?`}
                  busy={busy(sale)}
                  onDelete={() => void write('delete', { sale })}
                />
              )}
            </TableCell>
          </>
        )}
      />
      <SaleForm
        draft={form.values}
        set={form.change}
        editing={editing}
        fields={form.fields}
        saving={form.sending}
        save={save}
        cancel={() => open(null)}
      />
    </AdminPage>
  );
}
