import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import type { WalletPayProps } from './useWalletPay';

// The wallet's code (its hooks, the config, Stripe's Express Checkout Element or the test wallet): off the cart's first
// load (issue 50 item 17, docs/decisions/0144).
const WalletButtons = lazy(() => import('./WalletButtons'));

/** Whether the browser can tell when it is idle and what is in view (not jsdom: there the buttons load at once). */
const canWait = () => typeof requestIdleCallback === 'function' && typeof IntersectionObserver === 'function';

/**
 * When the wallet's code is wanted: once the page has loaded and the browser is idle while the buttons' box is in
 * view (or near it), or as soon as the shopper acts on the page (a tap, a click, a key), whichever comes first. Until
 * then nothing of it runs on the main thread: on a phone, Stripe.js and the wallet's render were long tasks of the
 * cart's first load.
 */
function useWanted(box: RefObject<HTMLElement | null>): boolean {
  const [wanted, setWanted] = useState(() => !canWait());
  useEffect(() => {
    if (wanted || !box.current) return;
    let idle = false;
    let inView = false;
    let idleCall = 0;
    const want = () => setWanted(true);
    const check = () => idle && inView && want();
    const observer = new IntersectionObserver(
      (entries) => {
        inView = entries.some((entry) => entry.isIntersecting);
        check();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(box.current);
    const whenIdle = () => {
      idleCall = requestIdleCallback(
        () => {
          idle = true;
          check();
        },
        { timeout: 4000 },
      );
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    // Not focus: the step's heading takes it as the cart opens.
    const acts = ['pointerdown', 'keydown'] as const;
    for (const event of acts) document.addEventListener(event, want, { once: true, passive: true });
    return () => {
      observer.disconnect();
      cancelIdleCallback(idleCall);
      window.removeEventListener('load', whenIdle);
      for (const event of acts) document.removeEventListener(event, want);
    };
  }, [wanted, box]);
  return wanted;
}

/**
 * The cart's wallet buttons under Proceed to Checkout (issue 38 items 2 and 5, docs/decisions/0129): their box is kept
 * from the first render (nothing moves when they come), and their code is loaded when wanted (useWanted).
 */
export function WalletPay(props: WalletPayProps) {
  const box = useRef<HTMLElement>(null);
  const wanted = useWanted(box);
  return (
    <section className="wallet-pay" aria-label="Pay with a wallet" ref={box}>
      <p className="wallet-or" aria-hidden="true">
        or
      </p>
      {wanted ? (
        <Suspense fallback={<div className="wallet-slot" />}>
          <WalletButtons {...props} />
        </Suspense>
      ) : (
        <div className="wallet-slot" />
      )}
    </section>
  );
}
