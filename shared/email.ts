/**
 * One mailbox, one customer (design section 4, "Knowing a number is not access"; docs/decisions/0063): the
 * canonical form of an email address under which "once per customer" is counted. Trimmed and case-folded; a
 * `+tag` is removed (mail for `ada+shop@x` reaches `ada@x`); for Gmail the dots of the name are removed and
 * googlemail.com is gmail.com, as Gmail delivers `a.d.a@googlemail.com` to `ada@gmail.com`. Dots elsewhere stay
 * (another provider may give `a.da` and `ad.a` to two people). A name that would be left empty is kept as it is.
 */
export function canonicalEmail(email: string): string {
  const folded = email.trim().toLowerCase();
  const at = folded.lastIndexOf('@');
  if (at <= 0) return folded;
  let name = folded.slice(0, at);
  let domain = folded.slice(at + 1);
  const plus = name.indexOf('+');
  if (plus > 0) name = name.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    name = name.replaceAll('.', '') || name;
  }
  return `${name}@${domain}`;
}

/** Gmail's two domains: one mailbox answers to both, and ignores dots in the name. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
