import { useState, type FormEvent } from 'react';
import { useActionData, useNavigation, type ActionFunctionArgs } from 'react-router-dom';
import { useWrite } from '../../lib/useWrite';
import { MESSAGES, STOCK_ALERT_MESSAGES as WORDS } from '#shared/messages';
import { stockAlertAnswerSchema } from '#shared/schemas/stock-alerts';
import { CANDLE_SIZE, type Size } from '#shared/sizes';
import { FormError } from '../../components/FormError';
import { api, ApiError } from '../../lib/api';
import { useAuth } from '../auth';

/** What the product route's action answers for "Email me when it's back": the server's sentence, or why not. */
export type RestockAnswer =
  | { intent: 'restock'; ok: true; message: string }
  | { intent: 'restock'; ok: false; message: string; fields: Record<string, string> };

/** The product page's route action (its `action` export): posts the request to POST /api/stock-alerts. */
export async function restockAction({ request }: ActionFunctionArgs): Promise<RestockAnswer> {
  const { productId, size, email } = (await request.json()) as { productId: string; size: string; email: string };
  try {
    const answer = await api('/api/stock-alerts', stockAlertAnswerSchema, { body: { productId, size, email } });
    return { intent: 'restock', ok: true, message: answer.message };
  } catch (error) {
    return {
      intent: 'restock',
      ok: false,
      message: error instanceof Error ? error.message : MESSAGES.serverError,
      fields: error instanceof ApiError ? (error.fields ?? {}) : {},
    };
  }
}

/**
 * "Email me when it's back" under a product's Add to Cart (issue 27 item 5): the sold-out sizes as buttons to pick
 * (none for a one-size product; the one preselected when only one is out), the email (the account's when signed in),
 * and the server's plain sentence once asked. Sent through the page's route action; nothing shows when every size is in
 * stock.
 */
export function RestockForm({ productId, soldOut }: { productId: string; soldOut: readonly Size[] }) {
  const { user } = useAuth();
  const submit = useWrite();
  const navigation = useNavigation();
  const answered = useActionData<RestockAnswer | undefined>();
  const single = soldOut.length === 1 && soldOut[0] === CANDLE_SIZE;
  const [size, setSize] = useState<string>(soldOut.length === 1 ? soldOut[0] : '');
  /** What the shopper typed; until then the account's address (it may arrive after the first render). */
  const [typed, setTyped] = useState<string | null>(null);
  const email = typed ?? user?.email ?? '';
  const sending =
    navigation.state === 'submitting' && (navigation.json as { intent?: string } | undefined)?.intent === 'restock';
  const answer = sending || answered?.intent !== 'restock' ? undefined : answered;
  const fields = answer && !answer.ok ? answer.fields : {};
  if (!soldOut.length) return null;

  function ask(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    void submit(
      { intent: 'restock', productId, size, email: email.trim() },
      { method: 'post', encType: 'application/json' },
    );
  }

  return (
    <section className="restock card" aria-labelledby="restock-heading">
      <h2 id="restock-heading">{WORDS.heading}</h2>
      <p className="muted">{WORDS.intro(single ? [] : soldOut)}</p>
      <form className="stack" onSubmit={ask} noValidate>
        {!single && (
          <fieldset className="restock-sizes" aria-describedby={fields.size ? 'restock-size-error' : undefined}>
            <legend>{WORDS.sizeLabel}</legend>
            {soldOut.map((option) => (
              <label key={option} className="restock-size">
                <input
                  type="radio"
                  name="restock-size"
                  value={option}
                  checked={size === option}
                  onChange={() => setSize(option)}
                />
                {option}
              </label>
            ))}
          </fieldset>
        )}
        {fields.size && (
          <span className="error field-error" id="restock-size-error">
            {fields.size}
          </span>
        )}
        <label>
          Email
          <input
            type="email"
            name="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={fields.email ? true : undefined}
            aria-describedby={fields.email ? 'restock-email-error' : undefined}
          />
        </label>
        {fields.email && (
          <span className="error field-error" id="restock-email-error">
            {fields.email}
          </span>
        )}
        <button type="submit" className="secondary" disabled={sending}>
          {sending ? WORDS.sending : WORDS.button}
        </button>
      </form>
      <p role="status" aria-live="polite" className="success restock-answer">
        {answer?.ok ? answer.message : ''}
      </p>
      <FormError message={answer && !answer.ok && !Object.keys(answer.fields).length ? answer.message : null} />
    </section>
  );
}
