import { Button, Table, TableBody, TableRow } from '@aws-amplify/ui-react';
import { useCallback, useState, type ReactNode } from 'react';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin';
import { HeadRow, useAdminData, useCursorPages } from './useAdmin';

/** A page of a cursor-paged admin list as the server answers it (`total` where the server counts). */
export interface CursorPage {
  nextCursor: string | null;
  total?: number;
}

/**
 * The one way an admin page shows a paged list: `useAdminData` over `load(cursor)` (keep `load` stable: a module
 * function or a `useCallback`), the page's `rows`, and `pager`, the numbered pages under the list ("1–50 of 120
 * products"). `resetKey` goes back to page 1 when the filters it stands for change. Should the rows of a later page
 * all go (the owner shipped or deleted the last ones), it steps back a page rather than show an empty one; a search
 * (`stepBack: false`) shows its empty last page instead, whose page before would only lead to it again.
 */
export function usePagedAdminList<P extends CursorPage, R>(
  load: (cursor?: string) => Promise<P>,
  rowsOf: (page: P) => R[],
  { label, pageSize = ADMIN_PAGE_SIZE, resetKey = '', stepBack = true }: { label: string; pageSize?: number; resetKey?: string; stepBack?: boolean },
) {
  const { cursor, page, pager, back } = useCursorPages(resetKey);
  const loaded = useAdminData(useCallback(() => load(cursor).then((answer) => ({ answer, cursor })), [load, cursor]));
  const answer = loaded.data?.answer ?? null;
  const rows = answer ? rowsOf(answer) : null;
  const [steppedOn, setSteppedOn] = useState<object | null>(null);
  // Adjusting state while rendering (react.dev "storing information from previous renders"), once per answer read.
  if (stepBack && rows?.length === 0 && page > 1 && loaded.data && loaded.data.cursor === cursor && steppedOn !== loaded.data) {
    setSteppedOn(loaded.data);
    back();
  }
  return { ...loaded, data: answer, rows, page, pager: pager(answer, rows?.length ?? 0, pageSize, label) };
}

/**
 * An admin table: the column headings, one row per record (`cells` gives its cells; `rowId` its element id, which
 * links and tests find it by), an `empty` line instead of the table and pager when there are no records (without one
 * the empty table shows, as where an add form follows), and the pager under it. Nothing while `rows` is null (loading).
 * `cardsOnPhone`: on a narrow screen each row is a card of labelled lines instead of a table wider than the phone
 * (the cells carry their column's name in `data-label`; the row's `th` is the card's title).
 */
export function AdminTable<R>({
  columns,
  rows,
  rowKey,
  rowId,
  rowTestId,
  cells,
  empty,
  pager,
  highlightOnHover,
  cardsOnPhone,
}: {
  columns: readonly string[];
  rows: readonly R[] | null;
  rowKey: (row: R) => string;
  rowId?: (row: R) => string;
  rowTestId?: (row: R) => string;
  cells: (row: R) => ReactNode;
  empty?: ReactNode;
  pager?: ReactNode;
  highlightOnHover?: boolean;
  cardsOnPhone?: boolean;
}) {
  if (!rows) return null;
  if (rows.length === 0 && empty) return <p className="card">{empty}</p>;
  return (
    <>
      <div className={cardsOnPhone ? 'table-wrap cards-on-phone' : 'table-wrap'}>
        <Table size="small" variation="striped" highlightOnHover={highlightOnHover}>
          <HeadRow cells={columns} />
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} id={rowId?.(row)} data-testid={rowTestId?.(row)}>
                {cells(row)}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {pager}
    </>
  );
}

/** The red Delete of a row: asks `question` first (window.confirm), then runs `onDelete`; Cancel does nothing. */
export function DeleteButton({ question, onDelete, label }: { question: string; onDelete: () => Promise<unknown>; label?: string }) {
  return (
    <Button size="small" variation="destructive" aria-label={label} onClick={() => window.confirm(question) && void onDelete()}>
      Delete
    </Button>
  );
}
