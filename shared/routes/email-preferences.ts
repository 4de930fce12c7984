import {
  unsubscribeAnswerSchema,
  unsubscribePageQuerySchema,
  unsubscribeQuerySchema,
} from '../schemas/email-preferences';
import type { RouteDef } from './types';

/**
 * Mail a shopper did not ask for can be stopped with one click (design section 4, docs/decisions/0078): the mail's
 * link opens the shop's /unsubscribe page, which posts here; a mail client's own Unsubscribe button posts here too
 * (List-Unsubscribe-Post, RFC 8058: the body `List-Unsubscribe=One-Click` is form data, so the token is in the
 * query and the body is not read). A mail client that opens that same address in a browser instead (GET) is sent on to
 * the page, which asks for the opt-out itself: a GET never changes anything (link scanners fetch mail's links).
 * Public, rate-limited (shared/rate-limits.ts).
 */
export const EMAIL_PREFERENCE_ROUTES = [
  {
    method: 'POST',
    path: '/api/email-preferences/unsubscribe',
    handler: 'email-preferences/unsubscribe',
    access: 'public',
    rateLimit: 'email-preferences',
    table: 'readwrite',
    bodyType: 'form',
    uses: ['links'],
    query: unsubscribeQuerySchema,
    answer: unsubscribeAnswerSchema,
    refusals: { 400: 'The link token is not one the shop signed (changed or cut short): `link_invalid`' },
    summary:
      '?token= of an unsubscribe link -> the address (masked) gets no more reminders or back-in-stock ' +
      "alerts; one click, no sign-in; the body (a mail client's List-Unsubscribe=One-Click) is not read",
  },
  {
    method: 'GET',
    path: '/api/email-preferences/unsubscribe',
    handler: 'email-preferences/unsubscribe-page',
    access: 'public',
    rateLimit: 'email-preferences',
    table: 'none',
    query: unsubscribePageQuerySchema,
    success: [303],
    summary:
      "?token= of an unsubscribe link, opened in a browser (a mail client's List-Unsubscribe address " +
      "without its one-click POST) -> 303 to the shop's /unsubscribe page for that token; " +
      'changes nothing itself',
  },
] as const satisfies readonly RouteDef[];
