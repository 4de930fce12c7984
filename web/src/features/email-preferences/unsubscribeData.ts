import type { LoaderFunctionArgs } from 'react-router-dom';
import { MAIL_PREFERENCE_MESSAGES as WORDS, MESSAGES } from '#shared/messages';
import { ApiError } from '../../lib/api';
import { unsubscribe } from './preferencesApi';

/** What /unsubscribe shows: done (with the address, masked), or why not and whether opening the link again may help. */
export type UnsubscribeResult = { done: true; email: string } | { done: false; problem: string; again: boolean };

/**
 * /unsubscribe?token=: the mail's link is the one click (docs/decisions/0078). Opening the page records the opt-out at
 * once (no button, no sign-in); doing it again changes nothing. A link scanner that does not run the page's script
 * only fetches the page, which changes nothing by itself.
 */
export async function unsubscribeLoader({ request }: LoaderFunctionArgs): Promise<UnsubscribeResult> {
  const token = new URL(request.url).searchParams.get('token')?.trim() ?? '';
  if (!token) return { done: false, problem: WORDS.unsubscribeLinkInvalid, again: false };
  try {
    const answer = await unsubscribe(token);
    return { done: true, email: answer.email };
  } catch (error) {
    if (!(error instanceof ApiError)) return { done: false, problem: MESSAGES.networkError, again: true };
    // A token the server refused (400) stays refused; a busy or unreachable shop may answer next time.
    return {
      done: false,
      problem: error.status === 400 ? WORDS.unsubscribeLinkInvalid : error.message,
      again: error.status !== 400,
    };
  }
}
