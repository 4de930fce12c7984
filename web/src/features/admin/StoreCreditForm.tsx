import { Button, TextAreaField, TextField } from '@aws-amplify/ui-react';
import type { FormEvent } from 'react';
import { formatPrice } from '#shared/money';
import { drawnField } from '../../components/form/field';
import { creditCents, type CreditDraft } from './storeCredit';

/**
 * Store credit issued by hand (issue 36 item 4): the amount in dollars, who it is for, the reason, the order it makes
 * good for (optional); the shop's message beside each field it refused (`fields`: the form's state is the forms' one,
 * components/form useForm, on AdminGiftCardsPage); the button says the amount.
 */
export function StoreCreditForm({
  draft,
  set,
  fields,
  sending,
  send,
}: {
  draft: CreditDraft;
  set: (changes: Partial<CreditDraft>) => void;
  fields: Record<string, string>;
  sending: boolean;
  send: (event: FormEvent) => void;
}) {
  const fieldProps = drawnField(fields);
  const typed = creditCents(draft.amount);
  return (
    <form id="store-credit" className="card add" onSubmit={send} aria-label="Issue store credit">
      <h2 className="wide">Issue store credit</h2>
      <p className="wide muted">
        A gift card the shop gives (goodwill, a replacement that cannot be made). It is mailed to the recipient at once
        with its own code, and spent at checkout like any gift card; it never expires.
      </p>
      <TextField
        label="Amount ($)"
        isRequired
        inputMode="decimal"
        autoComplete="off"
        value={draft.amount}
        onChange={(e) => set({ amount: e.target.value })}
        {...fieldProps('amount')}
      />
      <TextField
        label="Recipient's name"
        isRequired
        maxLength={100}
        value={draft.recipientName}
        onChange={(e) => set({ recipientName: e.target.value })}
        {...fieldProps('recipientName')}
      />
      <TextField
        label="Recipient's email"
        type="email"
        isRequired
        maxLength={200}
        value={draft.recipientEmail}
        onChange={(e) => set({ recipientEmail: e.target.value })}
        {...fieldProps('recipientEmail')}
      />
      <TextField
        label="For order (optional)"
        placeholder="#1042"
        maxLength={40}
        autoComplete="off"
        value={draft.orderNumber}
        onChange={(e) => set({ orderNumber: e.target.value })}
        {...fieldProps('orderNumber')}
      />
      <TextAreaField
        className="wide"
        label="Reason"
        descriptiveText="Only you see it (on the card and in the CSV)"
        isRequired
        rows={2}
        maxLength={300}
        value={draft.reason}
        onChange={(e) => set({ reason: e.target.value })}
        {...fieldProps('reason')}
      />
      <div className="actions wide">
        <Button type="submit" variation="primary" isDisabled={sending}>
          {'cents' in typed ? `Issue ${formatPrice(typed.cents)} of store credit` : 'Issue store credit'}
        </Button>
      </div>
    </form>
  );
}
