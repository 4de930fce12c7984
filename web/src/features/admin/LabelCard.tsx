import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { LABEL_WORDS } from '#shared/labels';
import type { LabelRatesAnswer } from '#shared/schemas/labels';
import { formatPrice } from '#shared/money';
import { ApiError } from '../../lib/api';
import { buyLabelBodySchema, voidLabelBodySchema } from '#shared/schemas/labels';
import { buyLabel, labelLinks, labelRates, voidLabel, type AdminOrder } from './adminApi';
import { checkedWrite } from './useAdmin';

/** The order page's label writes (its action's intents). */
export type LabelWrite =
  { intent: 'buy-label'; attempt: number; rateId?: string } | { intent: 'void-label'; attempt: number };

/**
 * Buy or void, checked with the server's schemas first; the answer is the order's detail (the page reads it again).
 * A refusal (a stale attempt: another tab bought or voided) reads the page again too.
 */
export function labelWrite(orderNumber: string, write: LabelWrite) {
  if (write.intent === 'void-label')
    return checkedWrite(
      write.intent,
      voidLabelBodySchema,
      { attempt: write.attempt },
      () => voidLabel(orderNumber, write.attempt),
      (detail) => LABEL_WORDS.voided(detail.order.label?.refundStatus ?? 'submitted'),
      { reloadOnFailure: true },
    );
  const body = { attempt: write.attempt, ...(write.rateId ? { rateId: write.rateId } : {}) };
  return checkedWrite(
    write.intent,
    buyLabelBodySchema,
    body,
    () => buyLabel(orderNumber, body),
    (detail) =>
      detail.order.label?.status === 'bought'
        ? LABEL_WORDS.bought(detail.order.label.label, detail.order.label.cost)
        : LABEL_WORDS.busy,
    { reloadOnFailure: true },
  );
}

/** The attempt the page offers to buy: 1, or the voided label's + 1; the bought or being-bought label's own. */
export const attemptOf = (order: AdminOrder) =>
  !order.label ? 1 : order.label.status === 'voided' ? order.label.attempt + 1 : order.label.attempt;

/**
 * Opens a label's PDF from a link made now (5 minutes): a window opened at the press (a phone lets only that one
 * through), then sent to the link; the phone's viewer prints it (4 x 6).
 */
async function openLabel(orderNumber: string, index: number, onError: (text: string) => void) {
  const opened = window.open('', '_blank');
  try {
    const { urls } = await labelLinks(orderNumber);
    if (opened) opened.location.href = urls[index];
    else window.location.assign(urls[index]);
  } catch (error) {
    opened?.close();
    onError(error instanceof ApiError ? error.message : 'The label could not be opened. Please try again.');
  }
}

/**
 * The order's shipping label (issue 53 item 3, docs/decisions/0174): buy it for the customer's rate or another one
 * (each with its difference from what the customer paid), print it, void it. Buying sends the attempt the page offers,
 * so a double click or a second tab buys one label. The ship form below is filled from a bought label.
 */
export function LabelCard({
  order,
  canBuy,
  pending,
  write,
}: {
  order: AdminOrder;
  canBuy: boolean;
  pending: string | null;
  write: (intent: string, values?: Record<string, unknown>) => void;
}) {
  const [rates, setRates] = useState<LabelRatesAnswer | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const label = order.label;
  const attempt = attemptOf(order);
  const customerRate =
    attempt === 1 && order.shippingRate?.kind === 'calculated' && !order.shippingRate.fallback
      ? order.shippingRate
      : null;
  const buying = pending === 'buy-label';
  const showBuy = canBuy && (!label || label.status === 'voided');
  if (!label && !canBuy) return null;

  async function askRates() {
    setAsking(true);
    setProblem(null);
    try {
      setRates(await labelRates(order.orderNumber));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : LABEL_WORDS.providerDown);
    } finally {
      setAsking(false);
    }
  }

  return (
    <section className="card label-card" aria-labelledby="label-heading">
      <h2 id="label-heading">{LABEL_WORDS.heading}</h2>
      {label && label.status !== 'voided' && (
        <div className="label-bought">
          <p>{label.status === 'buying' ? LABEL_WORDS.busy : LABEL_WORDS.bought(label.label, label.cost)}</p>
          {label.trackingCodes.length > 0 && (
            <p className="label-tracking">{LABEL_WORDS.tracking(label.trackingCodes)}</p>
          )}
          <div className="label-actions">
            {label.status === 'buying' && (
              <Button size="small" isDisabled={buying} onClick={() => write('buy-label', { attempt: label.attempt })}>
                {buying ? LABEL_WORDS.buying : 'Finish buying'}
              </Button>
            )}
            {label.status === 'bought' &&
              label.trackingCodes.map((_, index) => (
                <Button
                  key={index}
                  size="small"
                  variation="primary"
                  onClick={() => void openLabel(order.orderNumber, index, setProblem)}
                >
                  {label.parcels > 1 ? LABEL_WORDS.printParcel(index + 1) : LABEL_WORDS.print}
                </Button>
              ))}
            {label.canVoid && (
              <Button
                size="small"
                variation="link"
                isDisabled={pending === 'void-label'}
                onClick={() =>
                  window.confirm(LABEL_WORDS.voidConfirm) && write('void-label', { attempt: label.attempt })
                }
              >
                {pending === 'void-label' ? LABEL_WORDS.voiding : LABEL_WORDS.void}
              </Button>
            )}
          </div>
        </div>
      )}
      {label?.status === 'voided' && <p className="muted">{LABEL_WORDS.voided(label.refundStatus ?? 'submitted')}</p>}
      {showBuy && (
        <div className="label-buy">
          <p className="muted">{LABEL_WORDS.paid(order.amounts.shipping)}</p>
          <div className="label-actions">
            {customerRate && (
              <Button
                size="small"
                variation="primary"
                isDisabled={buying}
                onClick={() => write('buy-label', { attempt })}
              >
                {buying ? LABEL_WORDS.buying : LABEL_WORDS.buy(customerRate.label, customerRate.amount)}
              </Button>
            )}
            <Button size="small" isDisabled={asking || buying} onClick={() => void askRates()}>
              {asking ? LABEL_WORDS.rerating : customerRate ? LABEL_WORDS.chooseAnother : LABEL_WORDS.chooseRate}
            </Button>
          </div>
          {rates && (
            <ul className="label-rates" aria-label="Rates for this label">
              {rates.rates.map((rate) => (
                <li key={rate.id}>
                  <span className="label-rate-name">
                    {rate.label}
                    {rate.days ? `, ${rate.days} day${rate.days === 1 ? '' : 's'}` : ''}
                  </span>
                  <span className="label-rate-price">
                    {formatPrice(rate.amount)}{' '}
                    <span className="muted">({LABEL_WORDS.difference(rate.difference)})</span>
                  </span>
                  <Button
                    size="small"
                    isDisabled={buying}
                    onClick={() => write('buy-label', { attempt, rateId: rate.id })}
                  >
                    Buy
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
