import { useState, type FormEvent } from 'react';
import { useLoaderData, type ActionFunctionArgs } from 'react-router-dom';
import { PROMO_FORM_MESSAGES } from '#shared/messages';
import type { PromoView } from '#shared/schemas/promo';
import { createPromoCode, deletePromoCode, listPromoCodes, updatePromoCode } from './adminApi';
import { AdminTable } from './AdminTable';
import { PROMO_COLUMNS, PromoCodeCells } from './PromoCodeCells';
import { PromoCodeForm } from './PromoCodeForm';
import { bodyOf, dollarProblems, draftOf, EMPTY_DRAFT, type Draft } from './promoDraft';
import { AdminPage, adminWrite, refused, submissionOf, useAdminWrites } from './useAdmin';

export const loader = async () => ({ codes: await listPromoCodes() });

type PromoWrite =
  | { intent: 'save'; draft: Draft; editing: PromoView | null }
  | { intent: 'toggle'; promo: PromoView }
  | { intent: 'delete'; code: string };

/**
 * Make or edit a code (the dollar fields are checked first: a sentence per field that cannot be read, nothing sent),
 * activate or deactivate one, delete an unused one.
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
  const body = bodyOf(draft);
  return editing
    ? adminWrite(
        'save',
        () => updatePromoCode(editing.code, { ...body, version: editing.version }),
        (saved) => `Saved ${saved.code}.`,
      )
    : adminWrite(
        'save',
        () => createPromoCode({ ...body, code: draft.code }),
        (saved) => `Made ${saved.code}: ${saved.description}.`,
      );
}

/** Promo codes: list with uses, make, edit, deactivate, delete unused (issue 13). */
export default function AdminPromoCodesPage() {
  const { codes } = useLoaderData<typeof loader>();
  const { write, notice, result, sent, pending } = useAdminWrites();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  /** The code being edited (its version as read), or null when making a new one. */
  const [editing, setEditing] = useState<PromoView | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  // What the last save answered: the field messages, or (saved) an empty form for the next code.
  const [answered, setAnswered] = useState(result);
  if (answered !== result) {
    setAnswered(result);
    if (result?.intent === 'save') {
      setFields(result.fields ?? {});
      if (result.ok) {
        setDraft(EMPTY_DRAFT);
        setEditing(null);
      }
    }
  }
  const set = (changes: Partial<Draft>) => setDraft({ ...draft, ...changes });

  function save(event: FormEvent) {
    event.preventDefault();
    void write('save', { draft, editing });
  }

  function edit(promo: PromoView) {
    setEditing(promo);
    setDraft(draftOf(promo));
    setFields({});
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
        draft={draft}
        set={set}
        editing={editing}
        fields={fields}
        saving={pending === 'save'}
        save={save}
        cancel={() => {
          setEditing(null);
          setDraft(EMPTY_DRAFT);
          setFields({});
        }}
      />
    </AdminPage>
  );
}
