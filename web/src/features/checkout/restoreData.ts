import type { LoaderFunctionArgs } from 'react-router-dom';
import { MESSAGES, REMINDER_MESSAGES as WORDS } from '#shared/messages';
import type { RestoreAnswer } from '#shared/schemas/reminders';
import { ApiError } from '../../lib/api';
import { restoreCart } from './checkoutApi';

/** What /cart/restore shows: the cart the server gave back, or why not (a plain sentence). */
export type RestoreResult = { ok: true; answer: RestoreAnswer } | { ok: false; problem: string; code: string };

/**
 * /cart/restore?token=: asks the server for the reminder's cart (docs/decisions/0079). Reads only: nothing is held and
 * no checkout is made; the page then fills this browser's cart and shipping step from the answer.
 */
export async function restoreLoader({ request }: LoaderFunctionArgs): Promise<RestoreResult> {
  const token = new URL(request.url).searchParams.get('token')?.trim() ?? '';
  if (!token) return { ok: false, problem: WORDS.restoreLinkInvalid, code: 'link_invalid' };
  try {
    return { ok: true, answer: await restoreCart(token) };
  } catch (error) {
    if (!(error instanceof ApiError)) return { ok: false, problem: MESSAGES.networkError, code: 'network_error' };
    // A 400 for a malformed token (the schema's) is the same link problem as one the server did not sign.
    const code = error.status === 400 && error.code !== 'link_expired' ? 'link_invalid' : error.code;
    return { ok: false, problem: code === 'link_invalid' ? WORDS.restoreLinkInvalid : error.message, code };
  }
}
