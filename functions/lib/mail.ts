import { SendEmailCommand, SESv2Client, type SESv2ClientConfig } from '@aws-sdk/client-sesv2';
import { clientFor } from './aws-client';
import { readEnv } from './env';
import { siteUrl } from './site-url';

/**
 * How SES's SendEmail is tried (docs/decisions/0064: a mail is never silently lost nor sent twice), as settings of the
 * SDK client: again only when SES answered that it is sending too fast (it took nothing), once, after half a second;
 * no connection within 3 s, or no answer within 10 s, and the send fails (a hanging SES does not hold a function
 * until its timeout: the caller records a failed send instead).
 */
export const SEND_RULES = { attempts: 2, throttledRetryMs: 500, connectMs: 3_000, totalMs: 10_000 } as const;

type RetryToken = { getRetryCount(): number; getRetryDelay(): number };
const token = (count: number, delay: number): RetryToken => ({
  getRetryCount: () => count,
  getRetryDelay: () => delay,
});

/**
 * The SDK's retry strategy for SendEmail: a retry only when the SDK reads the error as throttling. Its default would
 * also repeat a request that timed out or lost its connection after it was sent, and SES may have accepted that one:
 * a second copy to the customer. Retries after other failures are the caller's (functions/domain/mail/deliveries.ts),
 * with backoff and only when SES did not take the mail (mailNotTaken).
 */
const retryWhenThrottled: NonNullable<SESv2ClientConfig['retryStrategy']> = {
  acquireInitialRetryToken: async () => token(0, 0),
  refreshRetryTokenForRetry: async (previous, info) => {
    if (info.errorType !== 'THROTTLING' || previous.getRetryCount() + 1 >= SEND_RULES.attempts)
      throw info.error ?? new Error('not retried');
    return token(previous.getRetryCount() + 1, SEND_RULES.throttledRetryMs);
  },
  recordSuccess: () => undefined,
};

/** The SES client's settings that carry SEND_RULES (its retry strategy and its request handler's limits). */
export const sesClientSettings = {
  maxAttempts: SEND_RULES.attempts,
  retryStrategy: retryWhenThrottled,
  requestHandler: {
    connectionTimeout: SEND_RULES.connectMs,
    // For the whole request, not the socket's idle time: a trickling answer cannot stretch it.
    requestTimeout: SEND_RULES.totalMs,
    throwOnRequestTimeout: true,
  },
} satisfies Partial<SESv2ClientConfig>;

/** SES v2: the SES stand-in locally (SES_ENDPOINT), SES in AWS. */
const client = /* @__PURE__ */ clientFor(
  (env) => env.SES_ENDPOINT,
  (base) => new SESv2Client({ ...base, ...sesClientSettings }),
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
 * Sends a plain-text mail through SES v2 (the SES stand-in locally). Throws when it was not sent (see mailNotTaken):
 * SES's refusal as the SDK names it (MessageRejected, ...), with `$metadata.httpStatusCode`.
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
 * too busy), or no connection to it was ever made (refused, no such host, no route, or the request handler's
 * connection timeout). Anything else (the connection dropped or timed out after the request was written) leaves it
 * unknown: SES may have accepted the mail, and sending it again may be a second copy.
 */
export function mailNotTaken(error: unknown): boolean {
  const failure = error as
    { $metadata?: { httpStatusCode?: unknown }; code?: unknown; name?: unknown; message?: unknown } | undefined;
  if (typeof failure?.$metadata?.httpStatusCode === 'number') return true;
  if (typeof failure?.code === 'string' && NOT_CONNECTED.has(failure.code)) return true;
  // The request handler's connectionTimeout (@smithy/node-http-handler): the socket never connected.
  return (
    failure?.name === 'TimeoutError' &&
    typeof failure.message === 'string' &&
    /(did not establish|without establishing) a connection/.test(failure.message)
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
