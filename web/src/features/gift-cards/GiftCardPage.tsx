import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, type ActionFunctionArgs } from 'react-router-dom';
import { giftCardLine, giftCardLineText, GIFT_CARD_WORDS, isGiftCardLine } from '#shared/gift-card-lines';
import { amountProblem, deliveryDayProblem, deliveryWindow, GIFT_CARD_RULES } from '#shared/gift-cards';
import { toCents } from '#shared/money';
import { checked } from '#shared/schemas/checked';
import { giftCardLineSchema } from '#shared/schemas/gift-cards';
import type { CartLine } from '#shared/schemas/cart';
import { FormStatus, SendButton } from '../../components/form/parts';
import { useForm, type FormAnswer } from '../../components/form/useForm';
import { useCart, fitsInLine } from '../cart';
import { GiftCardIntro } from './GiftCardIntro';
import './gift-cards.css';

const EMPTY = { other: '', recipientName: '', recipientEmail: '', message: '', deliverOn: '' };
type Values = typeof EMPTY;
type Key = 'amount' | 'recipientName' | 'recipientEmail' | 'message' | 'deliverOn';
/** The fields in the order a shopper meets them: the first refused one takes the focus. */
const ORDER: Key[] = ['amount', 'recipientName', 'recipientEmail', 'message', 'deliverOn'];
const dollars = (cents: number) => `$${cents / 100}`;

/** What the form posts its action: the amount chosen (a preset's cents, or 'other': the typed one), the fields, the cart. */
type AddCard = { choice: number | 'other'; values: Values; cart: CartLine[] };
/** What the action answers: the line to add, or why not (the form's words, each field's message beside it). */
type CardAnswer = (FormAnswer & { ok: false }) | { ok: true; message: string; line: CartLine };

/**
 * What the form holds, read as a card by the shared schema (giftCardLineSchema, the checkout's rules: decision 0127) and
 * the delivery window from today in the shop's time zone: the card, or each field's first message.
 */
function readCard(choice: number | 'other', values: Values) {
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
 * The page's route action (the forms' one way, docs/decisions/0156): the card checked with the checkout's schema, then
 * with the cart it would join (at most a few cards an order, each one line); the line to add, or why not. The page
 * adds the line to the cart (the cart is the page's: CartProvider).
 */
export async function action({ request }: ActionFunctionArgs): Promise<CardAnswer> {
  const { choice, values, cart } = (await request.json()) as AddCard;
  const { card, errors } = readCard(choice, values);
  if (!card) return { ok: false, message: '', fields: errors };
  const line = giftCardLine(card);
  if (cart.filter(isGiftCardLine).length >= GIFT_CARD_RULES.maxPerOrder)
    return { ok: false, message: GIFT_CARD_WORDS.tooMany, fields: {} };
  if (fitsInLine(cart, line) === 0) return { ok: false, message: GIFT_CARD_WORDS.alreadyInCart, fields: {} };
  return { ok: true, message: `${giftCardLineText(card)} is in your cart.`, line };
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
  // Added: the recipient's fields empty for the next card, the day chosen stays.
  const form = useForm('gift', { ...EMPTY, deliverOn: first }, (sent) => ({ ...EMPTY, deliverOn: sent.deliverOn }));
  const { values, setValues, set, field } = form;
  const answer = form.answer as CardAnswer | undefined;

  // Once the action has answered, before the paint: a card goes into the cart (so it is there when the form says so);
  // a refused one takes the focus to its first field.
  const handled = useRef<CardAnswer>(undefined);
  useLayoutEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) return dispatch({ type: 'ADD_TO_CART', line: answer.line });
    const key = ORDER.find((name) => answer.fields[name]);
    if (!key) return;
    const id = key === 'amount' ? (choice === 'other' ? 'gift-other' : 'gift-amount-first') : `gift-${key}`;
    document.getElementById(id)?.focus();
  }, [answer, choice, dispatch]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: AddCard = { choice, values, cart: [...cart] };
    form.send(body);
  }

  const amountError = form.fields.amount;
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
        {field(
          'deliverOn',
          'Delivery date',
          (a11y) => (
            <input
              {...a11y}
              name="deliverOn"
              type="date"
              required
              min={first}
              max={last}
              value={values.deliverOn}
              onChange={set('deliverOn')}
            />
          ),
          {
            id: 'gift-deliverOn-note',
            text: 'We email the card at the start of that day (midnight, New York time); a card for today goes out within a few minutes of your payment. Its code is in that email only.',
          },
        )}
        <SendButton sending={form.sending} label="Add to cart" sendingLabel="Adding…" />
        <FormStatus answer={answer}>{answer?.ok && <Link to="/cart">View your cart</Link>}</FormStatus>
      </form>
    </section>
  );
}
