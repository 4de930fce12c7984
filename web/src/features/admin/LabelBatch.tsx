import { Button } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router-dom';
import { LABEL_WORDS, MAX_LABEL_BATCH } from '#shared/labels';
import { orderLabel } from '#shared/order-number';
import type { LabelBatchView } from '#shared/schemas/labels';
import { ApiError } from '../../lib/api';
import { getLabelBatch, startLabelBatch } from './adminApi';

/** How often the page reads a running batch again, ms (the job runs every minute). */
const POLL_MS = 3000;

/**
 * "Buy labels" for the orders chosen on the orders to ship (issue 53 item 3, docs/decisions/0175): the request records
 * a batch, the job buys; the page reads the batch (its id in the address, so a reload keeps it) until it is done,
 * with each order's result, then reads the orders again (their labels fill their ship forms).
 */
export function useLabelBatch() {
  const [params, setParams] = useSearchParams();
  const id = params.get('batch');
  const [batch, setBatch] = useState<LabelBatchView | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const revalidator = useRevalidator();

  useEffect(() => {
    if (!id) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const now = await getLabelBatch(id);
        if (stopped) return;
        setBatch(now);
        if (now.status === 'done') void revalidator.revalidate();
        else timer = setTimeout(() => void read(), POLL_MS);
      } catch (error) {
        if (!stopped) setProblem(error instanceof ApiError ? error.message : LABEL_WORDS.batchUnknown);
      }
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // The revalidator changes each render; the batch id alone starts a read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  async function start() {
    setStarting(true);
    setProblem(null);
    try {
      const made = await startLabelBatch(chosen);
      setBatch(made);
      setChosen([]);
      setParams((now) => {
        const next = new URLSearchParams(now);
        next.set('batch', made.id);
        return next;
      });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : LABEL_WORDS.providerDown);
    } finally {
      setStarting(false);
    }
  }

  const toggle = (orderNumber: string, on: boolean) =>
    setChosen((now) =>
      on ? [...now.filter((n) => n !== orderNumber), orderNumber] : now.filter((n) => n !== orderNumber),
    );
  return { batch, chosen, toggle, start, starting, problem };
}

/** The box that puts an order in the next batch. */
export function ChooseForLabel({
  orderNumber,
  chosen,
  toggle,
  full,
}: {
  orderNumber: string;
  chosen: readonly string[];
  toggle: (orderNumber: string, on: boolean) => void;
  full: boolean;
}) {
  const on = chosen.includes(orderNumber);
  return (
    <label className="choose-label">
      <input
        type="checkbox"
        name="buy-label"
        value={orderNumber}
        checked={on}
        disabled={!on && full}
        onChange={(event) => toggle(orderNumber, event.target.checked)}
      />{' '}
      Buy a label for {orderLabel(orderNumber)}
    </label>
  );
}

/** The Buy labels button and the batch's progress, each order's result. */
export function LabelBatchPanel({ state }: { state: ReturnType<typeof useLabelBatch> }) {
  const { batch, chosen, start, starting, problem } = state;
  const done = batch?.orders.filter((entry) => entry.status !== 'waiting').length ?? 0;
  const bought = batch?.orders.filter((entry) => entry.status === 'bought').length ?? 0;
  return (
    <section className="card label-batch" aria-labelledby="label-batch-heading">
      <h2 id="label-batch-heading">{LABEL_WORDS.batchButton}</h2>
      <p className="muted">
        Tick the orders below, then buy their labels at once: each at the rate its customer chose, or the cheapest
        carrier rate when the customer paid the shop&apos;s own rate. At most {MAX_LABEL_BATCH} at a time.
      </p>
      <Button
        size="small"
        variation="primary"
        isDisabled={starting || chosen.length === 0}
        onClick={() => void start()}
      >
        {chosen.length ? `${LABEL_WORDS.batchButton} (${chosen.length})` : LABEL_WORDS.batchButton}
      </Button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {batch && (
        <div role="status" aria-live="polite" className="label-batch-progress">
          <p>
            {batch.status === 'done'
              ? LABEL_WORDS.batchDone(bought, batch.orders.length - bought)
              : `${LABEL_WORDS.batchStarted(batch.orders.length)} ${done} of ${batch.orders.length} done.`}
          </p>
          <progress max={batch.orders.length} value={done} aria-label="Labels done" />
          <ul>
            {batch.orders.map((entry) => (
              <li key={entry.orderNumber}>
                <span className="mono">{orderLabel(entry.orderNumber)}</span>{' '}
                {entry.status === 'waiting' ? 'waiting' : entry.status === 'bought' ? 'bought' : 'not bought'}
                {entry.text ? `: ${entry.text}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
