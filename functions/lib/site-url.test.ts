import { siteLink } from './mail';
import { siteUrl, withRequestOrigin } from './site-url';
import { presignUpload } from './storage';

/** Links and upload URLs follow the address the shop was opened under locally, SITE_URL otherwise (issue 23). */
const saved = process.env.SITE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = saved;
});

test('inside a request of the local gateway: its origin, whatever SITE_URL says', async () => {
  process.env.SITE_URL = 'http://localhost:3000';
  await withRequestOrigin('http://192.0.2.2:3000', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(siteUrl()).toBe('http://192.0.2.2:3000');
    expect(siteLink('/order-status?order=A1')).toBe('http://192.0.2.2:3000/order-status?order=A1');
  });
});

test('outside a request (AWS, a local job): SITE_URL without its trailing slash; nothing when unset', () => {
  process.env.SITE_URL = 'https://shop.example.com/';
  expect(siteUrl()).toBe('https://shop.example.com');
  expect(siteLink('/x')).toBe('https://shop.example.com/x');
  delete process.env.SITE_URL;
  expect(siteUrl()).toBeUndefined();
  expect(siteLink('/x')).toBeNull();
});

test('an upload URL names the S3 stand-in under the request’s origin; without a request, S3_ENDPOINT as it is', async () => {
  const local = new URL(process.env.S3_ENDPOINT!);
  const inRequest = new URL(
    await withRequestOrigin('http://127.0.0.1:4321', () => presignUpload('uploads/a.jpg', 'image/jpeg', 10)),
  );
  expect(inRequest.origin).toBe('http://127.0.0.1:4321');
  expect(inRequest.pathname).toBe(`${local.pathname}/${process.env.IMAGES_BUCKET}/uploads/a.jpg`);
  expect(inRequest.searchParams.get('X-Amz-Credential')).toMatch(new RegExp(`^${process.env.STANDIN_ACCESS_KEY_ID}/`));
  expect(new URL(await presignUpload('uploads/a.jpg', 'image/jpeg', 10)).origin).toBe(local.origin);
});
