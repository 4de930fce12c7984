import { SendEmailCommand, SESv2Client, type SESv2ClientConfig } from '@aws-sdk/client-sesv2';
import { clientFor } from './aws-client';
import { readEnv } from './env';
import { siteUrl } from './site-url';

type RetryToken = { getRetryCount(): number; getRetryDelay(): number };
const token = (count: number, delay: number): RetryToken => ({
  getRetryCount: () => count,
  getRetryDelay: () => delay,
});

/**
 * The SDK tries a send again only when SES answered that it is sending too fast (it took nothing), once, after half a
 * second. Its default would also repeat a request that timed out or lost its connection after it was sent, and SES
 * may have accepted that one: a second copy to the customer. Retries after other failures are the caller's
 * (functions/domain/mail/deliveries.ts), with backoff and only when SES did not take the mail (docs/decisions/0064).
 */
const retryWhenThrottled: NonNullable<SESv2ClientConfig['retryStrategy']> = {
  acquireInitialRetryToken: async () => token(0, 0),
  refreshRetryTokenForRetry: async (previous, info) => {
    if (info.errorType !== 'THROTTLING' || previous.getRetryCount() >= 1) throw info.error ?? new Error('not retried');
    return token(previous.getRetryCount() + 1, 500);
  },
  recordSuccess: () => undefined,
};

/** SES v2: the SES stand-in locally, SES in AWS. */
const client = /* @__PURE__ */ clientFor(
  (env) => env.SES_ENDPOINT,
  (base) =>
    new SESv2Client({
      ...base,
      retryStrategy: retryWhenThrottled,
      // A hanging SES must not hold a function until its timeout: the caller records a failed send instead.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
    }),
);

export interface Mail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (a reminder's photos); the shop's other mails are plain text only. */
  html?: string;
  /**
   * Extra header fields (List-Unsubscribe and List-Unsubscribe-Post of mail a shopper did not ask for:
   * domain/mail/commercial.ts).
   */
  headers?: Record<string, string>;
}

/**
 * Sends a plain-text mail through SES v2 (the SES stand-in locally). Throws when it was not sent (see mailNotTaken).
 */
export async function sendMail(mail: Mail): Promise<{ messageId: string | null }> {
  const { MAIL_FROM } = readEnv();
  const answer = await client().send(
    new SendEmailCommand({
      FromEmailAddress: MAIL_FROM ?? 'no-reply@example.com',
      Destination: { ToAddresses: [mail.to] },
      ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: mail.text, Charset: 'UTF-8' },
            ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
          },
          ...(mail.headers ? { Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
        },
      },
    }),
  );
  return { messageId: answer.MessageId ?? null };
}

/** Network errors raised before a request could be written: nothing reached SES. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Whether a failed sendMail certainly left no mail with SES: SES answered with an error (it refused the mail, or was
 * too busy), or no connection to it was ever made. Anything else (the connection dropped or timed out after the
 * request was written) leaves it unknown: SES may have accepted the mail, and sending it again may be a second copy.
 */
export function mailNotTaken(error: unknown): boolean {
  const failure = error as {
    $metadata?: { httpStatusCode?: unknown };
    code?: unknown;
    name?: unknown;
    message?: unknown;
  };
  if (typeof failure?.$metadata?.httpStatusCode === 'number') return true;
  if (typeof failure?.code === 'string' && NOT_CONNECTED.has(failure.code)) return true;
  // @smithy/node-http-handler's connectionTimeout: the socket never connected.
  return (
    failure?.name === 'TimeoutError' &&
    typeof failure.message === 'string' &&
    failure.message.startsWith('Socket timed out without establishing a connection')
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
