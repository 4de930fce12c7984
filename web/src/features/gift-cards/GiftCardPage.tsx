import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { giftCardLine, giftCardLineText, GIFT_CARD_WORDS, isGiftCardLine } from '#shared/gift-card-lines';
import { amountProblem, deliveryDayProblem, deliveryWindow, GIFT_CARD_RULES } from '#shared/gift-cards';
import { toCents } from '#shared/money';
import { checked } from '#shared/schemas/checked';
import { giftCardLineSchema } from '#shared/schemas/gift-cards';
import { useCart, fitsInLine } from '../cart';
import { fieldLayout } from '../../components/form/field';
import { GiftCardIntro } from './GiftCardIntro';
import './gift-cards.css';

const EMPTY = { other: '', recipientName: '', recipientEmail: '', message: '' };
type Key = 'amount' | 'recipientName' | 'recipientEmail' | 'message' | 'deliverOn';
/** The fields in the order a shopper meets them: the first refused one takes the focus. */
const ORDER: Key[] = ['amount', 'recipientName', 'recipientEmail', 'message', 'deliverOn'];
const dollars = (cents: number) => `$${cents / 100}`;

/**
 * What the form holds, read as a card by the shared schema (giftCardLineSchema, the checkout's rules: decision 0127) and
 * the delivery window from today in the shop's time zone: the card, or each field's first message.
 */
function readCard(choice: number | 'other', values: typeof EMPTY & { deliverOn: string }) {
  const amount = choice === 'other' ? toCents(values.other) : choice;
  const message = values.message.trim();
  const parsed = checked(giftCardLineSchema, {
    amount: Number.isNaN(amount) ? 0 : amount,
    recipientName: values.recipientName,
    recipientEmail: values.recipientEmail,
    ...(message ? { message: values.message } : {}),
    deliverOn: values.deliverOn,
  });
  const errors: Partial<Record<Key, string>> = {};
  const money = amountProblem(amount);
  if (money) errors.amount = money;
  const day = deliveryDayProblem(values.deliverOn, new Date());
  if (day) errors.deliverOn = day;
  if (!parsed.ok) for (const [key, message] of Object.entries(parsed.fields)) errors[key as Key] ??= message;
  return parsed.ok && !Object.keys(errors).length ? { card: parsed.data, errors } : { card: null, errors };
}

/**
 * /gift-cards (issue 36 item 1): a gift card to buy, checked here with the rules the checkout checks again: $25, $50,
 * $100 or another amount from $10 to $500, who it is for, a message, and the day it is mailed (today up to 90 days
 * ahead, in the shop's time zone). Added to the cart as a line of its own; paid through the same checkout.
 */
export default function GiftCardPage() {
  const { cart, dispatch } = useCart();
  const [{ first, last }] = useState(() => deliveryWindow(new Date()));
  const [choice, setChoice] = useState<number | 'other'>(GIFT_CARD_RULES.presets[1]);
  const [values, setValues] = useState({ ...EMPTY, deliverOn: first });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [added, setAdded] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [key]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const { card, errors: found } = readCard(choice, values);
    setErrors(found);
    if (!card) {
      setAdded(null);
      const key = ORDER.find((field) => found[field]);
      const id = key === 'amount' ? (choice === 'other' ? 'gift-other' : 'gift-amount-first') : `gift-${key}`;
      document.getElementById(id)?.focus();
      return;
    }
    const line = giftCardLine(card);
    if (cart.filter(isGiftCardLine).length >= GIFT_CARD_RULES.maxPerOrder)
      return setAdded({ ok: false, text: GIFT_CARD_WORDS.tooMany });
    if (fitsInLine(cart, line) === 0) return setAdded({ ok: false, text: GIFT_CARD_WORDS.alreadyInCart });
    dispatch({ type: 'ADD_TO_CART', line });
    setAdded({ ok: true, text: `${giftCardLineText(card)} is in your cart.` });
    setValues({ ...EMPTY, deliverOn: values.deliverOn });
  }

  const field = fieldLayout<Key>('gift', errors);
  const amountError = errors.amount;
  return (
    <section className="page narrow enquiry gift-cards">
      <GiftCardIntro />
      <form className="stack card" onSubmit={submit} noValidate>
        <fieldset className="gift-amounts" aria-describedby={amountError ? 'gift-amount-error' : undefined}>
          <legend>Amount</legend>
          <div className="gift-amount-options">
            {GIFT_CARD_RULES.presets.map((cents, index) => (
              <label key={cents} className="gift-amount">
                <input
                  id={index === 0 ? 'gift-amount-first' : undefined}
                  type="radio"
                  name="amount"
                  value={cents}
                  checked={choice === cents}
                  onChange={() => {
                    setChoice(cents);
                    setValues({ ...values, other: '' });
                  }}
                />
                <span>{dollars(cents)}</span>
              </label>
            ))}
          </div>
          <label htmlFor="gift-other" className="gift-other">
            Or another amount, {dollars(GIFT_CARD_RULES.minCents)} to {dollars(GIFT_CARD_RULES.maxCents)}
            <span className="gift-other-input">
              <span aria-hidden="true">$</span>
              <input
                id="gift-other"
                name="other"
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={amountError && choice === 'other' ? true : undefined}
                value={values.other}
                onChange={(event) => {
                  setChoice(event.target.value.trim() ? 'other' : GIFT_CARD_RULES.presets[1]);
                  setValues({ ...values, other: event.target.value });
                }}
              />
            </span>
          </label>
          {amountError && (
            <span className="error field-error" id="gift-amount-error">
              {amountError}
            </span>
          )}
        </fieldset>
        {field('recipientName', "Recipient's name", (a11y) => (
          <input
            {...a11y}
            name="recipientName"
            autoComplete="off"
            required
            maxLength={100}
            value={values.recipientName}
            onChange={set('recipientName')}
          />
        ))}
        {field('recipientEmail', "Recipient's email", (a11y) => (
          <input
            {...a11y}
            name="recipientEmail"
            type="email"
            autoComplete="off"
            required
            maxLength={200}
            value={values.recipientEmail}
            onChange={set('recipientEmail')}
          />
        ))}
        {field('message', 'Message (optional)', (a11y) => (
          <textarea
            {...a11y}
            name="message"
            rows={3}
            maxLength={GIFT_CARD_RULES.maxMessage}
            value={values.message}
            onChange={set('message')}
          />
        ))}
        {field('deliverOn', 'Delivery date', (a11y) => (
          <input
            {...a11y}
            aria-describedby={[a11y['aria-describedby'], 'gift-deliverOn-note'].filter(Boolean).join(' ')}
            name="deliverOn"
            type="date"
            required
            min={first}
            max={last}
            value={values.deliverOn}
            onChange={set('deliverOn')}
          />
        ))}
        <p className="muted gift-note" id="gift-deliverOn-note">
          We email the card at the start of that day (midnight, New York time); a card for today goes out within a few
          minutes of your payment. Its code is in that email only.
        </p>
        <button type="submit">Add to cart</button>
        <p role="status" aria-live="polite" className={`form-status ${added?.ok === false ? 'error' : 'success'}`}>
          {added?.text ?? ''}
          {added?.ok && (
            <>
              {' '}
              <Link to="/cart">View your cart</Link>
            </>
          )}
        </p>
      </form>
    </section>
  );
}
