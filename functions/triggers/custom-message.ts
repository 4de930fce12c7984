import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { escapeHtml } from '#shared/sanitize';
import { logger, withLambdaLogging } from '../lib/logger';
import { siteUrl } from '../lib/site-url';
import { passwordResetMail } from './reset-mail';

/**
 * Cognito custom-message trigger: the forgot-password mail (also sent when an admin is added with
 * `npm run admin:add`) carries a link to the SPA's reset page, `<SITE_URL>/reset-password?email=..&code={####}`.
 * SITE_URL is the shop's origin (context `siteUrl`, else the custom domain, else the distribution's domain).
 * Every other message (e.g. the invitation of a user created in the console) is left as Cognito writes it. Its line
 * says which it did, under the invocation's request id (docs/decisions/0100).
 */
export const handler = withLambdaLogging(
  async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
    const about = { triggerSource: event.triggerSource, userName: event.userName };
    if (event.triggerSource !== 'CustomMessage_ForgotPassword') {
      logger.info("Cognito's own message kept", about);
      return event;
    }
    const site = siteUrl();
    // Without a site there is no page to link to: Cognito's own message (with the code) is better than a broken link.
    if (!site) {
      logger.warn("reset mail without a link: no site address; Cognito's own message kept", about);
      return event;
    }
    const email = event.request.userAttributes.email ?? event.userName;
    // Cognito replaces the placeholder with the code; the mail must contain it.
    const mail = passwordResetMail(site, email, event.request.codeParameter);
    const html = escapeHtml(mail.text)
      .replace(/\n/g, '<br>')
      .replace(escapeHtml(mail.link), `<a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a>`);
    event.response.emailSubject = mail.subject;
    event.response.emailMessage = html;
    logger.info('reset mail written with a link to the reset page', about);
    return event;
  },
);
