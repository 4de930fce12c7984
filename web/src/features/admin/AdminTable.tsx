import { Button, Table, TableBody, TableRow } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { HeadRow } from './useAdmin';

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
export function DeleteButton({
  question,
  onDelete,
  label,
  busy = false,
}: {
  question: string;
  onDelete: () => unknown;
  label?: string;
  busy?: boolean;
}) {
  return (
    <Button
      size="small"
      variation="destructive"
      aria-label={label}
      isDisabled={busy}
      onClick={() => window.confirm(question) && onDelete()}
    >
      Delete
    </Button>
  );
}
