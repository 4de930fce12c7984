import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the window matches a media query now, following it as it changes (a phone turned, a window resized). From
 * the first render, so the page does not change its layout after showing. False where the browser cannot tell.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
