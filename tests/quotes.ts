import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { handler as checkArtwork } from '../functions/http/quotes/check-artwork';
import { handler as createUpload } from '../functions/http/quotes/create-artwork-upload';
import { handler as requestQuote } from '../functions/http/quotes/request-quote';
import { invoke, sentMails } from './helpers';

/** Helpers of the quote tests: the browser's upload, check and request as it makes them, and the quote page's link. */

/** A 600x400 PNG (a real picture: the check makes its preview). */
export const png = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#c03' } })
    .png()
    .toBuffer();
export const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A route's path with its parameters filled in, as the gateway hands it to a function. */
export const route = (path: string, params: Record<string, string>) => ({
  path: Object.entries(params).reduce((p, [k, v]) => p.replace(`{${k}}`, v), path),
  routePath: path,
  params,
});

/** The presigned PUT the browser makes with the URL and headers an upload was issued with. */
export const put = (issued: { uploadUrl: string; headers: Record<string, string> }, bytes: Buffer) =>
  fetch(issued.uploadUrl, { method: 'PUT', headers: issued.headers, body: new Uint8Array(bytes) });

export const check = (uploadId: string) =>
  invoke(checkArtwork, { method: 'POST', ...route('/api/quote-uploads/{uploadId}/check', { uploadId }) });

/** An upload issued for `name` and `format` and the size of `bytes`. */
export async function issue(name: string, format: string, bytes: Buffer) {
  const issued = await invoke(createUpload, {
    method: 'POST',
    path: '/api/quote-uploads',
    body: { name, format, size: bytes.length },
  });
  expect(issued.status).toBe(201);
  return issued.body as { uploadId: string; uploadUrl: string; headers: Record<string, string> };
}

/** The browser's upload of one file: the URL, the PUT with the headers it names, then the check it waits for. */
export async function upload(name: string, format: string, bytes: Buffer) {
  const issued = await issue(name, format, bytes);
  expect((await put(issued, bytes)).status).toBe(200);
  return { uploadId: issued.uploadId, issued, checked: await check(issued.uploadId) };
}

/** POST /api/quotes with a filled form (a new requestId each time unless given). */
export const request = (body: Record<string, unknown>) =>
  invoke(requestQuote, {
    method: 'POST',
    path: '/api/quotes',
    body: {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      items: '40 hoodies, logo on the front',
      message: 'For our team retreat.',
      service: 'printing',
      quantity: 40,
      files: [],
      requestId: randomUUID(),
      ...body,
    },
  });

/** The quote page's token from the newest mail to `email` about a quote. */
export function linkOf(quoteId: string, email = 'grace@example.com'): string {
  const mail = sentMails().find((m) => m.to.includes(email) && m.text.includes(`/quotes/${quoteId}?t=`));
  if (!mail) throw new Error('no mail with the quote link');
  return decodeURIComponent(new RegExp(`/quotes/${quoteId}\\?t=([^\\s]+)`).exec(mail.text)![1]);
}
