import { sourceOf, type FunnelStep } from '#shared/funnel';

/**
 * The shoppers' path (issue 56 item 2, docs/decisions/0167), without tracking anyone: no cookie, no id. The visit's
 * source (its `utm_source`, else the referring site, else "direct") is kept for the tab in sessionStorage; the steps
 * a page reaches are gathered and sent as one small beacon when the page is left (hidden, or another page's same step
 * begins). The server counts them by day, device class and source.
 */
const SOURCE_KEY = 'funnel-source';
const pending = new Set<FunnelStep>();
let listening = false;

/** The visit's source, read from the address the tab landed on (main.tsx calls it first, before the router moves). */
export function visitSource(): string {
  try {
    const kept = sessionStorage.getItem(SOURCE_KEY);
    if (kept) return kept;
    const source = sourceOf(location.href, document.referrer, location.hostname);
    sessionStorage.setItem(SOURCE_KEY, source);
    return source;
  } catch {
    return 'direct';
  }
}

/** Sends what this page reached, once (navigator.sendBeacon: it outlives the page and never delays it). */
export function flushSteps(): void {
  if (!pending.size) return;
  const body = JSON.stringify({ steps: [...pending], source: visitSource() });
  pending.clear();
  try {
    navigator.sendBeacon?.('/api/funnel', new Blob([body], { type: 'application/json' }));
  } catch {
    /* a beacon refused (a blocker, a full queue): not counted, nothing else changes */
  }
}

/** A step of the path reached on this page (a product viewed, added to the cart, checkout, card step, paid). */
export function noteStep(step: FunnelStep): void {
  if (typeof window === 'undefined') return;
  visitSource();
  // The same step again is another page's (another product viewed): what this one reached goes first.
  if (pending.has(step)) flushSteps();
  pending.add(step);
  if (!listening) {
    listening = true;
    addEventListener('pagehide', flushSteps);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flushSteps();
    });
  }
}
