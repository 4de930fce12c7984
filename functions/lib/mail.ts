import { awsKeys, isThrottled, neverSent, pause, serviceError, signedRequest } from './aws-signed';
import { readEnv } from './env';
import { siteUrl } from './site-url';

/**
 * SES v2's SendEmail as one signed request (aws-signed.ts), without the SES client (61 KB in every mailing function:
 * issue 39, decision 0131), keeping what the client did for the shop's rules (docs/decisions/0064):
 * - a send is tried again only when SES answered that it is sending too fast (it took nothing), once, after half a
 *   second. A request that timed out or lost its connection after it was sent is never repeated here: SES may have
 *   accepted it, and a second copy would reach the customer. Retries after other failures are the caller's
 *   (functions/domain/mail/deliveries.ts), with backoff and only when SES did not take the mail;
 * - a hanging SES does not hold a function until its timeout: no connection within 3 s, or no answer within 10 s,
 *   and the send fails (the caller records a failed send instead).
 */
export const SEND_RULES = { throttledRetryMs: 500, connectMs: 3_000, totalMs: 10_000 } as const;

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

/** SendEmail's body (SES v2, Simple content), as the SDK's SendEmailCommand writes it. */
export function sendEmailInput(mail: Mail, from: string) {
  return {
    FromEmailAddress: from,
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
  };
}

/** SES v2's address for SendEmail: the SES stand-in locally (SES_ENDPOINT), SES's regional endpoint in AWS. */
function sendEmailUrl(): URL {
  const { SES_ENDPOINT, AWS_REGION } = readEnv();
  const base = SES_ENDPOINT ? SES_ENDPOINT.replace(/\/+$/, '') : `https://email.${AWS_REGION}.amazonaws.com`;
  return new URL(`${base}/v2/email/outbound-emails`);
}

/** The MessageId of SES's answer (null if it has none: SES took the mail all the same). */
function messageIdOf(body: Buffer): string | null {
  try {
    const { MessageId } = JSON.parse(body.toString('utf8')) as { MessageId?: unknown };
    return typeof MessageId === 'string' ? MessageId : null;
  } catch {
    return null;
  }
}

/**
 * Sends a plain-text mail through SES v2 (the SES stand-in locally). Throws when it was not sent (see mailNotTaken):
 * SES's refusal as an error named by its type (MessageRejected, ...) with `$metadata.httpStatusCode`, as the SDK's.
 */
export async function sendMail(mail: Mail): Promise<{ messageId: string | null }> {
  const env = readEnv();
  const body = JSON.stringify(sendEmailInput(mail, env.MAIL_FROM ?? 'no-reply@example.com'));
  const keys = awsKeys(Boolean(env.SES_ENDPOINT));
  for (let attempt = 1; ; attempt++) {
    const answer = await signedRequest(
      {
        service: 'ses',
        method: 'POST',
        url: sendEmailUrl(),
        headers: { 'content-type': 'application/json' },
        body,
        keys,
      },
      { connectMs: SEND_RULES.connectMs, totalMs: SEND_RULES.totalMs },
    );
    if (answer.status >= 200 && answer.status < 300) return { messageId: messageIdOf(answer.body) };
    const error = serviceError(answer);
    if (attempt > 1 || !isThrottled(error)) throw error;
    await pause(SEND_RULES.throttledRetryMs);
  }
}

/**
 * Whether a failed sendMail certainly left no mail with SES: SES answered with an error (it refused the mail, or was
 * too busy), or no connection to it was ever made (refused, no such host, the connect timeout). Anything else (the
 * connection dropped or timed out after the request was written) leaves it unknown: SES may have accepted the mail,
 * and sending it again may be a second copy.
 */
export function mailNotTaken(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: unknown } } | undefined)?.$metadata?.httpStatusCode;
  return typeof status === 'number' || neverSent(error);
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
