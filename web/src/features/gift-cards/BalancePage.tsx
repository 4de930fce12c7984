import { useEffect, useRef, type FormEvent } from 'react';
import { Link, type ActionFunctionArgs } from 'react-router-dom';
import { formatPrice } from '#shared/money';
import { giftCardBalanceBodySchema, giftCardBalanceSchema } from '#shared/schemas/gift-cards';
import { checked } from '#shared/schemas/checked';
import { SendButton } from '../../components/form/parts';
import { refused, useForm, type FormAnswer } from '../../components/form/useForm';
import { api } from '../../lib/api';
import { BalanceIntro } from './GiftCardIntro';
import './gift-cards.css';

/** "Balance: $12.50 of $50.00 (card ending 7KQ2)": what is left, of what the card was issued with. */
export const balanceText = (balance: { balance: number; amount: number; last4: string }) =>
  `Balance: ${formatPrice(balance.balance)} of ${formatPrice(balance.amount)} (card ending ${balance.last4})`;

/**
 * The page's route action (docs/decisions/0158): the code checked with the server's schema (nothing is sent that it
 * would refuse), then POST /api/gift-cards/balance, answered as the sentence the page shows. A wrong code (404) and too
 * many wrong codes (429) are the shop's own plain words, said beside the code.
 */
export async function action({ request }: ActionFunctionArgs): Promise<FormAnswer> {
  const check = checked(giftCardBalanceBodySchema, await request.json());
  if (!check.ok) return check;
  try {
    return {
      ok: true,
      message: balanceText(await api('/api/gift-cards/balance', giftCardBalanceSchema, { body: check.data })),
    };
  } catch (error) {
    const answer = refused(error);
    return { ...answer, fields: { code: answer.message, ...answer.fields } };
  }
}

/**
 * /gift-cards/balance (issue 36 item 3): anyone holding a card types its code and sees what is left on it. Wrong codes
 * are counted per client by the shop (10 in 10 minutes, then a wait), as card testing is.
 */
export default function BalancePage() {
  const form = useForm('balance', { code: '' }, (sent) => sent);
  const { answer, field } = form;

  // A refused code takes the focus back to its field once the answer is painted.
  const handled = useRef<FormAnswer>(undefined);
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) document.getElementById('balance-code')?.focus();
  }, [answer]);

  function submit(event: FormEvent) {
    event.preventDefault();
    form.send({ ...form.values });
  }

  return (
    <section className="page narrow enquiry gift-cards">
      <BalanceIntro />
      <form className="stack card" onSubmit={submit} noValidate>
        {field('code', 'Gift card code', (a11y) => (
          <input
            {...a11y}
            name="code"
            className="gift-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
            maxLength={40}
            value={form.values.code}
            onChange={form.set('code')}
          />
        ))}
        <SendButton sending={form.sending} label="Check balance" sendingLabel="Checking…" />
        <p role="status" aria-live="polite" className="form-status gift-balance">
          {answer?.ok ? answer.message : ''}
        </p>
      </form>
      <p>
        <Link to="/gift-cards">Buy a gift card</Link>
      </p>
    </section>
  );
}
