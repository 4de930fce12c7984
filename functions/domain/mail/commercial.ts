import { SHOP_NAME, UNSUBSCRIBE_PAGE_PATH } from '#shared/pages';
import { MAIL_PREFERENCE_MESSAGES as WORDS } from '#shared/messages';
import { escapeHtml } from '#shared/sanitize';
import { readEnv } from '../../lib/env';
import { siteLink, type Mail } from '../../lib/mail';
import { unsubscribeToken } from './opt-outs';

/**
 * Mail a shopper did not ask for (a checkout reminder, a back-in-stock alert) is earned (design section 4,
 * docs/decisions/0078): each says why it was sent, carries a one-click unsubscribe link (no sign-in) and the shop's
 * postal address, as CAN-SPAM asks of commercial mail, and the headers mail clients show as their own Unsubscribe
 * button (List-Unsubscribe, with List-Unsubscribe-Post for RFC 8058's one-click POST). One function makes that
 * footer for every such mail; whoever sends one checks `hasOptedOut` at send time first (opt-outs.ts).
 */
export type CommercialMail = { ok: true; mail: Mail } | { ok: false; why: string };

/**
 * The API address a mail client POSTs `List-Unsubscribe=One-Click` to (RFC 8058); opened in a browser (GET), it sends
 * the browser on to the page the mail's link opens (shared/pages.ts UNSUBSCRIBE_PAGE_PATH).
 */
export const UNSUBSCRIBE_API_PATH = '/api/email-preferences/unsubscribe';

/** The shop's postal address (a stage setting in AWS, SHOP_POSTAL_ADDRESS locally), or null when it is not set. */
export function postalAddress(): string | null {
  return readEnv().SHOP_POSTAL_ADDRESS?.trim() || null;
}

/** The footer's lines: why this mail came, how to stop such mail with one click, and who sent it from where. */
export function commercialFooter(reason: string, unsubscribeUrl: string, address: string): string[] {
  return [
    '',
    '--',
    `${WORDS.whyPrefix} ${reason}`,
    `${WORDS.unsubscribeLine} ${unsubscribeUrl}`,
    `${SHOP_NAME}, ${address}`,
  ];
}

/** The same footer for an HTML alternative. */
function htmlFooter(reason: string, unsubscribeUrl: string, address: string): string {
  return [
    '<hr>',
    `<p style="color:#555;font-size:13px">${escapeHtml(WORDS.whyPrefix)} ${escapeHtml(reason)}<br>`,
    `${escapeHtml(WORDS.unsubscribeLine)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a><br>`,
    `${escapeHtml(SHOP_NAME)}, ${escapeHtml(address)}</p>`,
  ].join('\n');
}

/**
 * `text` (and `html`, an HTML alternative, when given) with the footer for `to`, and the unsubscribe headers. Not
 * sendable (`ok: false`, with why) when the shop's postal address or its own address (for the links) is not known:
 * such a mail would break the rules it must keep.
 */
export async function commercialMail(input: {
  to: string;
  subject: string;
  text: string;
  html?: string;
  reason: string;
}): Promise<CommercialMail> {
  const address = postalAddress();
  if (!address) return { ok: false, why: WORDS.noPostalAddress };
  const token = encodeURIComponent(await unsubscribeToken(input.to));
  const page = siteLink(`${UNSUBSCRIBE_PAGE_PATH}?token=${token}`);
  const oneClick = siteLink(`${UNSUBSCRIBE_API_PATH}?token=${token}`);
  if (!page || !oneClick) return { ok: false, why: WORDS.noSiteAddress };
  return {
    ok: true,
    mail: {
      to: input.to,
      subject: input.subject,
      text: [input.text, ...commercialFooter(input.reason, page, address)].join('\n'),
      ...(input.html ? { html: `${input.html}\n${htmlFooter(input.reason, page, address)}` } : {}),
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
  };
}
