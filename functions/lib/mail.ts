import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { readEnv } from './env';

/** One client per region and endpoint, reused across invocations (tests and the local stack switch endpoints). */
const clients = new Map<string, SESv2Client>();

function client(): SESv2Client {
  const { AWS_REGION, SES_ENDPOINT } = readEnv();
  const key = `${AWS_REGION}|${SES_ENDPOINT ?? ''}`;
  let ses = clients.get(key);
  if (!ses) {
    ses = new SESv2Client({
      region: AWS_REGION,
      maxAttempts: 2,
      // A hanging SES must not hold a function until its timeout: the caller records a failed send instead.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
      ...(SES_ENDPOINT ? { endpoint: SES_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    clients.set(key, ses);
  }
  return ses;
}

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
