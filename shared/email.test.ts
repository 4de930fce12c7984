import fc from 'fast-check';
import { canonicalEmail } from './email';

/** "Once per customer" counts one mailbox (docs/decisions/0063): every spelling of it gives one canonical email. */
describe('canonicalEmail', () => {
  it.each([
    [' Shopper@Example.COM ', 'shopper@example.com'],
    ['shopper+1@example.com', 'shopper@example.com'],
    ['shopper+promo+again@example.com', 'shopper@example.com'],
    ['s.hopper@gmail.com', 'shopper@gmail.com'],
    ['S.Hop.Per+x@GoogleMail.com', 'shopper@gmail.com'],
    ['shopper@googlemail.com', 'shopper@gmail.com'],
    // Dots count elsewhere: another provider may give these to two people.
    ['s.hopper@example.com', 's.hopper@example.com'],
    ['s.hopper@mail.gmail.com', 's.hopper@mail.gmail.com'],
    // A name that would be left empty is kept.
    ['+tag@example.com', '+tag@example.com'],
    ['...@gmail.com', '...@gmail.com'],
    // The domain is the part after the last @.
    ['"a@b"+x@example.com', '"a@b"@example.com'],
  ])('%s -> %s', (email, canonical) => {
    expect(canonicalEmail(email)).toBe(canonical);
  });

  const letters = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_-'),
    minLength: 1,
    maxLength: 12,
  });
  const tag = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789.+-'), maxLength: 10 });
  const domain = fc.constantFrom('example.com', 'shop.example.org', 'gmail.com', 'googlemail.com', 'mail.co.uk');
  const anyEmail = fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('', '@'), fc.string({ maxLength: 20 }))
    .map(([a, at, b]) => `${a}${at}${b}`);

  it('is stable: the canonical email of a canonical email is itself', () => {
    fc.assert(fc.property(anyEmail, (email) => canonicalEmail(canonicalEmail(email)) === canonicalEmail(email)));
  });

  it('ignores case and surrounding spaces', () => {
    fc.assert(
      fc.property(
        letters,
        domain,
        fc.constantFrom('', ' ', '\t'),
        (name, at, pad) =>
          canonicalEmail(`${pad}${name.toUpperCase()}@${at.toUpperCase()}${pad}`) === canonicalEmail(`${name}@${at}`),
      ),
    );
  });

  it('drops any +tag', () => {
    fc.assert(
      fc.property(
        letters,
        tag,
        domain,
        (name, extra, at) => canonicalEmail(`${name}+${extra}@${at}`) === canonicalEmail(`${name}@${at}`),
      ),
    );
  });

  it('drops dots in a Gmail name, and googlemail.com is gmail.com', () => {
    const dotted = fc.array(letters, { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(
        dotted,
        fc.constantFrom('gmail.com', 'googlemail.com', 'GMail.com'),
        (parts, at) => canonicalEmail(`${parts.join('.')}@${at}`) === `${parts.join('')}@gmail.com`,
      ),
    );
  });

  it('keeps two different names apart (no two mailboxes become one customer)', () => {
    const plain = fc
      .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789.'), minLength: 1, maxLength: 12 })
      .filter((name) => /[a-z0-9]/.test(name));
    fc.assert(
      fc.property(plain, plain, domain, (a, b, at) => {
        const gmail = at === 'gmail.com' || at === 'googlemail.com';
        const same = gmail ? a.replaceAll('.', '') === b.replaceAll('.', '') : a === b;
        return (canonicalEmail(`${a}@${at}`) === canonicalEmail(`${b}@${at}`)) === same;
      }),
    );
  });
});
