import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import { ApiError } from '../../lib/api';
import { declineOffer, getQuote, sendMessage, type QuoteView } from './quotesApi';

/** What the quote page shows: the quote by its link, or why the link opens nothing. */
export type QuoteData =
  { quote: QuoteView; token: string; problem: null } | { quote: null; token: string; problem: string };

/** /quotes/:quoteId?t=: the quote as its signed link shows it (a wrong or expired link: the shop's plain words). */
export async function quoteLoader({ params, request }: LoaderFunctionArgs): Promise<QuoteData> {
  const token = new URL(request.url).searchParams.get('t') ?? '';
  try {
    return { quote: await getQuote(params.quoteId ?? '', token), token, problem: null };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return { quote: null, token, problem: MESSAGES.quoteLinkInvalid };
    throw error;
  }
}

export type QuoteWrite = { intent: string; ok: boolean; message: string };

/** The page's writes: a message, a change asked for, a decline; the page reads the quote again after each. */
export async function quoteAction({ params, request }: ActionFunctionArgs): Promise<QuoteWrite> {
  const body = (await request.json()) as { intent: string; token: string; text?: string; offerNo?: number };
  const quoteId = params.quoteId ?? '';
  try {
    if (body.intent === 'decline') {
      await declineOffer(quoteId, body.token, body.offerNo ?? 0, body.text ?? '');
      return { intent: body.intent, ok: true, message: 'You declined the offer. Thank you for letting us know.' };
    }
    await sendMessage(quoteId, body.token, body.text ?? '', body.intent === 'change');
    return {
      intent: body.intent,
      ok: true,
      message: body.intent === 'change' ? 'Sent: we will answer with a new offer.' : 'Sent: we will answer soon.',
    };
  } catch (error) {
    return { intent: body.intent, ok: false, message: error instanceof Error ? error.message : MESSAGES.serverError };
  }
}
