import { TableCell } from '@aws-amplify/ui-react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryRouter,
  RouterProvider,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { AdminTable, DeleteButton } from './AdminTable';
import { adminWrite, cursorOf, shouldRevalidate, submissionOf, useAdminWrites, useCursorPages } from './useAdmin';

/**
 * The shared admin table on an admin route (a loader reading the page of the address, an action for Delete): headings,
 * rows, the empty line, numbered pages over cursors, Delete after a confirm and the page read again.
 */
interface Thing {
  id: string;
}
interface ThingPage {
  things: Thing[];
  nextCursor: string | null;
  total: number;
}
const PAGE = 3;
let things: Thing[];
let reads: (string | undefined)[];
/** The fake server: pages of PAGE by position, the cursor is the id of the last row shown. */
async function listThings(cursor?: string): Promise<ThingPage> {
  reads.push(cursor);
  const start = cursor ? things.findIndex((thing) => thing.id > cursor) : 0;
  const from = start < 0 ? things.length : start;
  const page = things.slice(from, from + PAGE);
  const more = from + PAGE < things.length;
  return { things: page, nextCursor: more ? page.at(-1)!.id : null, total: things.length };
}
const thingsOf = (page: ThingPage) => page.things;

const loader = async ({ request }: LoaderFunctionArgs) => listThings(cursorOf(request));
async function action({ request }: ActionFunctionArgs) {
  const { id } = (await submissionOf(request)) as { intent: 'delete'; id: string };
  return adminWrite('delete', async () => void (things = things.filter((other) => other.id !== id)), `Deleted ${id}.`);
}

function Things({ empty }: { empty?: string }) {
  const answer = useLoaderData<typeof loader>();
  const rows = thingsOf(answer);
  const { write, notice } = useAdminWrites();
  const { pager } = useCursorPages(answer, rows.length, { label: 'things', pageSize: PAGE });
  return (
    <>
      {notice && <p role="status">{notice.text}</p>}
      <AdminTable
        columns={['Thing', 'Actions']}
        rows={rows}
        rowKey={(thing) => thing.id}
        rowId={(thing) => `thing-${thing.id}`}
        empty={empty}
        pager={pager}
        cells={(thing) => (
          <>
            <TableCell as="th" scope="row">
              {thing.id}
            </TableCell>
            <TableCell>
              <DeleteButton
                label={`Delete ${thing.id}`}
                question={`Delete ${thing.id}?`}
                onDelete={() => void write('delete', { id: thing.id })}
              />
            </TableCell>
          </>
        )}
      />
    </>
  );
}

const shownIds = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);

/** The table's page at /things, as an admin route has it. */
function show(props: { empty?: string } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/things',
        HydrateFallback: () => null,
        loader,
        action,
        shouldRevalidate,
        element: <Things {...props} />,
      },
    ],
    { initialEntries: ['/things'] },
  );
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  window.scrollTo = jest.fn();
  things = Array.from({ length: 7 }, (_, i) => ({ id: `t${i}` }));
  reads = [];
  window.confirm = jest.fn(() => true);
});

it('shows the headings and a page of rows with their ids, and how many there are in all', async () => {
  show();
  await screen.findByText('t0');
  expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Thing', 'Actions']);
  expect(shownIds()).toEqual(['t0', 't1', 't2']);
  expect(document.getElementById('thing-t1')).not.toBeNull();
  expect(screen.getByRole('navigation', { name: 'things pages' }).textContent).toContain('1–3 of 7 things');
});

it('pages forward over cursors and back to pages already read, every row on exactly one page', async () => {
  show();
  await screen.findByText('t0');
  const seen = [...shownIds()];
  await userEvent.click(screen.getByRole('button', { name: /next page/i }));
  await screen.findByText('t3');
  seen.push(...shownIds());
  await userEvent.click(screen.getByRole('button', { name: /next page/i }));
  await screen.findByText('t6');
  seen.push(...shownIds());
  expect(seen).toEqual(things.map((thing) => thing.id));
  expect(screen.getByRole('navigation', { name: 'things pages' }).textContent).toContain('7–7 of 7 things');
  await userEvent.click(screen.getByRole('button', { name: /previous page/i }));
  await screen.findByText('t3');
  expect(reads).toEqual([undefined, 't2', 't5', 't2']);
});

it('Delete asks first: Cancel leaves the row, OK deletes it and reads the page again', async () => {
  show();
  await screen.findByText('t0');
  const asked = jest.fn(() => false);
  window.confirm = asked;
  await userEvent.click(screen.getByRole('button', { name: 'Delete t1' }));
  expect(asked).toHaveBeenCalledWith('Delete t1?');
  expect(things).toHaveLength(7);
  window.confirm = jest.fn(() => true);
  await userEvent.click(screen.getByRole('button', { name: 'Delete t1' }));
  await screen.findByText('Deleted t1.');
  expect(shownIds()).toEqual(['t0', 't2', 't3']);
  expect(screen.getByRole('navigation', { name: 'things pages' }).textContent).toContain('1–3 of 6 things');
});

it('a later page whose last rows go steps back a page instead of showing an empty one', async () => {
  things = things.slice(0, 4);
  show();
  await screen.findByText('t0');
  await userEvent.click(screen.getByRole('button', { name: /next page/i }));
  await screen.findByText('t3');
  await userEvent.click(screen.getByRole('button', { name: 'Delete t3' }));
  await screen.findByText('Deleted t3.');
  await screen.findByText('t0');
  expect(shownIds()).toEqual(['t0', 't1', 't2']);
  expect(screen.getByRole('navigation', { name: 'things pages' }).textContent).toContain('1–3 of 3 things');
  expect(screen.queryByRole('button', { name: /next page/i })).toBeNull();
});

it('with no rows: the empty line instead of the table and pager, or the empty table when no line is given', async () => {
  things = [];
  const { unmount } = show({ empty: 'Nothing here yet.' });
  expect((await screen.findByText('Nothing here yet.')).className).toBe('card');
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.queryByRole('navigation')).toBeNull();
  unmount();
  show();
  await screen.findByText('0 of 0 things');
  expect(screen.getAllByRole('row')).toHaveLength(1);
});
