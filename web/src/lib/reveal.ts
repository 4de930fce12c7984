import { useEffect, useRef } from 'react';

/**
 * Shows what a failure left on the page (issue 50 item 6, docs/decisions/0142): `shown` is scrolled into the window,
 * as little as needed (clear of the sticky header: styles.css `scroll-padding`), and `focus` (the message itself, or
 * the field it is about) takes the focus, so a shopper on a laptop whose form ends below the fold sees it, and a screen
 * reader reads it. An element that takes the focus only this way has `tabIndex={-1}`.
 */
export function reveal(shown: HTMLElement, focus: HTMLElement = shown): void {
  // jsdom has no scrollIntoView; every browser the shop serves has.
  shown.scrollIntoView?.({ block: 'nearest' });
  focus.focus({ preventScroll: true });
}

/**
 * A message revealed (above) each time it appears or its text changes: the ref goes on the message (with
 * `tabIndex={-1}`). The same message shown again after it was cleared (a second declined card) is revealed again.
 */
export function useRevealed<Element extends HTMLElement>(message: string | null | undefined) {
  const ref = useRef<Element>(null);
  useEffect(() => {
    if (message && ref.current) reveal(ref.current);
  }, [message]);
  return ref;
}
