import { useEffect, useLayoutEffect, type RefObject } from 'react';

/**
 * Scrolls `row` sideways so that `current` is whole, in the middle, when it was not (only the row scrolls, never the
 * page).
 */
export function showWhole(row: HTMLElement, current: Element | null): void {
  if (!current) return;
  const box = row.getBoundingClientRect();
  const item = current.getBoundingClientRect();
  if (item.left < box.left || item.right > box.right)
    row.scrollLeft += item.left - box.left - (box.width - item.width) / 2;
}

/**
 * The current item of a row that scrolls sideways on a phone (the admin's tabs, a page's Amplify Tabs) kept in view:
 * when `key` changes (another tab), before the page is painted; and whenever the row's width changes, which includes
 * the first time it is on screen (on a first load the app renders off the page and takes the static shell's place
 * later, app/shell.ts, so nothing can be measured before). `place.row` finds the row inside `ref` (default: `ref`
 * itself), `place.current` the current item inside the row.
 */
export function useCurrentInView(
  ref: RefObject<HTMLElement | null>,
  place: { row?: string; current: string },
  key: unknown,
): void {
  const { row, current } = place;
  useLayoutEffect(() => {
    const box = row ? ref.current?.querySelector<HTMLElement>(row) : ref.current;
    if (box) showWhole(box, box.querySelector(current));
  }, [ref, row, current, key]);
  useEffect(() => {
    const box = row ? ref.current?.querySelector<HTMLElement>(row) : ref.current;
    if (!box || typeof ResizeObserver !== 'function') return;
    const resized = new ResizeObserver(() => showWhole(box, box.querySelector(current)));
    resized.observe(box);
    return () => resized.disconnect();
  }, [ref, row, current]);
}

/** Amplify UI's Tabs: the row of tabs inside its container, and the chosen tab. */
export const AMPLIFY_TABS = { row: '.amplify-tabs__list', current: '.amplify-tabs__item--active' };
