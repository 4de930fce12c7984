import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { escapeHtml } from '#shared/sanitize';
import { localCredentials } from '../lib/aws-client';
import { siteUrl } from '../lib/site-url';
import { sentByAnotherSite, sentByAWebPage } from './loopback-guard';
import { checkSignature } from './sigv4';

/**
 * The SES v2 stand-in, mounted by the gateway under /ses: functions send mail with the SES v2 client's SendEmail
 * pointed at `${origin}/ses` (functions/lib/mail.ts), signed (SigV4) with the key chosen at this start, as SES takes
 * only signed mail; each mail is written to the outbox folder as an .eml file.
 * `GET /ses/outbox` lists them (newest first) for developers and browser tests: every mail the shop sent, reset
 * codes and order details included. It answers only a client on this machine (the socket's address is loopback; no
 * header can say so), or, in tunnel mode (PUBLIC_URL set, where every request comes from loopback and may name
 * localhost), only a request with the outbox key made at this start and printed by npm start (docs/decisions/0090).
 * JSON for scripts and tests; a page with links that open for a browser (`Accept: text/html`), so a person can
 * follow a mail's link (a reminder's, a reset's) with one click.
 */
export interface SesStandInOptions {
  /**
   * Access key -> secret the send endpoint takes. Default: the key the functions sign with (STANDIN_ACCESS_KEY_ID,
   * STANDIN_SECRET_ACCESS_KEY), read at each request.
   */
  credentials?: Record<string, string>;
  /**
   * Tunnel mode: the outbox answers only a request that carries this key (`?key=`, or the cookie the link sets),
   * wherever it comes from.
   */
  outboxKey?: string;
}

/** The cookie the outbox link sets in tunnel mode, so the page opens again (a reload) without the key in its address. */
export const OUTBOX_KEY_COOKIE = 'ses_outbox_key';

