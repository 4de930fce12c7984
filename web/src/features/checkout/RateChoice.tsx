import { useEffect, useState } from 'react';
import { longDay } from '#shared/format';
import { MESSAGES } from '#shared/messages';
import { estimatedArrival, formatPrice } from '#shared/money';
import type { ShippingAddress } from '#shared/schemas/address';
import type { CartLine } from '#shared/schemas/cart';
import { arrivalOf, chosenOf, SHIPPING_WORDS, type ShippingRate } from '#shared/shipping';
import { isUsState } from '#shared/tax';
import { shippingRates } from './checkoutApi';
import { cartKey } from './steps';

/** What a rate promises: a calculated rate's date from its days; the shop's own rates keep the spec's words. */
export function arrivalText(rate: Pick<ShippingRate, 'days' | 'kind'>): string {
  const date = rate.kind === 'calculated' ? arrivalOf(rate) : null;
  return date
    ? `Arrives by ${longDay(date)}`
    : `${MESSAGES.shippingText}. Estimated arrival: ${longDay(estimatedArrival())}`;
}

type Loaded = { key: string; rates: ShippingRate[]; notice?: string } | { key: string; failed: true };

/**
 * The shipping step's rate choice (issue 53 item 2): the rates the server offers for the cart at the state and ZIP
 * typed (asked again when they or the cart change), each with its price and arrival, one chosen. Only the chosen id is
 * kept (`onChoose`); the card step's server prices it again. Without an answer the flat rate is what the order ships
 * at (the server's default), so Next never waits on this.
 */
export function RateChoice({
  cart,
  address,
  chosen,
  onChoose,
  onShown,
}: {
  cart: readonly CartLine[];
  address: ShippingAddress;
  chosen: string | undefined;
  onChoose: (id: string) => void;
  /** The chosen rate as offered (its price and name), for the order's details; null while none is known. */
  onShown?: (rate: ShippingRate | null) => void;
}) {
  const ready = isUsState(address.state) && /^\d{5}$/.test(address.zip.trim());
  const key = ready ? `${cartKey(cart)}|${address.state.trim().toUpperCase()}|${address.zip.trim()}` : '';
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!key) return;
    let live = true;
    // A short pause while the ZIP is typed, so each key press does not ask.
    const timer = setTimeout(() => {
      shippingRates({
        cart: [...cart],
        shipTo: {
          ...(address.name.trim() ? { name: address.name } : {}),
          ...(address.line1.trim() ? { line1: address.line1 } : {}),
          ...(address.city.trim() ? { city: address.city } : {}),
          state: address.state,
          zip: address.zip.trim(),
        },
      })
        .then((answer) => live && setLoaded({ key, rates: answer.rates, notice: answer.notice }))
        .catch(() => live && setLoaded({ key, failed: true }));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again only when the cart, state or ZIP change
  }, [key]);

  const current = loaded && loaded.key === key && 'rates' in loaded ? loaded : null;
  const selected = current ? chosenOf(current.rates, chosen)?.id : undefined;
  useEffect(() => {
    if (selected && selected !== chosen) onChoose(selected);
  }, [selected, chosen, onChoose]);
  // What the order's details show beside the step: the chosen rate's price and name (none while they are asked).
  const shown = current?.rates.find((rate) => rate.id === selected) ?? null;
  useEffect(() => {
    onShown?.(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- told again when the chosen rate or its price changes
  }, [shown?.id, shown?.amount]);
  useEffect(() => () => onShown?.(null), [onShown]);

  return (
    <fieldset className="rate-choice">
      <legend>{SHIPPING_WORDS.heading}</legend>
      {!ready ? (
        <p className="hint">{SHIPPING_WORDS.needAddress}</p>
      ) : !current ? (
        loaded?.key === key ? (
          <p className="hint">{arrivalText({ kind: 'flat' })}</p>
        ) : (
          <p className="hint" aria-live="polite">
            {SHIPPING_WORDS.loading}
          </p>
        )
      ) : (
        <>
          {current.notice && (
            <p className="notice" aria-live="polite">
              {current.notice}
            </p>
          )}
          {current.rates.map((rate) => (
            <label key={rate.id} className="rate">
              <input
                type="radio"
                name="shippingRate"
                value={rate.id}
                checked={rate.id === selected}
                onChange={() => onChoose(rate.id)}
              />
              <span className="rate-name">{rate.label}</span>
              <span className="rate-price">{rate.amount === 0 ? 'Free' : formatPrice(rate.amount)}</span>
              <span className="rate-arrival hint">{arrivalText(rate)}</span>
            </label>
          ))}
        </>
      )}
    </fieldset>
  );
}
