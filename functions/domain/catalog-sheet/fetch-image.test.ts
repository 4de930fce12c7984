import type { lookup } from 'node:dns';
import { fetchImage, imageUrlProblem, isPublicAddress } from './fetch-image';

/** A name look-up that answers the given addresses, as a DNS server an attacker runs would. */
const resolvesTo = (...addresses: string[]) =>
  ((_hostname: string, _options: unknown, callback: (error: null, found: unknown) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )) as unknown as typeof lookup;

describe("a spreadsheet's photo addresses (issue 55, docs/decisions/0151)", () => {
  it.each([
    ['http://example.com/a.jpg', 'A photo address must be https.'],
    ['https://user:pw@example.com/a.jpg', 'A photo address may not carry a user or password.'],
    ['https://example.com:8443/a.jpg', 'A photo address may not name a port.'],
    ['https://localhost/a.jpg', 'A photo address may not be a private or local one.'],
    ['https://shop.internal/a.jpg', 'A photo address may not be a private or local one.'],
    ['https://127.0.0.1/a.jpg', 'A photo address may not be a private or local one.'],
    ['https://169.254.169.254/latest/meta-data/', 'A photo address may not be a private or local one.'],
    ['https://10.0.0.5/a.jpg', 'A photo address may not be a private or local one.'],
    ['https://[::1]/a.jpg', 'A photo address may not be a private or local one.'],
    ['https://[::ffff:192.168.1.1]/a.jpg', 'A photo address may not be a private or local one.'],
  ])('refuses %s by its form alone', (src, words) => {
    expect(imageUrlProblem(src)).toBe(words);
  });

  it('lets a public https address be tried', () => {
    expect(imageUrlProblem('https://cdn.example.com/photos/candle.jpg')).toBeNull();
  });

  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['100.64.0.1', false],
    ['192.168.0.10', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['224.0.0.1', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('never connects to a name that resolves to a private address, or to any private one among several', async () => {
    for (const addresses of [['127.0.0.1'], ['169.254.169.254'], ['93.184.216.34', '10.0.0.1']]) {
      await expect(
        fetchImage('https://photos.example.com/a.jpg', { lookup: resolvesTo(...addresses), timeoutMs: 5_000 }),
      ).rejects.toThrow('The photo address leads to a private or local network.');
    }
  });

  it('refuses an address that is not one, before any look-up', async () => {
    await expect(fetchImage('candle.jpg')).rejects.toThrow('Not an address.');
  });
});
