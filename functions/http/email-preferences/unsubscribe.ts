import { EMAIL_PREFERENCE_ROUTES } from '#shared/routes/email-preferences';
import { unsubscribe } from '../../domain/mail/opt-outs';
import { defineHandler } from '../../lib/http';

/**
 * A mail client's one-click POST carries `List-Unsubscribe=One-Click` as form data (RFC 8058); the shop's page sends no
 * body.
 */
const ONE_CLICK = /(^|&)List-Unsubscribe=One-Click(&|$)/;

export const handler = defineHandler(
  EMAIL_PREFERENCE_ROUTES,
  'email-preferences/unsubscribe',
  async ({ query, event }) => {
    const body =
      event.body && event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : (event.body ?? '');
    return unsubscribe(query.token, ONE_CLICK.test(body) ? 'one-click' : 'page');
  },
);
