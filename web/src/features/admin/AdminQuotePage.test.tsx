import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { heldRefusal } from '../../testing/held';
import { ADMIN_TEST_TOKEN, jsonResponse as json, urlOf } from '../../testing/render';
import { action, ReplyForm } from './AdminQuotePage';

/**
 * The owner's reply in a quote's thread, sent through the quote page's own action (the schema, then the shop): held
 * while it goes, the shop's refusal beside the field with the text kept, nothing sent that the shop would refuse.
 */
const sent = jest.fn();
const show = (answer: () => Promise<Response>) => {
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) !== '/api/admin/quotes/q1/messages') return json(404, {});
    sent(JSON.parse(init!.body as string));
    return answer();
  }) as typeof fetch;
  const router = createMemoryRouter([{ path: '/admin/quotes/:quoteId', element: <ReplyForm />, action }], {
    initialEntries: ['/admin/quotes/q1'],
  });
  render(<RouterProvider router={router} />);
  return screen.getByLabelText<HTMLTextAreaElement>(/Reply/);
};

beforeEach(() => sent.mockClear());

it("Send reply is held while it goes, and the shop's message for the text shows beside it, the text kept", async () => {
  const shop = heldRefusal({ text: 'Message can be at most 3000 characters.' });
  const reply = show(shop.answer);
  await userEvent.type(reply, 'Proof attached tomorrow.');
  await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  await waitFor(() =>
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send reply' }).disabled).toBe(true),
  );
  shop.release();
  await waitFor(() => expect(reply.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByText('Message can be at most 3000 characters.')).toBeTruthy();
  expect(reply.value).toBe('Proof attached tomorrow.');
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send reply' }).disabled).toBe(false);
  expect(sent.mock.calls).toEqual([[{ text: 'Proof attached tomorrow.' }]]);
});

it('a reply of spaces only is said beside the field, and nothing is sent', async () => {
  const reply = show(async () => json(200, {}));
  await userEvent.type(reply, '   ');
  await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  await waitFor(() => expect(reply.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByText('Message is required.')).toBeTruthy();
  expect(sent).not.toHaveBeenCalled();
});
