import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { passwordResetMail } from './reset-mail';

/** Cognito custom-message trigger: the forgot-password mail carries a link to the SPA's reset page. */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  if (event.triggerSource === 'CustomMessage_ForgotPassword') {
    const site = process.env.SITE_URL ?? '';
    const email = event.request.userAttributes.email ?? event.userName;
    // Cognito replaces the placeholder with the code; the mail must contain it.
    const mail = passwordResetMail(site, email, event.request.codeParameter);
    event.response.emailSubject = mail.subject;
    event.response.emailMessage = mail.text.replace(/\n/g, '<br>').replace(mail.link, `<a href="${mail.link}">${mail.link}</a>`);
  }
  return event;
};
