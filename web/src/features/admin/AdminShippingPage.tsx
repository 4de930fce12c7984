import { Button, CheckboxField, TextField } from '@aws-amplify/ui-react';
import type { FormEvent } from 'react';
import { useLoaderData, type ActionFunctionArgs } from 'react-router-dom';
import { formatPrice } from '#shared/money';
import { shippingSettingsSchema } from '#shared/schemas/shipping';
import { SHIPPING_WORDS } from '#shared/shipping';
import { drawnField, input } from '../../components/form/field';
import { AddressLines } from '../../components/form/parts';
import { useForm } from '../../components/form/useForm';
import { getShippingSettings, saveShippingSettings } from './adminApi';
import {
  shippingBodyOf,
  shippingDollarProblems,
  shippingDraftOf,
  shippingFieldOf,
  type ShippingDraft,
} from './shippingDraft';
import { AdminPage, checkedWrite, refused, submissionOf, useAdminWrites, type WriteResult } from './useAdmin';

export const loader = async () => ({ settings: await getShippingSettings() });

const renamed = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([key, text]) => [shippingFieldOf(key), text]));

/**
 * Save the settings: the dollar fields first (a sentence in dollars beside each that cannot be read, nothing sent),
 * then the whole body with the server's own schema, then the PUT; every message, the page's or the server's, beside
 * the form's field.
 */
export async function action({ request }: ActionFunctionArgs): Promise<WriteResult> {
  const { draft } = (await submissionOf(request)) as { intent: 'save'; draft: ShippingDraft };
  const problems = shippingDollarProblems(draft);
  if (Object.keys(problems).length) return refused('save', 'Please check the highlighted fields.', problems);
  const body = shippingBodyOf(draft);
  const result = await checkedWrite(
    'save',
    shippingSettingsSchema,
    body,
    () => saveShippingSettings(body),
    SHIPPING_WORDS.settingsSaved,
  );
  return result.fields ? { ...result, fields: renamed(result.fields) } : result;
}

/**
 * Shipping (issue 53, docs/decisions/0161): the flat rate, free shipping over an amount, the carriers' calculated
 * rates on or off, and the address parcels ship from. One form, saved whole.
 */
export default function AdminShippingPage() {
  const { settings } = useLoaderData<typeof loader>();
  const { notice } = useAdminWrites();
  // Saved, the form keeps what was sent (the page is read again underneath it).
  const form = useForm<ShippingDraft, WriteResult>('shipping', shippingDraftOf(settings), (sent) => sent, {
    intent: 'save',
  });
  const fieldProps = drawnField(form.fields);
  const { values, change } = form;

  function save(event: FormEvent) {
    event.preventDefault();
    form.send({ draft: values });
  }

  return (
    <AdminPage title="Shipping" notice={notice}>
      <p className="muted">
        What shoppers are offered at the shipping step. The flat rate is always offered when the carriers offer nothing;
        free shipping counts the goods before a promo code (gift cards not counted).
      </p>
      <form className="card add shipping-settings" onSubmit={save} aria-label="Shipping settings" noValidate>
        <h2 className="wide">Rates</h2>
        <CheckboxField
          className="wide"
          label="Offer the flat rate"
          name="offerFlat"
          value="yes"
          checked={values.offerFlat}
          onChange={(e) => change({ offerFlat: e.target.checked })}
        />
        <TextField
          label="Flat rate ($)"
          descriptiveText={`The shop's standard rate, ${formatPrice(599)} unless you change it.`}
          inputMode="decimal"
          value={values.flat}
          onChange={(e) => change({ flat: e.target.value })}
          {...fieldProps('flat')}
        />
        <TextField
          label="Free shipping over ($, optional)"
          descriptiveText="Leave it blank for no free shipping."
          inputMode="decimal"
          value={values.freeOver}
          onChange={(e) => change({ freeOver: e.target.value })}
          {...fieldProps('freeOver')}
        />
        <CheckboxField
          className="wide"
          label="Offer the carriers' calculated rates (they need the ship-from address below)"
          value="yes"
          checked={values.calculated}
          onChange={(e) => change({ calculated: e.target.checked })}
          {...fieldProps('calculated')}
        />
        <fieldset className="wide ship-from">
          <legend>Ship from</legend>
          <p className="muted">
            Where parcels leave from: carriers price and label from it. Leave it all blank for none.
          </p>
          {form.field(
            'name',
            'Name or business',
            input({
              name: 'name',
              autoComplete: 'organization',
              maxLength: 200,
              value: values.name,
              onChange: form.set('name'),
            }),
          )}
          <AddressLines street="address" field={form.field} values={values} set={form.set} required={false} />
          {form.field(
            'phone',
            'Phone',
            input({
              name: 'phone',
              type: 'tel',
              autoComplete: 'tel',
              value: values.phone,
              onChange: form.set('phone'),
            }),
          )}
        </fieldset>
        <div className="actions wide">
          <Button type="submit" variation="primary" isDisabled={form.sending}>
            {form.sending ? 'Saving…' : 'Save shipping settings'}
          </Button>
        </div>
      </form>
    </AdminPage>
  );
}
