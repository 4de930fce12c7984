import { useState, type FormEvent } from 'react';
import { Link, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { giftCardBalanceBodySchema, giftCardBalanceSchema } from '#shared/schemas/gift-cards';
import { api, ApiError } from '../../lib/api';
import { useWrite } from '../../lib/useWrite';
import { BalanceIntro } from './GiftCardIntro';
import './gift-cards.css';

type Answer = { ok: true; text: string } | { ok: false; text: string };

/** "Balance: $12.50 of $50.00 (card ending 7KQ2)": what is left, of what the card was issued with. */
export const balanceText = (balance: { balance: number; amount: number; last4: string }) =>
  `Balance: ${formatPrice(balance.balance)} of ${formatPrice(balance.amount)} (card ending ${balance.last4})`;

/**
 * The page's route action: the code to POST /api/gift-cards/balance, answered as the sentence the page shows. A wrong
 * code (404) and too many wrong codes (429) are the shop's own plain words.
 */
export async function action({ request }: ActionFunctionArgs): Promise<Answer> {
  try {
    return {
      ok: true,
      text: balanceText(await api('/api/gift-cards/balance', giftCardBalanceSchema, { body: await request.json() })),
    };
  } catch (error) {
    return { ok: false, text: error instanceof ApiError ? error.message : MESSAGES.serverError };
  }
}

/**
 * /gift-cards/balance (issue 36 item 3): anyone holding a card types its code and sees what is left on it. Wrong codes
 * are counted per client by the shop (10 in 10 minutes, then a wait), as card testing is.
 */
export default function BalancePage() {
  const submitCode = useWrite();
  const navigation = useNavigation();
  const answered = useActionData<Answer>();
  const checking = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const answer = checking ? undefined : answered;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    const parsed = giftCardBalanceBodySchema.safeParse({ code });
    setProblem(parsed.success ? '' : parsed.error.issues[0].message);
    if (!parsed.success) return document.getElementById('balance-code')?.focus();
    void submitCode(parsed.data, { method: 'post', encType: 'application/json' });
  }

  const refused = problem || (answer && !answer.ok ? answer.text : '');
  return (
    <section className="page narrow enquiry gift-cards">
      <BalanceIntro />
      <form className="stack card" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="balance-code">Gift card code</label>
          <input
            id="balance-code"
            name="code"
            className="gift-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
            maxLength={40}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? 'balance-code-error' : undefined}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          {refused && (
            <span className="error field-error" id="balance-code-error" role="alert">
              {refused}
            </span>
          )}
        </div>
        <button type="submit" disabled={checking}>
          {checking ? 'Checking…' : 'Check balance'}
        </button>
        <p role="status" aria-live="polite" className="form-status gift-balance">
          {answer?.ok ? answer.text : ''}
        </p>
      </form>
      <p>
        <Link to="/gift-cards">Buy a gift card</Link>
      </p>
    </section>
  );
}
