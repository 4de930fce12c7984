import { useState, type FormEvent } from 'react';
import { useLoaderData, type ActionFunctionArgs } from 'react-router-dom';
import { PROMO_FORM_MESSAGES } from '#shared/messages';
import { promoInputSchema, promoUpdateSchema, type PromoView } from '#shared/schemas/promo';
import { createPromoCode, deletePromoCode, listPromoCodes, updatePromoCode } from './adminApi';
import { AdminTable } from './AdminTable';
import { PROMO_COLUMNS, PromoCodeCells } from './PromoCodeCells';
import { PromoCodeForm } from './PromoCodeForm';
import { bodyOf, dollarProblems, draftOf, EMPTY_DRAFT, type Draft } from './promoDraft';
import { useForm } from '../../components/form/useForm';
import {
  AdminPage,
  adminWrite,
  checkedWrite,
  refused,
  submissionOf,
  useAdminWrites,
  type WriteResult,
} from './useAdmin';

export const loader = async () => ({ codes: await listPromoCodes() });

type PromoWrite =
  | { intent: 'save'; draft: Draft; editing: PromoView | null }
  | { intent: 'toggle'; promo: PromoView }
  | { intent: 'delete'; code: string };

/**
 * Make or edit a code (the dollar fields are checked first: a sentence per field that cannot be read, nothing sent;
 * then the rest with the server's schema), activate or deactivate one, delete an unused one.
 */
export async function action({ request }: ActionFunctionArgs) {
  const write = (await submissionOf(request)) as PromoWrite;
  if (write.intent === 'toggle') {
    const { promo } = write;
    return adminWrite(
      'toggle',
      () => updatePromoCode(promo.code, { ...bodyOf(draftOf(promo)), active: !promo.active, version: promo.version }),
      `${promo.active ? 'Deactivated' : 'Activated'} ${promo.code}.`,
    );
  }
  if (write.intent === 'delete')
    return adminWrite('delete', () => deletePromoCode(write.code), `Deleted ${write.code}.`);
  const { draft, editing } = write;
  const problems = dollarProblems(draft);
  if (Object.keys(problems).length)
    return refused('save', [PROMO_FORM_MESSAGES.check, ...Object.values(problems)].join(' '), problems);
  // Then the rest with the server's own schema (its words beside each field), and only then sent.
  if (editing) {
    const body = { ...bodyOf(draft), version: editing.version };
    return checkedWrite(
      'save',
      promoUpdateSchema,
      body,
      () => updatePromoCode(editing.code, body),
      (saved) => `Saved ${saved.code}.`,
    );
  }
  const body = { ...bodyOf(draft), code: draft.code };
  return checkedWrite(
    'save',
    promoInputSchema,
    body,
    () => createPromoCode(body),
    (saved) => `Made ${saved.code}: ${saved.description}.`,
  );
}

/** Promo codes: list with uses, make, edit, deactivate, delete unused (issue 13). */
export default function AdminPromoCodesPage() {
  const { codes } = useLoaderData<typeof loader>();
  const { write, notice, sent } = useAdminWrites();
  /** The code being edited (its version as read), or null when making a new one. */
  const [editing, setEditing] = useState<PromoView | null>(null);
  // The form's state, once (components/form): saved, it empties for the next code.
  const form = useForm<Draft, WriteResult>('promo', EMPTY_DRAFT, () => setEditing(null), {
    intent: 'save',
    keepState: true,
  });

  function save(event: FormEvent) {
    event.preventDefault();
    form.send({ draft: form.values, editing });
  }

  /** Another code to edit, or back to a new one: the last save's messages are put away. */
  function open(promo: PromoView | null) {
    setEditing(promo);
    form.setValues(promo ? draftOf(promo) : EMPTY_DRAFT);
    form.dismiss();
  }

  function edit(promo: PromoView) {
    open(promo);
    document.getElementById('promo-form')?.scrollIntoView({ behavior: 'smooth' });
  }

  const busy = (promo: PromoView) =>
    (sent?.promo as PromoView | undefined)?.code === promo.code || sent?.code === promo.code;

  return (
    <AdminPage title="Promo codes" notice={notice}>
      <p className="muted">
        Shoppers type a code in the cart's Order Details. Codes are not case-sensitive; a code's uses count paid orders
        (a cancelled order gives its use back). A used code cannot be deleted: deactivate it.
      </p>
      <AdminTable
        columns={PROMO_COLUMNS}
        rows={codes}
        rowKey={(promo) => promo.code}
        rowId={(promo) => `promo-${promo.code}`}
        empty="No promo codes yet. Make the first one below."
        cardsOnPhone
        cells={(promo) => (
          <PromoCodeCells
            promo={promo}
            busy={busy(promo)}
            edit={() => edit(promo)}
            toggle={() => void write('toggle', { promo })}
            remove={() => void write('delete', { code: promo.code })}
          />
        )}
      />
      <PromoCodeForm
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
