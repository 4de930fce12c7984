import { Alert, Button, Heading, Pagination, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import { useEffect, type ReactNode } from 'react';
import {
  useActionData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useRouteError,
  type LoaderFunction,
  type ShouldRevalidateFunctionArgs,
} from 'react-router-dom';
import { useWrite } from '../../lib/useWrite';
import { MESSAGES } from '#shared/messages';
import { checked } from '#shared/schemas/checked';
import type * as z from '#shared/schemas/zod';
import { ADMIN_GROUP } from '#shared/roles';
import { accessToken, ApiError, tokenGroups } from '../../lib/api';

/**
 * How the admin pages read and write (docs/decisions/0076): each page is a route module with a `loader` (what the
 * page shows, read from its address) and an `action` (its writes, each named by an `intent`); the page reads
 * `useLoaderData` and writes with `useAdminWrites`. After a write that was done, the route's loader reads the page
 * again (revalidation); its notice is the action's answer.
 */

/**
 * An admin page's loader, run for an admin's token only: anyone else reads nothing (RequireAdmin sends them to sign in
 * or home), so a customer who opens /admin makes no request the server would refuse.
 */
export const adminOnly =
  (loader: LoaderFunction): LoaderFunction =>
  async (args) => {
    const token = await accessToken();
    return token && tokenGroups(token).includes(ADMIN_GROUP) ? loader(args) : null;
  };

export type Notice = { variation: 'success' | 'error' | 'info'; text: string } | null;

/** The message of a failed call: the server's words (with its field messages), else the spec's 'Server error'. */
export function problemText(error: unknown): string {
  if (error instanceof ApiError)
    return [error.message, ...Object.values(error.fields ?? {}).filter((text) => text !== error.message)].join(' ');
  return MESSAGES.serverError;
}

/**
 * What an admin route's action answers: which write it was, whether it was done, its notice and the server's field
 * messages.
 */
export interface WriteResult {
  intent: string;
  ok: boolean;
  notice: Notice;
  fields?: Record<string, string>;
  /** Whether the page is read again (the write was done, or a conflict says the page is out of date). */
  reload: boolean;
}

/** What an admin page posts to its route's action: the write's name and its values (JSON). */
export type Submission = { intent: string } & Record<string, unknown>;

/** The submission an action received. */
export const submissionOf = async (request: Request) => (await request.json()) as Submission;

/**
 * One admin write inside a route action: `done` says what was done (from the server's answer when a function). A
 * failure is told in the server's words and leaves the page (and what was typed) as it was; with `reloadOnConflict`
 * a 409 (done or changed in another tab, e.g. an order shipped there) reads the page again, so it shows how things
 * now stand beside the server's words (`reloadOnFailure`: after any failure). Pages with unsaved edits (the products
 * table) leave them off.
 */
export async function adminWrite<T>(
  intent: string,
  write: () => Promise<T>,
  done: string | ((result: T) => string),
  { reloadOnConflict = false, reloadOnFailure = false } = {},
): Promise<WriteResult> {
  try {
    const result = await write();
    return {
      intent,
      ok: true,
      reload: true,
      notice: { variation: 'success', text: typeof done === 'function' ? done(result) : done },
    };
  } catch (failure) {
    const conflict = failure instanceof ApiError && failure.status === 409;
    return {
      intent,
      ok: false,
      reload: reloadOnFailure || (reloadOnConflict && conflict),
      notice: { variation: 'error', text: problemText(failure) },
      fields: failure instanceof ApiError ? failure.fields : undefined,
    };
  }
}

/** A write the page refused before sending anything (a price that cannot be read): its notice, nothing read again. */
export const refused = (intent: string, text: string, fields?: Record<string, string>): WriteResult => ({
  intent,
  ok: false,
  reload: false,
  notice: { variation: 'error', text },
  fields,
});

/**
 * A form's write (docs/decisions/0156): the body checked first with the schema the server checks it with (the same
 * messages, each beside its field, and nothing sent that it would refuse), then written as adminWrite writes.
 */
export async function checkedWrite<S extends z.ZodMiniType, T>(
  intent: string,
  schema: S,
  body: unknown,
  write: () => Promise<T>,
  done: string | ((result: T) => string),
  options?: Parameters<typeof adminWrite>[3],
): Promise<WriteResult> {
  const check = checked(schema, body);
  if (!check.ok) {
    const more = Object.values(check.fields).filter((text) => text !== check.message);
    return refused(intent, [check.message, ...new Set(more)].join(' '), check.fields);
  }
  return adminWrite(intent, write, done, options);
}

const isWriteResult = (value: unknown): value is WriteResult =>
  typeof value === 'object' && value !== null && 'reload' in value && 'intent' in value;

/** Every admin route's `shouldRevalidate`: after a write, read the page again only when the write asks for it. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isWriteResult(actionResult) ? actionResult.reload : defaultShouldRevalidate;
}

/**
 * An admin page's writes: `write(intent, values)` posts to the route's action (the address and its page trail stay),
 * `pending` names the write on its way (until the page has been read again: its buttons wait), `result` is what the
 * last one answered (its `notice` and field messages).
 */
export function useAdminWrites() {
  const submit = useWrite();
  const location = useLocation();
  const navigation = useNavigation();
  const result = useActionData<WriteResult | undefined>();
  const sent = navigation.state !== 'idle' ? (navigation.json as Submission | undefined) : undefined;
  return {
    write: (intent: string, values: Record<string, unknown> = {}) =>
      submit({ intent, ...values }, { method: 'post', encType: 'application/json', state: location.state as unknown }),
    pending: sent?.intent ?? null,
    /** The values of the write on its way. */
    sent,
    result,
    notice: result?.notice ?? null,
    fields: result?.fields ?? {},
  };
}

/** An admin page: its heading, the notice of the last write, and the page. */
export function AdminPage({
  title,
  notice,
  actions,
  children,
}: {
  title: string;
  notice?: Notice;
  actions?: ReactNode;
  children?: ReactNode;
}) {
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
      {children}
    </section>
  );
}

