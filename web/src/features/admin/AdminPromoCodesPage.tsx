import { Badge, Button, CheckboxField, SelectField, TableCell, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useLoaderData, type ActionFunctionArgs } from 'react-router-dom';
import { formatCents, toCents } from '#shared/money';
import { PROMO_FORM_MESSAGES } from '#shared/messages';
import { centsFromDollars, PROMO_KINDS, type PromoKind } from '#shared/promo';
import type { PromoView } from '#shared/schemas/promo';
import { createPromoCode, deletePromoCode, listPromoCodes, updatePromoCode } from './adminApi';
import { AdminTable, DeleteButton } from './AdminTable';
import { AdminPage, adminWrite, refused, submissionOf, useAdminWrites } from './useAdmin';

/** The form's text, as typed: dollars for amounts, local date-times for the window. */
interface Draft {
  code: string;
  kind: PromoKind;
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
  maxPerCustomer: string;
  active: boolean;
}
const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxRedemptions: '',
  maxPerCustomer: '',
  active: true,
};
const KIND_LABEL: Record<PromoKind, string> = {
  percent: 'Percent off',
  amount: 'Amount off',
  shipping: 'Free shipping',
};

/** ISO -> the value of a datetime-local input (the admin's own time zone), and back. */
const toLocalInput = (iso?: string) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);
const when = (iso?: string) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '';

function draftOf(promo: PromoView): Draft {
  return {
    code: promo.code,
    kind: promo.kind,
    value: promo.kind === 'amount' ? formatCents(promo.value) : promo.kind === 'percent' ? String(promo.value) : '',
    minSubtotal: promo.minSubtotal !== undefined ? formatCents(promo.minSubtotal) : '',
    startsAt: toLocalInput(promo.startsAt),
    endsAt: toLocalInput(promo.endsAt),
    maxRedemptions: promo.maxRedemptions !== undefined ? String(promo.maxRedemptions) : '',
    maxPerCustomer: promo.maxPerCustomer !== undefined ? String(promo.maxPerCustomer) : '',
    active: promo.active,
  };
}

/**
 * The dollar fields as the owner typed them: a sentence in dollars per field that cannot be read (the API takes
 * cents and would answer in cents), checked before anything is sent.
 */
function dollarProblems(draft: Draft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (draft.kind === 'amount') {
    const value = centsFromDollars(draft.value, 'amountOff');
    if ('problem' in value) problems.value = value.problem;
  }
  if (draft.minSubtotal.trim() !== '') {
    const minimum = centsFromDollars(draft.minSubtotal, 'minSubtotal');
    if ('problem' in minimum) problems.minSubtotal = minimum.problem;
  }
  return problems;
}

/** What is sent: the server checks every field (shared/schemas/promo.ts) and answers a message per field. */
function bodyOf(draft: Draft) {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const cents = (text: string) => (text.trim() === '' ? undefined : toCents(text));
  return {
    kind: draft.kind,
    value:
      draft.kind === 'shipping'
        ? 0
        : draft.kind === 'amount'
          ? (cents(draft.value) ?? Number.NaN)
          : (number(draft.value) ?? Number.NaN),
    minSubtotal: cents(draft.minSubtotal),
    startsAt: fromLocalInput(draft.startsAt),
    endsAt: fromLocalInput(draft.endsAt),
    maxRedemptions: number(draft.maxRedemptions),
    maxPerCustomer: number(draft.maxPerCustomer),
    active: draft.active,
  };
}

const COLUMNS = ['Code', 'What it takes off', 'When', 'Uses / limit', 'Active', 'Actions'] as const;

