import { Button, CheckboxField, SelectField, TextField } from '@aws-amplify/ui-react';
import type { FormEvent } from 'react';
import { PROMO_KINDS, type PromoKind } from '#shared/promo';
import type { PromoView } from '#shared/schemas/promo';
import { drawnField } from '../../components/form/field';
import { Options } from '../../components/form/parts';
import type { Draft } from './promoDraft';

const KIND_LABEL: Record<PromoKind, string> = {
  percent: 'Percent off',
  amount: 'Amount off',
  shipping: 'Free shipping',
};

/**
 * Make a promo code, or edit one (`editing`: its code cannot change): the draft as typed, the server's message beside
 * each field it refused (`fields`), Save held while it goes (`saving`), Cancel back to a new code. Its state is the forms'
 * one (components/form useForm, on AdminPromoCodesPage).
 */
export function PromoCodeForm({
  draft,
  set,
  editing,
  fields,
  saving,
  save,
  cancel,
}: {
  draft: Draft;
  set: (changes: Partial<Draft>) => void;
  editing: PromoView | null;
  fields: Record<string, string>;
  saving: boolean;
  save: (event: FormEvent) => void;
  cancel: () => void;
}) {
  const fieldProps = drawnField(fields);
  return (
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
        <Options values={PROMO_KINDS} label={KIND_LABEL} />
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
      <CheckboxField
        className="promo-active wide"
        label="Combines with sales (an order's sale and this code both apply; a free-shipping code always does)"
        name="combinesWithSales"
        value="yes"
        checked={draft.combinesWithSales}
        onChange={(e) => set({ combinesWithSales: e.target.checked })}
      />
      <div className="actions wide">
        <Button type="submit" variation="primary" isDisabled={saving}>
          {editing ? 'Save changes' : 'Make promo code'}
        </Button>
        {editing && <Button onClick={cancel}>Cancel</Button>}
      </div>
    </form>
  );
}
