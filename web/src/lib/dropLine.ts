import { DROP_RULES } from '#shared/drops';
import { DROP_MESSAGES } from '#shared/messages';
import { dropLineAnswerSchema } from '#shared/schemas/drops';
import { api, ApiError } from './api';

/**
 * A drop's line in this tab (issue 57, docs/decisions/0171 and 0181): the place is joined once (POST
 * /api/drops/{productId}/line), its signed token kept in sessionStorage (a reload keeps the place, another tab takes
 * its own), and the line asked again every `askAgainSeconds` the server gives, also once let in: the card step takes
 * a token only while its buyer keeps asking (DROP_RULES.leaveAfterSeconds), so the asking goes on through the
 * checkout until the order is paid (`leaveLine`). The card step sends the token (`keptLineToken`).
 */
export type LineState =
  | { kind: 'joining' }
  | { kind: 'waiting'; position: number; waitSeconds: number }
  | { kind: 'in' }
  | { kind: 'sold_out'; message: string }
  | { kind: 'left'; message: string }
  /** The shop could not be reached (or asked too often): the place is kept, and the line is asked again. */
  | { kind: 'retrying'; message: string };

const LINE_KEY = 'drop-line';

interface KeptPlace {
  productId: string;
  token: string;
}

function kept(): KeptPlace | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(LINE_KEY) ?? 'null') as KeptPlace | null;
    return value && typeof value.productId === 'string' && typeof value.token === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The signed place this tab holds in a drop's line, for the card step (none: no line joined). */
export const keptLineToken = (): string | undefined => kept()?.token;

interface Follow {
  productId: string;
  state: LineState;
  listeners: Set<(state: LineState) => void>;
  timer?: ReturnType<typeof setTimeout>;
  stopped: boolean;
}

let follow: Follow | null = null;

function publish(state: LineState) {
  if (!follow) return;
  follow.state = state;
  for (const listener of follow.listeners) listener(state);
}

async function ask(current: Follow): Promise<void> {
  if (current.stopped) return;
  const place = kept();
  const token = place?.productId === current.productId ? place.token : undefined;
  let again: number = DROP_RULES.askAgainSeconds;
  try {
    const answer = await api(`/api/drops/${encodeURIComponent(current.productId)}/line`, dropLineAnswerSchema, {
      body: token ? { token } : {},
    });
    if (current.stopped) return;
    sessionStorage.setItem(LINE_KEY, JSON.stringify({ productId: current.productId, token: answer.token }));
    if (answer.state === 'sold_out') {
      current.stopped = true;
      return publish({ kind: 'sold_out', message: answer.message });
    }
    if (answer.state === 'waiting') {
      again = answer.askAgainSeconds;
      publish({ kind: 'waiting', position: answer.position, waitSeconds: answer.waitSeconds });
    } else publish({ kind: 'in' });
  } catch (error) {
    if (current.stopped) return;
    if (error instanceof ApiError && ['line_left', 'line_token', 'no_drop'].includes(error.code)) {
      sessionStorage.removeItem(LINE_KEY);
      current.stopped = true;
      return publish({ kind: 'left', message: error.message });
    }
    if (error instanceof ApiError && error.retryAfterSeconds) again = Math.max(again, error.retryAfterSeconds);
    // Not reached, or asked too often: the place is the token's, so it is kept; what was known stays shown beside it.
    if (current.state.kind === 'joining' || current.state.kind === 'retrying')
      publish({
        kind: 'retrying',
        message: error instanceof ApiError && error.status === 429 ? DROP_MESSAGES.busy : DROP_MESSAGES.cannotAsk,
      });
  }
  if (!current.stopped) current.timer = setTimeout(() => void ask(current), again * 1000);
}

/**
 * Joins (or, with a kept token, goes on asking) the drop's line of `productId` and tells `listener` each answer.
 * The asking goes on when the page is left (the place is kept through the checkout); it stops once sold out, once
 * the place is lost, or at `leaveLine`. Answers the function that stops telling this listener.
 */
export function followLine(productId: string, listener: (state: LineState) => void): () => void {
  if (follow && (follow.productId !== productId || follow.stopped)) {
    if (follow.productId !== productId) stopFollowing();
    else if (follow.stopped) follow = null;
  }
  if (!follow) {
    follow = { productId, state: { kind: 'joining' }, listeners: new Set(), stopped: false };
    void ask(follow);
  }
  const current = follow;
  current.listeners.add(listener);
  listener(current.state);
  return () => current.listeners.delete(listener);
}

/** Goes on asking for the place kept in this tab (after a reload in the checkout), if there is one. */
export function keepLinePlace(): void {
  const place = kept();
  if (place && !follow) followLine(place.productId, () => undefined);
}

function stopFollowing() {
  if (!follow) return;
  follow.stopped = true;
  clearTimeout(follow.timer);
  follow = null;
}

/** The order is paid (or the place is given up): no more asking, and the token is forgotten. */
export function leaveLine(): void {
  stopFollowing();
  try {
    sessionStorage.removeItem(LINE_KEY);
  } catch {
    /* storage refused: nothing was kept */
  }
}