interface StoredMail {
  id: string;
  date: string;
  from: string;
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  /** Only when the sender gave an HTML body (the shop's own mails are plain text). */
  html?: string;
  /** Extra header fields the sender gave (List-Unsubscribe, List-Unsubscribe-Post), by name. */
  headers?: Record<string, string>;
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The outbox as a page: each mail's header lines and its text, with every address in it a link. */
export function outboxPage(mails: readonly StoredMail[], options: { keyed?: boolean } = {}): string {
  const linked = (text: string) =>
    escapeHtml(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);
  const items = mails.map(
    (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p>To ${escapeHtml(mail.to.join(', '))} · from ${escapeHtml(mail.from)} · ${escapeHtml(new Date(mail.date).toUTCString())}</p>
<pre>${linked(mail.text || '(HTML only: see the .eml file)')}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Outbox (${mails.length})</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}pre{white-space:pre-wrap;overflow-wrap:anywhere}</style></head>
<body><h1>Outbox: ${mails.length} ${mails.length === 1 ? 'mail' : 'mails'}, newest first</h1>
<p>Every mail the local shop sent (also in .data/outbox as .eml files). As JSON: <code>curl ${options.keyed ? "'http://localhost:PORT/ses/outbox?key=KEY'</code> (the key npm start printed)" : 'http://localhost:PORT/ses/outbox</code>'}.</p>
${items.join('\n<hr>\n') || '<p>No mail yet.</p>'}
</body></html>
`;
}

/** An error the SDK understands: REST-JSON errors name their type in this header. */
function fail(res: http.ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  res.end(JSON.stringify({ message }));
}

/** A header value on one line; non-ASCII text as an RFC 2047 encoded word. */
function header(value: string): string {
  const line = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
}

function toEml(mail: StoredMail): string {
  return [
    `Message-ID: <${mail.id}@ses.local>`,
    `Date: ${new Date(mail.date).toUTCString()}`,
    `From: ${header(mail.from)}`,
    `To: ${header(mail.to.join(', '))}`,
    ...(mail.replyTo.length ? [`Reply-To: ${header(mail.replyTo.join(', '))}`] : []),
    `Subject: ${header(mail.subject)}`,
    ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${header(value)}`),
    'MIME-Version: 1.0',
    `Content-Type: ${mail.html && !mail.text ? 'text/html' : 'text/plain'}; charset=UTF-8`,
    'Content-Transfer-Encoding: 8bit',
    '',
    (mail.text || mail.html || '').replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
}

export function readOutbox(outboxDir: string): StoredMail[] {
  mkdirSync(outboxDir, { recursive: true });
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .map((name) => JSON.parse(readFileSync(path.join(outboxDir, name), 'utf8')) as StoredMail);
}

/** Whether a socket's remote address is this machine's loopback (127.0.0.0/8, ::1, or either as IPv4-mapped IPv6). */
export function isLoopback(address: string | undefined): boolean {
  const plain = address?.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || /^127\.\d+\.\d+\.\d+$/.test(plain ?? '');
}

/** The headers of the outbox page: no script, no framing by another page, no address in a Referer. */
export const OUTBOX_PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // Mail text is escaped; the policy keeps any script off the page all the same (its own style block only).
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/**
 * The headers of the outbox as JSON: it carries reset links, order details and gift card codes, so no cache keeps it
 * and no browser reads it as anything but JSON.
 */
export const OUTBOX_JSON_HEADERS: Record<string, string> = {
  'content-type': 'application/json',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Whether `given` is the key (compared in constant time). */
const isKey = (key: string, given: string | undefined) =>
  given !== undefined && timingSafeEqual(digest(key), digest(given));
const cookieValue = (req: http.IncomingMessage, name: string) =>
  (req.headers.cookie ?? '')
    .split(/;\s*/)
    .map((pair) => pair.split('='))
    .find(([key]) => key === name)?.[1];

export function createSesStandIn(outboxDir: string, options: SesStandInOptions = {}) {
  const { outboxKey } = options;
  return async (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/ses/outbox') {
      const linkKey = url.searchParams.get('key') ?? undefined;
      if (outboxKey !== undefined) {
        // Tunnel mode: neither the socket (a tunnel's agent connects from loopback) nor the Host (a tunnel may name
        // localhost) tells this machine's user from the internet; the key printed at this start does.
        if (!isKey(outboxKey, linkKey) && !isKey(outboxKey, cookieValue(req, OUTBOX_KEY_COOKIE))) {
          return fail(
            res,
            403,
            'AccessDeniedException',
            'The outbox (every mail the shop sent, reset codes included) opens only with the key npm start printed, as PUBLIC_URL is set: open the outbox link it printed.',
          );
        }
      } else if (!isLoopback(req.socket.remoteAddress)) {
        return fail(
          res,
          403,
          'AccessDeniedException',
          'The outbox (every mail the shop sent, reset codes included) is shown only on the machine that runs the shop: open it there, under localhost.',
        );
      }
      // Opened in the browser's address bar (no Origin) or read by the shop's own pages and tests, yes; read by
      // another site's page in the developer's browser (a cross-origin request carries its Origin), no.
      if (sentByAnotherSite(req)) {
        return fail(
          res,
          403,
          'AccessDeniedException',
          "The outbox is not shown to another site's page: open it in the address bar.",
        );
      }
      if ((req.headers.accept ?? '').includes('text/html')) {
        if (outboxKey !== undefined && isKey(outboxKey, linkKey)) {
          // The printed link: the key goes into a cookie for this path only, and out of the address bar and history.
          const secure = siteUrl()?.startsWith('https:') ? '; Secure' : '';
          res.writeHead(303, {
            location: '/ses/outbox',
            'set-cookie': `${OUTBOX_KEY_COOKIE}=${outboxKey}; Path=/ses; HttpOnly; SameSite=Strict${secure}`,
            'cache-control': 'no-store',
            'referrer-policy': 'no-referrer',
          });
          return void res.end();
        }
        res.writeHead(200, OUTBOX_PAGE_HEADERS);
        return void res.end(outboxPage(readOutbox(outboxDir), { keyed: outboxKey !== undefined }));
      }
      res.writeHead(200, OUTBOX_JSON_HEADERS);
      return void res.end(JSON.stringify({ mails: readOutbox(outboxDir) }));
    }
    if (req.method !== 'POST' || url.pathname !== '/ses/v2/email/outbound-emails') {
      return fail(res, 404, 'NotFoundException', `The SES stand-in does not know ${req.method} ${url.pathname}`);
    }
    // Only the shop's functions on this machine send, not a web page in the developer's browser (it sends an Origin;
    // a function's signed request does not) nor another machine (docs/decisions/0085), and only signed with this
    // start's key, as SES takes only signed requests: a tunnel's requests come from loopback too (decision 0090).
    if (sentByAWebPage(req) || !isLoopback(req.socket.remoteAddress)) {
      return fail(
        res,
        403,
        'AccessDeniedException',
        "The SES stand-in sends mail for the shop's functions on this machine only.",
      );
    }
    const own = localCredentials('standin');
    const secrets = options.credentials ?? { [own.accessKeyId]: own.secretAccessKey };
    const signed = await checkSignature(req, body, secrets, { payload: 'body', checkTime: false });
    if (!signed.ok) {
      return fail(
        res,
        403,
        'AccessDeniedException',
        `The SES stand-in takes only mail signed with the key of this start (${signed.code}: ${signed.message})`,
      );
    }
    let input: {
      FromEmailAddress?: string;
      Destination?: { ToAddresses?: string[] };
      ReplyToAddresses?: string[];
      Content?: {
        Simple?: {
          Subject?: { Data?: string };
          Body?: { Text?: { Data?: string }; Html?: { Data?: string } };
          Headers?: { Name?: string; Value?: string }[];
        };
      };
    };
    try {
      input = JSON.parse(body.toString('utf8')) as typeof input;
    } catch {
      return fail(res, 400, 'BadRequestException', 'Body is not JSON');
    }
    const to = input.Destination?.ToAddresses ?? [];
    const simple = input.Content?.Simple;
    if (!to.length || !simple?.Subject?.Data)
      return fail(res, 400, 'BadRequestException', 'Destination and Subject are required');
    // As SES: a header name is printable ASCII without a colon, its value printable ASCII on one line.
    const headers = simple.Headers ?? [];
    if (
      headers.some(
        (h) =>
          !h.Name ||
          !/^[\x21-\x39\x3b-\x7e]{1,126}$/.test(h.Name) ||
          typeof h.Value !== 'string' ||
          !/^[\x20-\x7e]{0,870}$/.test(h.Value),
      )
    ) {
      return fail(res, 400, 'BadRequestException', 'A message header is not printable ASCII on one line');
    }
    const mail: StoredMail = {
      id: randomUUID(),
      date: new Date().toISOString(),
      from: input.FromEmailAddress ?? 'no-reply@example.com',
      to,
      replyTo: input.ReplyToAddresses ?? [],
      subject: simple.Subject.Data,
      text: simple.Body?.Text?.Data ?? '',
      ...(simple.Body?.Html?.Data ? { html: simple.Body.Html.Data } : {}),
      ...(headers.length ? { headers: Object.fromEntries(headers.map((h) => [h.Name!, h.Value!])) } : {}),
    };
    mkdirSync(outboxDir, { recursive: true });
    const base = `${mail.date.replace(/[:.]/g, '-')}-${mail.id}`;
    writeFileSync(path.join(outboxDir, `${base}.eml`), toEml(mail));
    writeFileSync(path.join(outboxDir, `${base}.json`), JSON.stringify(mail, null, 2));
    return send(res, 200, { MessageId: mail.id });
  };
}
