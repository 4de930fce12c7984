import { ADMIN_ORDERS_PAGE } from '#shared/schemas/orders';
import { filtersOf, queryOf, readingProgress } from './archiveQuery';

/** The orders list's address and what it asks for (archiveQuery.ts), and the search's progress as the page hears it. */
it('an address names a view and filters; anything else is the Shipped view with none', () => {
  expect(filtersOf(new URLSearchParams('status=sales&q=ann&from=2025-11-01&to=2025-11-10'))).toEqual({
    status: 'sales',
    q: 'ann',
    from: '2025-11-01',
    to: '2025-11-10',
  });
  expect(filtersOf(new URLSearchParams('status=everything'))).toEqual({
    status: 'completed',
    q: undefined,
    from: undefined,
    to: undefined,
  });
});

it("asks for a page of the admin's own days: from the first moment of the first to the last of the last", () => {
  const query = queryOf(filtersOf(new URLSearchParams('status=pending&from=2025-11-01&to=2025-11-10')));
  expect(query).toEqual({
    status: 'pending',
    q: undefined,
    from: new Date(2025, 10, 1).toISOString(),
    to: new Date(new Date(2025, 10, 11).getTime() - 1).toISOString(),
    limit: ADMIN_ORDERS_PAGE,
  });
  expect(queryOf(filtersOf(new URLSearchParams(''))).from).toBeUndefined();
});

it('the progress is nothing until a request came back short, then how far back it read; listeners hear each report', () => {
  const progress = readingProgress();
  const heard = jest.fn();
  const stop = progress.subscribe(heard);
  expect(progress.read()).toBeNull();
  progress.report('2024-01-01T00:00:00Z');
  expect(progress.read()).toBe('2024-01-01T00:00:00Z');
  progress.report(undefined);
  expect(progress.read()).toBe('');
  expect(heard).toHaveBeenCalledTimes(2);
  stop();
  progress.report('2023-01-01T00:00:00Z');
  expect(heard).toHaveBeenCalledTimes(2);
});
