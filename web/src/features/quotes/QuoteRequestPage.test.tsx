import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '#shared/messages';
import { renderApp } from '../../testing/render';

/**
 * /custom-printing (issue 37): the spec's texts and fields, plus service, quantity and artwork; each file is uploaded
 * and checked before the request can go, and the request carries only checked files. The API's answers are stubbed.
 */
type Call = { url: string; init?: RequestInit };
const calls: Call[] = [];
const json = (status: number, body: unknown) =>
  ({ ok: status < 300, status, text: async () => JSON.stringify(body), headers: new Headers() }) as Response;

/** The shop's upload ids are UUIDs (artworkIdSchema): the form checks the request with the shop's schema first. */
const uploadId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function serve() {
  let upload = 0;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url === '/api/quote-uploads') {
      upload++;
      return json(201, {
        uploadId: uploadId(upload),
        uploadUrl: `/s3/bucket/${uploadId(upload)}`,
        headers: { 'content-type': 'x' },
      });
    }
    if (url.startsWith('/s3/')) return { ok: true, status: 200 } as Response;
    if (url === `/api/quote-uploads/${uploadId(1)}/check`)
      return json(200, {
        uploadId: uploadId(1),
        name: 'logo.png',
        format: 'png',
        size: 4,
        preview: 'data:image/jpeg;base64,AA==',
      });
    if (url === `/api/quote-uploads/${uploadId(2)}/check`)
      return json(400, {
        error: { code: 'validation', message: '“fake.pdf” is not a PDF file, whatever its name says.' },
      });
    if (url === '/api/quotes') return json(201, { quoteId: 'q1', number: '1001' });
    return json(404, { error: { code: 'not_found', message: 'no' } });
  }) as typeof fetch;
}
const body = (url: string) => JSON.parse(calls.find((call) => call.url === url)!.init!.body as string) as unknown;

it('keeps the spec form, checks each file, sends only checked ones, then says "Form Submitted Successfully"', async () => {
  serve();
  renderApp('/custom-printing');
  await screen.findByRole('heading', { name: 'Custom Printing' });
  for (const label of ['Name', 'Email', 'Items', 'Message', 'Quantity'])
    expect(screen.getByLabelText<HTMLInputElement>(label).required).toBe(true);
  await userEvent.type(screen.getByLabelText('Name'), 'Grace');
  await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
  await userEvent.selectOptions(screen.getByLabelText('Service'), 'printing');
  await userEvent.type(screen.getByLabelText('Quantity'), '40');
  await userEvent.type(screen.getByLabelText('Items'), '40 hoodies');
  await userEvent.type(screen.getByLabelText('Message'), 'Navy please');
  const files = [
    new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    new File(['nope'], 'fake.pdf', { type: 'application/pdf' }),
    new File(['x'], 'notes.txt', { type: 'text/plain' }),
  ];
  await userEvent.upload(screen.getByLabelText('Artwork (optional)'), files, { applyAccept: false });
  const list = await screen.findByRole('list', { name: 'Your files' });
  await waitFor(() => expect(within(list).getByText(/Ready/)).toBeTruthy());
  expect(await within(list).findByText(/is not a PDF file/)).toBeTruthy();
  expect(within(list).getByText(/notes.txt”: please send PNG, JPEG, PDF, SVG, AI, EPS or ZIP files/)).toBeTruthy();
  expect(list.querySelector('img')!.getAttribute('src')).toBe('data:image/jpeg;base64,AA==');
  // Beside the control, what is chosen (the browser's own "No file chosen" is hidden: issue 50 item 11): the files
  // kept (logo.png), not those refused (notes.txt before it was sent, fake.pdf by its bytes).
  const input = screen.getByLabelText<HTMLInputElement>('Artwork (optional)');
  expect(input.classList.contains('visually-hidden')).toBe(true);
  expect(document.getElementById('quote-files-chosen')!.textContent).toBe('1 file added');
  expect(input.getAttribute('aria-describedby')).toContain('quote-files-chosen');
  expect(screen.getByText('Add more files', { selector: 'label' }).getAttribute('for')).toBe(input.id);
  // The text file never reached the shop; the two others went straight to storage.
  expect(calls.filter((call) => call.url === '/api/quote-uploads')).toHaveLength(2);

  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText(new RegExp(MESSAGES.formSubmitted))).toBeTruthy();
  expect(body('/api/quotes')).toMatchObject({
    name: 'Grace',
    email: 'grace@example.com',
    service: 'printing',
    quantity: 40,
    items: '40 hoodies',
    message: 'Navy please',
    files: [uploadId(1)],
  });
  expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
  expect(screen.queryByRole('list', { name: 'Your files' })).toBeNull();
});
