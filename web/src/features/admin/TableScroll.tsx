import type { ReactNode } from 'react';

/**
 * A wide table's box, which scrolls sideways on a phone: reachable by keyboard (its arrow keys scroll it) and named for
 * screen readers, as axe's scrollable-region-focusable asks.
 */
export function TableScroll({
  label,
  className = 'report-table-wrap',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to scroll by keys
    <div className={className} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