/** An admin page whose loader failed (every admin route's ErrorBoundary): the server's words and Try again. */
export function AdminLoadError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (!(error instanceof ApiError)) console.error('admin read failed', error);
  return (
    <section className="page admin">
      <div className="admin-head">
        <Heading level={1}>Admin</Heading>
      </div>
      <Alert variation="error" hasIcon={false} heading="Could not load this page">
        {problemText(error)}
      </Alert>
      <Button size="small" isLoading={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
        Try again
      </Button>
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
 * The cursor of the admin list page an address asks for (`?cursor=`; none: the first page): what a list's loader reads.
 */
export const cursorOf = (request: Request) => new URL(request.url).searchParams.get('cursor') ?? undefined;

/**
 * Numbered pages over a cursor-paged admin list (GET ...?cursor=): the page shown is in the address (`?cursor=`, what
 * the loader reads) and the cursors of the pages seen in the history entry's state, so going back is one request
 * and a page's rows never shift with the ones before. `pager` is the Amplify Pagination with "rows a-b of total"
 * under a table; turning a page scrolls back to the top. Should the rows of a later page all go (the owner shipped or
 * deleted the last ones), it steps back a page rather than show an empty one, unless `stepBack` is false (a search
 * shows its empty last page instead, whose page before would only lead to it again).
 */
export function useCursorPages(
  data: { nextCursor: string | null; total?: number } | null,
  shown: number,
  { label, pageSize, stepBack = true }: { label: string; pageSize: number; stepBack?: boolean },
) {
  const location = useLocation();
  const navigate = useNavigate();
  const cursor = new URLSearchParams(location.search).get('cursor');
  const kept = location.state as { cursors?: (string | null)[]; page?: number } | null;
  // The cursors of the pages known (the first's is null) and which one is shown; a bare address is the first page,
  // or, with a cursor, the page after an unknown one.
  const { cursors, page } =
    kept?.cursors && kept.page && kept.cursors[kept.page - 1] === cursor
      ? { cursors: kept.cursors, page: kept.page }
      : cursor
        ? { cursors: [null, cursor], page: 2 }
        : { cursors: [null], page: 1 };

  const show = (known: (string | null)[], to: number) => {
    const params = new URLSearchParams(location.search);
    const at = known[to - 1];
    if (at) params.set('cursor', at);
    else params.delete('cursor');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, state: { cursors: known, page: to } },
    );
  };
  const emptied = stepBack && data !== null && shown === 0 && page > 1;
  useEffect(() => {
    // The page emptied: the one before it is read again, and the cursors after it are forgotten (they may have
    // changed).
    if (emptied) show(cursors.slice(0, page - 1), page - 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per emptied page; `show` reads the current address
  }, [emptied, location.key]);

  let pager: ReactNode = null;
  if (data) {
    // The pages known, and the one after the last of them when it is the page shown and the list goes on.
    const reachable = cursors.length + (page === cursors.length && data.nextCursor ? 1 : 0);
    const go = (to: number) => {
      if (to < 1 || to > reachable) return;
      show(to > cursors.length ? [...cursors, data.nextCursor] : cursors, to);
      // The pager sits under the list: the new page is read from its top, as a page turned.
      window.scrollTo(0, 0);
    };
    const first = (page - 1) * pageSize + (shown ? 1 : 0);
    const totalPages = data.total !== undefined ? Math.max(1, Math.ceil(data.total / pageSize)) : reachable;
    pager = (
      <nav className="admin-pager" aria-label={`${label} pages`}>
        <p className="muted">
          {shown ? `${first}–${first + shown - 1}` : '0'}
          {data.total !== undefined ? ` of ${data.total}` : ''} {label}
        </p>
        {totalPages > 1 && (
          <Pagination
            currentPage={page}
            totalPages={Math.min(totalPages, reachable)}
            hasMorePages={page < reachable}
            onNext={() => go(page + 1)}
            onPrevious={() => go(page - 1)}
            onChange={(to) => to && go(to)}
          />
        )}
      </nav>
    );
  }
  return { page, pager };
}
