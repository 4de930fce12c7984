import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN, jsonResponse, urlOf } from '../../testing/render';
import { ImageInput } from './ImageInput';

const ID = '0b3c8f8e-5a5e-4c1e-9a2b-1d2e3f4a5b6c';
const photo = { src: `/images/products/${ID}`, width: 2400, height: 1800, widths: [320, 480, 640] };

/** What the presigned PUT sent: its URL and headers. */
let sent: { url: string; headers: Record<string, string> }[] = [];

/** The upload route, the presigned PUT (XMLHttpRequest) and the status route answering `statuses` in turn. */
function serve(statuses: unknown[]) {
  sent = [];
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = urlOf(input);
    if (url === '/api/admin/uploads')
      return jsonResponse(201, {
        id: ID,
        uploadUrl: '/s3/put',
        key: `uploads/${ID}.jpg`,
        url: `/images/products/${ID}`,
        // The correlation id of the request that issued the URL, which the URL is signed for (docs/decisions/0100).
        headers: { 'content-type': 'image/jpeg', 'x-amz-meta-correlation-id': 'Qk2vKjy1oAMEb3A=' },
      });
    return jsonResponse(200, statuses.length > 1 ? statuses.shift() : statuses[0]);
  }) as typeof fetch;
  class FakeXhr {
    status = 200;
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open(_method: string, url: string) {
      sent.push({ url, headers: {} });
    }
    setRequestHeader(name: string, value: string) {
      sent.at(-1)!.headers[name] = value;
    }
    send() {
      setTimeout(() => this.onload?.(), 0);
    }
  }
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
}

function Harness({ onChange }: { onChange: (url: string) => void }) {
  return <ImageInput label="Main image" value="" onChange={onChange} required />;
}

it('says it is preparing the photo, and reports the photo only once the pipeline made it', async () => {
  // The status is asked every second: a fake clock, moved by the waits below and by user-event.
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  serve([
    { id: ID, status: 'processing' },
    { id: ID, status: 'ready', photo, preview: `${photo.src}/320.jpg` },
  ]);
  const onChange = jest.fn();
  render(<Harness onChange={onChange} />);
  await user.upload(screen.getByLabelText(/Main image/), new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
  expect(await screen.findByText(/Preparing the photo/)).toBeTruthy();
  expect(onChange).not.toHaveBeenCalled();
  await waitFor(() => expect(onChange).toHaveBeenCalledWith(`/images/products/${ID}`));
  // The upload sent every header the upload route named: S3 refuses a presigned PUT without one it is signed for.
  expect(sent).toEqual([
    { url: '/s3/put', headers: { 'content-type': 'image/jpeg', 'x-amz-meta-correlation-id': 'Qk2vKjy1oAMEb3A=' } },
  ]);
  jest.useRealTimers();
});

it("shows the pipeline's reason when the file is not a photo, with a retry", async () => {
  serve([{ id: ID, status: 'failed', reason: 'This file could not be read as a photo. Upload another file.' }]);
  const onChange = jest.fn();
  render(<Harness onChange={onChange} />);
  await userEvent.upload(screen.getByLabelText(/Main image/), new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
  expect((await screen.findByRole('alert')).textContent).toContain(
    'This file could not be read as a photo. Upload another file.',
  );
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  expect(onChange).not.toHaveBeenCalled();
});

it('a photo this browser cannot read (a HEIC where there is no decoder) gets a plain message and is not uploaded', async () => {
  serve([{ id: ID, status: 'processing' }]);
  const onChange = jest.fn();
  render(<Harness onChange={onChange} />);
  await userEvent.upload(
    screen.getByLabelText(/Main image/),
    new File(['not a photo'], 'IMG_0001.HEIC', { type: 'image/heic' }),
  );
  expect((await screen.findByRole('alert')).textContent).toContain(
    'This photo cannot be read here. Save it as a JPEG or PNG',
  );
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  expect(global.fetch).not.toHaveBeenCalled();
  expect(onChange).not.toHaveBeenCalled();
});
