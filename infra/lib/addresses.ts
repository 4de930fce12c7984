/**
 * What an address or a domain of the settings must look like, and which sender an SES identity may send as
 * (docs/decisions/0013-ses-identity.md). No CDK here: the settings check them before anything is built.
 */
import type { MailSettings } from './settings';

/** An email address, as the settings take it. */
export const EMAIL = /^[^\s@]+@([a-z0-9-]+\.)+[a-z]{2,}$/i;
/** A host name (a custom domain, a domain identity). */
export const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;

/** Whether an SES identity is a single address (else a domain). */
export const isAddressIdentity = (identity: string): boolean => identity.includes('@');

/** The sender address: `mailFrom`, else `no-reply@<domain>` for a domain identity, else the identity's address. */
export function senderOf(mail: MailSettings): string {
  return mail.from ?? (isAddressIdentity(mail.identity) ? mail.identity : `no-reply@${mail.identity}`);
}

/**
 * Why `from` cannot be sent through `identity`, or null. SES lets a verified domain send from any address of
 * that domain or of its subdomains; a verified address sends only as itself.
 */
export function mailFromProblem(identity: string, from: string | undefined): string | null {
  if (isAddressIdentity(identity)) {
    if (!EMAIL.test(identity))
      return `sesIdentity must be a domain (example.com) or an email address (got "${identity}")`;
    if (from !== undefined && from.toLowerCase() !== identity.toLowerCase()) {
      return `mailFrom "${from}" does not belong to the SES identity "${identity}": an address identity sends only as itself`;
    }
    return null;
  }
  if (!DOMAIN.test(identity))
    return `sesIdentity must be a domain (example.com) or an email address (got "${identity}")`;
  if (from === undefined) return null;
  const domain = from.slice(from.lastIndexOf('@') + 1).toLowerCase();
  const own = identity.toLowerCase();
  if (domain !== own && !domain.endsWith(`.${own}`)) {
    return `mailFrom "${from}" does not belong to the SES identity "${identity}": use an address at ${identity} (or a subdomain of it)`;
  }
  return null;
}
