import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHEET_WORDS as WORDS } from '#shared/catalog-sheet';
import type { ImportView } from '#shared/schemas/catalog-sheet';
import { setTokenSource } from '../../lib/api';
import { heldRefusal } from '../../testing/held';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/**
 * /admin/catalog (issue 55): the owner sends a CSV and a zip of photos, reads the dry run (its problems by line and
 * column, or what it would do), and applies it. The job's answers are stubbed in the order the job gives them.
 */
const ID = '0b9d3c1e-5f5a-4d7e-9c1a-2f3e4d5c6b7a';
const base: ImportView = {
  id: ID,
  status: 'checked',
  fileName: 'products.csv',
  retireMissing: false,
  createdAt: '2026-12-02T04:00:00.000Z',
  problems: [],
  problemCount: 0,
  warnings: [],
  done: 0,
};
const summary = { rows: 6, products: 3, new: 2, changed: 1, unchanged: 0, retired: 0, photos: 2 };

let views: ImportView[];
let calls: { method: string; url: string; body?: unknown }[];
beforeEach(() => {
  calls = [];
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    if (url === '/api/admin/catalog/settings')
      return json(200, {
        defaultBrand: 'Seasonal Shop',
        feeds: { google: 'https://shop.example/feeds/google.xml', meta: 'https://shop.example/feeds/meta.csv' },
      });
    if (url === '/api/admin/catalog/imports' && method === 'POST')
      return json(201, {
        id: ID,
        csv: { uploadUrl: '/s3/csv', headers: { 'content-type': 'text/csv' } },
        zip: { uploadUrl: '/s3/zip', headers: { 'content-type': 'application/zip' } },
      });
    if (url.startsWith('/s3/')) return json(200, {});
    if (url === `/api/admin/catalog/imports/${ID}/apply`) return json(200, { ...base, status: 'applying', total: 3 });
    if (url === `/api/admin/catalog/imports/${ID}`) return json(200, views.length > 1 ? views.shift() : views[0]);
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});
afterEach(() => jest.useRealTimers());

async function sendFiles() {
  // The page asks the job every second: a fake clock, moved by user-event and the waits below.
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  renderAdmin('/admin/catalog');
  await screen.findByRole('heading', { name: WORDS.title });
  expect(screen.getByText('https://shop.example/feeds/google.xml')).toBeTruthy();
  await user.upload(
    screen.getByLabelText(WORDS.csvLabel),
    new File(['Handle\n'], 'products.csv', { type: 'text/csv' }),
  );
  await user.upload(screen.getByLabelText(WORDS.zipLabel), new File(['PK'], 'photos.zip', { type: 'application/zip' }));
  await user.click(screen.getByRole('button', { name: WORDS.checkButton }));
  return user;
}

it('shows the dry run’s problems by line and column, and offers no apply', async () => {
  views = [
    { ...base, status: 'checking' },
    {
      ...base,
      problemCount: 2,
      problems: [
        { line: 5, column: 'Title', message: 'This cell starts like a spreadsheet formula ("=HYPERLINK(").' },
        { line: 7, column: 'Variant Price', message: 'A price looks like 24.00.' },
      ],
      summary,
    },
  ];
  await sendFiles();
  expect(await screen.findByText(WORDS.problemsTitle(2))).toBeTruthy();
  const line5 = screen.getByTestId('problem-5');
  expect(within(line5).getByRole('rowheader').textContent).toBe('5');
  expect(line5.textContent).toContain('Title');
  expect(line5.textContent).toContain('formula');
  expect(screen.getByTestId('problem-7').textContent).toContain('Variant Price');
  expect(screen.queryByRole('button', { name: WORDS.applyButton })).toBeNull();
  // The zip went first, then the CSV (its arrival starts the check); the sizes were declared.
  expect(calls.filter((c) => c.url.startsWith('/s3/')).map((c) => c.url)).toEqual(['/s3/zip', '/s3/csv']);
  expect(calls.find((c) => c.url === '/api/admin/catalog/imports')!.body).toEqual({
    fileName: 'products.csv',
    csvBytes: 7,
    zipBytes: 2,
    retireMissing: false,
  });
  expect(calls.some((c) => c.url.endsWith('/apply'))).toBe(false);
});

it('shows what the file would do, and applies it when the owner says so', async () => {
  views = [
    { ...base, summary },
    { ...base, status: 'applying', summary, done: 1, total: 3 },
    {
      ...base,
      status: 'applied',
      summary,
      done: 3,
      total: 3,
      results: { created: 2, updated: 1, unchanged: 0, retired: 0, failed: [] },
    },
  ];
  const user = await sendFiles();
  const shown = await screen.findByTestId('import-summary');
  expect(shown.textContent).toContain('New2');
  expect(shown.textContent).toContain('Changed1');
  expect(calls.some((c) => c.url.endsWith('/apply'))).toBe(false);
  await user.click(screen.getByRole('button', { name: WORDS.applyButton }));
  await waitFor(() => expect(screen.getByText(WORDS.applied)).toBeTruthy());
  expect(screen.getByText('New: 2 · Changed: 1 · Unchanged: 0 · Retired: 0')).toBeTruthy();
  expect(calls.filter((c) => c.url.endsWith('/apply'))).toHaveLength(1);
});

it("the default brand's Save waits while it goes, and the server's message shows beside the field", async () => {
  const shop = heldRefusal({ defaultBrand: 'The brand can be at most 70 characters.' });
  const listed = global.fetch as jest.Mock;
  const puts: unknown[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) === '/api/admin/catalog/settings' && init?.method === 'PUT') {
      puts.push(JSON.parse(init.body as string));
      return shop.answer();
    }
    return listed(input, init) as Promise<Response>;
  }) as typeof fetch;
  renderAdmin('/admin/catalog');
  const input = await screen.findByLabelText<HTMLInputElement>(WORDS.brandLabel);
  await userEvent.clear(input);
  await userEvent.type(input, ' Pine & Frost ');
  const button = screen.getByRole<HTMLButtonElement>('button', { name: WORDS.brandSave });
  await userEvent.click(button);
  await waitFor(() => expect(button.disabled).toBe(true));
  shop.release();
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  const message = screen.getByText('The brand can be at most 70 characters.');
  expect(input.getAttribute('aria-describedby')).toContain(message.id);
  expect(input.value).toBe(' Pine & Frost ');
  expect(button.disabled).toBe(false);
  expect(puts).toEqual([{ defaultBrand: 'Pine & Frost' }]);
});

it('saves the default brand: the notice says so and the field keeps it', async () => {
  renderAdmin('/admin/catalog');
  const input = await screen.findByLabelText<HTMLInputElement>(WORDS.brandLabel);
  await userEvent.clear(input);
  await userEvent.type(input, 'Pine & Frost');
  await userEvent.click(screen.getByRole('button', { name: WORDS.brandSave }));
  expect(await screen.findByText(WORDS.brandSaved)).toBeTruthy();
  expect(calls.filter((call) => call.method === 'PUT')).toEqual([
    { method: 'PUT', url: '/api/admin/catalog/settings', body: { defaultBrand: 'Pine & Frost' } },
  ]);
  expect(input.value).toBe('Pine & Frost');
});
