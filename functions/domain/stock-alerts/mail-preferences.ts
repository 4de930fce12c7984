import type { Mail } from '../../lib/mail';

/**
 * What every mail a shopper did not ask for in the moment carries, and whom it never goes to (design section 4): the
 * opt-out record, the one-click unsubscribe link and the footer with the shop's postal address belong to the
 * reminders' half of issue 27 (branch `reminders`: functions/domain/mail/opt-outs.ts `hasOptedOut`, and
 * functions/domain/mail/commercial.ts `commercialMail`). Until that lands here, this stand-in has the same two calls:
 * nobody has opted out, and the footer says why the mail came and where the shop is (SHOP_POSTAL_ADDRESS).
 */

/** Whether the address (any spelling of it) has opted out. */
export async function hasOptedOut(_email: string): Promise<boolean> {
  return false;
}

export type CommercialMail = { ok: true; mail: Mail } | { ok: false; why: string };

/** `text` with the footer for `to`: why it came, and the shop's postal address. */
export async function commercialMail(input: { to: string; subject: string; text: string; reason: string }): Promise<CommercialMail> {
  const postal = process.env.SHOP_POSTAL_ADDRESS?.trim();
  const footer = ['', '--', `Why you got this mail: ${input.reason}`, ...(postal ? [postal] : [])];
  return { ok: true, mail: { to: input.to, subject: input.subject, text: [input.text, ...footer].join('\n') } };
}
