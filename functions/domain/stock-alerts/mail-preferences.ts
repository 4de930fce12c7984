/**
 * What every mail a shopper did not ask for in the moment carries, and whom it never goes to (design section 4): the
 * opt-out record, the one-click unsubscribe link and the footer with the shop's postal address belong to the
 * reminders' half of issue 27 (branch `reminders`). Until that lands here, this stand-in keeps the interface the
 * alerts use: nobody has opted out, and the footer says only where the shop is (SHOP_POSTAL_ADDRESS).
 */

/** Whether the address (canonical) asked the shop for no more mail of this kind. */
export async function hasOptedOut(_email: string): Promise<boolean> {
  return false;
}

/** The lines under a back-in-stock mail to `to`: how to stop such mail, and the shop's postal address. */
export function alertFooter(_to: string): string[] {
  const postal = process.env.SHOP_POSTAL_ADDRESS;
  return postal ? ['', '--', postal] : [];
}
