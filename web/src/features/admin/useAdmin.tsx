import { Alert, Heading, Loader, Pagination, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { ApiError } from '../../lib/api';

export type Notice = { variation: 'success' | 'error' | 'info'; text: string } | null;

/** The message of a failed call: the server's words (with its field messages), else the spec's 'Server error'. */
export function problemText(error: unknown): string {
  if (error instanceof ApiError) return [error.message, ...Object.values(error.fields ?? {}).filter((text) => text !== error.message)].join(' ');
  return MESSAGES.serverError;
}

/**
 * The one way an admin page loads its data and runs its actions: `data` (null while loading), a load `error`,
 * a `notice` after an action (what was done, or why it failed), `reload`, and `act(label, action)` which runs
 * an action, reports it and loads again. With `{ reloadOnConflict: true }` a 409 (done or changed in another tab,
 * e.g. an order shipped there) also loads again, so the page shows how things now stand beside the server's words;
 * pages with unsaved edits (the products table) leave it off. Replaces the load/notice/error code each page used to repeat.
 * `load` is read again whenever it is a new function: a module function, or one made with `useCallback` and the
 * values it reads.
 */
export function useAdminData<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const call = ++latest.current;
    try {
      const loaded = await load();
      if (call === latest.current) {
        setData(loaded);
        setError('');
      }
    } catch (failure) {
      console.error('admin read failed', failure);
      if (call === latest.current) setError(problemText(failure));
    }
  }, [load]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reload sets state only after `await load()`, never in the effect itself; the rule does not see the await yet (react/react issue 34905)
    void reload();
  }, [reload]);

  const act = useCallback(
    async (label: string | ((result: unknown) => string), action: () => Promise<unknown>, options: { reloadOnConflict?: boolean } = {}): Promise<boolean> => {
      try {
        const result = await action();
        setNotice({ variation: 'success', text: typeof label === 'function' ? label(result) : label });
        await reload();
        return true;
      } catch (failure) {
        setNotice({ variation: 'error', text: problemText(failure) });
        if (options.reloadOnConflict && failure instanceof ApiError && failure.status === 409) await reload();
        return false;
      }
    },
    [reload],
  );
  return { data, setData, error, notice, setNotice, reload, act };
}

/** An admin page: its heading, the notice of the last action, a load error, a loader until the data is there. */
export function AdminPage({ title, notice, error, loading, actions, children }: { title: string; notice?: Notice; error?: string; loading?: boolean; actions?: ReactNode; children?: ReactNode }) {
  return (
    <section className="page admin">
      <div className="admin-head">
        <Heading level={1}>{title}</Heading>
        {actions}
      </div>
      <div role="status" aria-live="polite" className="admin-notice">
        {notice && (
          <Alert variation={notice.variation} isDismissible={false} hasIcon={false}>
            {notice.text}
          </Alert>
        )}
      </div>
      {error && (
        <Alert variation="error" hasIcon={false} heading="Could not load this page">
          {error}
        </Alert>
      )}
      {loading && !error ? <Loader size="large" ariaLabel="Loading" /> : children}
    </section>
  );
}

/** The header row of an admin table: one column heading per name. */
export function HeadRow({ cells }: { cells: readonly string[] }) {
  return (
    <TableHead>
      <TableRow>
        {cells.map((cell) => (
          <TableCell as="th" scope="col" key={cell}>
            {cell}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/**
 * Numbered pages over a cursor-paged admin list (GET ...?cursor=): `cursor` of the page shown, and `pager`, the
 * Amplify Pagination with "rows a-b of total" under a table. Pages already seen keep their cursors, so going back is
 * one request and a page's rows never shift with the ones before. Turning a page scrolls back to the top.
 */
export function useCursorPages(resetKey = '') {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[]; page: number }>({ key: resetKey, cursors: [undefined], page: 1 });
  const current = state.key === resetKey ? state : { key: resetKey, cursors: [undefined], page: 1 };
  const { cursors, page } = current;
  function pager(data: { nextCursor: string | null; total?: number } | null, shown: number, pageSize: number, label: string) {
    if (!data) return null;
    const go = (to: number) => {
      if (to < 1 || to > cursors.length + (data.nextCursor ? 1 : 0)) return;
      const known = to === cursors.length + 1 ? [...cursors, data.nextCursor ?? undefined] : cursors;
      setState({ key: resetKey, cursors: known, page: to });
      // The pager sits under the list: the new page is read from its top, as a page turned.
      window.scrollTo(0, 0);
    };
    const first = (page - 1) * pageSize + (shown ? 1 : 0);
    const totalPages = data.total !== undefined ? Math.max(1, Math.ceil(data.total / pageSize)) : cursors.length + (data.nextCursor ? 1 : 0);
    return (
      <nav className="admin-pager" aria-label={`${label} pages`}>
        <p className="muted">
          {shown ? `${first}–${first + shown - 1}` : '0'}
          {data.total !== undefined ? ` of ${data.total}` : ''} {label}
        </p>
        {totalPages > 1 && (
          <Pagination
            currentPage={page}
            totalPages={Math.min(totalPages, cursors.length + (data.nextCursor ? 1 : 0))}
            hasMorePages={Boolean(data.nextCursor)}
            onNext={() => go(page + 1)}
            onPrevious={() => go(page - 1)}
            onChange={(to) => to && go(to)}
          />
        )}
      </nav>
    );
  }
  /** One page back, forgetting the page left (it emptied: the page before reads its next cursor again). */
  const back = () => page > 1 && setState({ key: resetKey, cursors: cursors.slice(0, page - 1), page: page - 1 });
  return { cursor: cursors[page - 1], page, pager, back };
}