const windowText = (promo: PromoView) =>
  promo.startsAt && promo.endsAt
    ? `${when(promo.startsAt)} – ${when(promo.endsAt)}`
    : promo.startsAt
      ? `from ${when(promo.startsAt)}`
      : promo.endsAt
        ? `until ${when(promo.endsAt)}`
        : 'always';

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
  const [draft, setDraft] = useState<Draft>(EMPTY);
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
        setDraft(EMPTY);
        setEditing(null);
      }
    }
  }
  const set = (changes: Partial<Draft>) => setDraft({ ...draft, ...changes });
  const fieldProps = (name: keyof Draft) => ({ name, hasError: Boolean(fields[name]), errorMessage: fields[name] });

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
        columns={COLUMNS}
        rows={codes}
        rowKey={(promo) => promo.code}
        rowId={(promo) => `promo-${promo.code}`}
        empty="No promo codes yet. Make the first one below."
        cardsOnPhone
        cells={(promo) => (
          <>
            <TableCell as="th" scope="row" className="mono promo-code-cell" data-label={COLUMNS[0]}>
              {promo.code}
            </TableCell>
            <TableCell data-label={COLUMNS[1]}>{promo.description}</TableCell>
            <TableCell data-label={COLUMNS[2]}>{windowText(promo)}</TableCell>
            <TableCell data-label={COLUMNS[3]}>
              <span>
                {promo.redemptions} / {promo.maxRedemptions ?? 'no limit'}
                {promo.maxPerCustomer !== undefined && (
                  <span className="muted"> ({promo.maxPerCustomer} per customer)</span>
                )}
              </span>
            </TableCell>
            <TableCell data-label={COLUMNS[4]}>
              <Badge variation={promo.active ? 'success' : 'info'}>{promo.active ? 'Active' : 'Inactive'}</Badge>
            </TableCell>
            <TableCell className="actions" data-label={COLUMNS[5]}>
              <Button size="small" onClick={() => edit(promo)} aria-label={`Edit ${promo.code}`}>
                Edit
              </Button>
              <Button
                size="small"
                isDisabled={busy(promo)}
                onClick={() => void write('toggle', { promo })}
                aria-label={`${promo.active ? 'Deactivate' : 'Activate'} ${promo.code}`}
              >
                {promo.active ? 'Deactivate' : 'Activate'}
              </Button>
              {promo.redemptions === 0 && (
                <DeleteButton
                  label={`Delete ${promo.code}`}
                  question={`Delete the promo code ${promo.code}?`}
                  busy={busy(promo)}
                  onDelete={() => void write('delete', { code: promo.code })}
                />
              )}
            </TableCell>
          </>
        )}
      />
      <form
        id="promo-form"
        className="card add"
        onSubmit={save}
        aria-label={editing ? `Edit promo code ${editing.code}` : 'Make a promo code'}
      >
        <h2 className="wide">{editing ? `Edit ${editing.code}` : 'Make a promo code'}</h2>
        <TextField
          label="Code"
          descriptiveText="3 to 32 letters, digits or dashes"
          isRequired
          isReadOnly={Boolean(editing)}
          maxLength={32}
          autoComplete="off"
          value={draft.code}
          onChange={(e) => set({ code: e.target.value })}
          {...fieldProps('code')}
        />
        <SelectField
          label="Kind"
          value={draft.kind}
          onChange={(e) => set({ kind: e.target.value as PromoKind })}
          {...fieldProps('kind')}
        >
          {PROMO_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABEL[kind]}
            </option>
          ))}
        </SelectField>
        {draft.kind !== 'shipping' && (
          <TextField
            label={draft.kind === 'percent' ? 'Percent off (1-100)' : 'Amount off ($)'}
            isRequired
            inputMode="decimal"
            value={draft.value}
            onChange={(e) => set({ value: e.target.value })}
            {...fieldProps('value')}
          />
        )}
        <TextField
          label="Minimum subtotal ($, optional)"
          inputMode="decimal"
          value={draft.minSubtotal}
          onChange={(e) => set({ minSubtotal: e.target.value })}
          {...fieldProps('minSubtotal')}
        />
        <TextField
          label="Starts (optional)"
          type="datetime-local"
          value={draft.startsAt}
          onChange={(e) => set({ startsAt: e.target.value })}
          {...fieldProps('startsAt')}
        />
        <TextField
          label="Ends (optional)"
          type="datetime-local"
          value={draft.endsAt}
          onChange={(e) => set({ endsAt: e.target.value })}
          {...fieldProps('endsAt')}
        />
        <TextField
          label="Uses in all (optional)"
          type="number"
          min={1}
          value={draft.maxRedemptions}
          onChange={(e) => set({ maxRedemptions: e.target.value })}
          {...fieldProps('maxRedemptions')}
        />
        <TextField
          label="Uses per customer (optional)"
          type="number"
          min={1}
          value={draft.maxPerCustomer}
          onChange={(e) => set({ maxPerCustomer: e.target.value })}
          {...fieldProps('maxPerCustomer')}
        />
        <CheckboxField
          className="promo-active wide"
          label="Active (shoppers can use it)"
          name="active"
          value="yes"
          checked={draft.active}
          onChange={(e) => set({ active: e.target.checked })}
        />
        <div className="actions wide">
          <Button type="submit" variation="primary" isDisabled={pending === 'save'}>
            {editing ? 'Save changes' : 'Make promo code'}
          </Button>
          {editing && (
            <Button
              onClick={() => {
                setEditing(null);
                setDraft(EMPTY);
                setFields({});
              }}
            >
              Cancel
            </Button>
          )}
        </div>
      </form>
    </AdminPage>
  );
}
