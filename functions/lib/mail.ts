import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { clientFor } from './aws-client';
import { readEnv } from './env';
import { siteUrl } from './site-url';

/** SES v2: the SES stand-in locally, SES in AWS. */
const client = /* @__PURE__ */ clientFor(
  (env) => env.SES_ENDPOINT,
  (base) =>
    new SESv2Client({
      ...base,
      maxAttempts: 2,
      // A hanging SES must not hold a function until its timeout: the caller records a failed send instead.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
    }),
);

export interface Mail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

/** Sends a plain-text mail through SES v2 (the SES stand-in locally). Throws when SES refuses it. */
export async function sendMail(mail: Mail): Promise<void> {
  const { MAIL_FROM } = readEnv();
  await client().send(
    new SendEmailCommand({
      FromEmailAddress: MAIL_FROM ?? 'no-reply@example.com',
      Destination: { ToAddresses: [mail.to] },
      ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
      Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' } } } },
    }),
  );
}

/** Where the shop's own mails (forms) go. */
export function shopAddress(): string {
  return readEnv().SHOP_EMAIL ?? 'shop@example.com';
}

/** A link to a page of the shop for a mail, or null when the shop's address is not known (site-url.ts). */
export function siteLink(pathAndQuery: string): string | null {
  const site = siteUrl();
  return site ? `${site}${pathAndQuery}` : null;
}
