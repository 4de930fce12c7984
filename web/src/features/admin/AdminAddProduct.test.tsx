import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MESSAGES } from '#shared/messages';
import { setTokenSource } from '../../lib/api';
import { heldRefusal } from '../../testing/held';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/** Add a product: a photo still on its way is not a missing photo (the owner is told to wait for it). */
const ID = '0b3c8f8e-5a5e-4c1e-9a2b-1d2e3f4a5b6c';
let statuses: unknown[];
const posted: unknown[] = [];
const alerted = jest.fn();
/** How the shop answers an added product (a 201 unless a test says otherwise). */
let created: () => Promise<Response>;

beforeEach(() => {
  posted.length = 0;
  created = async () => json(201, { id: 'new' });
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  alerted.mockReset();
  window.alert = alerted;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url.startsWith('/api/admin/products') && (init?.method ?? 'GET') === 'GET')
      return json(200, { products: [], total: 0, nextCursor: null });
    if (url === '/api/admin/products') {
      posted.push(JSON.parse(init!.body as string));
      return created();
    }
    if (url === '/api/admin/uploads')
      return json(201, {
        id: ID,
        uploadUrl: '/s3/put',
        key: `uploads/${ID}.jpg`,
        url: `/images/products/${ID}`,
        headers: { 'content-type': 'image/jpeg' },
      });
    if (url.startsWith('/api/admin/uploads/')) return json(200, statuses.length > 1 ? statuses.shift() : statuses[0]);
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  class FakeXhr {
    status = 200;
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      setTimeout(() => this.onload?.(), 0);
    }
  }
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});

afterEach(() => jest.useRealTimers());

async function fillIn(user: Pick<UserEvent, 'upload' | 'type'> = userEvent) {
  renderAdmin('/admin/products');
  await user.upload(await screen.findByLabelText(/Main image/), new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Harvest Candle');
  await user.type(screen.getByRole('textbox', { name: /Price/ }), '24.99');
  await user.type(screen.getByRole('textbox', { name: /Tags/ }), 'candles');
  await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Cinnamon and clove.');
}

it('while the photo says "Preparing the photo…", Add product says to wait for it (not "Please upload an image!") and adds nothing', async () => {
  statuses = [{ id: ID, status: 'processing' }];
  await fillIn();
  expect(await screen.findByText(/Preparing the photo/)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: /Add product/i }));
  expect(alerted).toHaveBeenCalledWith(MESSAGES.photoNotReady);
  expect(alerted).not.toHaveBeenCalledWith(MESSAGES.uploadImage);
  expect(posted).toEqual([]);
});

it('once the photo is ready the product is added with it, with what was typed while it was being prepared', async () => {
  statuses = [
    { id: ID, status: 'processing' },
    {
      id: ID,
      status: 'ready',
      photo: { src: `/images/products/${ID}`, width: 800, height: 600, widths: [320, 480, 640, 800] },
      preview: `/images/products/${ID}/320.jpg`,
    },
  ];
  // The photo's status is asked every second: a fake clock, moved by the wait below and by user-event.
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  await fillIn(user);
  expect(await screen.findByText('Ready')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: /Add product/i }));
  await waitFor(() =>
    expect(posted).toEqual([expect.objectContaining({ name: 'Harvest Candle', image: `/images/products/${ID}` })]),
  );
  expect(alerted).not.toHaveBeenCalled();
});

it('without any photo, Add product still asks for one (the spec\'s "Please upload an image!")', async () => {
  renderAdmin('/admin/products');
  await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Harvest Candle');
  await userEvent.type(screen.getByRole('textbox', { name: /Price/ }), '24.99');
  await userEvent.type(screen.getByRole('textbox', { name: /Tags/ }), 'candles');
  await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'Cinnamon and clove.');
  await userEvent.click(screen.getByRole('button', { name: /Add product/i }));
  expect(alerted).toHaveBeenCalledWith(MESSAGES.uploadImage);
  expect(posted).toEqual([]);
});

it("a price that cannot be read is said beside it; then Add product is held while it goes and the shop's message for a field shows beside it", async () => {
  statuses = [
    {
      id: ID,
      status: 'ready',
      photo: { src: `/images/products/${ID}`, width: 800, height: 600, widths: [320, 480, 640, 800] },
      preview: `/images/products/${ID}/320.jpg`,
    },
  ];
  const shop = heldRefusal({ tag: 'This tag is not one the shop lists.' });
  created = shop.answer;
  await fillIn();
  expect(await screen.findByText('Ready')).toBeTruthy();
  const price = screen.getByRole('textbox', { name: /Price/ });
  await userEvent.clear(price);
  await userEvent.type(price, '24,99 dollars');
  await userEvent.click(screen.getByRole('button', { name: /Add product/i }));
  await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getAllByText('Price must look like 12.99').length).toBeGreaterThan(0);
  expect(posted).toEqual([]);

  await userEvent.clear(price);
  await userEvent.type(price, '24.99');
  await userEvent.click(screen.getByRole('button', { name: /Add product/i }));
  await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: /Adding/ }).disabled).toBe(true));
  shop.release();
  const tags = screen.getByRole('textbox', { name: /Tags/ });
  await waitFor(() => expect(tags.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByText('This tag is not one the shop lists.')).toBeTruthy();
  expect(price.getAttribute('aria-invalid')).toBe('false');
  expect(posted).toHaveLength(1);
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Name/ }).value).toBe('Harvest Candle');
  expect(alerted).not.toHaveBeenCalled();
});
