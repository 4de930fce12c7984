import { Button, CheckboxField, SelectField, TextField } from '@aws-amplify/ui-react';
import type { FormEvent } from 'react';
import { CATEGORIES } from '#shared/categories';
import { SALE_KINDS, SALE_KIND_LABEL, type SaleKind } from '#shared/sales';
import type { SaleView } from '#shared/schemas/sales';
import { drawnField } from '../../components/form/field';
import { Options } from '../../components/form/parts';
import type { SaleDraft } from './saleDraft';

/**
 * Make a sale without a code, or edit one (issue 54): the fields its kind needs (buy X get Y, off products, off the
 * order), the window in the shop's time, an optional limit of uses; the server's message beside each field it
 * refused (`fields`). Its state is the forms' one (components/form useForm, on AdminSalesPage).
 */
export function SaleForm({
  draft,
  set,
  editing,
  fields,
  saving,
  save,
  cancel,
}: {
  draft: SaleDraft;
  set: (changes: Partial<SaleDraft>) => void;
  editing: SaleView | null;
  fields: Record<string, string>;
  saving: boolean;
  save: (event: FormEvent) => void;
  cancel: () => void;
}) {
  const fieldProps = drawnField(fields);
  return (
    <form
      id="sale-form"
      className="card add"
      onSubmit={save}
      aria-label={editing ? `Edit sale ${editing.name}` : 'Make a sale'}
    >
      <h2 className="wide">{editing ? `Edit ${editing.name}` : 'Make a sale'}</h2>
      <TextField
        label="Name (shoppers see it)"
        isRequired
        maxLength={80}
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
        {...fieldProps('name')}
      />
      <SelectField
        label="Kind"
        value={draft.kind}
        onChange={(e) => set({ kind: e.target.value as SaleKind })}
        {...fieldProps('kind')}
      >
        <Options values={SALE_KINDS} label={SALE_KIND_LABEL} />
      </SelectField>
      <TextField
        label="Starts (shop time)"
        type="datetime-local"
        isRequired
        value={draft.startsAt}
        onChange={(e) => set({ startsAt: e.target.value })}
        {...fieldProps('startsAt')}
      />
      <TextField
        label="Ends (shop time)"
        type="datetime-local"
        isRequired
        value={draft.endsAt}
        onChange={(e) => set({ endsAt: e.target.value })}
        {...fieldProps('endsAt')}
      />
      {draft.kind !== 'off_order' && (
        <>
          <SelectField label="On" value={draft.on} onChange={(e) => set({ on: e.target.value as SaleDraft['on'] })}>
            <option value="category">A category</option>
            <option value="products">A list of products</option>
          </SelectField>
          {draft.on === 'category' ? (
            <SelectField
              label="Category"
              value={draft.category}
              onChange={(e) => set({ category: e.target.value })}
              {...fieldProps('category')}
            >
              {CATEGORIES.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.label}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField
              label="Products (ids, separated by commas)"
              value={draft.products}
              onChange={(e) => set({ products: e.target.value })}
              {...fieldProps('products')}
            />
          )}
        </>
      )}
      {draft.kind === 'buy_get' && (
        <>
          <TextField
            label="Buy (units)"
            type="number"
            min={1}
            value={draft.buy}
            onChange={(e) => set({ buy: e.target.value })}
            {...fieldProps('buy')}
          />
          <TextField
            label="Get (the next units)"
            type="number"
            min={1}
            value={draft.get}
            onChange={(e) => set({ get: e.target.value })}
            {...fieldProps('get')}
          />
          <TextField
            label="Percent off the next units (100: free)"
            type="number"
            min={1}
            max={100}
            value={draft.percentOff}
            onChange={(e) => set({ percentOff: e.target.value })}
            {...fieldProps('percentOff')}
          />
        </>
      )}
      {draft.kind === 'off_items' && (
        <>
          <SelectField
            label="Off each unit"
            value={draft.offBy}
            onChange={(e) => set({ offBy: e.target.value as SaleDraft['offBy'] })}
          >
            <option value="percent">A percent</option>
            <option value="amount">An amount</option>
          </SelectField>
          {draft.offBy === 'percent' ? (
            <TextField
              label="Percent off (1-100)"
              type="number"
              min={1}
              max={100}
              value={draft.percentOff}
              onChange={(e) => set({ percentOff: e.target.value })}
              {...fieldProps('percentOff')}
            />
          ) : (
            <TextField
              label="Amount off each ($)"
              inputMode="decimal"
              value={draft.amountOff}
              onChange={(e) => set({ amountOff: e.target.value })}
              {...fieldProps('amountOff')}
            />
          )}
        </>
      )}
      {draft.kind === 'off_order' && (
        <>
          <TextField
            label="Amount off the order ($)"
            inputMode="decimal"
            value={draft.amountOff}
            onChange={(e) => set({ amountOff: e.target.value })}
            {...fieldProps('amountOff')}
          />
          <TextField
            label="When the subtotal is at least ($)"
            inputMode="decimal"
            value={draft.minSubtotal}
            onChange={(e) => set({ minSubtotal: e.target.value })}
            {...fieldProps('minSubtotal')}
          />
        </>
      )}
      <TextField
        label="Uses in all (optional)"
        type="number"
        min={1}
        value={draft.maxUses}
        onChange={(e) => set({ maxUses: e.target.value })}
        {...fieldProps('maxUses')}
      />
      <CheckboxField
        className="promo-active wide"
        label="On (shoppers get it in its window)"
        name="active"
        value="yes"
        checked={draft.active}
        onChange={(e) => set({ active: e.target.checked })}
      />
      <div className="actions wide">
        <Button type="submit" variation="primary" isDisabled={saving}>
          {editing ? 'Save changes' : 'Make sale'}
        </Button>
        {editing && <Button onClick={cancel}>Cancel</Button>}
      </div>
    </form>
  );
}
