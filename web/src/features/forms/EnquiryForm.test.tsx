import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '#shared/messages';
import { renderApp } from '../../testing/render';

type Answer = { status: number; body: unknown };
const json = ({ status, body }: Answer) =>
  ({ ok: status < 300, status, text: async () => JSON.stringify(body) }) as Response;

/** POST /api/forms/{kind} answers 201 {ok:true,id} or {error:{code,message,fields}}. Answers wait until released. */
function serve(...answers: Answer[]) {
  const releases: Array<() => void> = [];
  global.fetch = jest.fn(
    () => new Promise<Response>((resolve) => releases.push(() => resolve(json(answers.shift()!)))),
  ) as typeof fetch;
  return { release: () => waitFor(() => expect(releases.length).toBeGreaterThan(0)).then(() => releases.shift()!()) };
}
const sent = (call: number) => JSON.parse((global.fetch as jest.Mock).mock.calls[call][1].body as string);

async function fill(quote: boolean) {
  await userEvent.type(screen.getByLabelText('Name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  if (quote) await userEvent.type(screen.getByLabelText('Items'), '40 tees');
  await userEvent.type(screen.getByLabelText('Message'), 'Blue ink please');
}

it('shows "Sending....", then "Form Submitted Successfully", resets the form and makes a new submission id', async () => {
  const server = serve({ status: 201, body: { ok: true, id: 's1' } }, { status: 201, body: { ok: true, id: 's2' } });
  renderApp('/support');
  await screen.findByLabelText('Message');
  for (const label of ['Name', 'Email', 'Message'])
    expect(screen.getByLabelText<HTMLInputElement>(label).required).toBe(true);
  await fill(false);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  const button = screen.getByRole('button', { name: MESSAGES.sending });
  expect((button as HTMLButtonElement).disabled).toBe(true);
  await server.release();
  expect(await screen.findByText(MESSAGES.formSubmitted)).toBeTruthy();
  expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
  expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('');

  // The quote form of /custom-printing is the quotes' own (QuoteRequestPage.test.tsx).
  expect((global.fetch as jest.Mock).mock.calls[0][0]).toBe('/api/forms/support');
  const first = sent(0);
  expect(first).toMatchObject({ name: 'Ada', email: 'ada@example.com', message: 'Blue ink please' });
  expect(first.submissionId).toMatch(/^[0-9a-f-]{36}$/);

  await fill(false);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  await server.release();
  await screen.findByRole('button', { name: 'Send' });
  expect(sent(1).submissionId).not.toBe(first.submissionId);
});

it("shows the server's message and field messages on failure and keeps what was typed", async () => {
  const server = serve({
    status: 400,
    body: {
      error: {
        code: 'validation',
        message: 'Please check the form.',
        fields: { email: 'Please enter a valid email address.' },
      },
    },
  });
  renderApp('/contact-us');
  await screen.findByLabelText('Message');
  expect(screen.queryByLabelText('Items')).toBeNull();
  await fill(false);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  await server.release();
  expect(await screen.findByText('Please check the form.')).toBeTruthy();
  const email = screen.getByLabelText('Email', { selector: 'input' });
  expect(email.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe(
    'Please enter a valid email address.',
  );
  expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ada');
  expect((global.fetch as jest.Mock).mock.calls[0][0]).toBe('/api/forms/contact');
  expect(sent(0)).not.toHaveProperty('items');
});

it("checks the form with the shop's own schema first: its message beside the field, and nothing sent", async () => {
  serve();
  renderApp('/contact-us');
  await screen.findByLabelText('Message');
  await userEvent.type(screen.getByLabelText('Name'), '   ');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Message'), 'Blue ink please');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Please check the highlighted fields.')).toBeTruthy();
  const name = screen.getByLabelText('Name', { selector: 'input' });
  expect(name.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe('Name is required.');
  expect(global.fetch).not.toHaveBeenCalled();
});
