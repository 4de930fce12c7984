import { UNSUBSCRIBE_PAGE_PATH } from '#shared/pages';
import { EMAIL_PREFERENCE_ROUTES } from '#shared/routes/email-preferences';
import { defineHandler, rawReply } from '../../lib/http';

/**
 * A mail client's List-Unsubscribe address opened in a browser (GET): on to the shop's unsubscribe page for the same
 * token, which asks for the opt-out and says what happened. Nothing changes here: link scanners GET mail's links.
 * The address is relative: in AWS the API is the shop's own origin under /api (CloudFront), as it is locally.
 */
export const handler = defineHandler(EMAIL_PREFERENCE_ROUTES, 'email-preferences/unsubscribe-page', async ({ query }) =>
  rawReply(303, '', 'text/plain', {
    location: `${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(query.token)}`,
    'cache-control': 'no-store',
  }),
);
