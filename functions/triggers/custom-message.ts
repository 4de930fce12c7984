import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { escapeHtml } from '#shared/sanitize';
import { siteUrl } from '../lib/site-url';
import { passwordResetMail } from './reset-mail';

/** `&`, `<`, `>` and `"` as HTML entities: the mail body is HTML. */

/**
 * Cognito custom-message trigger: the forgot-password mail (also sent when an admin is added with
 * `npm run admin:add`) carries a link to the SPA's reset page, `<SITE_URL>/reset-password?email=..&code={####}`.
 * SITE_URL is the shop's origin (context `siteUrl`, else the custom domain, else the distribution's domain).
 * Every other message (e.g. the invitation of a user created in the console) is left as Cognito writes it.
 */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  if (event.triggerSource !== 'CustomMessage_ForgotPassword') return event;
  const site = siteUrl();
  // Without a site there is no page to link to: Cognito's own message (with the code) is better than a broken link.
  if (!site) return event;
  const email = event.request.userAttributes.email ?? event.userName;
  // Cognito replaces the placeholder with the code; the mail must contain it.
  const mail = passwordResetMail(site, email, event.request.codeParameter);
  const html = escapeHtml(mail.text)
    .replace(/\n/g, '<br>')
    .replace(escapeHtml(mail.link), `<a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a>`);
  event.response.emailSubject = mail.subject;
  event.response.emailMessage = html;
  return event;
};
